import FeatureEnvironment
import Foundation
import Networking
import ServiceAccess
import TestSupport
import XCTest

@testable import Explore

final class ETagCacheTests: XCTestCase {
  private func makeSUT() throws -> (ETagCache, TemporaryDirectory) {
    let directory = try TemporaryDirectory()
    addTeardownBlock { directory.remove() }
    return (ETagCache(directory: directory.file("github")), directory)
  }

  private let tetris = RepositoryName("dtrupenn/Tetris")!

  func test_anEntry_comesBackByKindAndName_inAnyCase() throws {
    let (cache, _) = try makeSUT()
    cache.save(.readme, tetris, etag: #"W/"abc""#, body: Data("# Tetris".utf8))

    XCTAssertEqual(
      cache.load(.readme, RepositoryName("DTRUPENN/tetris")!),
      ETagCache.Entry(etag: #"W/"abc""#, body: Data("# Tetris".utf8)))
    XCTAssertNil(cache.load(.repository, tetris))
    XCTAssertTrue(cache.path(.readme, tetris).hasSuffix("/readme@dtrupenn@tetris"))
  }

  func test_touching_marksAnEntryJustUsed() throws {
    let (cache, _) = try makeSUT()
    cache.save(.readme, tetris, etag: "\"1\"", body: Data("x".utf8))
    let path = cache.path(.readme, tetris)
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSince1970: 1_000_000_000)], ofItemAtPath: path)

    cache.touch(.readme, tetris)

    let modified = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
    XCTAssertGreaterThan(modified ?? .distantPast, Date(timeIntervalSince1970: 1_700_000_000))
  }

  func test_anETagThatCouldBreakTheFile_isNotKept() throws {
    let (cache, _) = try makeSUT()
    for bad in ["", "a b", "x\ny", String(repeating: "e", count: 201), "é"] {
      cache.save(.readme, tetris, etag: bad, body: Data("x".utf8))
      XCTAssertNil(cache.load(.readme, tetris), bad)
    }
  }

  func test_pastTheBound_theOldestEntriesGo() throws {
    let (cache, directory) = try makeSUT()
    for number in 0..<(ETagCache.maxEntries + 5) {
      let name = RepositoryName("owner/repo-\(number)")!
      cache.save(.repository, name, etag: "\"\(number)\"", body: Data("{}".utf8))
      // Modification times order eviction; make them distinct.
      try FileManager.default.setAttributes(
        [.modificationDate: Date(timeIntervalSince1970: 1_700_000_000 + Double(number))],
        ofItemAtPath: cache.path(.repository, name))
    }
    cache.evict()

    let left = try FileManager.default.contentsOfDirectory(atPath: directory.file("github"))
    XCTAssertEqual(left.count, ETagCache.maxEntries)
    XCTAssertFalse(left.contains("repo@owner@repo-0"))
    XCTAssertTrue(left.contains("repo@owner@repo-204"))
  }

  func test_pastTheByteBound_theOldestGo() throws {
    let (cache, directory) = try makeSUT()
    let big = Data(repeating: UInt8(ascii: "x"), count: 4 << 20)
    for number in 0..<6 {
      let name = RepositoryName("owner/big-\(number)")!
      cache.save(.readme, name, etag: "\"\(number)\"", body: big)
      try FileManager.default.setAttributes(
        [.modificationDate: Date(timeIntervalSince1970: 1_700_000_000 + Double(number))],
        ofItemAtPath: cache.path(.readme, name))
    }
    cache.evict()

    let left = try FileManager.default.contentsOfDirectory(atPath: directory.file("github")).sorted()
    XCTAssertEqual(left, ["readme@owner@big-2", "readme@owner@big-3", "readme@owner@big-4", "readme@owner@big-5"])
  }

  /// An ETag goes back into a header: one that could break it (a line
  /// break, a control, a megabyte) is never kept, nor read back.
  func test_anETagThatCouldBreakAHeader_isNeverKept() throws {
    let (cache, _) = try makeSUT()
    for bad in ["\"a\"\r\nX-Evil: 1", "\u{1B}[2J", "", String(repeating: "e", count: 201)] {
      cache.save(.readme, tetris, etag: bad, body: Data("x".utf8))
      XCTAssertNil(cache.load(.readme, tetris), bad.debugDescription)
    }
    try FileManager.default.createDirectory(
      atPath: (cache.path(.readme, tetris) as NSString).deletingLastPathComponent,
      withIntermediateDirectories: true)
    try Data("etag \u{7}bell\nbody".utf8).write(to: URL(fileURLWithPath: cache.path(.readme, tetris)))
    XCTAssertNil(cache.load(.readme, tetris), "a file with such an ETag is not used")
  }
}

