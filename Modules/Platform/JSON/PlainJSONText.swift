/// Where a JSON string's plain bytes end.
///
/// The first `"`, `\\` or control character from an index on, found eight
/// bytes at a time while it can (strings are most of an API answer's
/// bytes). Shared by ``JSONParser`` and ``JSONScanner``, which read strings
/// by the same rule.
@usableFromInline enum PlainJSONText {
  /// The index of the first byte from `index` on that needs attention;
  /// `count` when there is none.
  @usableFromInline static func end(_ base: UnsafePointer<UInt8>, from index: Int, count: Int) -> Int {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    var index = index
    while index + 8 <= count {
      let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
      let quotes = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
      let backslashes = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
      // A byte is flagged when it is zero (after the xor) or below 0x20.
      let flagged =
        ((quotes &- ones) & ~quotes) | ((backslashes &- ones) & ~backslashes) | ((word &- ones &* 0x20) & ~word)
      // The lowest flagged byte is the first to need attention (a borrow
      // can flag only bytes after a true one): found at once, not byte by
      // byte (about 50 instructions a string, most strings of a streamed
      // event short; callgrind).
      if flagged & highs != 0 { return index + (flagged & highs).trailingZeroBitCount / 8 }
      index += 8
    }
    while index < count {
      let byte = base[index]
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { return index }
      index += 1
    }
    return count
  }
}
