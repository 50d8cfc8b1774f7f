import TextSafety

/// What was typed after a command's name: its words, and the text whole
/// with its inner spacing (`filter São  Paulo`).
public struct ArgumentLine: Sendable, Equatable {
  /// The text, without the spaces around it.
  public let text: String
  /// The text split at runs of white space.
  public let words: [String]

  public init(_ text: String) {
    let trimmed = Self.trimmed(text)
    self.text = trimmed
    words = Self.words(of: trimmed)
  }

  /// `text` split at runs of white space: plain ASCII by its bytes (the
  /// same white space as `Character.isWhitespace` there), without the
  /// Unicode look every character would cost.
  static func words(of text: String) -> [String] {
    let ascii = withASCII(text) { bytes in
      var words: [String] = []
      var start: Int?
      for (index, byte) in bytes.enumerated() {
        if !isASCIISpace(byte) {
          if start == nil { start = index }
        } else if let first = start {
          words.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[first..<index]), as: UTF8.self))
          start = nil
        }
      }
      if let first = start {
        words.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[first...]), as: UTF8.self))
      }
      return words
    }
    return ascii ?? text.split(whereSeparator: \.isWhitespace).map(String.init)
  }

  /// `body` of `text`'s bytes when they are all ASCII; nil when one is not.
  ///
  /// Read as the one buffer a line's bytes are: walking the UTF-8 view a
  /// byte at a time was most of a short command's parse.
  static func withASCII<Result>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
    let result = text.utf8.withContiguousStorageIfAvailable { bytes -> Result? in
      for byte in bytes where byte >= 0x80 { return nil }
      return body(bytes)
    }
    return result ?? nil
  }

  /// ASCII's white space: space, tab, line feed, vertical tab, form feed,
  /// carriage return.
  static func isASCIISpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || (0x09...0x0D).contains(byte)
  }

  /// The line after a command's name: `line` less its first word.
  public init(afterName line: String) {
    self.init(String(line.drop(while: \.isWhitespace).drop { !$0.isWhitespace }))
  }

  /// `text` without the white space around it (Foundation's trimming,
  /// without Foundation, and with no look at Unicode for plain ASCII).
  public static func trimmed(_ text: String) -> String {
    let ascii = withASCII(text) { bytes -> Range<Int>? in
      guard let first = bytes.firstIndex(where: { !isASCIISpace($0) }),
        let last = bytes.lastIndex(where: { !isASCIISpace($0) })
      else { return nil }
      return first..<(last + 1)
    }
    if let ascii {
      guard let kept = ascii else { return "" }
      let bytes = text.utf8
      guard kept.count != bytes.count else { return text }
      let start = bytes.index(bytes.startIndex, offsetBy: kept.lowerBound)
      return String(text[start..<bytes.index(start, offsetBy: kept.count)])
    }
    let start = text.firstIndex { !$0.isWhitespace } ?? text.endIndex
    let end = text.lastIndex { !$0.isWhitespace }.map(text.index(after:)) ?? start
    return String(text[start..<max(start, end)])
  }

  /// `text` without the spaces at its end (a padded last column).
  public static func trimmedEnd(_ text: String) -> String {
    String(text.reversed().drop { $0 == " " }.reversed())
  }

  /// The line without the `flags` typed as its first or last words (any
  /// number of them, in any order), and the flags it had.
  ///
  /// A flag is taken only there, so a file name with `--force` inside it
  /// keeps its spacing.
  func takingFlags(_ flags: [String]) -> (ArgumentLine, Set<String>) {
    guard !flags.isEmpty else { return (self, []) }
    var text = Substring(text)
    var given = Set<String>()
    var changed = true
    while changed {
      changed = false
      for flag in flags {
        if text == flag {
          text = ""
        } else if text.hasPrefix(flag), text.dropFirst(flag.count).first?.isWhitespace == true {
          text = Substring(Self.trimmed(String(text.dropFirst(flag.count))))
        } else if text.hasSuffix(flag), text.dropLast(flag.count).last?.isWhitespace == true {
          text = Substring(Self.trimmed(String(text.dropLast(flag.count))))
        } else {
          continue
        }
        given.insert(flag)
        changed = true
      }
    }
    return (ArgumentLine(String(text)), given)
  }
}

/// The arguments of a command line whose form its signature accepted.
public struct Arguments: Sendable, Equatable {
  /// What followed the name, flags left out.
  public let line: ArgumentLine
  /// The flags given.
  public let flags: Set<String>

  public init(line: ArgumentLine, flags: Set<String> = []) {
    self.line = line
    self.flags = flags
  }

  /// The text after the name, its spacing kept (empty when none).
  public var text: String { line.text }
  /// The first word, if any.
  public var word: String? { line.words.first }
  /// The first word as a whole number; nil when there is none or it is
  /// not one (the view model says what numbers it takes).
  public var number: Int? { word.flatMap { Int($0) } }

  public func has(_ flag: String) -> Bool {
    flags.contains(flag)
  }

  /// `text` without one pair of quotes around it (`"my file.json"`,
  /// `'…'`), as a shell would take them; anything else as it is.
  ///
  /// The one rule for arguments that may hold spaces: a file name, a link.
  public static func unquoted(_ text: String) -> String {
    guard text.count >= 2, let quote = text.first, quote == "\"" || quote == "'", text.last == quote else {
      return text
    }
    return String(text.dropFirst().dropLast())
  }
}

/// A command line as typed: the command's name and what follows it, read
/// once for the history, the lookup and the command.
public struct TypedLine: Sendable, Equatable {
  /// The first word as typed (`Open`).
  public let word: String
  /// The first word in lower case, as commands are named (`open`).
  public let name: String
  /// What follows the first word.
  public let arguments: ArgumentLine

  /// Nil for a line of white space only.
  ///
  /// Escape sequences and control characters are no part of any command
  /// or argument and are cleaned here, as echoes are, so what is looked up
  /// is what is echoed: `help ␇open` was "Unknown command 'open'. Did you
  /// mean open?".
  public init?(_ line: String) {
    let trimmed = ArgumentLine.trimmed(TextSanitizer.clean(line))
    guard let end = Self.endOfFirstWord(trimmed) else { return nil }
    word = String(trimmed[..<end])
    name = word.lowercased()
    arguments = ArgumentLine(String(trimmed[end...]))
  }

  /// Where the first word of `text` ends; nil when it is empty.
  ///
  /// Plain ASCII is searched by its bytes (the Unicode look is most of a
  /// line's parse otherwise).
  private static func endOfFirstWord(_ text: String) -> String.Index? {
    guard !text.isEmpty else { return nil }
    guard let space = ArgumentLine.withASCII(text, { $0.firstIndex(where: ArgumentLine.isASCIISpace) }) else {
      return text.firstIndex(where: \.isWhitespace) ?? text.endIndex
    }
    return space.map { text.utf8.index(text.utf8.startIndex, offsetBy: $0) } ?? text.endIndex
  }
}
