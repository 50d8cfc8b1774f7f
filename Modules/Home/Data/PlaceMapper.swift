import Foundation
import TextSafety

/// Turns Geoapify's shapes into places, cities and details.
///
/// This is where Geoapify's numbers enter the domain, so each is checked
/// here: a position must be on the Earth, a distance finite, non-negative
/// and close to the one the coordinates give. A result that fails is left
/// out and counted, never passed on to be drawn.
enum PlaceMapper {
  /// The named features of a collection as places; nameless ones (usually
  /// unnamed benches and the like) are skipped, named ones without a valid
  /// position, or (given the search's `origin`) far outside the search
  /// circle, are counted in `dropped`.
  ///
  /// `origin` also gives distances when
  /// Geoapify did not, or sent one that cannot be true.
  static func places(from collection: FeatureCollectionDTO, origin: Coordinate?) -> (places: [Place], dropped: Int) {
    var places: [Place] = []
    var dropped = 0
    for feature in collection.features where name(of: feature) != nil {
      if let place = place(from: feature, origin: origin) { places.append(place) } else { dropped += 1 }
    }
    return (places, dropped)
  }

  private static func name(of feature: FeatureDTO) -> String? {
    text(feature.properties.name)
  }

  /// The longest name, city or address kept, in characters (a place's
  /// name is under 100 in Geoapify's data; a service can send megabytes).
  static let longestText = 200

  /// A website as the service sent it when it is one word of printable
  /// text (at most 2,000 bytes, as a bookmark keeps); nil otherwise:
  /// cleaned, it would be an address the service never sent.
  static func webAddress(_ value: String?) -> String? {
    guard let value = value.map(Trimming.whitespace), !value.isEmpty, value.utf8.count <= 2_000,
      TextSanitizer.clean(value) == value, !value.utf8.contains(0x20)
    else { return nil }
    return value
  }

  /// Geoapify's text as Home keeps it (``TextSanitizer/field(_:limit:)``).
  ///
  /// A filter's matches are counted in it, so they fall on the letters
  /// drawn: counted in a raw name with an escape sequence before "Red
  /// Cafe", `filter red` underlined "afe".
  static func text(_ value: String?, limit: Int = longestText) -> String? {
    TextSanitizer.field(value, limit: limit)
  }

  /// The most categories kept of a place (Geoapify sends a handful).
  static let mostCategories = 30

  /// Opening hours run long in OpenStreetMap (a rule per season and day).
  static let longestHours = 1_000

  static func place(from feature: FeatureDTO, origin: Coordinate?) -> Place? {
    let properties = feature.properties
    guard let name = name(of: feature) else { return nil }
    guard let coordinate = coordinate(of: feature) else { return nil }
    // The request asks for a circle: a place far outside it (7,000 km off
    // in a 5 km search) is data that cannot be right.
    if let origin, origin.distance(to: coordinate) > NearbySearch.reachMetres { return nil }
    let raw = properties.datasource?.raw
    let street = [properties.street, properties.housenumber].compactMap { $0 }.joined(separator: " ")
    let address = properties.address_line2 ?? (street.isEmpty ? properties.formatted : street)
    return Place(
      id: properties.place_id.flatMap { PlaceIdentifier.isValid($0) ? $0 : nil }
        ?? "\(coordinate.latitude),\(coordinate.longitude)",
      name: name,
      categories: (properties.categories ?? []).filter(PlaceCategoryKey.isValid).prefix(mostCategories).map { $0 },
      city: text(properties.city),
      address: text(address),
      coordinate: coordinate,
      distance: distance(claimed: properties.distance, from: origin, to: coordinate),
      phone: text(raw?.phone ?? properties.contact?.phone),
      website: webAddress(raw?.website ?? properties.website),
      openingHours: text(raw?.opening_hours ?? properties.opening_hours, limit: longestHours))
  }

  static func coordinate(of feature: FeatureDTO) -> Coordinate? {
    Coordinate(validLatitude: feature.properties.lat, longitude: feature.properties.lon)
      ?? feature.geometry?.firstPoint
  }

  /// Geoapify's distance when it can be true; else the one computed from
  /// the coordinates (or none, without an origin).
  ///
  /// "Can be true" means
  /// finite, not negative, and within 10 % (plus 100 m for rounding) of the
  /// great-circle distance the coordinates give.
  static func distance(claimed: Double?, from origin: Coordinate?, to point: Coordinate) -> Double? {
    let computed = origin.map { $0.distance(to: point) }
    guard let claimed, claimed.isFinite, claimed >= 0, claimed <= Coordinate.longestDistance else { return computed }
    if let computed, abs(claimed - computed) > computed * 0.1 + 100 { return computed }
    return claimed
  }

  /// The details of the first feature of a Place Details answer.
  static func details(from collection: FeatureCollectionDTO) -> PlaceDetails {
    guard let properties = collection.features.first?.properties else { return PlaceDetails() }
    return PlaceDetails(
      wheelchair: text(properties.facilities?.wheelchair),
      fee: text(properties.fee),
      timezone: text(properties.timezone?.name),
      wikipedia: text(properties.wiki_and_media?.wikipedia),
      phone: text(properties.contact?.phone ?? properties.datasource?.raw?.phone),
      website: webAddress(properties.website ?? properties.datasource?.raw?.website),
      openingHours: text(properties.opening_hours ?? properties.datasource?.raw?.opening_hours, limit: longestHours))
  }

  /// The named results with a position on the Earth; the others are counted
  /// in `dropped`.
  static func cities(from results: GeocodingResultsDTO) -> CityResults {
    var found = CityResults(cities: [])
    for result in results.results {
      guard let name = text(result.city) ?? text(result.name) ?? text(result.formatted),
        let coordinate = Coordinate(validLatitude: result.lat, longitude: result.lon)
      else {
        found.dropped += 1
        continue
      }
      found.cities.append(City(name: name, country: text(result.country) ?? "", coordinate: coordinate))
    }
    return found
  }
}
