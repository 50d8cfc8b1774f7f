internal import CHomeCatalog
import Foundation

/// Places from the catalog compiled into the binary, in Geoapify's shape, so
/// the same decoding and mapping serve both.
///
/// Radius, order and paging are
/// computed here; cities come from the bundled GeoNames list.
struct OfflineCatalogRepository: PlacesRepository {
  /// Decoded once, on first use; a place's details are mapped when asked
  /// for (all 65 at once were 0.43M instructions of every logged-in launch).
  static let catalog: (places: [Place], features: [String: FeatureDTO]) = {
    let data = Data(bytes: wf_home_catalog_geojson(), count: Int(wf_home_catalog_geojson_length()))
    guard let collection = try? GeoapifyError.decode(FeatureCollectionDTO.self, from: data) else { return ([], [:]) }
    var features: [String: FeatureDTO] = [:]
    for feature in collection.features {
      guard let id = feature.properties.place_id else { continue }
      features[id] = feature
    }
    return (PlaceMapper.places(from: collection, origin: nil).places, features)
  }()

  private static func details(id: String) -> PlaceDetails {
    catalog.features[id].map { PlaceMapper.details(from: FeatureCollectionDTO(features: [$0])) } ?? PlaceDetails()
  }

  static let cityList: [(city: City, folded: String, population: Int)] = {
    let text = String(
      decoding: UnsafeRawBufferPointer(start: wf_home_cities_tsv(), count: Int(wf_home_cities_tsv_length())),
      as: UTF8.self)
    return text.split(separator: "\n").compactMap { line in
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard fields.count == 6,
        let coordinate = Coordinate(validLatitude: Double(fields[3]), longitude: Double(fields[4]))
      else { return nil }
      let city = City(name: String(fields[0]), country: String(fields[1]), coordinate: coordinate)
      return (city, Place.fold(city.name), Int(fields[5]) ?? 0)
    }
  }()

  func places(near center: Coordinate, offset: Int, limit: Int, refresh: Bool) async throws -> PlacesPage {
    let radius = Double(NearbySearch.radiusMetres)
    let nearby = Self.catalog.places
      .map { place -> Place in
        var place = place
        place.distance = center.distance(to: place.coordinate)
        return place
      }
      .filter { ($0.distance ?? .infinity) <= radius }
      .sorted { ($0.distance ?? 0, $0.name) < ($1.distance ?? 0, $1.name) }
    let start = min(max(offset, 0), nearby.count)
    let end = min(start + limit, nearby.count)
    return PlacesPage(
      places: Array(nearby[start..<end]), fetched: end - start, mayHaveMore: end < nearby.count, cachedAt: nil)
  }

  func details(for place: Place) async throws -> PlaceDetails {
    Self.details(id: place.id)
  }

  func place(id: String) async throws -> PlaceLookup? {
    Self.catalog.places.first { $0.id == id }.map { place in
      PlaceLookup(place: place, details: Self.details(id: id))
    }
  }

  /// Cities whose name starts with (or else contains) `query`, ignoring case
  /// and accents, most populous first.
  func cities(named query: String) async throws -> CityResults {
    let folded = Place.fold(query.trimmingCharacters(in: .whitespaces))
    guard !folded.isEmpty else { return CityResults(cities: []) }
    let exact = Self.cityList.filter { $0.folded == folded }
    let prefixed = Self.cityList.filter { $0.folded != folded && $0.folded.hasPrefix(folded) }
    let containing = Self.cityList.filter { !$0.folded.hasPrefix(folded) && $0.folded.contains(folded) }
    return CityResults(cities: (exact + prefixed + containing).prefix(NearbySearch.citySuggestions).map(\.city))
  }

  /// How many places and cities the catalog holds.
  static var counts: (places: Int, cities: Int) { (catalog.places.count, cityList.count) }
}