final class LiveGitHubServiceTests: XCTestCase {
  private func makeSUT(token: GitHubToken? = nil) throws -> (LiveGitHubService, HTTPClientStub, TokenSpy) {
    let directory = try TemporaryDirectory()
    addTeardownBlock { directory.remove() }
    let client = HTTPClientStub()
    let tokens = TokenSpy(token)
    let service = LiveGitHubService(
      access: GitHubAccess(baseURL: URL(string: "http://127.0.0.1:1")!, tokens: tokens),
      environment: Environment(
        now: { Date(timeIntervalSince1970: 1_800_000_000) }, client: client, cacheDirectory: directory.path))
    return (service, client, tokens)
  }

  private let tetris = RepositoryName("dtrupenn/Tetris")!

  private func json(_ body: String, status: Int = 200, headers: [String: String] = [:]) -> HTTPResponse {
    HTTPResponse(status: status, headers: headers, body: Data(body.utf8))
  }

  func test_aRecordSeenBefore_isRevalidatedWithItsETag_and304ReusesIt() async throws {
    let (service, client, _) = try makeSUT()
    client.responses = [
      json(GitHubFixtures.tetris, headers: ["etag": #""e1""#]), HTTPResponse(status: 304, headers: ["etag": #""e1""#]),
    ]

    let first = try await service.repository(tetris)
    let second = try await service.repository(tetris)

    XCTAssertEqual(first, second)
    XCTAssertEqual(first.watchers, 7)
    XCTAssertNil(client.requests[0].headers.first { $0.name == "If-None-Match" })
    XCTAssertEqual(client.requests[1].headers.first { $0.name == "If-None-Match" }?.value, #""e1""#)
  }

  func test_aChangedReadme_replacesTheCachedOne() async throws {
    let (service, client, _) = try makeSUT()
    client.responses = [
      json(GitHubFixtures.readme("# One"), headers: ["etag": #""r1""#]),
      json(GitHubFixtures.readme("# Two"), headers: ["etag": #""r2""#]),
      HTTPResponse(status: 304),
    ]

    let one = try await service.readme(of: tetris)
    let two = try await service.readme(of: tetris)
    let cached = try await service.readme(of: tetris)

    XCTAssertEqual(one?.text, "# One")
    XCTAssertEqual(two?.text, "# Two")
    XCTAssertEqual(cached?.text, "# Two")
    XCTAssertEqual(client.requests[2].headers.first { $0.name == "If-None-Match" }?.value, #""r2""#)
  }

  func test_noReadme_isNil_otherFailuresAreErrors() async throws {
    let (service, client, _) = try makeSUT()
    client.responses = [json(GitHubFixtures.notFound, status: 404), json("{}", status: 200)]

    let none = try await service.readme(of: tetris)
    XCTAssertNil(none)
    do {
      _ = try await service.readme(of: tetris)
      XCTFail("a body without content is unreadable")
    } catch {
      XCTAssertEqual(error as? GitHubError, .unreadable)
    }
  }

  func test_theToken_isAskedOnce_evenByRequestsAtOnce_andSentAsBearer() async throws {
    let (service, client, tokens) = try makeSUT(token: GitHubToken(value: "ghp_x", source: "gh auth token"))
    client.responses = (0..<3).map { _ in json(GitHubFixtures.page(total: 3, count: 3)) }

    async let a = service.search("a", sort: .best, page: 1)
    async let b = service.search("b", sort: .best, page: 1)
    async let c = service.search("c", sort: .best, page: 1)
    _ = try await (a, b, c)

    XCTAssertEqual(tokens.timesAsked, 1)
    XCTAssertEqual(
      client.requests.map { $0.headers.first { $0.name == "Authorization" }?.value },
      Array(repeating: "Bearer ghp_x", count: 3))
  }

  func test_theRateLimit_isRecordedFromEveryAnswer() async throws {
    let (service, client, _) = try makeSUT()
    client.responses = [
      json(
        GitHubFixtures.page(total: 1, count: 1),
        headers: ["x-ratelimit-remaining": "2", "x-ratelimit-reset": "1800000600"])
    ]

    _ = try await service.search("a", sort: .best, page: 1)

    XCTAssertEqual(service.rateLimit, RateLimit(remaining: 2, resetsAt: Date(timeIntervalSince1970: 1_800_000_600)))
  }
}
