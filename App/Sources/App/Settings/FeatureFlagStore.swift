import Profile
import Storage

/// One account's feature flags, in the database; a flag never set has its default.
final class FeatureFlagStore: ProfileSettingsStoring, Sendable {
  private let database: SQLiteDatabase
  private let accountID: Int64

  init(database: SQLiteDatabase, accountID: String) {
    self.database = database
    self.accountID = Int64(accountID) ?? -1
  }

  func isOn(_ flag: FeatureFlag) throws -> Bool {
    try values()[flag] ?? flag.isOnByDefault
  }

  func featureFlags() throws -> [(key: String, title: String, isOn: Bool)] {
    let stored = try values()
    return FeatureFlag.allCases.map { ($0.rawValue, $0.title, stored[$0] ?? $0.isOnByDefault) }
  }

  func setFeatureFlag(_ key: String, isOn: Bool) throws {
    guard let flag = FeatureFlag(rawValue: key) else { return }
    try database.execute(
      """
      INSERT INTO settings (account_id, key, value) VALUES (?, ?, ?)
      ON CONFLICT (account_id, key) DO UPDATE SET value = excluded.value
      """,
      [.integer(accountID), .text("flag." + flag.rawValue), .text(isOn ? "on" : "off")])
  }

  private func values() throws -> [FeatureFlag: Bool] {
    let rows = try database.execute(
      "SELECT key, value FROM settings WHERE account_id = ? AND key LIKE 'flag.%'", [.integer(accountID)])
    var values: [FeatureFlag: Bool] = [:]
    for row in rows {
      guard let key = row.text("key"), let flag = FeatureFlag(rawValue: String(key.dropFirst(5))) else { continue }
      values[flag] = row.text("value") == "on"
    }
    return values
  }
}
