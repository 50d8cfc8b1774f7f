/// Turns styled lines into the bytes a terminal receives.
///
/// The one place in the app that writes escape codes. Every span is
/// sanitised first, so untrusted text can never smuggle its own.
public struct TextRenderer: Sendable {
  public var usesColor: Bool

  public init(usesColor: Bool) {
    self.usesColor = usesColor
  }

  public func render(_ line: StyledLine) -> String {
    var output = ""
    for span in line.spans {
      let text = TextSanitizer.clean(span.text)
      guard usesColor, !span.style.isPlain else {
        output += text
        continue
      }
      let codes = span.style.sgrCodes.map(String.init).joined(separator: ";")
      output += "\u{1B}[\(codes)m\(text)\u{1B}[0m"
    }
    return output
  }

  public func render(_ lines: [StyledLine]) -> String {
    lines.map { render($0) + "\n" }.joined()
  }

  /// Rewrites the current terminal line in place (spinners and progress).
  func statusLine(_ line: StyledLine?) -> String {
    guard let line else { return "\r\u{1B}[K" }
    return "\r" + render(line) + "\u{1B}[K"
  }
}
