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
  /// Spans with a link are sent as OSC 8 hyperlinks (a terminal that is
  /// not dumb, colour or not: NO_COLOR is about colour).
  public var usesHyperlinks: Bool

  public init(usesColor: Bool, isASCIIOnly: Bool = false, usesHyperlinks: Bool = false) {
    self.usesColor = usesColor
    self.isASCIIOnly = isASCIIOnly
    self.usesHyperlinks = usesHyperlinks
  }

  /// What a terminal's output is rendered with.
  public init(capabilities: TerminalCapabilities) {
    self.init(
      usesColor: capabilities.usesColor, isASCIIOnly: capabilities.isDumb,
      usesHyperlinks: capabilities.outputIsTerminal && !capabilities.isDumb)
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
    output.reserveCapacity(Self.room(for: lines))
    for line in lines {
      append(line, to: &output)
      output.append(0x0A)
    }
    SecretText.hide(in: &output)
    return String(decoding: output, as: UTF8.self)
  }

  private static let reset = Array("\u{1B}[0m".utf8)

  /// Bytes enough for `lines` drawn: their text, and the longest style
  /// switch per span.
  ///
  /// Grown instead, 10,000 places' 860 kB were copied once and twice the
  /// pages touched. Pages reserved and not written cost nothing.
  private static func room(for lines: [StyledLine]) -> Int {
    var bytes = 0
    for line in lines {
      bytes += 8
      for span in line.spans { bytes += span.text.utf8.count + 24 }
    }
    return bytes
  }

  /// Writes a line's spans, switching style only where it changes (one
  /// `ESC [ 0 ; … m` per change) and resetting at the end of the line.
  private func append(_ line: StyledLine, to output: inout [UInt8]) {
    var current: UInt16 = 0  // plain
    var link: String?
    for span in line.spans {
      let look = span.style.look
      if usesColor && look != current {
        if look == 0 {
          output.append(contentsOf: Self.reset)
        } else {
          span.style.appendSGR(to: &output)
        }
        current = look
      }
      if usesHyperlinks {
        let target = span.style.link.flatMap(Hyperlink.checked)
        if target != link { Hyperlink.switch(from: link, to: target, in: &output) }
        link = target
      }
      appendText(span.text, to: &output)
    }
    if link != nil { Hyperlink.switch(from: link, to: nil, in: &output) }
    if current != 0 { output.append(contentsOf: Self.reset) }
  }

  /// A span's text, sanitised (and folded to ASCII for a dumb terminal).
  ///
  /// Text with nothing to remove, nearly all, is copied straight from its
  /// bytes, looked at once.
  private func appendText(_ text: String, to output: inout [UInt8]) {
    if !isASCIIOnly {
      let copied = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
        guard TextSanitizer.isClean(bytes) else { return false }
        output.append(contentsOf: bytes)
        return true
      }
      if copied == true { return }
    }
    let clean = TextSanitizer.clean(text)
    output.append(contentsOf: (isASCIIOnly ? ASCIIFolding.fold(clean) : clean).utf8)
  }

  /// Rewrites the current terminal line in place (spinners and progress).
  package func statusLine(_ line: StyledLine?) -> String {
    guard let line else { return "\r\u{1B}[K" }
    return "\r" + render(line) + "\u{1B}[K"
  }
}
