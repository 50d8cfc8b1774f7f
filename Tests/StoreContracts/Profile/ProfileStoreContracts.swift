import Profile
import XCTest

/// What every store behind `ProfileSettingsStoring` promises.
@MainActor
public enum ProfileSettingsStoringContract {
  /// `make` gives a store with every flag at its default; `reopen` the same data anew.
  public static func verify(
    _ name: String, make: () throws -> any ProfileSettingsStoring,
    reopen: (any ProfileSettingsStoring) throws -> any ProfileSettingsStoring,
    file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let store = try make()
    let defaults = try store.featureFlags()
    guard let first = defaults.first else { return XCTFail("\(name): there are flags", file: file, line: line) }
    XCTAssertEqual(
      Set(defaults.map(\.key)).count, defaults.count, "\(name): keys are unique", file: file, line: line)
    XCTAssertEqual(try store.featureFlags(), defaults, "\(name): a stable order", file: file, line: line)

    try store.setFeatureFlag(first.key, isOn: !first.isOn)
    var flipped = defaults
    flipped[0] = FeatureFlagState(key: first.key, title: first.title, isOn: !first.isOn)
    XCTAssertEqual(
      try reopen(store).featureFlags(), flipped, "\(name): that flag, and only it, changed for good", file: file,
      line: line)

    try store.setFeatureFlag("no-such-flag", isOn: true)
    XCTAssertEqual(try store.featureFlags(), flipped, "\(name): an unknown key changes nothing", file: file, line: line)

    try store.setFeatureFlag(first.key, isOn: first.isOn)
    XCTAssertEqual(try reopen(store).featureFlags(), defaults, "\(name): and back", file: file, line: line)
  }
}
