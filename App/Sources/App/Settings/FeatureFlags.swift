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
  private var values: [FeatureFlag: Bool] = [:]
  /// The database's files when `values` was read.
  private var readFrom: [Int]?

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
  /// A read that fails keeps the defaults: the tabs keep working, and
  /// Settings (which reads the store itself) shows the failure.
  func refresh() {
    let stamp = database.fileStamp()
    guard stamp != readFrom else { return }
    values = (try? store.flagValues()) ?? [:]
    readFrom = database.fileStamp()
  }
}

extension FeatureFlags: ProfileSettingsStoring {
  func featureFlags() throws -> [FeatureFlagState] {
    values = try store.flagValues()
    readFrom = database.fileStamp()
    return FeatureFlag.allCases.map { FeatureFlagState(key: $0.rawValue, title: $0.title, isOn: isOn($0)) }
  }

  func setFeatureFlag(_ key: String, isOn: Bool) throws {
    guard let flag = FeatureFlag(rawValue: key) else { return }
    try store.set(flag, isOn: isOn)
    values[flag] = isOn
    readFrom = database.fileStamp()
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
