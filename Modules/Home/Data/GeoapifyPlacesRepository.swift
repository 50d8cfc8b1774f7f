import Foundation
import Networking

/// Places from Geoapify over the HTTP client, the first page cached on disk.
struct GeoapifyPlacesRepository: PlacesRepository {
  let client: any HTTPClient
  let requests: GeoapifyRequests
  let cache: FirstPageCache?

  func places(near center: Coordinate, offset: Int, limit: Int, refresh: Bool) async throws -> PlacesPage {
    if offset == 0, !refresh, let cached = cache?.load(near: center),
      let collection = try? GeoapifyError.decode(FeatureCollectionDTO.self, from: cached.body)
    {
      return page(collection, center: center, limit: limit, cachedAt: cached.savedAt)
    }
    let body = try await get(requests.places(near: center, offset: offset, limit: limit))
    let collection = try GeoapifyError.decode(FeatureCollectionDTO.self, from: body)
    let page = page(collection, center: center, limit: limit, cachedAt: nil)
    // Only a page that mapped whole is kept: a bad one must not come back
    // on every launch for the next five minutes.
    if offset == 0, page.dropped == 0 { cache?.save(body, near: center) }
    return page
  }

  func details(for place: Place) async throws -> PlaceDetails {
    let body = try await get(requests.details(placeID: place.id))
    return PlaceMapper.details(from: try GeoapifyError.decode(FeatureCollectionDTO.self, from: body))
  }

  func place(id: String) async throws -> PlaceLookup? {
    let collection = try GeoapifyError.decode(
      FeatureCollectionDTO.self, from: try await get(requests.details(placeID: id)))
    // A feature without a name or a valid position is not a place Home can show.
    guard let feature = collection.features.first, let place = PlaceMapper.place(from: feature, origin: nil) else {
      return nil
    }
    return PlaceLookup(place: place, details: PlaceMapper.details(from: collection))
  }

  func cities(named query: String) async throws -> CityResults {
    let body = try await get(requests.cities(named: query))
    return PlaceMapper.cities(from: try GeoapifyError.decode(GeocodingResultsDTO.self, from: body))
  }

  private func page(_ collection: FeatureCollectionDTO, center: Coordinate, limit: Int, cachedAt: Date?) -> PlacesPage {
    // "More" is judged on the features that came, named or not: Geoapify has
    // no total count, and a full page means another may follow.
    let mapped = PlaceMapper.places(from: collection, origin: center)
    return PlacesPage(
      places: Place.nearestFirst(mapped.places), fetched: collection.features.count,
      mayHaveMore: collection.features.count == limit,
      cachedAt: cachedAt, dropped: mapped.dropped)
  }

  private func get(_ url: URL) async throws -> Data {
    // The key is in the query: the request may go nowhere but Geoapify.
    try GeoapifyError.checked(
      try await client.send(
        HTTPRequest(url: url, headers: [HTTPHeader("Accept", "application/json")], carriesSecret: true)))
  }
}
