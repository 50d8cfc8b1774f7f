import TerminalText
import TextSafety

/// Raw HTML from a document (README headers are full of it) reduced to the
/// text a person would read in a browser: tags dropped, block-level tags and
/// `<br>` as line breaks, `<img>` as "[image: ALT] URL", comments, scripts
/// and styles left out, character references decoded.
///
/// Not an HTML parser: a scan of tags that never fails and never looks back,
/// linear in the text.
struct HTMLText {
  let theme: MarkdownTheme
  let resolver: LinkResolver

  func items(_ html: String, style: TextStyle) -> [InlineItem] {
    var scanner = Scanner(bytes: Array(html.utf8))
    var items: [InlineItem] = []
    var text: [UInt8] = []

    func flushText() {
      guard !text.isEmpty else { return }
      items.append(.text(TextSanitizer.clean(String(decoding: text, as: UTF8.self)), style))
      text.removeAll(keepingCapacity: true)
    }
    /// Block tags break the line once however many there are in a row
    /// (the wrapper drops breaks at either end); `<br>` always does.
    func breakLine(always: Bool = false) {
      flushText()
      if always || items.last != .lineBreak { items.append(.lineBreak) }
    }

    while let byte = scanner.peek() {
      switch byte {
      case UInt8(ascii: "<"):
        guard let tag = scanner.tag() else {
          text.append(byte)
          scanner.advance()
          continue
        }
        switch tag.kind {
        case .ignored: break
        case .element(let name, let isClosing, let attributes):
          if name == "br" {
            breakLine(always: true)
          } else if name == "img", !isClosing {
            // Spaces either side keep images in a row apart; the wrapper
            // folds them into any that were already there.
            flushText()
            items.append(.text(" ", style))
            items += image(alt: attributes["alt"], source: attributes["src"], style: style)
            items.append(.text(" ", style))
          } else if Self.blockElements.contains(name) {
            breakLine()
          } else if Self.cellElements.contains(name), !isClosing {
            text.append(0x20)
          } else if Self.hiddenElements.contains(name), !isClosing {
            scanner.skip(toClosing: name)
          }
        }
      case UInt8(ascii: "&"):
        text += scanner.characterReference()
      case 0x09, 0x0A, 0x0D:
        text.append(0x20)
        scanner.advance()
      default:
        text.append(byte)
        scanner.advance()
      }
    }
    flushText()
    return items
  }

  /// "[image: ALT] URL" for an `<img>` or a Markdown image.
  func image(alt: String?, source: String?, style: TextStyle) -> [InlineItem] {
    let alt = TextSanitizer.clean(alt ?? "").split(separator: " ").joined(separator: " ")
    let label = alt.isEmpty ? "[image]" : "[image: \(alt)]"
    guard let address = source.flatMap(resolver.resolve) else {
      return [.text(label, MarkdownTheme.style(style, adding: theme.address))]
    }
    return [.text(label + " " + TextSanitizer.clean(address), MarkdownTheme.style(style, adding: theme.address))]
  }

  private static let blockElements: Set<String> = [
    "address", "article", "aside", "blockquote", "center", "dd", "details", "div", "dl", "dt", "figcaption",
    "figure", "footer", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li", "nav", "ol", "p", "pre",
    "section", "summary", "table", "tr", "ul",
  ]
  private static let cellElements: Set<String> = ["td", "th"]
  private static let hiddenElements: Set<String> = ["script", "style", "template", "title", "head"]

  /// A tag: an element with its name (lowercased) and attributes, or
  /// something with nothing to show (a comment, a declaration).
  struct Tag {
    enum Kind {
      case element(name: String, isClosing: Bool, attributes: [String: String])
      case ignored
    }
    let kind: Kind
  }

  struct Scanner {
    let bytes: [UInt8]
    private(set) var position = 0

    init(bytes: [UInt8]) {
      self.bytes = bytes
    }

    func peek(_ offset: Int = 0) -> UInt8? {
      let index = position + offset
      return index < bytes.count ? bytes[index] : nil
    }

    mutating func advance(_ count: Int = 1) {
      position = min(position + count, bytes.count)
    }

