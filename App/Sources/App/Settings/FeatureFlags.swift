import Explore
import Home
import Profile
import Storage

/// One account's feature flags, kept in memory while its tab flow runs:
/// read once when the flow starts, written through the store on `toggle`,
/// and read again when a tab appears if the database changed since (so
/// another Wayfarer's toggle shows up then).
///
/// Drawing the tab bar, asking
/// whether Bookmarks is shown or whether Home draws its map runs no
/// statement.
@MainActor
final class FeatureFlags {
  private let store: AccountSettingsStore
  private let database: SQLiteDatabase
  // Neither is checked for overlapping access at run time (the tab bar
  // asks a flag at every command): they hold flags, booleans and numbers,
  // and no code runs while either is written, whole or one flag.
  @exclusivity(unchecked) private var values: [FeatureFlag: Bool] = [:]
  /// The database's files when `values` was read.
  @exclusivity(unchecked) private var readFrom: [Int]?

  init(store: AccountSettingsStore, database: SQLiteDatabase) {
    self.store = store
    self.database = database
    refresh()
  }

  func isOn(_ flag: FeatureFlag) -> Bool {
    values[flag] ?? flag.isOnByDefault
  }

  /// Reads the flags again if the database changed since they were read.
  ///
  /// The stamp is taken before the read, so a commit made during it is
  /// read next time. A read that fails keeps the values it had (the
  /// defaults, at first) and is tried again next time; Settings, which
  /// reads the store itself, shows the failure.
  func refresh() {
    let stamp = database.fileStamp()
    guard stamp != readFrom else { return }
    guard let read = try? store.flagValues() else {
      readFrom = nil
      return
    }
    values = read
    readFrom = stamp
  }
}

extension FeatureFlags: ProfileSettingsStoring {
  /// The flags as the database has them: read again unless it is unchanged
  /// since the last read, which succeeded (Settings, opened each time
  /// `settings` is typed, read them on every opening).
  func featureFlags() throws -> [FeatureFlagState] {
    let stamp = database.fileStamp()
    if stamp != readFrom {
      values = try store.flagValues()
      readFrom = stamp
    }
    return FeatureFlag.allCases.map { FeatureFlagState(key: $0.rawValue, title: $0.title, isOn: isOn($0)) }
  }

  func setFeatureFlag(_ key: String, isOn: Bool) throws {
    guard let flag = FeatureFlag(rawValue: key) else { return }
    try store.set(flag, isOn: isOn)
    values[flag] = isOn
    // Read once more at the next refresh: another Wayfarer may have changed
    // a flag since the last read, and the write's stamp would hide it.
    readFrom = nil
  }
}

extension FeatureFlags: HomeFeatureFlagsProviding {
  var areFavoritesEnabled: Bool { isOn(.favorites) }
  var isMapEnabled: Bool { isOn(.map) }
  var isCategoryFilterEnabled: Bool { isOn(.categoryFilter) }
}

extension FeatureFlags: ExploreFeatureFlagsProviding {
  var areBookmarksEnabled: Bool { isOn(.favorites) }
}
