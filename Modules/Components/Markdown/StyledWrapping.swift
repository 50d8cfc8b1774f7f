import TerminalText
import TextWidth

/// A piece of inline content: sanitised text in one style, or a hard break.
enum InlineItem: Equatable {
  case text(String, TextStyle)
  case lineBreak
}

/// One laid-out line and the columns it takes.
struct WrappedLine {
  var spans: [StyledSpan]
  var width: Int
}

/// Fills lines of at most `width` columns with styled text, breaking at
/// spaces (runs of spaces count as one) and cutting a word wider than a line.
///
/// A word may cross styles (`**bold**er` is one word). Adjacent text in one
/// style shares a span. Linear in the text: each byte is looked at once, and
/// a word inside one piece of text goes straight onto its line.
struct StyledWrapper {
  let width: Int
  private var lines: [WrappedLine] = []
  private var line: [StyledSpan] = []
  private var lineWidth = 0
  /// A word that began in an earlier piece of text and may go on in the
  /// next; empty almost always.
  private var word: [StyledSpan] = []
  private var wordWidth = 0
  /// The style of the space seen since the line's last word, if any; a space
  /// keeps the style it was written in (an underlined link stays unbroken).
  private var space: TextStyle?
  /// Words of the text being added that are on the line but not yet in its
  /// spans: a stretch of that text whose words are one space apart, copied
  /// once (``flush()``) instead of a space and a word appended a word at a time.
  private var run: Range<String.Index>?

  init(width: Int) {
    self.width = max(width, 1)
  }

  /// `items` wrapped to `width`; no empty lines at either end.
  static func wrap(_ items: [InlineItem], width: Int) -> [WrappedLine] {
    wrap(items, width: width, oneLineWidth: oneLineWidth(items))
  }

  /// The same, with `items`' ``oneLineWidth(_:)`` measured already (a
  /// table measures every cell before it wraps them).
  static func wrap(_ items: [InlineItem], width: Int, oneLineWidth natural: Int?) -> [WrappedLine] {
    if let natural, natural <= width { return joined(items, width: natural) }
    var wrapper = StyledWrapper(width: width)
    for item in items {
      switch item {
      case .text(let text, let style): wrapper.add(text, style: style)
      case .lineBreak: wrapper.breakLine()
      }
    }
    return wrapper.finish()
  }

  /// The columns of `items` on one line, when they need no reflowing: no
  /// break, no run of spaces, no space at either end.
  ///
  /// Most table cells and
  /// short paragraphs are so, and then cost one pass over their bytes.
  static func oneLineWidth(_ items: [InlineItem]) -> Int? {
    var width = 0
    var isEmpty = true
    var endsWithSpace = false
    for item in items {
      guard case .text(let text, _) = item else { return nil }
      let utf8 = text.utf8
      guard let first = utf8.first else { continue }
      if first == 0x20, isEmpty || endsWithSpace { return nil }
      guard let (isASCII, last) = singleSpaced(utf8) else { return nil }
      isEmpty = false
      endsWithSpace = last == 0x20
      width += isASCII ? utf8.count : DisplayWidth.of(text)
    }
    return endsWithSpace ? nil : width
  }

  /// Whether `utf8` is all ASCII, and its last byte; nil when two spaces
  /// follow each other in it.
  ///
  /// Over the bytes in place: through the UTF-8 view, byte by byte, this
  /// scan was 7% of laying out a 1 MB README (callgrind).
  private static func singleSpaced(_ utf8: String.UTF8View) -> (isASCII: Bool, last: UInt8)? {
    func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> (isASCII: Bool, last: UInt8)? {
      var high: UInt8 = 0
      var previous: UInt8 = 0
      for byte in bytes {
        if byte == 0x20, previous == 0x20 { return nil }
        high |= byte
        previous = byte
      }
      return (high < 0x80, previous)
    }
    if let scanned = utf8.withContiguousStorageIfAvailable(scan) { return scanned }
    return Array(utf8).withUnsafeBufferPointer(scan)
  }

