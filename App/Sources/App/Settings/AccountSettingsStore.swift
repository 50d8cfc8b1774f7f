import ErrorSentences
import Foundation
import Home
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

  /// The flags set on this account (a flag never set is not in it).
  func flagValues() throws -> [FeatureFlag: Bool] {
    var flags: [FeatureFlag: Bool] = [:]
    for (key, value) in try values(prefix: "flag.") {
      guard let flag = FeatureFlag(rawValue: key) else { continue }
      flags[flag] = value == "on"
    }
    return flags
  }

  func set(_ flag: FeatureFlag, isOn: Bool) throws {
    try set("flag." + flag.rawValue, to: isOn ? "on" : "off")
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

extension AccountSettingsStore: HomeLocationStoring {
  /// The stored shape (JSON in the settings table).
  private struct StoredCity: Codable {
    var name: String
    var country: String
    var latitude: Double
    var longitude: Double
  }

  func savedCity() throws(SavedCityError) -> SavedCity? {
    let stored: String?
    do {
      stored = try values(prefix: "home.").first(where: { $0.key == "city" })?.value
    } catch {
      throw .unavailable(reason: ErrorSentence.reason(for: error))
    }
    guard let text = stored else { return nil }
    guard let city = try? JSONDecoder().decode(StoredCity.self, from: Data(text.utf8)) else {
      throw .unreadable
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
