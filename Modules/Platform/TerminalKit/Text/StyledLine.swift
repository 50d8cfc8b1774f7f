import TextSafety
import TextWidth

/// A run of text in one style.
public struct StyledSpan: Sendable, Hashable {
  public var text: String
  public var style: TextStyle

  public init(_ text: String, style: TextStyle = .plain) {
    self.text = text
    self.style = style
  }
}

/// One line of output: styled spans, no newline inside.
///
/// Any text may go in, trusted or not: ``TextRenderer`` strips control and
/// escape sequences from every span before it reaches the terminal.
public struct StyledLine: Sendable, Hashable, ExpressibleByStringInterpolation {
  public var spans: [StyledSpan]
  /// Where a row continues when the line is wrapped (a help row under its
  /// summary's column); nil: under its leading spaces and marker.
  public var continuationIndent: Int?
  /// A sentence (feedback after a command) that a transcript breaks at its
  /// width too; anything else is laid out by its screen, and left as it is.
  public var isSentence = false

  public init(_ spans: [StyledSpan] = []) {
    self.spans = spans
  }

  public init(_ text: String, style: TextStyle = .plain) {
    self.spans = text.isEmpty ? [] : [StyledSpan(text, style: style)]
  }

  public init(stringLiteral value: String) {
    self.init(value)
  }

  public static let blank = StyledLine()

  /// The text without styles, as a person reads it.
  public var plainText: String {
    spans.map { TextSanitizer.clean($0.text) }.joined()
  }

  /// Columns the line takes on a terminal.
  public var displayWidth: Int {
    DisplayWidth.of(joined: spans.lazy.map { TextSanitizer.clean($0.text) })
  }

  // Joined by methods, not a `+` of its own: an operator is a top-level
  // name to the compiler, so every file using `+` for anything would be
  // rebuilt whenever this module changed.

  /// The line with `other`'s spans after its own.
  public func appending(_ other: StyledLine) -> StyledLine {
    var line = self
    line.spans += other.spans
    return line
  }

  /// The line with `span` after its spans.
  public func appending(_ span: StyledSpan) -> StyledLine {
    var line = self
    line.spans.append(span)
    return line
  }

  public mutating func append(_ text: String, style: TextStyle = .plain) {
    guard !text.isEmpty else { return }
    spans.append(StyledSpan(text, style: style))
  }
}
