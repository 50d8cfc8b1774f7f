/// A token or key, and where it came from. Its value never appears in
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

  public var description: String { "the secret from \(source)" }
  public var debugDescription: String { description }
  public var customMirror: Mirror { Mirror(self, children: ["source": source]) }
}
