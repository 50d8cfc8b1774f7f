import Components
import Diagnostics
import ErrorSentences
import Foundation
import TextSafety

/// One place: what the list knew, what Place Details adds, and whether it
/// is saved.
///
/// Opened from the list it shows the place at once; opened by id
/// (from outside the tab) the place and its details come in one call.
@MainActor
final class PlaceDetailViewModel {
  enum Details: Equatable {
    case loading
    case loaded(PlaceDetails)
    case unavailable(LoadFailure)
    /// Opened by id, and the service knows no such place.
    case notFound
  }

  /// What saving or removing the place did.
  enum FavoriteToggle: Equatable {
    case saved(name: String)
    case removed(name: String)
    case favoritesOff
    case failed(reason: String)
  }

  /// Nil while a place opened by id is still being looked up.
  private(set) var place: Place?
  let placeID: String
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
    self.placeID = place.id
    self.repository = repository
    self.favorites = favorites
    self.flags = flags
  }

  init(
    placeID: String, repository: any PlacesRepository, favorites: any HomeFavoritesStoring,
    flags: any HomeFeatureFlagsProviding
  ) {
    self.placeID = placeID
    self.repository = repository
    self.favorites = favorites
    self.flags = flags
  }

  /// Asks for the details (and the place, when opened by id) once; a
  /// failure leaves what is known as it is.
  func loadDetails() async {
    guard details == .loading else { return }
    do {
      if let place {
        details = .loaded(try await repository.details(for: place))
      } else if let found = try await repository.place(id: placeID) {
        place = found.place
        details = .loaded(found.details)
      } else {
        details = .notFound
      }
    } catch {
      details = .unavailable(LoadFailure(error))
    }
  }

  var favoritesEnabled: Bool { flags.areFavoritesEnabled && place != nil }

  /// Whether `favorite` is offered at all (the flag), loaded or not.
  var areFavoritesOffered: Bool { flags.areFavoritesEnabled }

  var isFavorite: Bool { (try? favorites.isFavorite(placeID: placeID)) ?? false }

  /// The basic facts, in the order the detail shows them.
  var facts: [KeyValueView.Row] {
    guard let place else { return [] }
    let loaded: PlaceDetails? = if case .loaded(let details) = details { details } else { nil }
    let rows: [KeyValueView.Row?] = [
      KeyValueView.Row("Category", Self.readable(category: place.mostSpecificCategory)),
      KeyValueView.Row("Address", place.address),
      KeyValueView.Row("City", place.city),
      KeyValueView.Row("Distance", place.distance.map { Formatting.distance($0) }),
      KeyValueView.Row("Opening hours", place.openingHours ?? loaded?.openingHours),
      KeyValueView.Row("Phone", place.phone ?? loaded?.phone),
      // Only an address `web` can open: one with control characters was
      // shown cleaned, as an address the service never sent.
      KeyValueView.Row("Website", website.flatMap { _ in place.website ?? loaded?.website }),
    ]
    return rows.compactMap { $0 }
  }

  /// The place's website as an address a browser takes (`https://` added
  /// to a bare `www.…`); nil when it has none, or none that is one word.
  var website: String? {
    let loaded: PlaceDetails? = if case .loaded(let details) = details { details } else { nil }
    guard let text = PlaceMapper.webAddress(place?.website ?? loaded?.website) else { return nil }
    return text.contains("://") ? text : "https://" + text
  }

  /// `tourism.sights.place_of_worship` → `tourism › sights › place of worship`.
  static func readable(category: String) -> String {
    category.split(separator: ".").map { $0.replacingOccurrences(of: "_", with: " ") }.joined(separator: " › ")
  }

  /// Saves or removes the place.
  func toggleFavorite() -> FavoriteToggle {
    guard flags.areFavoritesEnabled else { return .favoritesOff }
    guard let place else { return .failed(reason: "the place has not loaded yet") }
    do {
      if try favorites.isFavorite(placeID: place.id) {
        try favorites.removeFavorite(placeID: place.id)
        return .removed(name: place.name)
      }
      try favorites.saveFavorite(favorite(of: place))
      return .saved(name: place.name)
    } catch {
      return .failed(reason: ErrorSentence.reason(for: error))
    }
  }

  /// Everything the bookmark needs to stand on its own (shown offline).
  private func favorite(of place: Place) -> FavoritePlace {
    let loaded: PlaceDetails? = if case .loaded(let details) = details { details } else { nil }
    return place.favorite(details: loaded)
  }
}

extension Place {
  /// What is saved (and written as a record) of it, with what `details`
  /// adds where the place itself says nothing.
  func favorite(details: PlaceDetails? = nil) -> FavoritePlace {
    FavoritePlace(
      id: id, name: name, categoryKey: mostSpecificCategory, address: address, city: city,
      latitude: coordinate.latitude, longitude: coordinate.longitude, phone: phone ?? details?.phone,
      website: website ?? details?.website, openingHours: openingHours ?? details?.openingHours)
  }
}
