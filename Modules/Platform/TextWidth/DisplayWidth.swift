import Locking
import Synchronization

/// Column arithmetic for text on a terminal: how wide a string is, and how to
/// cut or wrap it to fit.
public enum DisplayWidth {
  /// Whether text is measured as its ASCII spelling (``ASCIIFolding``), the
  /// way a TERM=dumb terminal is sent it: `…` takes three columns, `ß` two.
  ///
  /// Process-wide, as the terminal is: set once at launch, before anything
  /// is laid out. Every cut, wrap and pad then measures what will be
  /// written, so no row outgrows its width when folded (a cut row ending
  /// in `…` once came out two columns wider).
  public static var measuresASCIISpelling: Bool {
    get { isMeasuringASCII.load(ordering: .relaxed) }
    set { isMeasuringASCII.store(newValue, ordering: .relaxed) }
  }

  private static let isMeasuringASCII = Atomic<Bool>(false)

  /// Columns that `pieces` take written one after another, as ``of(_:)``
  /// counts their joined text, without joining them.
  ///
  /// Where two pieces meet at ASCII on both sides, ``of(_:)`` starts the
  /// second afresh in the same state as it reaches it in the joined text
  /// (no joiner, flag or emoji before it matters to an ASCII character):
  /// a styled line's spans were joined to be measured at every draw on a
  /// terminal (callgrind). Elsewhere they are joined. Inlinable: called
  /// across modules unspecialised, it cost more than the join it saves.
  @inlinable
  public static func of<Pieces: Sequence<String>>(joined pieces: Pieces) -> Int {
    guard !measuresASCIISpelling else { return of(pieces.joined()) }
    var columns = 0
    var atStart = true
    var endsInASCII = true
    for piece in pieces {
      guard let first = piece.utf8.first, let last = piece.utf8.last else { continue }
      guard atStart || (endsInASCII && first < 0x80) else { return of(pieces.joined()) }
      columns += of(piece)
      atStart = false
      endsInASCII = last < 0x80
    }
    return columns
  }

  /// Columns that `text` takes: wide East Asian characters and emoji count
  /// two, combining marks count zero.
  public static func of(_ text: String) -> Int {
    if let columns = asciiColumns(text) { return columns }
    if measuresASCIISpelling { return asciiSpellingColumns(text) }
    // Scalar by scalar rather than grapheme by grapheme, at a fraction of
    // the cost, with what makes an emoji sequence one picture two columns
    // wide: a skin tone, a joined emoji, a flag's second letter and VS16
    // add nothing (VS16 widens a narrow symbol to two).
    var columns = 0
    var previous: Unicode.Scalar?
    var joined = false
    var openFlag = false
    for scalar in text.unicodeScalars {
      let value = scalar.value
      defer { previous = scalar }
      if value == 0x200D {
        joined = true
        continue
      }
      if joined {
        joined = false
        if scalar.properties.isEmoji { continue }
      }
      if (0x1F3FB...0x1F3FF).contains(value), let previous, previous.properties.isEmoji { continue }
      if value == 0xFE0F {
        if let previous, previous.properties.isEmoji, width(of: previous) == 1 { columns += 1 }
        continue
      }
      if isRegionalIndicator(value) {
        openFlag.toggle()
        if !openFlag { continue }
      } else {
        openFlag = false
      }
      columns += width(of: scalar)
    }
    return columns
  }

  /// A character's columns, the same as ``of(_:)`` counts them in a
  /// string: its first scalar alone undercounts one that starts with a
  /// mark of no width (U+0604 prepends itself to what follows, so a cut
  /// came out a column wider than asked; found by the fuzzer).
  package static func width(of character: Character) -> Int {
    let scalars = character.unicodeScalars
    if scalars.count == 1, let only = scalars.first { return width(of: only) }
    return of(String(character))
  }

  /// Columns of `text` folded to ASCII: a byte each, controls none.
  private static func asciiSpellingColumns(_ text: String) -> Int {
    ASCIIFolding.fold(text).utf8.reduce(0) { $0 + ($1 < 0x20 || $1 == 0x7F ? 0 : 1) }
  }

  private static func isRegionalIndicator(_ value: UInt32) -> Bool {
    (0x1F1E6...0x1F1FF).contains(value)
  }

  static func width(of scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x7F { return value < 0x20 ? 0 : 1 }
    if measuresASCIISpelling { return asciiSpellingColumns(String(scalar)) }
    if value < 0x300 { return value < 0xA0 ? 0 : 1 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default:
      return isWide(value) || isRegionalIndicator(value) || scalar.properties.isEmojiPresentation ? 2 : 1
    }
  }