  /// `items` on one line as they stand, adjacent ones in a style sharing a
  /// span (their strings are reused, not copied).
  private static func joined(_ items: [InlineItem], width: Int) -> [WrappedLine] {
    var spans: [StyledSpan] = []
    // One more for the margin the renderer puts in front of the line.
    spans.reserveCapacity(items.count + 1)
    for case .text(let text, let style) in items where !text.isEmpty {
      if let last = spans.indices.last, spans[last].style == style {
        spans[last].text += text
      } else {
        spans.append(StyledSpan(text, style: style))
      }
    }
    return spans.isEmpty ? [] : [WrappedLine(spans: spans, width: width)]
  }

  /// The columns of the widest line `items` make when nothing wraps them.
  static func naturalWidth(_ items: [InlineItem]) -> Int {
    naturalWidth(items, oneLineWidth: oneLineWidth(items))
  }

  /// The same, with `items`' ``oneLineWidth(_:)`` measured already.
  static func naturalWidth(_ items: [InlineItem], oneLineWidth: Int?) -> Int {
    if let width = oneLineWidth { return width }
    var widest = 0
    var lineWidth = 0
    var wordWidth = 0
    var hasWord = false
    var hasSpace = false
    for item in items {
      guard case .text(let text, _) = item else {
        if hasWord { lineWidth += (lineWidth > 0 && hasSpace ? 1 : 0) + wordWidth }
        widest = max(widest, lineWidth)
        (lineWidth, wordWidth, hasWord, hasSpace) = (0, 0, false, false)
        continue
      }
      var scanner = PieceScanner(text)
      while let piece = scanner.next() {
        if piece.columns > 0 || !piece.range.isEmpty {
          wordWidth += piece.columns
          hasWord = true
        }
        if piece.isWordEnd {
          if hasWord { lineWidth += (lineWidth > 0 && hasSpace ? 1 : 0) + wordWidth }
          (wordWidth, hasWord, hasSpace) = (0, false, true)
        }
      }
    }
    if hasWord { lineWidth += (lineWidth > 0 && hasSpace ? 1 : 0) + wordWidth }
    return max(widest, lineWidth)
  }

  mutating func add(_ text: String, style: TextStyle) {
    var scanner = PieceScanner(text)
    while let piece = scanner.next() {
      if !piece.range.isEmpty {
        if piece.isWordEnd && word.isEmpty {
          place(piece.range, of: text, columns: piece.columns, style: style)
        } else {
          Self.append(Substring(text.unicodeScalars[piece.range]), style: style, to: &word)
          wordWidth += piece.columns
        }
      }
      if piece.isWordEnd {
        placeWord(text, style: style)
        space = style
      }
    }
    flush(text, style: style)
  }

  /// Appends the words of `text` waiting in ``run`` to the line.
  private mutating func flush(_ text: String, style: TextStyle) {
    guard let range = run else { return }
    run = nil
    Self.append(Substring(text.unicodeScalars[range]), style: style, to: &line)
  }

  mutating func breakLine() {
    placeWord(nil, style: .plain)
    endLine()
  }

  mutating func finish() -> [WrappedLine] {
    placeWord(nil, style: .plain)
    if !line.isEmpty { endLine() }
    while let last = lines.last, last.spans.isEmpty { lines.removeLast() }
    guard let firstWithText = lines.firstIndex(where: { !$0.spans.isEmpty }) else { return [] }
    return firstWithText == 0 ? lines : Array(lines[firstWithText...])
  }

  /// A whole word of `text`, straight onto the line: into ``run`` when
  /// it follows the run's last word after one space.
  private mutating func place(_ range: Range<String.Index>, of text: String, columns: Int, style: TextStyle) {
    defer { space = nil }
    if !line.isEmpty || run != nil {
      let joiner = space == nil ? 0 : 1
      if lineWidth + joiner + columns <= width {
        lineWidth += joiner + columns
        if let current = run, joiner == 1, text.utf8.index(after: current.upperBound) == range.lowerBound {
          run = current.lowerBound..<range.upperBound
          return
        }
        flush(text, style: style)
        if let space { Self.append(" ", style: space, to: &line) }
        run = range
        return
      }
      flush(text, style: style)
      endLine()
    }
    if columns <= width {
      run = range
      lineWidth = columns
      return
    }
    let piece = Substring(text.unicodeScalars[range])
    if DisplayWidth.isUnbroken(piece) {
      Self.append(piece, style: style, to: &line)
      lineWidth = columns
      return
    }
    cut([StyledSpan(String(piece), style: style)])
  }

