import TextWidth

/// What ``StandardConsole/writePartial(_:style:)`` wrote since the last line
/// written another way, kept as the lines it put on the terminal: what
/// ``StandardConsole/replacePartial(with:)`` moves the cursor up over.
///
/// The text is broken into lines here, where the terminal would have
/// wrapped it, so that the terminal wraps none of it: then a resize cannot
/// lose count of its rows. A terminal that widens either joins wrapped rows
/// (tmux, VTE, iTerm2, kitty reflow) or leaves them as they were (xterm);
/// rows ended by a line break are left alone by both. A terminal that
/// narrows under a line either splits it (the reflowing ones) or cuts it
/// (xterm): the line is counted as split, as most terminals show it (on a
/// terminal that cuts, a redraw then starts as many rows higher).
///
/// While the region is taller than the window, its first lines are left
/// out (``keepingLastRows(_:columns:)``): rows that scrolled into the
/// scrollback could never be drawn over, and would stay there raw beside
/// their rendering.
struct PartialRegion {
  private struct Line {
    /// Its text's UTF-8: a streamed piece is added a token at a time, and
    /// a byte array takes one for about half what a string's append costs
    /// (callgrind); made a string only when the line is drawn again.
    var bytes: [UInt8] = []
    /// Display columns.
    var width = 0
  }

  /// The lines on the terminal, the cursor's last (it may be empty).
  private var lines = [Line()]

  /// The rows the region takes on a terminal `columns` wide: the cursor is
  /// on the last of them.
  func rows(at columns: Int) -> Int {
    lines.reduce(0) { $0 + Self.rows(lineWidth: $1.width, columns: columns) }
  }

  /// The rows a line takes on a terminal `columns` wide: at least one, a
  /// line wider than the terminal as many as it is split into.
  static func rows(lineWidth: Int, columns: Int) -> Int {
    let columns = max(columns, 1)
    return max(1, (lineWidth + columns - 1) / columns)
  }

  /// Adds `text`, written on a terminal `columns` wide.
  ///
  /// - Returns: The lines to write: the first continues the cursor's line,
  ///   each next one starts a row (its text may be empty).
  mutating func append(_ text: String, columns: Int) -> [String] {
    appendOnRow(text, columns: columns) ? [text] : appendAcrossRows(text, columns: columns)
  }

  /// As ``append(_:columns:)``, for a piece ``appendOnRow(_:columns:)``
  /// did not take: a caller that asked that first does not scan it twice.
  mutating func appendAcrossRows(_ text: String, columns: Int) -> [String] {
    var text = text
    var written = [""]
    // Most replies are ASCII: one column a byte, taken a row at a time.
    let isASCII = text.withUTF8 { bytes in
      guard bytes.allSatisfy({ $0 < 0x80 }) else { return false }
      appendASCII(bytes, columns: columns, to: &written)
      return true
    }
    if !isASCII {
      for character in text {
        add(character, width: DisplayWidth.width(of: character), columns: columns, to: &written)
      }
    }
    return written
  }

  /// Adds `text` if it continues the cursor's line and fits on its row, as
  /// most streamed pieces do; false, with nothing added, if not.
  ///
  /// Such a piece is taken as it is, not copied a row at a time (about 500
  /// instructions a streamed token, callgrind), and is the one line to write.
  mutating func appendOnRow(_ text: String, columns: Int) -> Bool {
    var text = text
    let room = columns - lines[lines.count - 1].width
    return text.withUTF8 { bytes in
      guard !bytes.isEmpty, bytes.count <= room, !bytes.contains(where: { $0 >= 0x80 || $0 == UInt8(ascii: "\n") })
      else { return false }
      lines[lines.count - 1].bytes.append(contentsOf: bytes)
      lines[lines.count - 1].width += bytes.count
      return true
    }
  }

  /// ASCII `bytes`, a row at a time, read in place: a streamed reply
  /// comes here once a token.
  private mutating func appendASCII(_ bytes: UnsafeBufferPointer<UInt8>, columns: Int, to written: inout [String]) {
    var start = 0
    while start < bytes.count {
      if bytes[start] == UInt8(ascii: "\n") {
        startLine(in: &written)
        start += 1
        continue
      }
      let width = lines[lines.count - 1].width
      if width >= columns, width > 0 { startLine(in: &written) }
      let room = max(columns - lines[lines.count - 1].width, 1)
      let limit = min(bytes.count, start + room)
      var end = start
      while end < limit, bytes[end] != UInt8(ascii: "\n") { end += 1 }
      let row = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
      take(row, width: end - start, into: &written)
      start = end
    }
  }

  private mutating func add(_ character: Character, width: Int, columns: Int, to written: inout [String]) {
    if character == "\n" {
      return startLine(in: &written)
    }
    // Where the terminal would wrap (or has narrowed under the line): a
    // line break of its own instead.
    let current = lines[lines.count - 1].width
    if current + width > columns, current > 0 { startLine(in: &written) }
    take(String(character), width: width, into: &written)
  }

  /// Puts `text`, `width` columns, at the end of the cursor's line.
  private mutating func take(_ text: String, width: Int, into written: inout [String]) {
    lines[lines.count - 1].bytes.append(contentsOf: text.utf8)
    lines[lines.count - 1].width += width
    written[written.count - 1] += text
  }

  private mutating func startLine(in written: inout [String]) {
    lines.append(Line())
    written.append("")
  }

  /// Leaves out the first lines while the region takes more than `limit`
  /// rows at `columns` (never the cursor's line).
  ///
  /// - Returns: The lines kept, to draw again where the region starts;
  ///   nil when it fits and nothing was left out.
  mutating func keepingLastRows(_ limit: Int, columns: Int) -> [String]? {
    var rows = rows(at: columns)
    guard rows > limit else { return nil }
    var dropped = 0
    while rows > limit, dropped < lines.count - 1 {
      rows -= Self.rows(lineWidth: lines[dropped].width, columns: columns)
      dropped += 1
    }
    lines.removeFirst(dropped)
    return lines.map { String(decoding: $0.bytes, as: UTF8.self) }
  }
}
