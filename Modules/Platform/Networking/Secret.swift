/// A key or token, and where it came from.
///
/// Its value never appears in
/// output: it describes itself (and reflects) by its source only, so a
/// stray interpolation or dump cannot print it.
public struct Secret: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
  public let value: String
  /// What sentences name: the variable it was read from (`GITHUB_TOKEN`,
  /// `GEMINI_API_KEY`), or the command (`gh auth token`).
  public let source: String

  public init(value: String, source: String) {
    self.value = value
    self.source = source
  }

  /// The lengths a key or token may have, in bytes: every service's are
  /// longer than 8 (Geoapify's 32, GitHub's 40 and more, Gemini's 39), and a
  /// shorter value could not be hidden in output without hiding words.
  public static let lengths = 8...512

  /// `value` as a secret from `source` when it can be one: printable ASCII
  /// without spaces (anything else would break a header, or smuggle another
  /// one in), of ``lengths``; nil otherwise.
  public static func checked(_ value: String, source: String) -> Secret? {
    guard lengths.contains(value.utf8.count), value.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
      return nil
    }
    return Secret(value: value, source: source)
  }

  public var description: String { "the secret from \(source)" }
  public var debugDescription: String { description }
  public var customMirror: Mirror { Mirror(self, children: ["source": source]) }
}
