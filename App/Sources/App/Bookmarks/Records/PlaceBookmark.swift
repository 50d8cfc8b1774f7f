import Bookmarks
import Foundation
import Home

/// A saved place: what Home hands over when `favorite` saves it, kept whole
/// so it can be shown offline.
struct PlaceBookmark: BookmarkRecord {
  static let kind = BookmarkKind(name: "place", heading: "Places", noun: "place", plural: "places")
  static let fileMember = "places"
  /// 1 was the detail screen's labels, 2 a record without id and name; 3
  /// is the shape of the bookmarks file's places.
  static let version = 3

  var id = ""
  var name = ""
  /// The most specific Geoapify category (`catering.cafe`), or `place`.
  var category = "place"
  var address: String?
  var city: String?
  var latitude: Double?
  var longitude: Double?
  var phone: String?
  var website: String?
  var openingHours: String?

  static let fields: [RecordField<PlaceBookmark>] = [
    .requiredText(
      "id", { $0.id }, { $0.id = $1 }, limit: PlaceIdentifier.longest,
      check: { PlaceIdentifier.isValid($0) ? nil : PlaceIdentifier.rule }),
    .requiredText("name", { $0.name }, { $0.name = $1 }, limit: 500),
    .requiredText(
      "category", { $0.category }, { $0.category = $1 }, limit: 200, default: "place", mend: { $0.lowercased() },
      check: {
        PlaceCategoryKey.isValid($0) ? nil : "is not a category key like catering.cafe"
      }),
    .text("address", { $0.address }, { $0.address = $1 }, limit: 1000),
    .text("city", { $0.city }, { $0.city = $1 }, limit: 500),
    .coordinate("latitude", { $0.latitude }, { $0.latitude = $1 }, limit: 90),
    .coordinate("longitude", { $0.longitude }, { $0.longitude = $1 }, limit: 180),
    .text("phone", { $0.phone }, { $0.phone = $1 }, limit: 500),
    .text("website", { $0.website }, { $0.website = $1 }, limit: 2000),
    .text("openingHours", { $0.openingHours }, { $0.openingHours = $1 }, limit: 2000),
  ]

  var key: String { id }

  var row: BookmarkRow {
    BookmarkRow(title: name, subtitle: city, detail: Self.firstPart(of: category))
  }

  /// The first part of a category that is not empty (`catering` of
  /// `catering.cafe`), nil when there is none; found in its bytes (a
  /// category is ASCII, checked on the way in) without splitting the
  /// whole into an array, which was 4 % of an import.
  private static func firstPart(of category: String) -> String? {
    let bytes = category.utf8
    let dot = UInt8(ascii: ".")
    guard let start = bytes.firstIndex(where: { $0 != dot }) else { return nil }
    return String(bytes[start...].prefix { $0 != dot })
  }

  /// A coordinate without its partner: refused strictly, both left out fitting.
  mutating func finish(_ reading: RecordReading) throws(RecordProblem) {
    guard (latitude == nil) == (longitude == nil) else {
      guard reading == .fitting else {
        throw RecordProblem(
          key: latitude == nil ? "longitude" : "latitude", reason: "comes without its partner coordinate")
      }
      (latitude, longitude) = (nil, nil)
      return
    }
  }

}

extension PlaceBookmark {
  /// The record of what Home saves.
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
  }

  /// What Home shows of it, saved at `savedAt`.
  func favoritePlace(savedAt: Date?) -> FavoritePlace {
    FavoritePlace(
      id: id, name: name, categoryKey: category, address: address, city: city, latitude: latitude,
      longitude: longitude, phone: phone, website: website, openingHours: openingHours, savedAt: savedAt)
  }
}
