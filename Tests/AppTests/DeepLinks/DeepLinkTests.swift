import XCTest

@testable import App

/// The links as the tabs declare them, for comparing.
extension DeepLink {
  fileprivate static func place(id: String) -> DeepLink { DeepLink(tab: "home", word: "place", value: id) }
  fileprivate static func city(query: String) -> DeepLink { DeepLink(tab: "home", word: "city", value: query) }
  fileprivate static func repository(fullName: String) -> DeepLink {
    DeepLink(tab: "explore", word: "repo", value: fullName)
  }
  fileprivate static func search(query: String) -> DeepLink { DeepLink(tab: "explore", word: "search", value: query) }
  fileprivate static let bookmarks = DeepLink(tab: "bookmarks", word: nil, value: "")
  fileprivate static let settings = DeepLink(tab: "profile", word: "settings", value: "")
}

/// Links are outside data: only the six forms pass, checked part by part.
final class DeepLinkTests: XCTestCase {
  private func parsed(_ text: String) -> DeepLink? {
    try? DeepLink.parse(text)
  }

  private func reason(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
    do {
      let link = try DeepLink.parse(text)
      XCTFail("\(text) opened as \(link)", file: file, line: line)
      return nil
    } catch {
      return error.reason
    }
  }

  func test_theSixForms_inAnyCaseOfScheme_withEncodedQueries() {
    XCTAssertEqual(parsed("wayfarer://home/place/offline-0004"), .place(id: "offline-0004"))
    XCTAssertEqual(parsed("WAYFARER://Home/Place/51a2b3c4d5"), .place(id: "51a2b3c4d5"), "ids keep their case")
    XCTAssertEqual(parsed("wayfarer://home/city?q=Rio+de%20Janeiro"), .city(query: "Rio de Janeiro"))
    XCTAssertEqual(parsed("wayfarer://home/city?q=S%C3%A3o%20Paulo&x=1"), .city(query: "São Paulo"))
    XCTAssertEqual(parsed("wayfarer://explore/repo/apple/swift"), .repository(fullName: "apple/swift"))
    XCTAssertEqual(parsed("wayfarer://explore/repo/dtrupenn/Tetris/"), .repository(fullName: "dtrupenn/Tetris"))
    XCTAssertEqual(
      parsed("wayfarer://explore/search?q=tui+language%3Aswift+stars%3A%3E100"),
      .search(query: "tui language:swift stars:>100"))
    XCTAssertEqual(parsed("wayfarer://bookmarks"), .bookmarks)
    XCTAssertEqual(parsed("wayfarer://bookmarks/#top"), .bookmarks)
    XCTAssertEqual(parsed("wayfarer://profile/settings"), .settings)
  }

  /// A repository's address on github.com opens it as its wayfarer:// link
  /// does, checked the same way; what follows OWNER/NAME is left out.
  func test_aGitHubAddress_opensTheRepository_checkedAsItsLinkIs() {
    XCTAssertEqual(parsed("https://github.com/apple/swift"), .repository(fullName: "apple/swift"))
    XCTAssertEqual(parsed("HTTP://WWW.GitHub.com/Apple/Swift.git"), .repository(fullName: "Apple/Swift"))
    XCTAssertEqual(
      parsed("https://github.com/dtrupenn/Tetris/tree/main/src?tab=readme#top"),
      .repository(fullName: "dtrupenn/Tetris"))
    XCTAssertEqual(
      reason("https://github.com/apple"),
      "Wayfarer opens github.com addresses of the form https://github.com/OWNER/NAME")
    XCTAssertEqual(reason("https://github.com/../etc"), "'../etc' is not a GitHub name like owner/name")
    XCTAssertEqual(reason("https://github.com/a%2Fb/c"), "'a/b/c' is not a GitHub name like owner/name")
    XCTAssertEqual(
      reason("https://github.com/a/b\u{1B}[2J"), "it holds spaces or control characters (encode them, e.g. %20)")
    XCTAssertEqual(reason("https://github.com.evil.example/a/b"), "it is not a wayfarer:// link")
  }

  /// github.com/orgs/x, /settings/profile, /topics/swift: GitHub's own
  /// pages, whose first part no account may take, are no repository's.
  func test_anAddressOfOneOfGitHubsOwnPages_isNoRepositorys() {
    XCTAssertEqual(
      reason("https://github.com/orgs/x"), "github.com/orgs/… is one of GitHub's own pages, not a repository's address")
    XCTAssertEqual(
      reason("https://github.com/Settings/profile"),
      "github.com/settings/… is one of GitHub's own pages, not a repository's address")
    for address in [
      "https://github.com/topics/swift", "https://www.github.com/marketplace/actions/x?y=1",
      "https://github.com/sponsors/x", "https://github.com/features/actions", "https://github.com/users/x/projects/1",
      "wayfarer://explore/repo/trending/swift",
    ] {
      XCTAssertEqual(
        reason(address)?.hasSuffix("is one of GitHub's own pages, not a repository's address"), true, address)
    }
    XCTAssertEqual(parsed("https://github.com/orgsx/y"), .repository(fullName: "orgsx/y"), "only the whole part")
    XCTAssertEqual(parsed("https://github.com/x/orgs"), .repository(fullName: "x/orgs"), "a repository may be so named")
  }

