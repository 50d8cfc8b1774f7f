import Foundation

/// Response bodies in the shapes Geoapify documents (../shared/reference/apis.md),
/// for Home's unit tests and the end-to-end sessions alike.
public enum GeoapifyFixtures {
  /// The documented Places feature, verbatim but for the elided place_id.
  public static let documentedFeature = """
    {"type":"Feature",
     "properties":{"name":"Guido al Duomo","country":"Germany","country_code":"de","city":"Munich",
      "postcode":"80331","street":"Frauenplatz","housenumber":"12","lon":11.5742388,"lat":48.1389272,
      "formatted":"Guido al Duomo, Frauenplatz 12, 80331 Munich, Germany",
      "address_line1":"Guido al Duomo","address_line2":"Frauenplatz 12, 80331 Munich, Germany",
      "categories":["catering","catering.cafe"],"details":["details.contact"],
      "datasource":{"sourcename":"openstreetmap","attribution":"© OpenStreetMap contributors",
       "raw":{"phone":"+49 89 24231690","website":"https://example.org","opening_hours":"Mo-Sa 09:00-24:00"}},
      "distance":85,"place_id":"514630c4"},
     "geometry":{"type":"Point","coordinates":[11.5742388,48.1389272]}}
    """

  public static func collection(_ features: [String]) -> String {
    #"{"type":"FeatureCollection","features":["# + features.joined(separator: ",") + "]}"
  }

  /// A feature like the documented one, with its own name, id and position.
  public static func feature(
    name: String?, id: String, latitude: Double, longitude: Double, category: String = "tourism.sights",
    city: String? = "Munich", distance: Int? = nil
  ) -> String {
    var properties: [String: Any] = [
      "country": "Germany", "lat": latitude, "lon": longitude,
      "categories": [category.split(separator: ".")[0], category],
      "place_id": id, "datasource": ["sourcename": "openstreetmap", "raw": [String: String]()],
    ]
    if let name { properties["name"] = name }
    if let city { properties["city"] = city }
    if let distance { properties["distance"] = distance }
    let feature: [String: Any] = [
      "type": "Feature", "properties": properties,
      "geometry": ["type": "Point", "coordinates": [longitude, latitude]],
    ]
    return String(decoding: try! JSONSerialization.data(withJSONObject: feature, options: [.sortedKeys]), as: UTF8.self)
  }

  /// `count` named places (`Place N`, ids `pN`, from `first`) in a row
  /// north of `origin`.
  public static func page(count: Int, first: Int = 1, origin: (lat: Double, lon: Double) = (48.1374, 11.5755)) -> String
  {
    collection(
      (first..<(first + count)).map { index in
        feature(
          name: "Place \(index)", id: "p\(index)", latitude: origin.lat + Double(index) * 0.0005, longitude: origin.lon,
          distance: index * 55)
      })
  }

  /// Place Details: the properties the details call adds, with a Polygon geometry.
  public static let details = """
    {"type":"FeatureCollection","features":[{"type":"Feature",
     "properties":{"feature_type":"details","name":"Guido al Duomo","contact":{"phone":"+49 89 24231690","email":"x@example.org"},
      "website":"https://example.org","opening_hours":"Mo-Sa 09:00-24:00","facilities":{"wheelchair":true,"outdoor_seating":true},
      "fee":false,"wiki_and_media":{"wikipedia":"de:Frauenkirche (München)","wikidata":"Q167193"},
      "timezone":{"name":"Europe/Berlin","offset_STD":"+01:00"},"place_id":"514630c4"},
     "geometry":{"type":"Polygon","coordinates":[[[11.574,48.138],[11.575,48.138],[11.575,48.139],[11.574,48.138]]]}}]}
    """

  /// The origin a Places request asked about, from its `bias=proximity:LON,LAT`.
  public static func origin(ofBias bias: String) -> (lat: Double, lon: Double)? {
    let parts = bias.replacingOccurrences(of: "proximity:", with: "").split(separator: ",").compactMap { Double($0) }
    return parts.count == 2 ? (parts[1], parts[0]) : nil
  }

  /// Geocoding with format=json, as documented.
  public static let lisbonSearch = """
    {"results":[
     {"formatted":"Lisbon, Portugal","city":"Lisbon","country":"Portugal","country_code":"pt","state":"Lisbon",
      "lat":38.7077507,"lon":-9.1365919,"result_type":"city","place_id":"51a","rank":{"confidence":1}},
     {"formatted":"Lisbon, ND, United States of America","city":"Lisbon","country":"United States","country_code":"us",
      "state":"North Dakota","lat":46.4416,"lon":-97.6815,"result_type":"city","place_id":"51b","rank":{"confidence":0.9}}
    ],"query":{"text":"Lisbon"}}
    """

  public static let invalidKey = #"{"statusCode":401,"error":"Unauthorized","message":"Invalid apiKey"}"#
  public static let quota = #"{"statusCode":429,"error":"Too Many Requests","message":"Quota exceeded"}"#
  public static let invalidPlace = #"{"statusCode":400,"error":"Bad Request","message":"Invalid Place ID"}"#
}