  private static func isWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
      0x4E00...0x9FFF, 0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF,
      0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
      0x1F900...0x1F9FF, 0x20000...0x3FFFD:
      return true
    default:
      return false
    }
  }

  /// The width of `text` when it is printable ASCII (a column a byte); nil otherwise.
  private static func asciiColumns(_ text: String) -> Int? {
    let columns = text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
      for byte in bytes where byte < 0x20 || byte >= 0x7F { return nil }
      return bytes.count
    }
    return columns ?? nil
  }

  /// `text` cut to at most `columns`, ending with `ellipsis` when cut.
  public static func truncate(_ text: String, to columns: Int, ellipsis: String = "…") -> String {
    // A byte a column at most, except spelled in ASCII (`°` is ` deg`).
    guard text.utf8.count > columns || measuresASCIISpelling else { return text }
    let ascii = asciiColumns(text)
    guard (ascii ?? of(text)) > columns else { return text }
    let room = columns - of(ellipsis)
    guard room > 0 else { return String(ellipsis.prefix(max(columns, 0))) }
    // Printable ASCII is cut by bytes: no character to measure one by one.
    if ascii != nil { return String(decoding: text.utf8.prefix(room), as: UTF8.self) + ellipsis }
    return leadingPart(of: text, fitting: room).text + ellipsis
  }

  /// The longest start of `text` that fits in `columns`, and the columns it takes.
  private static func leadingPart(of text: String, fitting columns: Int) -> (text: String, columns: Int) {
    var part = ""
    var used = 0
    for character in text {
      let next = width(of: character)
      if used + next > columns { break }
      part.append(character)
      used += next
    }
    return (part, used)
  }

  /// `text` cut to at most `columns` in the middle, keeping its start and
  /// its end (`Museu de…São Paulo`): for names that differ at their end.
  public static func truncateMiddle(_ text: String, to columns: Int, ellipsis: String = "…") -> String {
    guard of(text) > columns else { return text }
    guard let (head, tail) = middleCut(text, to: columns, ellipsis: ellipsis) else {
      return truncate(text, to: columns, ellipsis: ellipsis)
    }
    return head + ellipsis + tail
  }

  /// The start and end that ``truncateMiddle(_:to:ellipsis:)`` keeps of
  /// `text`, either side of its ellipsis; nil when it keeps them whole, or
  /// is too narrow to keep two ends (it then cuts at the end).
  ///
  /// What lies between is left out: a character's offset in `text` past
  /// `head.count` goes back by what was cut, less the ellipsis's one.
  public static func middleCut(_ text: String, to columns: Int, ellipsis: String = "…") -> (
    head: String, tail: String
  )? {
    guard of(text) > columns else { return nil }
    let room = columns - of(ellipsis)
    guard room > 1 else { return nil }
    let (head, used) = leadingPart(of: text, fitting: (room + 1) / 2)
    var tail = ""
    var tailUsed = 0
    for character in text.reversed() {
      let next = width(of: character)
      if tailUsed + next > room - used { break }
      tail.insert(character, at: tail.startIndex)
      tailUsed += next
    }
    return (head, tail)
  }

  /// `text` broken into lines of at most `columns`, at spaces where it can.
  ///
  /// Linear in the length of `text`: each word's width is measured once and
  /// a word longer than a line is cut in one pass (a megabyte typed into
  /// `filter` used to take seconds per redraw).
  public static func wrap(_ text: String, to columns: Int) -> [String] {
    // Screens wrap the same sentences at the same width each time they are
    // drawn: short texts are wrapped once and remembered (a few hundred).
    guard text.utf8.count <= 2_048 else { return wrapped(text, to: columns) }
    let key = WrapKey(text: text, columns: columns)
    if let lines = recentWraps.withLock({ $0[key] }) { return lines }
    let lines = wrapped(text, to: columns)
    recentWraps.withLock { recent in
      if recent.count >= 512 { recent.removeAll(keepingCapacity: true) }
      recent[key] = lines
    }
    return lines
  }

  /// Whether `word` is never cut when a line is wrapped.
  ///
  /// An address or a path (a word with `/`) of at most 2 KB is kept whole,
  /// so that it can be copied or followed: it takes a line of its own and
  /// runs past its end. The one rule for every wrapper (plain text, styled
  /// lines, Markdown).
  public static func isUnbroken(_ word: some StringProtocol) -> Bool {
    word.utf8.count <= 2_048 && word.contains("/")
  }

  private struct WrapKey: Hashable {
    var text: String
    var columns: Int
    var measuresASCIISpelling = DisplayWidth.measuresASCIISpelling
  }

  private static let recentWraps = Locked<[WrapKey: [String]]>([:])

  private static func wrapped(_ text: String, to columns: Int) -> [String] {
    let columns = max(columns, 1)
    var lines: [String] = []
    var current = ""
    var currentWidth = 0
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
      let wordWidth = of(String(word))
      if !current.isEmpty, currentWidth + 1 + wordWidth <= columns {
        current += " " + word
        currentWidth += 1 + wordWidth
        continue
      }
      if !current.isEmpty { lines.append(current) }
      // An address or a path is never split: it runs past the line's end,
      // whole, so that it can be copied or followed.
      guard wordWidth > columns, !isUnbroken(word) else {
        current = String(word)
        currentWidth = wordWidth
        continue
      }
      // Any other word longer than a line is split hard; its last piece
      // starts the next line.
      current = ""
      currentWidth = 0
      for character in word {
        let width = width(of: character)
        if currentWidth + width > columns, !current.isEmpty {
          lines.append(current)
          current = ""
          currentWidth = 0
        }
        current.append(character)
        currentWidth += width
      }
    }
    if !current.isEmpty || lines.isEmpty { lines.append(current) }
    return lines
  }

  /// `count` spaces (none for a count below 1): a shared string up to a
  /// line's width, so padding a table's rows makes no new string each.
  public static func spaces(_ count: Int) -> String {
    guard count > 0 else { return "" }
    return count < sharedSpaces.count ? sharedSpaces[count] : String(repeating: " ", count: count)
  }

  // Made from bytes: `String(repeating: " ", count:)` repeats a String
  // generically, and the 321 of them were a quarter of a launch's
  // instructions (callgrind).
  private static let sharedSpaces = (0...320).map {
    String(decoding: repeatElement(UInt8(ascii: " "), count: $0), as: UTF8.self)
  }

  /// `text` followed by spaces up to `columns`.
  public static func pad(_ text: String, to columns: Int) -> String {
    let missing = columns - of(text)
    return missing > 0 ? text + spaces(missing) : text
  }
}
