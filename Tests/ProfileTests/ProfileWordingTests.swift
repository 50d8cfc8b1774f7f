import XCTest

@testable import Profile

/// The sentences Profile's screens print for what their view models report;
/// the end-to-end tests expect these bytes.
@MainActor
final class ProfileWordingTests: XCTestCase {
  func test_toggleResults() async {
    XCTAssertEqual(
      SettingsViewModel.ToggleResult.toggled(title: "Map view", isOn: true).sentence, "Map view is now on.")
    XCTAssertEqual(
      SettingsViewModel.ToggleResult.toggled(title: "Favorites", isOn: false).sentence, "Favorites is now off.")
    XCTAssertEqual(
      SettingsViewModel.ToggleResult.unknown(reference: "9", count: 2, keys: ["favorites", "map"]).sentence,
      "There is no setting '9'. Use a number from 1 to 2 or one of: favorites, map.")
    XCTAssertEqual(
      SettingsViewModel.ToggleResult.notSaved(title: "Map view", reason: "the disk is full").sentence,
      "Could not save Map view: the disk is full. The setting is unchanged.")
  }

  func test_anUnknownReference_isEchoedCleanAndShort() async {
    let typed = "\u{1B}[31mred" + String(repeating: "x", count: 100)

    let sentence = SettingsViewModel.ToggleResult.unknown(reference: typed, count: 1, keys: ["map"]).sentence

    XCTAssertFalse(sentence.contains("\u{1B}"), sentence)
    XCTAssertFalse(sentence.contains(String(repeating: "x", count: 41)), sentence)
  }

  func test_readFailure() async {
    XCTAssertEqual(
      SettingsScreen.readFailureSentence(reason: "the disk is full"), "Could not read your settings: the disk is full.")
  }

  func test_logoutResults() async {
    XCTAssertEqual(ProfileViewModel.LogoutResult.loggedOut.sentence, "Logged out.")
    XCTAssertEqual(
      ProfileViewModel.LogoutResult.failed(reason: "the disk is full").sentence,
      "Could not log out: the disk is full. You are still logged in.")
  }
}
