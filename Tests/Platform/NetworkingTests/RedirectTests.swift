import Foundation
import XCTest

@testable import Networking

/// Which redirects are followed, and which are refused because the request
/// carries a key.
final class RedirectTests: XCTestCase {
  private let key = Secret(value: "AIzaTestKey12345", source: "GEMINI_API_KEY")

  private func response(_ status: Int, _ location: String?) -> HTTPResponse {
    HTTPResponse(status: status, headers: location.map { ["location": $0] } ?? [:])
  }

  private func request(_ url: String, method: HTTPRequest.Method = .get, secret: Bool) -> HTTPRequest {
    let plain = HTTPRequest(method: method, url: URL(string: url)!, body: method == .post ? Data("{}".utf8) : nil)
    return secret ? plain.sending(key, inHeader: "x-goog-api-key") : plain
  }

  func test_aRequestWithAKey_followsOnlyToItsOwnOrigin() throws {
    let keyed = request("https://api.example.com/v1beta/models/m:generateContent", secret: true)

    let samePlace = try Redirect.next(after: response(307, "/v1beta/other"), to: keyed, hops: 0)
    XCTAssertEqual(samePlace?.url.absoluteString, "https://api.example.com/v1beta/other")
    XCTAssertEqual(samePlace?.carriesSecret, true)
    XCTAssertEqual(
      try Redirect.next(after: response(301, "https://API.example.com:443/x"), to: keyed, hops: 0)?.url.host,
      "API.example.com", "the same origin, written differently")

    for elsewhere in [
      "https://evil.example/phish", "http://api.example.com/x", "https://api.example.com:8443/x", "//evil.example/x",
    ] {
      XCTAssertThrowsError(try Redirect.next(after: response(307, elsewhere), to: keyed, hops: 0), elsewhere) {
        guard case HTTPError.redirected(let host, let location) = $0 else { return XCTFail("\($0)") }
        XCTAssertEqual(host, "api.example.com")
        XCTAssertFalse(location.isEmpty)
      }
    }
  }

  func test_aRequestWithoutAKey_followsAnywhereOnTheWeb() throws {
    let plain = request("https://api.github.com/repos/a/b", secret: false)

    XCTAssertEqual(
      try Redirect.next(after: response(302, "https://elsewhere.example/repos/1"), to: plain, hops: 2)?.url.host,
      "elsewhere.example")
    XCTAssertNil(try Redirect.next(after: response(302, "ftp://elsewhere.example/x"), to: plain, hops: 0))
    XCTAssertNil(try Redirect.next(after: response(302, nil), to: plain, hops: 0), "no Location: the answer itself")
    XCTAssertNil(try Redirect.next(after: response(304, "/x"), to: plain, hops: 0), "304 is no redirect")
    XCTAssertThrowsError(try Redirect.next(after: response(302, "/again"), to: plain, hops: Redirect.maximumHops)) {
      XCTAssertEqual($0 as? HTTPError, .tooManyRedirects(host: "api.github.com", count: 5))
    }
  }

  func test_aPostRedirectedWith303_becomesAGetWithoutItsBody_307KeepsIt() throws {
    let post = request("http://127.0.0.1:9/v1/chat/completions", method: .post, secret: false)

    let seeOther = try XCTUnwrap(try Redirect.next(after: response(303, "/v1/done"), to: post, hops: 0))
    XCTAssertEqual(seeOther.method, .get)
    XCTAssertNil(seeOther.body)
    let temporary = try XCTUnwrap(try Redirect.next(after: response(307, "/v1/again"), to: post, hops: 0))
    XCTAssertEqual(temporary.method, .post)
    XCTAssertEqual(temporary.body, Data("{}".utf8))
  }

  /// The sentence names where the server sent the request, without the
  /// query (whatever the server put there).
  func test_theSentence_saysWhereTheRedirectPointed() {
    XCTAssertThrowsError(
      try Redirect.next(
        after: response(307, "https://evil.example/phish?key=AIzaTestKey12345"),
        to: request("https://api.example.com/x", secret: true), hops: 0)
    ) { error in
      XCTAssertEqual(
        "\(error)",
        "api.example.com redirected the request to https://evil.example/phish; Wayfarer does not follow a request that carries your key to another server."
      )
    }
  }
}