    private func starts(with text: String, at index: Int) -> Bool {
      var offset = index
      for expected in text.utf8 {
        guard offset < bytes.count, Self.lowercased(bytes[offset]) == expected else { return false }
        offset += 1
      }
      return true
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
      (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(lowercased(byte))
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
      byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }

    /// Moves past `text` (matched in any case) or to the end.
    private mutating func skip(past text: String) {
      while position < bytes.count {
        if starts(with: text, at: position) {
          advance(text.utf8.count)
          return
        }
        advance()
      }
    }

    /// At `<`: the tag here, moving past it; nil (not moving) when this `<`
    /// starts no tag and is text.
    mutating func tag() -> Tag? {
      guard let next = peek(1) else { return nil }
      if next == UInt8(ascii: "!") || next == UInt8(ascii: "?") {
        if starts(with: "<!--", at: position) {
          advance(4)
          skip(past: "-->")
        } else {
          skip(past: ">")
        }
        return Tag(kind: .ignored)
      }
      let isClosing = next == UInt8(ascii: "/")
      let nameStart = position + (isClosing ? 2 : 1)
      guard nameStart < bytes.count, Self.isLetter(bytes[nameStart]) else { return nil }
      position = nameStart
      let name = word()
      var attributes: [String: String] = [:]
      while let byte = peek() {
        if byte == UInt8(ascii: ">") {
          advance()
          break
        }
        if Self.isSpace(byte) || byte == UInt8(ascii: "/") {
          advance()
          continue
        }
        let key = word()
        if key.isEmpty {
          advance()
          continue
        }
        while let space = peek(), Self.isSpace(space) { advance() }
        guard peek() == UInt8(ascii: "=") else {
          attributes[key] = attributes[key] ?? ""
          continue
        }
        advance()
        while let space = peek(), Self.isSpace(space) { advance() }
        attributes[key] = attributes[key] ?? value()
      }
      return Tag(kind: .element(name: name, isClosing: isClosing, attributes: attributes))
    }

    /// Moves past `</name>`, or to the end.
    mutating func skip(toClosing name: String) {
      while position < bytes.count {
        if peek() == UInt8(ascii: "<"), peek(1) == UInt8(ascii: "/"), starts(with: name, at: position + 2) {
          skip(past: ">")
          return
        }
        advance()
      }
    }

    /// A tag or attribute name, lowercased.
    private mutating func word() -> String {
      var name: [UInt8] = []
      while let byte = peek(), !Self.isSpace(byte), byte != UInt8(ascii: ">"), byte != UInt8(ascii: "/"),
        byte != UInt8(ascii: "=")
      {
        name.append(Self.lowercased(byte))
        advance()
      }
      return String(decoding: name, as: UTF8.self)
    }

    /// An attribute's value, quoted or not, with character references decoded.
    private mutating func value() -> String {
      var value: [UInt8] = []
      let quote = peek()
      if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
        advance()
        while let byte = peek(), byte != quote {
          if byte == UInt8(ascii: "&") {
            value += characterReference()
          } else {
            value.append(byte)
            advance()
          }
        }
        advance()
      } else {
        while let byte = peek(), !Self.isSpace(byte), byte != UInt8(ascii: ">") {
          if byte == UInt8(ascii: "&") {
            value += characterReference()
          } else {
            value.append(byte)
            advance()
          }
        }
      }
      return String(decoding: value, as: UTF8.self)
    }

    /// At `&`: the UTF-8 of the character reference here, moving past it; a
    /// lone `&` is itself.
    mutating func characterReference() -> [UInt8] {
      var end = position + 1
      while end < bytes.count, end - position <= 32, bytes[end] != UInt8(ascii: ";") {
        let byte = bytes[end]
        guard Self.isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "#")
        else { break }
        end += 1
      }
      guard end < bytes.count, bytes[end] == UInt8(ascii: ";"), end > position + 1 else {
        advance()
        return [UInt8(ascii: "&")]
      }
      let name = String(decoding: bytes[(position + 1)..<end], as: UTF8.self)
      guard let scalar = Self.scalar(named: name) else {
        advance()
        return [UInt8(ascii: "&")]
      }
      position = end + 1
      return Array(String(Character(scalar)).utf8)
    }

    private static func scalar(named name: String) -> Unicode.Scalar? {
      if name.hasPrefix("#x") || name.hasPrefix("#X") {
        return UInt32(name.dropFirst(2), radix: 16).map { Unicode.Scalar($0) ?? "\u{FFFD}" }
      }
      if name.hasPrefix("#") {
        return UInt32(name.dropFirst(), radix: 10).map { Unicode.Scalar($0) ?? "\u{FFFD}" }
      }
      return namedReferences[name]
    }

    /// The named references READMEs use; any other stays as written.
    private static let namedReferences: [String: Unicode.Scalar] = [
      "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "copy": "©", "reg": "®",
      "trade": "™", "mdash": "—", "ndash": "–", "hellip": "…", "middot": "·", "bull": "•", "laquo": "«",
      "raquo": "»", "rarr": "→", "larr": "←", "times": "×", "deg": "°", "ensp": "\u{2002}", "emsp": "\u{2003}",
      "thinsp": "\u{2009}", "zwj": "\u{200D}", "zwnj": "\u{200C}",
    ]
  }
}
