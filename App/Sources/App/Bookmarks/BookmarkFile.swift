import Explore
import Foundation
import Home

/// The bookmarks file `export` writes and `import` reads: every bookmark of
/// one person, versioned, with every field that was saved.
///
///     { "format": "wayfarer-bookmarks", "version": 1, "exportedAt": "2026-11-29T20:41:07.250Z",
///       "places": [ { "id", "name", "category", "address", "city", "latitude", "longitude",
///                     "phone", "website", "openingHours", "savedAt" } ],
///       "repositories": [ { "fullName", "description", "stars", "forks", "language", "licence",
///                           "topics", "webURL", "defaultBranch", "savedAt" } ] }
///
/// Keys are sorted and the text indented, so two exports of the same
/// bookmarks differ only in `exportedAt`. Reading is `BookmarkFileReader`.
struct BookmarkFile: Equatable {
  static let format = "wayfarer-bookmarks"
  /// The newest version this Wayfarer reads and the one it writes.
  static let version = 1

  /// The one bound of a bookmarks file, the same for what an account may
  /// save, what export writes and what import reads, so that every export
  /// imports again: at most this many places, and as many repositories.
  static let mostEntriesPerKind = 100_000
  /// …in at most this many MiB (100,000 of each kind, as people save them,
  /// come to about 30 MiB).
  static let largestMiB = 64

  var places: [FavoritePlace]
  var repositories: [SavedRepository]

  func json(exportedAt: Date) throws -> [UInt8] {
    let document = Document(
      format: Self.format, version: Self.version, exportedAt: Self.timestamp(exportedAt),
      places: places.map(PlaceEntry.init), repositories: repositories.map(RepositoryEntry.init))
    return Array(try Self.encoder.encode(document)) + [UInt8(ascii: "\n")]
  }

  /// The places as a GeoJSON FeatureCollection (RFC 7946: longitude first),
  /// and how many were left out for having no coordinates.
  func geoJSON() throws -> (bytes: [UInt8], leftOut: Int) {
    let features = places.compactMap { place -> Feature? in
      guard let latitude = place.latitude, let longitude = place.longitude else { return nil }
      return Feature(
        geometry: Feature.Point(coordinates: [longitude, latitude]), properties: PlaceEntry(place))
    }
    let collection = FeatureCollection(features: features)
    return (Array(try Self.encoder.encode(collection)) + [UInt8(ascii: "\n")], places.count - features.count)
  }

  static func timestamp(_ date: Date) -> String {
    date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
  }

  private static var encoder: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return encoder
  }

  // MARK: The file's shape

  private struct Document: Encodable {
    var format: String
    var version: Int
    var exportedAt: String
    var places: [PlaceEntry]
    var repositories: [RepositoryEntry]
  }

  struct PlaceEntry: Encodable {
    var id: String
    var name: String
    var category: String
    var address: String?
    var city: String?
    var latitude: Double?
    var longitude: Double?
    var phone: String?
    var website: String?
    var openingHours: String?
    var savedAt: String?

    init(_ place: FavoritePlace) {
      id = place.id
      name = place.name
      category = place.categoryKey
      address = place.address
      city = place.city
      latitude = place.latitude
      longitude = place.longitude
      phone = place.phone
      website = place.website
      openingHours = place.openingHours
      savedAt = place.savedAt.map(BookmarkFile.timestamp)
    }
  }

  struct RepositoryEntry: Encodable {
    var fullName: String
    var description: String?
    var stars: Int?
    var forks: Int?
    var language: String?
    var licence: String?
    var topics: [String]
    var webURL: String
    var defaultBranch: String?
    var savedAt: String?

    init(_ repository: SavedRepository) {
      fullName = repository.fullName
      description = repository.description
      stars = repository.stars
      forks = repository.forks
      language = repository.language
      licence = repository.licence
      topics = repository.topics
      webURL = repository.webURL
      defaultBranch = repository.defaultBranch
      savedAt = repository.savedAt.map(BookmarkFile.timestamp)
    }
  }

  private struct FeatureCollection: Encodable {
    var type = "FeatureCollection"
    var features: [Feature]
  }

  private struct Feature: Encodable {
    struct Point: Encodable {
      var type = "Point"
      var coordinates: [Double]
    }

    var type = "Feature"
    var geometry: Point
    var properties: PlaceEntry
  }
}