  /// The word gathered across pieces, onto the line, after the words of
  /// `text` in `style` waiting in ``run``.
  private mutating func placeWord(_ text: String?, style: TextStyle) {
    guard !word.isEmpty else { return }
    if let text { flush(text, style: style) }
    defer {
      word.removeAll(keepingCapacity: true)
      wordWidth = 0
      space = nil
    }
    if !line.isEmpty {
      let joiner = space == nil ? 0 : 1
      if lineWidth + joiner + wordWidth <= width {
        if let space { Self.append(" ", style: space, to: &line) }
        for span in word { Self.append(Substring(span.text), style: span.style, to: &line) }
        lineWidth += joiner + wordWidth
        return
      }
      endLine()
    }
    if wordWidth <= width || DisplayWidth.isUnbroken(word.map(\.text).joined()) {
      for span in word { Self.append(Substring(span.text), style: span.style, to: &line) }
      lineWidth = wordWidth
      return
    }
    cut(word)
  }

  /// A word wider than a line, cut into line-wide pieces; the last piece
  /// starts the line the next word joins.
  private mutating func cut(_ word: [StyledSpan]) {
    for span in word {
      let text = span.text
      if text.utf8.allSatisfy({ $0 < 0x80 }) {
        // ASCII: one column a byte, so cut by counting.
        var rest = Substring(text)
        while !rest.isEmpty {
          if lineWidth >= width { endLine() }
          let piece = rest.prefix(width - lineWidth)
          Self.append(piece, style: span.style, to: &line)
          lineWidth += piece.utf8.count
          rest = rest.dropFirst(piece.count)
        }
        continue
      }
      for character in text {
        let columns = DisplayWidth.of(String(character))
        if lineWidth + columns > width, lineWidth > 0 { endLine() }
        Self.append(Substring(String(character)), style: span.style, to: &line)
        lineWidth += columns
      }
    }
  }

  private mutating func endLine() {
    lines.append(WrappedLine(spans: line, width: lineWidth))
    line = []
    lineWidth = 0
    space = nil
  }

  static func append(_ text: Substring, style: TextStyle, to spans: inout [StyledSpan]) {
    if let last = spans.indices.last, spans[last].style == style {
      spans[last].text += text
    } else {
      spans.append(StyledSpan(String(text), style: style))
    }
  }

  /// Columns of sanitised text: ASCII counted by bytes, the rest by
  /// ``DisplayWidth``.
  static func columns(_ text: Substring) -> Int {
    let ascii = text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
      for byte in bytes where byte >= 0x80 { return nil }
      return bytes.count
    }
    if let count = ascii ?? nil { return count }
    return DisplayWidth.of(String(text))
  }
}

/// The runs of non-spaces in a text, each with its columns and whether a
/// space follows (the word ends there; a later run of spaces is a piece
/// with an empty range).
///
/// One pass over the bytes where they lie, no closure of its own: through
/// the UTF-8 view's indices it was about 50 instructions a byte, a third
/// of wrapping a streamed reply's paragraph (callgrind).
struct PieceScanner {
  struct Piece {
    var range: Range<String.Index>
    var columns: Int
    var isWordEnd: Bool
  }

  private let text: String
  /// The UTF-8 offset the next piece starts at.
  private var offset = 0
  private let count: Int

  init(_ text: String) {
    self.text = text
    count = text.utf8.count
  }

  mutating func next() -> Piece? {
    guard offset < count else { return nil }
    let start = offset
    let run =
      text.utf8.withContiguousStorageIfAvailable { Self.run(in: $0, from: start) }
      ?? Array(text.utf8).withUnsafeBufferPointer { Self.run(in: $0, from: start) }
    let isWordEnd = run.end < count
    offset = isWordEnd ? run.end + 1 : run.end
    let utf8 = text.utf8
    let range = utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: run.end)
    let columns = run.isASCII ? run.end - start : DisplayWidth.of(String(text[range]))
    return Piece(range: range, columns: columns, isWordEnd: isWordEnd)
  }

  /// Where the run of non-spaces from `start` ends (at a space or the
  /// end), and whether it is all ASCII.
  private static func run(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (end: Int, isASCII: Bool) {
    var index = start
    var high: UInt8 = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x20 { break }
      high |= byte
      index += 1
    }
    return (index, high < 0x80)
  }
}
