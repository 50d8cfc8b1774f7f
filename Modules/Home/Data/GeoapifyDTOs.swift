// swift-format-ignore-file: AlwaysUseLowerCamelCase

// (the fields are named as the service's JSON names them)
import JSON

/// Geoapify's response shapes (Places, Place Details, Geocoding), as
/// documented; every field that can be missing or null is optional.
///
/// Each is `JSONDecodable`: read from a parsed `JSONDocument` (below), which turns only the
/// fields listed here into Swift values. A field of an unexpected kind reads
/// as missing, so one odd value costs that value, not the page; a body that
/// is not JSON, or has no `features`/`results` list, is unreadable.
struct FeatureCollectionDTO {
  var features: [FeatureDTO]
}

struct FeatureDTO {
  var properties: PropertiesDTO
  var geometry: GeometryDTO?
}

struct PropertiesDTO {
  var name: String?
  var country: String?
  var city: String?
  var street: String?
  var housenumber: String?
  var postcode: String?
  var formatted: String?
  var address_line2: String?
  var lat: Double?
  var lon: Double?
  var categories: [String]?
  var distance: Double?
  var place_id: String?
  var datasource: DatasourceDTO?
  // Place Details
  var contact: ContactDTO?
  var website: String?
  var opening_hours: String?
  var facilities: FacilitiesDTO?
  var fee: String?
  var wiki_and_media: WikiDTO?
  var timezone: TimezoneDTO?

  struct DatasourceDTO {
    var raw: RawDTO?
  }

  struct RawDTO {
    var phone: String?
    var website: String?
    var opening_hours: String?
  }

  struct ContactDTO {
    var phone: String?
    var email: String?
  }

  struct FacilitiesDTO {
    var wheelchair: String?
  }

  struct WikiDTO {
    var wikipedia: String?
  }

  struct TimezoneDTO {
    var name: String?
  }
}

/// A GeoJSON geometry: a Point's `[lon, lat]`, or the first point of a
/// Polygon (details may come as one) or other nested shapes.
struct GeometryDTO {
  var type: String
  var firstPoint: Coordinate?
}

/// Geocoding with `format=json`.
struct GeocodingResultsDTO {
  var results: [ResultDTO]

  struct ResultDTO {
    var formatted: String?
    var city: String?
    var name: String?
    var country: String?
    var lat: Double?
    var lon: Double?
  }
}

/// Geoapify's error body: `{"statusCode":401,"error":"Unauthorized","message":"Invalid apiKey"}`.
struct GeoapifyErrorDTO {
  var statusCode: Int?
  var error: String?
  var message: String?
}

// MARK: Reading from JSON

extension FeatureCollectionDTO: JSONDecodable {
  init?(json: JSONNode) {
    guard let features = json["features"]?.array else { return nil }
    self.features = features.map(FeatureDTO.init(json:))
  }
}

extension FeatureDTO {
  /// A feature without properties reads as one without a name: the mapper
  /// skips it, but it still counts towards the offset of the next page.
  init(json: JSONNode) {
    properties = json["properties"].map(PropertiesDTO.init(json:)) ?? PropertiesDTO()
    geometry = json["geometry"].flatMap(GeometryDTO.init(json:))
  }
}

extension PropertiesDTO {
  init(json: JSONNode) {
    name = json["name"]?.string
    country = json["country"]?.string
    city = json["city"]?.string
    street = json["street"]?.string
    housenumber = json["housenumber"]?.string
    postcode = json["postcode"]?.string
    formatted = json["formatted"]?.string
    address_line2 = json["address_line2"]?.string
    lat = json["lat"]?.double
    lon = json["lon"]?.double
    categories = json["categories"]?.array?.compactMap(\.string)
    distance = json["distance"]?.double
    place_id = json["place_id"]?.string
    datasource = json["datasource"].map { DatasourceDTO(raw: $0["raw"].map(RawDTO.init(json:))) }
    contact = json["contact"].map { ContactDTO(phone: $0["phone"]?.string, email: $0["email"]?.string) }
    website = json["website"]?.string
    opening_hours = json["opening_hours"]?.string
    facilities = json["facilities"].map { FacilitiesDTO(wheelchair: $0["wheelchair"].flatMap(Self.flexibleText)) }
    fee = json["fee"].flatMap(Self.flexibleText)
    wiki_and_media = json["wiki_and_media"].map { WikiDTO(wikipedia: $0["wikipedia"]?.string) }
    timezone = json["timezone"].map { TimezoneDTO(name: $0["name"]?.string) }
  }

  /// A field Geoapify sends as a boolean, a number or a string, depending on
  /// the source (`fee: true`, `wheelchair: "limited"`).
  static func flexibleText(_ json: JSONNode) -> String? {
    if let flag = json.bool { return flag ? "yes" : "no" }
    if let number = json.double { return Int(exactly: number).map(String.init) ?? String(number) }
    return json.string
  }
}

extension PropertiesDTO.RawDTO {
  init(json: JSONNode) {
    phone = json["phone"]?.string
    website = json["website"]?.string
    opening_hours = json["opening_hours"]?.string
  }
}

extension GeometryDTO {
  init?(json: JSONNode) {
    guard let type = json["type"]?.string else { return nil }
    self.type = type
    firstPoint = json["coordinates"].flatMap(Self.firstPair)
  }

  /// `[lon, lat]` itself, or the first such pair at any depth.
  private static func firstPair(_ json: JSONNode) -> Coordinate? {
    guard let items = json.array, let first = items.first else { return nil }
    if items.count >= 2, let lon = first.double, let lat = items[1].double {
      return Coordinate(validLatitude: lat, longitude: lon)
    }
    return firstPair(first)
  }
}

extension GeocodingResultsDTO: JSONDecodable {
  init?(json: JSONNode) {
    guard let results = json["results"]?.array else { return nil }
    self.results = results.map { result in
      ResultDTO(
        formatted: result["formatted"]?.string, city: result["city"]?.string, name: result["name"]?.string,
        country: result["country"]?.string, lat: result["lat"]?.double, lon: result["lon"]?.double)
    }
  }
}

extension GeoapifyErrorDTO: JSONDecodable {
  init?(json: JSONNode) {
    guard json.kind == .object else { return nil }
    statusCode = json["statusCode"]?.int
    error = json["error"]?.string
    message = json["message"]?.string
  }
}
