import Secrets
import XCTest

@testable import App

final class AsciicastTests: XCTestCase {
  /// The terminal echoes what a demo's script types: a token typed there is
  /// hidden in the cast, as in every other output.
  func test_aKeyInTheOutput_isHiddenInTheCast() {
    let token = "ghp_castSecretToken0123456789"
    SecretText.hide(token, naming: "GITHUB_TOKEN")
    var cast = Asciicast(width: 80, height: 24, startedAt: nil)

    cast.output("search x --sort \(token)\r\n", at: 0.5)
    cast.output("wayfarer> ", at: 1)
    cast.appendToLast("ghp_cast")
    cast.appendToLast("SecretToken0123456789")

    XCTAssertFalse(String(decoding: cast.bytes, as: UTF8.self).contains("SecretToken"), cast.allOutput)
    XCTAssertEqual(cast.allOutput, "search x --sort [GITHUB_TOKEN]\r\nwayfarer> [GITHUB_TOKEN]")
  }
}
