import Explore
import Foundation
import Home
import Profile
import Storage

/// One account's settings in the database: feature flags (a flag never set
/// has its default) and the city chosen on Home.
final class AccountSettingsStore: Sendable {
  private let database: SQLiteDatabase
  private let accountID: Int64

  init(database: SQLiteDatabase, accountID: String) {
    self.database = database
    self.accountID = Int64(accountID) ?? -1
  }

  func isOn(_ flag: FeatureFlag) throws -> Bool {
    try flagValues()[flag] ?? flag.isOnByDefault
  }

  private func flagValues() throws -> [FeatureFlag: Bool] {
    var flags: [FeatureFlag: Bool] = [:]
    for (key, value) in try values(prefix: "flag.") {
      guard let flag = FeatureFlag(rawValue: key) else { continue }
      flags[flag] = value == "on"
    }
    return flags
  }

  // MARK: Storage

  private func values(prefix: String) throws -> [(key: String, value: String)] {
    try database.execute(
      "SELECT key, value FROM settings WHERE account_id = ? AND substr(key, 1, ?) = ?",
      [.integer(accountID), .integer(Int64(prefix.count)), .text(prefix)]
    ).compactMap { row in
      guard let key = row.text("key"), let value = row.text("value") else { return nil }
      return (String(key.dropFirst(prefix.count)), value)
    }
  }

  private func set(_ key: String, to value: String?) throws {
    if let value {
      try database.execute(
        """
        INSERT INTO settings (account_id, key, value) VALUES (?, ?, ?)
        ON CONFLICT (account_id, key) DO UPDATE SET value = excluded.value
        """,
        [.integer(accountID), .text(key), .text(value)])
    } else {
      try database.execute("DELETE FROM settings WHERE account_id = ? AND key = ?", [.integer(accountID), .text(key)])
    }
  }
}

// Conformances to main-actor protocols are declared apart, so the store
// itself stays usable from any thread.

extension AccountSettingsStore: ProfileSettingsStoring {
  func featureFlags() throws -> [FeatureFlagState] {
    let stored = try flagValues()
    return FeatureFlag.allCases.map {
      FeatureFlagState(key: $0.rawValue, title: $0.title, isOn: stored[$0] ?? $0.isOnByDefault)
    }
  }

  func setFeatureFlag(_ key: String, isOn: Bool) throws {
    guard let flag = FeatureFlag(rawValue: key) else { return }
    try set("flag." + flag.rawValue, to: isOn ? "on" : "off")
  }
}

extension AccountSettingsStore: HomeFeatureFlagsProviding {
  // A settings read that fails falls back to the flag's default: Home keeps
  // working, and Settings shows the failure where it can be acted on.
  var areFavoritesEnabled: Bool { (try? isOn(.favorites)) ?? FeatureFlag.favorites.isOnByDefault }
  var isMapEnabled: Bool { (try? isOn(.map)) ?? FeatureFlag.map.isOnByDefault }
  var isCategoryFilterEnabled: Bool { (try? isOn(.categoryFilter)) ?? FeatureFlag.categoryFilter.isOnByDefault }
}

extension AccountSettingsStore: ExploreFeatureFlagsProviding {
  var areBookmarksEnabled: Bool { areFavoritesEnabled }
}

extension AccountSettingsStore: HomeLocationStoring {
  /// The stored shape (JSON in the settings table).
  private struct StoredCity: Codable {
    var name: String
    var country: String
    var latitude: Double
    var longitude: Double
  }

  func savedCity() throws -> SavedCity? {
    guard let text = try values(prefix: "home.").first(where: { $0.key == "city" })?.value else { return nil }
    guard let city = try? JSONDecoder().decode(StoredCity.self, from: Data(text.utf8)) else {
      throw UnreadableSavedCity()
    }
    return SavedCity(name: city.name, country: city.country, latitude: city.latitude, longitude: city.longitude)
  }

  func saveCity(_ saved: SavedCity) throws {
    let city = StoredCity(
      name: saved.name, country: saved.country, latitude: saved.latitude, longitude: saved.longitude)
    try set("home.city", to: String(decoding: try JSONEncoder().encode(city), as: UTF8.self))
  }

  func clearCity() throws {
    try set("home.city", to: nil)
  }
}
