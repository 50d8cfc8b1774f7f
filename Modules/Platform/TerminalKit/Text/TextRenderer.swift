import TextSafety

/// Turns styled lines into the bytes a terminal receives.
///
/// The one place in the app that writes escape codes. Every span is
/// sanitised first, so untrusted text can never smuggle its own, and every
/// key or token is hidden (``SecretText``) from what comes out.
public struct TextRenderer: Sendable {
  public var usesColor: Bool
  /// Every byte ASCII (TERM=dumb): see ``ASCIIFolding``.
  public var isASCIIOnly: Bool

  public init(usesColor: Bool, isASCIIOnly: Bool = false) {
    self.usesColor = usesColor
    self.isASCIIOnly = isASCIIOnly
  }

  public func render(_ line: StyledLine) -> String {
    var output: [UInt8] = []
    append(line, to: &output)
    SecretText.hide(in: &output)
    return String(decoding: output, as: UTF8.self)
  }

  public func render(_ lines: [StyledLine]) -> String {
    // Bytes first, one String at the end: far fewer copies for long lists.
    var output: [UInt8] = []
    output.reserveCapacity(lines.count * 80)
    for line in lines {
      append(line, to: &output)
      output.append(0x0A)
    }
    SecretText.hide(in: &output)
    return String(decoding: output, as: UTF8.self)
  }

  private static let reset = Array("\u{1B}[0m".utf8)

  /// Writes a line's spans, switching style only where it changes (one
  /// `ESC [ 0 ; … m` per change) and resetting at the end of the line.
  private func append(_ line: StyledLine, to output: inout [UInt8]) {
    var current = TextStyle.plain
    for span in line.spans {
      let clean = TextSanitizer.clean(span.text)
      let text = isASCIIOnly ? ASCIIFolding.fold(clean) : clean
      if usesColor && span.style != current {
        if span.style.isPlain {
          output.append(contentsOf: Self.reset)
        } else {
          span.style.appendSGR(to: &output)
        }
        current = span.style
      }
      output.append(contentsOf: text.utf8)
    }
    if !current.isPlain { output.append(contentsOf: Self.reset) }
  }

  /// Rewrites the current terminal line in place (spinners and progress).
  package func statusLine(_ line: StyledLine?) -> String {
    guard let line else { return "\r\u{1B}[K" }
    return "\r" + render(line) + "\u{1B}[K"
  }
}
