import Foundation

/// Turns Geoapify's shapes into places, cities and details.
enum PlaceMapper {
  /// The named features of a collection as places; nameless ones (usually
  /// unnamed benches and the like) are skipped. `origin` gives distances
  /// when Geoapify did not.
  static func places(from collection: FeatureCollectionDTO, origin: Coordinate?) -> [Place] {
    collection.features.compactMap { place(from: $0, origin: origin) }
  }

  static func place(from feature: FeatureDTO, origin: Coordinate?) -> Place? {
    let properties = feature.properties
    guard let name = properties.name?.trimmingCharacters(in: .whitespacesAndNewlines), !name.isEmpty else { return nil }
    guard let coordinate = coordinate(of: feature) else { return nil }
    let raw = properties.datasource?.raw
    let street = [properties.street, properties.housenumber].compactMap { $0 }.joined(separator: " ")
    let address = properties.address_line2 ?? (street.isEmpty ? properties.formatted : street)
    return Place(
      id: properties.place_id ?? "\(coordinate.latitude),\(coordinate.longitude)",
      name: name,
      categories: properties.categories ?? [],
      city: properties.city,
      address: address,
      coordinate: coordinate,
      distance: properties.distance ?? origin.map { $0.distance(to: coordinate) },
      phone: raw?.phone ?? properties.contact?.phone,
      website: raw?.website ?? properties.website,
      openingHours: raw?.opening_hours ?? properties.opening_hours)
  }

  static func coordinate(of feature: FeatureDTO) -> Coordinate? {
    if let lat = feature.properties.lat, let lon = feature.properties.lon {
      return Coordinate(latitude: lat, longitude: lon)
    }
    return feature.geometry?.firstPoint
  }

  /// The details of the first feature of a Place Details answer.
  static func details(from collection: FeatureCollectionDTO) -> PlaceDetails {
    guard let properties = collection.features.first?.properties else { return PlaceDetails() }
    return PlaceDetails(
      wheelchair: properties.facilities?.wheelchair,
      fee: properties.fee,
      timezone: properties.timezone?.name,
      wikipedia: properties.wiki_and_media?.wikipedia,
      phone: properties.contact?.phone ?? properties.datasource?.raw?.phone,
      website: properties.website ?? properties.datasource?.raw?.website,
      openingHours: properties.opening_hours ?? properties.datasource?.raw?.opening_hours)
  }

  static func cities(from results: GeocodingResultsDTO) -> [City] {
    results.results.compactMap { result in
      guard let lat = result.lat, let lon = result.lon, let name = result.city ?? result.name ?? result.formatted
      else { return nil }
      return City(name: name, country: result.country ?? "", coordinate: Coordinate(latitude: lat, longitude: lon))
    }
  }
}
