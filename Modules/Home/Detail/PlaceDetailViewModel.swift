import Foundation
import TerminalKit

/// One place: what the list knew, what Place Details adds, and whether it
/// is saved.
@MainActor
final class PlaceDetailViewModel {
  enum Details: Equatable {
    case loading
    case loaded(PlaceDetails)
    case unavailable(String)
  }

  let place: Place
  private(set) var details: Details = .loading
  private let repository: any PlacesRepository
  private let favorites: any HomeFavoritesStoring
  private let flags: any HomeFeatureFlagsProviding
  private let lifetime = Lifetime(PlaceDetailViewModel.self)

  init(
    place: Place, repository: any PlacesRepository, favorites: any HomeFavoritesStoring,
    flags: any HomeFeatureFlagsProviding
  ) {
    self.place = place
    self.repository = repository
    self.favorites = favorites
    self.flags = flags
  }

  /// Asks for the details once; a failure leaves the basic detail as it is.
  func loadDetails() async {
    guard details == .loading else { return }
    do {
      details = .loaded(try await repository.details(for: place))
    } catch is CancellationError {
      details = .unavailable("loading was cancelled")
    } catch {
      details = .unavailable(NearbyPlacesViewModel.sentence(for: error))
    }
  }

  var favoritesEnabled: Bool { flags.areFavoritesEnabled }

  var isFavorite: Bool { (try? favorites.isFavorite(placeID: place.id)) ?? false }

  /// The basic facts, in the order the detail shows them.
  var facts: [(key: String, value: String)] {
    let loaded: PlaceDetails? = if case .loaded(let details) = details { details } else { nil }
    return [
      ("Category", Self.readable(category: place.categories.max { $0.count < $1.count } ?? place.category)),
      ("Address", place.address),
      ("City", place.city),
      ("Distance", place.distance.map { Formatting.distance($0) }),
      ("Opening hours", place.openingHours ?? loaded?.openingHours),
      ("Phone", place.phone ?? loaded?.phone),
      ("Website", place.website ?? loaded?.website),
    ].compactMap { pair in pair.1.map { (pair.0, $0) } }
  }

  /// `tourism.sights.place_of_worship` → `tourism › sights › place of worship`.
  static func readable(category: String) -> String {
    category.split(separator: ".").map { $0.replacingOccurrences(of: "_", with: " ") }.joined(separator: " › ")
  }

  /// Saves or removes the place. Returns whether it worked and a sentence.
  func toggleFavorite() -> (succeeded: Bool, message: String) {
    guard flags.areFavoritesEnabled else {
      return (false, "Favorites are off. Turn them on in Profile › Settings (toggle favorites).")
    }
    do {
      if try favorites.isFavorite(placeID: place.id) {
        try favorites.removeFavorite(placeID: place.id)
        return (true, "Removed \(place.name) from your bookmarks.")
      }
      try favorites.saveFavorite(favorite)
      return (true, "Saved \(place.name) to your bookmarks.")
    } catch {
      return (false, "Could not save favorite. Please try again. (\(error))")
    }
  }

  /// Everything the bookmark needs to stand on its own (shown offline).
  private var favorite: FavoritePlace {
    let loaded: PlaceDetails? = if case .loaded(let details) = details { details } else { nil }
    return FavoritePlace(
      id: place.id, name: place.name, categoryKey: place.categories.max { $0.count < $1.count } ?? place.category,
      address: place.address, city: place.city, latitude: place.coordinate.latitude,
      longitude: place.coordinate.longitude, phone: place.phone ?? loaded?.phone,
      website: place.website ?? loaded?.website, openingHours: place.openingHours ?? loaded?.openingHours)
  }
}