  func test_hostileAndMalformedLinks_areRefusedWithAReason() {
    XCTAssertEqual(reason("https://gitlab.com/apple/swift"), "it is not a wayfarer:// link")
    XCTAssertEqual(reason("wayfarer:bookmarks"), "it is not a wayfarer:// link")
    XCTAssertEqual(reason("wayfarer://home/place/a%2Fb"), "'a/b' is not a place id")
    XCTAssertEqual(reason("wayfarer://home/place/%E2%80%AEevil"), "'evil' is not a place id")
    XCTAssertEqual(reason("wayfarer://explore/repo/../etc"), "'../etc' is not a GitHub name like owner/name")
    XCTAssertEqual(reason("wayfarer://explore/repo/-x/y"), "'-x/y' is not a GitHub name like owner/name")
    XCTAssertEqual(
      reason("wayfarer://explore/repo/apple/sw%1B%5B31mift"),
      "'apple/sw<U+001B>[31mift' is not a GitHub name like owner/name", "never the name it refuses")
    XCTAssertEqual(reason("wayfarer://explore/repo/a%2Fb/c"), "'a/b/c' is not a GitHub name like owner/name")
    XCTAssertEqual(reason("wayfarer://home/city"), "it needs ?q= with the city's name")
    XCTAssertEqual(reason("wayfarer://explore/search?q=+++"), "it needs ?q= with the search")
    XCTAssertEqual(reason("wayfarer://explore/search?q=%1B%5B2J"), "the search holds control characters")
    XCTAssertEqual(
      reason("wayfarer://home/city?q=%ZZ"), "its query is not percent-encoded correctly (% and two hexadecimal digits)")
    XCTAssertEqual(reason("wayfarer://home/city?q=%C3"), "its query decodes to bytes that are not UTF-8 text")
    XCTAssertEqual(reason("wayfarer://home/place/%C0%AF"), "its path decodes to bytes that are not UTF-8 text")
    XCTAssertEqual(reason("wayfarer://home/place/%2e%2e"), "'..' is not a place id")
    XCTAssertEqual(reason("wayfarer://home//place"), "it has an empty part between slashes")
    XCTAssertEqual(
      reason("wayfarer://home/city?q=" + String(repeating: "a", count: 101)),
      "the city's name is longer than 100 characters")
    XCTAssertEqual(reason("wayfarer://" + String(repeating: "a", count: 2048)), "it is longer than 2048 characters")
    XCTAssertEqual(
      reason("wayfarer://profile/settings\u{1B}[2J"), "it holds spaces or control characters (encode them, e.g. %20)")
    XCTAssertTrue(
      reason("wayfarer://profile")?.hasPrefix("there is no such screen; links are wayfarer://home/place/ID") == true)
    XCTAssertTrue(reason("wayfarer://bookmarks/1")?.hasPrefix("there is no such screen") == true)
    XCTAssertThrowsError(try DeepLink.parse("wayfarer://book\u{200B}marks")) { error in
      XCTAssertEqual((error as? DeepLink.Refusal)?.link, "wayfarer://book<U+200B>marks", "not the link it refuses")
    }
  }

  /// Printed, a link has no escape sequences and stays on one line; what is
  /// not drawn is written as its code, so the sentence shows where it is.
  func test_theRefusal_printsTheLinkSanitisedAndShortened() throws {
    do {
      _ = try DeepLink.parse("http://\u{1B}]8;;evil\u{7}x" + String(repeating: "y", count: 200))
      XCTFail("opened")
    } catch {
      XCTAssertFalse(error.sentence.unicodeScalars.contains { $0.value < 0x20 }, error.sentence)
      XCTAssertTrue(
        error.sentence.hasPrefix("Wayfarer cannot open http://<U+001B>]8;;evil<U+0007>xyyy"), error.sentence)
      XCTAssertLessThanOrEqual(error.link.count, 60)
    }
  }

  /// Found by the fuzzer: spaces became %20 after the cut to 60, so a link
  /// of tabs printed three times as wide.
  func test_aLinkOfSpaces_isShownAtMost60Wide() {
    for text in [String(repeating: "\t", count: 19) + "\u{C6}\t", String(repeating: " ", count: 500)] {
      XCTAssertLessThanOrEqual(DeepLink.shown(text).count, 60, text.debugDescription)
    }
    XCTAssertEqual(DeepLink.shown("wayfarer://a b"), "wayfarer://a%20b")
  }
}

/// The links the tabs declare are the ones documented: the README's table
/// and `--help` are checked against the registry, as the variables are.
final class LinkRegistryTests: XCTestCase {
  func test_theREADMEsLinkTable_andHelp_listEveryRegisteredLink() async throws {
    let usage = await MainActor.run { CommandLineOptions.usage }
    let readme = try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "../../../README.md"), encoding: .utf8)
    let documented = readme.split(separator: "\n").filter { $0.hasPrefix("| `wayfarer://") }.map { row in
      row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
    }
    let registered = Tabs.linkPatterns.map { ["`wayfarer://\($0.form)`", $0.meaning] }

    XCTAssertEqual(documented.map { Array($0.prefix(2)) }, registered)
    var refusal = ""
    do {
      let link = try DeepLink.parse("wayfarer://nowhere")
      XCTFail("wayfarer://nowhere opened as \(link)")
    } catch {
      refusal = error.reason
    }
    for pattern in Tabs.linkPatterns {
      XCTAssertTrue(usage.contains("wayfarer://" + pattern.form), pattern.form)
      XCTAssertTrue(refusal.contains(pattern.form), "a refused link lists \(pattern.form): \(refusal)")
    }
  }

  /// Each link of a tab is told apart by its word (what it opens is found by it).
  func test_eachTabsLinks_differByTheirWord() {
    for entry in Tabs.all {
      XCTAssertEqual(Set(entry.links.map(\.word)).count, entry.links.count, entry.name)
    }
  }
}
