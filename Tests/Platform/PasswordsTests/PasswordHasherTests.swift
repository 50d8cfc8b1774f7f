import Passwords
import XCTest

final class PasswordHasherTests: XCTestCase {
  private let hasher = PasswordHasher(cost: .minimum)

  func test_hash_isSaltedArgon2id_andVerifies() throws {
    let first = try hasher.hash("correct horse battery")
    let second = try hasher.hash("correct horse battery")

    XCTAssertTrue(first.hasPrefix("$argon2id$v=19$"), first)
    XCTAssertNotEqual(first, second, "each hash has its own salt")
    XCTAssertTrue(hasher.verify("correct horse battery", against: first))
    XCTAssertFalse(hasher.verify("correct horse batterY", against: first))
    XCTAssertFalse(hasher.verify("", against: first))
  }

  func test_verify_worksAcrossCosts_andRejectsGarbage() throws {
    let hash = try hasher.hash("ünïcødé pässwörd")

    XCTAssertTrue(PasswordHasher(cost: .interactive).verify("ünïcødé pässwörd", against: hash))
    XCTAssertFalse(hasher.verify("x", against: "not a hash"))
  }

  func test_interactiveCost_isLibsodiumsInteractiveSetting() {
    XCTAssertEqual(PasswordHasher().cost, .interactive)
    XCTAssertGreaterThanOrEqual(PasswordHasher.Cost.interactive.memoryBytes, 64 << 20)
  }

  /// An unknown e-mail is verified against the decoy: it must be a hash of
  /// the same parameters as a real one, so the work (and time) is the same.
  func test_decoyHash_isWellFormed_atTheSameCost_andMatchesNothing() throws {
    for hasher in [hasher, PasswordHasher(cost: .interactive)] {
      let real = try hasher.hash("correct horse")
      let decoy = hasher.decoyHash()

      func parameters(_ hash: String) -> String { hash.split(separator: "$").prefix(3).joined(separator: "$") }
      XCTAssertEqual(parameters(decoy), parameters(real))
      XCTAssertFalse(hasher.needsRehash(decoy), "libsodium reads it as a hash at this cost: \(decoy)")
      XCTAssertFalse(hasher.needsRehash(real))
      XCTAssertEqual(decoy.count, real.count)
      XCTAssertNotEqual(decoy, hasher.decoyHash(), "random salt and output each time")
    }
    XCTAssertFalse(hasher.verify("correct horse", against: hasher.decoyHash()))
    XCTAssertFalse(hasher.verify("", against: hasher.decoyHash()))
  }
}
