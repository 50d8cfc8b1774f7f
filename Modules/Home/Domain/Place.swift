import Foundation
import FuzzyMatching

/// A point on Earth.
struct Coordinate: Equatable, Sendable {
  var latitude: Double
  var longitude: Double

  /// São Paulo, the reference app's default when no location is known.
  static let saoPaulo = Coordinate(latitude: -23.5505, longitude: -46.6333)

  /// The longest great-circle distance on Earth, in metres (half the
  /// equator, rounded up): no honest distance is longer.
  static let longestDistance = 20_040_000.0

  /// A point from outside (a service, the cache, the database, the
  /// environment), or nil unless both numbers are finite and in range.
  init?(validLatitude latitude: Double?, longitude: Double?) {
    guard let latitude, let longitude, latitude.isFinite, longitude.isFinite, abs(latitude) <= 90,
      abs(longitude) <= 180
    else { return nil }
    self.init(latitude: latitude, longitude: longitude)
  }

  init(latitude: Double, longitude: Double) {
    self.latitude = latitude
    self.longitude = longitude
  }

  /// Great-circle distance in metres (haversine).
  func distance(to other: Coordinate) -> Double {
    let radius = 6_371_000.0
    let dLat = (other.latitude - latitude) * .pi / 180
    let dLon = (other.longitude - longitude) * .pi / 180
    let a =
      sin(dLat / 2) * sin(dLat / 2) + cos(latitude * .pi / 180) * cos(other.latitude * .pi / 180) * sin(dLon / 2)
      * sin(dLon / 2)
    return 2 * radius * atan2(sqrt(a), sqrt(1 - a))
  }

  /// `LAT,LON`, as WAYFARER_LOCATION and `city` show it.
  var text: String { String(format: "%.4f,%.4f", latitude, longitude) }
}

/// A place near the person, as Home shows it.
struct Place: Equatable, Sendable {
  var id: String
  var name: String
  /// The first segment of the place's first category (`catering`).
  var category: String
  var categories: [String]
  var city: String?
  var address: String?
  var coordinate: Coordinate
  /// Metres from where the list was asked for.
  var distance: Double? {
    didSet { summary = Place.summary(category: category, distance: distance) }
  }
  /// `catering · 350 m`: what the list shows beside the name, made once.
  private(set) var summary: String
  var phone: String?
  var website: String?
  var openingHours: String?
  /// Name and city prepared once for the fuzzy filter (accents folded).
  let searchTexts: [FuzzyText]

  init(
    id: String, name: String, categories: [String], city: String?, address: String?, coordinate: Coordinate,
    distance: Double?, phone: String?, website: String?, openingHours: String?
  ) {
    self.id = id
    self.name = name
    self.categories = categories
    self.category = categories.first.map { String($0.split(separator: ".").first ?? "") } ?? "place"
    self.city = city
    self.address = address
    self.coordinate = coordinate
    self.distance = distance
    self.phone = phone
    self.website = website
    self.openingHours = openingHours
    self.searchTexts = [FuzzyText(name), FuzzyText(city ?? "")]
    self.summary = Place.summary(category: category, distance: distance)
  }

  /// The longest (most specific) category: `catering.cafe` over `catering`.
  var mostSpecificCategory: String {
    categories.max { $0.count < $1.count } ?? category
  }

  /// A saved place as Home shows it, or nil when its position is unknown or
  /// off the map (it is then looked up by id).
  init?(saved: FavoritePlace) {
    guard let coordinate = Coordinate(validLatitude: saved.latitude, longitude: saved.longitude) else { return nil }
    self.init(
      id: saved.id, name: saved.name, categories: [saved.categoryKey], city: saved.city, address: saved.address,
      coordinate: coordinate, distance: nil, phone: saved.phone, website: saved.website,
      openingHours: saved.openingHours)
  }

  private static func summary(category: String, distance: Double?) -> String {
    distance.map { category + " · " + Formatting.distance($0) } ?? category
  }

  static func fold(_ text: String) -> String {
    SearchFolding.fold(text)
  }

  /// The places in the order of the distances the list shows.
  ///
  /// Geoapify's `bias=proximity` ranks by its own measure, and the mapper
  /// may replace a distance that cannot be true by the computed one: the
  /// order it sent is not the order of what is shown (`2.3 km` above
  /// `855 m`), within a page or across pages. A stable sort keeps the order
  /// among equal distances; a place without one goes last.
  static func nearestFirst(_ places: [Place]) -> [Place] {
    places.enumerated()
      .sorted { ($0.element.distance ?? .infinity, $0.offset) < ($1.element.distance ?? .infinity, $1.offset) }
      .map(\.element)
  }
}

/// What the Place Details call adds to a place.
struct PlaceDetails: Equatable, Sendable {
  var wheelchair: String?
  var fee: String?
  var timezone: String?
  var wikipedia: String?
  var phone: String?
  var website: String?
  var openingHours: String?

  var isEmpty: Bool {
    [wheelchair, fee, timezone, wikipedia, phone, website, openingHours].allSatisfy { $0 == nil }
  }
}

/// A page of nearby places.
struct PlacesPage: Equatable, Sendable {
  var places: [Place]
  /// How many results the service sent, nameless ones included: the next
  /// page's offset counts them.
  var fetched: Int
  /// Whether another page may follow (the page came back full).
  var mayHaveMore: Bool
  /// When the page came from the disk cache, the time it was saved.
  var cachedAt: Date?
  /// Named results left out because a number in them was out of range
  /// (a position off the Earth, say).
  var dropped: Int = 0
}

/// A city found by name.
struct City: Equatable, Sendable {
  var name: String
  var country: String
  var coordinate: Coordinate

  /// The longest city or country name Home keeps (the longest real ones
  /// are under 90 characters).
  static let longestName = 200

  /// `Lisbon, Portugal`, or the name alone when the country is not known.
  static func name(_ name: String, in country: String) -> String {
    country.isEmpty ? name : "\(name), \(country)"
  }
}

/// What a city search found, and how many results were left out as invalid.
struct CityResults: Equatable, Sendable {
  var cities: [City]
  var dropped: Int = 0
}
