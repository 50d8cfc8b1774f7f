import Secrets
import TextSafety
import TextWidth

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
    if let text = alone(line) { return SecretText.hiding(in: text) }
    return renderedBytes(line)
  }

  /// `text` in `style`, as the line of it renders (a streamed piece: the
  /// line is not made when the text goes out as it is).
  public func render(_ text: String, style: TextStyle) -> String {
    if let text = alone(text, style: style) { return SecretText.hiding(in: text) }
    // Not `render(_:)`: it would ask `alone` again, scanning the text twice.
    return renderedBytes(StyledLine(text, style: style))
  }

  /// `line` made byte by byte: escape codes, cleaning and folding as its
  /// spans need, secrets hidden.
  private func renderedBytes(_ line: StyledLine) -> String {
    var output: [UInt8] = []
    append(line, to: &output)
    SecretText.hide(in: &output)
    return String(decoding: output, as: UTF8.self)
  }

  public func render(_ lines: [StyledLine]) -> String {
    // Bytes first, one String at the end: far fewer copies for long lists.
    var output: [UInt8] = []
    output.reserveCapacity(room(for: lines))
    for line in lines {
      append(line, to: &output)
      output.append(0x0A)
    }
    SecretText.hide(in: &output)
    return String(decoding: output, as: UTF8.self)
  }

  /// The text of a line of one span that needs no escape code and no
  /// cleaning, as it is; nil for any other line.
  ///
  /// A streamed reply's pieces are such lines: their bytes were copied
  /// into an array and out again, about 700 instructions a piece
  /// (callgrind, a 2,000-token reply).
  private func alone(_ line: StyledLine) -> String? {
    line.spans.count == 1 ? alone(line.spans[0].text, style: line.spans[0].style) : nil
  }

  /// `text`, if in `style` it needs no escape code and no cleaning.
  private func alone(_ text: String, style: TextStyle) -> String? {
    guard !isASCIIOnly, !usesColor || style.look == 0,
      !usesHyperlinks || style.link.flatMap(Hyperlink.checked) == nil
    else { return nil }
    var text = text
    return text.withUTF8(TextSanitizer.isClean) ? text : nil
  }

  /// `ESC [ 0 m`, appended byte by byte: a static array was fetched
  /// (retained and released) for every reset.
  private static func appendReset(to output: inout [UInt8]) {
    output.append(0x1B)
    output.append(UInt8(ascii: "["))
    output.append(UInt8(ascii: "0"))
    output.append(UInt8(ascii: "m"))
  }

  /// Bytes enough for `lines` drawn: their text, and each style switch
  /// at its own length (text that must be cleaned or folded may still
  /// grow the buffer).
  ///
  /// Grown instead, 10,000 places' 860 kB were copied once and twice the
  /// pages touched; reserved for the longest switch per span, 10,000
  /// bookmarks' 0.6 MB took 1.9 MB.
  private func room(for lines: [StyledLine]) -> Int {
    var bytes = 0
    for line in lines {
      bytes += 5  // the newline, and a reset at its end
      var current: UInt16 = 0
      line.spans.withUnsafeBufferPointer { spans in
        for index in spans.indices {
          bytes += spans[index].text.utf8.count
          let look = spans[index].style.look
          if usesColor && look != current {
            bytes += TextStyle.sgrLength(look: look)
            current = look
          }
          if usesHyperlinks, let link = spans[index].style.link { bytes += 2 * (link.utf8.count + 16) }
        }
      }
    }
    return bytes
  }

  /// Writes a line's spans, switching style only where it changes (one
  /// `ESC [ 0 ; … m` per change) and resetting at the end of the line.
  ///
  /// The spans are read in place: a copy of each (its text and link
  /// retained and released) was 4% of drawing 10,000 places.
  private func append(_ line: StyledLine, to output: inout [UInt8]) {
    var current: UInt16 = 0  // plain
    var link: String?
    line.spans.withUnsafeBufferPointer { spans in
      for index in spans.indices {
        let look = spans[index].style.look
        if usesColor && look != current {
          if look == 0 {
            Self.appendReset(to: &output)
          } else {
            TextStyle.appendSGR(look: look, to: &output)
          }
          current = look
        }
        if usesHyperlinks {
          let target = spans[index].style.link.flatMap(Hyperlink.checked)
          if target != link { Hyperlink.switch(from: link, to: target, in: &output) }
          link = target
        }
        appendText(spans[index].text, to: &output)
      }
    }
    if link != nil { Hyperlink.switch(from: link, to: nil, in: &output) }
    if current != 0 { Self.appendReset(to: &output) }
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
