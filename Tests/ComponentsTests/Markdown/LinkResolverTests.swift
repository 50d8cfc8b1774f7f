import Foundation
import XCTest

@testable import Components

final class LinkResolverTests: XCTestCase {
  private let repository = LinkResolver(base: URL(string: "https://github.com/o/n/blob/main/"))

  func test_relativePaths_joinTheBase_withDotSegmentsApplied() {
    XCTAssertEqual(repository.resolve("docs/a.md"), "https://github.com/o/n/blob/main/docs/a.md")
    XCTAssertEqual(repository.resolve("./a.md"), "https://github.com/o/n/blob/main/a.md")
    XCTAssertEqual(repository.resolve("docs/../a.md"), "https://github.com/o/n/blob/main/a.md")
    XCTAssertEqual(repository.resolve("../../x"), "https://github.com/o/n/x")
    XCTAssertEqual(repository.resolve("../../../../../../x"), "https://github.com/x")
    XCTAssertEqual(repository.resolve("../a.md?x=1#y"), "https://github.com/o/n/blob/a.md?x=1#y")
    XCTAssertEqual(repository.resolve("a.md#section"), "https://github.com/o/n/blob/main/a.md#section")
  }

  func test_rootRelativePaths_startAtTheBase_asGitHubReadsThemInAREADME() {
    XCTAssertEqual(repository.resolve("/LICENSE"), "https://github.com/o/n/blob/main/LICENSE")
  }

  func test_absoluteAddresses_areKept_schemeRelativeOnesGetHTTPS() {
    XCTAssertEqual(repository.resolve("https://x.example/y"), "https://x.example/y")
    XCTAssertEqual(repository.resolve("mailto:a@b.c"), "mailto:a@b.c")
    XCTAssertEqual(repository.resolve("//cdn.example/x"), "https://cdn.example/x")
  }

  func test_fragmentsAndEmptyAddresses_haveNothingToShow() {
    XCTAssertNil(repository.resolve("#usage"))
    XCTAssertNil(repository.resolve(""))
    XCTAssertNil(repository.resolve("   "))
  }

  func test_spacesInAPath_areEncoded() {
    XCTAssertEqual(repository.resolve("my shot.png"), "https://github.com/o/n/blob/main/my%20shot.png")
  }

  func test_aBaseNamingAFile_resolvesFromItsFolder_andOneWithoutAPathFromTheRoot() {
    let file = LinkResolver(base: URL(string: "https://github.com/o/n/blob/main/README.md?plain=1"))
    XCTAssertEqual(file.resolve("docs/x"), "https://github.com/o/n/blob/main/docs/x")

    let host = LinkResolver(base: URL(string: "https://example.org"))
    XCTAssertEqual(host.resolve("a"), "https://example.org/a")
    XCTAssertEqual(host.resolve("../a"), "https://example.org/a")
  }

  func test_withoutABase_relativeAddressesStayAsWritten() {
    XCTAssertEqual(LinkResolver(base: nil).resolve("docs/a.md"), "docs/a.md")
  }

  func test_schemes_areRecognisedAsRFC3986SpellsThem() {
    XCTAssertTrue(LinkResolver.hasScheme("git+ssh://host/x"))
    XCTAssertTrue(LinkResolver.hasScheme("mailto:x"))
    XCTAssertFalse(LinkResolver.hasScheme("1http://x"))
    XCTAssertFalse(LinkResolver.hasScheme("docs/a:b"))
    XCTAssertFalse(LinkResolver.hasScheme(":x"))
  }
}
