import Foundation
import Networking

/// The URLs of Geoapify's Places, Place Details and Geocoding calls.
struct GeoapifyRequests: Sendable {
  let baseURL: URL
  let apiKey: Secret

  func places(near center: Coordinate, offset: Int, limit: Int) -> URL {
    let lonLat = "\(center.longitude),\(center.latitude)"
    return url(
      "/v2/places",
      [
        ("categories", NearbySearch.categories.joined(separator: ",")),
        ("filter", "circle:\(lonLat),\(NearbySearch.radiusMetres)"),
        ("bias", "proximity:\(lonLat)"),
        ("limit", String(limit)),
        ("offset", String(offset)),
      ])
  }

  func details(placeID: String) -> URL {
    url("/v2/place-details", [("id", placeID)])
  }

  func cities(named query: String) -> URL {
    url(
      "/v1/geocode/search",
      [("text", query), ("type", "city"), ("limit", String(NearbySearch.citySuggestions)), ("format", "json")])
  }

  private func url(_ path: String, _ items: [(String, String)]) -> URL {
    var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false)!
    components.path =
      components.path.trimmingCharacters(in: CharacterSet(charactersIn: "/")).isEmpty
      ? path : "/" + components.path.trimmingCharacters(in: CharacterSet(charactersIn: "/")) + path
    components.queryItems = (items + [("apiKey", apiKey.value)]).map { URLQueryItem(name: $0.0, value: $0.1) }
    // URLComponents leaves ',' and ':' as they are, which Geoapify expects;
    // '+' must still be escaped or it would read as a space.
    components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
    return components.url!
  }
}
