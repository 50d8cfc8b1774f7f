internal import CSodium
import Foundation

/// Hashes and verifies passwords with libsodium's Argon2id (`crypto_pwhash_str`).
///
/// The stored string carries its own salt and parameters, so a hash made at
/// one cost still verifies after the cost changes.
public struct PasswordHasher: Sendable {
  /// How much time and memory one hash takes.
  public struct Cost: Sendable, Equatable {
    public var operations: UInt64
    public var memoryBytes: Int

    /// libsodium's interactive setting: what Wayfarer uses for real accounts.
    public static var interactive: Cost {
      Cost(
        operations: UInt64(crypto_pwhash_opslimit_interactive()),
        memoryBytes: Int(crypto_pwhash_memlimit_interactive()))
    }

    /// The cheapest Argon2id allows.
    ///
    /// For tests that hash many times; never
    /// for real accounts.
    public static var minimum: Cost {
      Cost(operations: UInt64(crypto_pwhash_opslimit_min()), memoryBytes: Int(crypto_pwhash_memlimit_min()))
    }
  }

  /// Why a hash could not be made.
  public enum Failure: Error, CustomStringConvertible {
    /// libsodium could not start (no entropy source).
    case unavailable
    /// Argon2id failed, usually for lack of memory.
    case hashingFailed

    public var description: String {
      switch self {
      case .unavailable: "The password library (libsodium) could not start."
      case .hashingFailed: "The password could not be hashed; the machine may be short of memory."
      }
    }
  }

  private static let isReady: Bool = sodium_init() >= 0

  public let cost: Cost

  public init(cost: Cost = .interactive) {
    self.cost = cost
  }

  /// An Argon2id hash string (`$argon2id$v=19$…`) for `password`.
  public func hash(_ password: String) throws -> String {
    guard Self.isReady else { throw Failure.unavailable }
    var output = [CChar](repeating: 0, count: Int(crypto_pwhash_STRBYTES))
    let bytes = Array(password.utf8CString.dropLast())
    let status = crypto_pwhash_str(&output, bytes, UInt64(bytes.count), cost.operations, cost.memoryBytes)
    guard status == 0 else { throw Failure.hashingFailed }
    let end = output.firstIndex(of: 0) ?? output.endIndex
    return String(decoding: output[..<end].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// A well-formed hash string at this cost that no password matches: a
  /// random salt and random output bytes, made without hashing anything.
  ///
  /// Verifying a password against it costs exactly what verifying against a
  /// real account's hash at this cost does (the work depends only on the
  /// parameters in the string), so a login for an unknown e-mail can take as
  /// long as a wrong password for a known one.
  public func decoyHash() -> String {
    // libsodium's own random bytes and unpadded base64, as its hashes hold.
    func randomBase64(_ count: Int) -> String {
      _ = Self.isReady
      var bytes = [UInt8](repeating: 0, count: count)
      randombytes_buf(&bytes, count)
      var text = [CChar](repeating: 0, count: count * 4 / 3 + 4)
      _ = sodium_bin2base64(&text, text.count, bytes, count, Int32(sodium_base64_VARIANT_ORIGINAL_NO_PADDING))
      return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    let kibibytes = cost.memoryBytes / 1_024
    return "$argon2id$v=19$m=\(kibibytes),t=\(cost.operations),p=1$\(randomBase64(16))$\(randomBase64(32))"
  }

  /// Whether `hash` is well-formed and made at a cost other than this one.
  public func needsRehash(_ hash: String) -> Bool {
    guard Self.isReady else { return true }
    return crypto_pwhash_str_needs_rehash(hash, cost.operations, cost.memoryBytes) != 0
  }

  /// Whether `password` is the one `hash` was made from.
  public func verify(_ password: String, against hash: String) -> Bool {
    guard Self.isReady else { return false }
    let bytes = Array(password.utf8CString.dropLast())
    return crypto_pwhash_str_verify(hash, bytes, UInt64(bytes.count)) == 0
  }
}

extension PasswordHasher.Failure: LocalizedError {
  public var errorDescription: String? { description }
}
