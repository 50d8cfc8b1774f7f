/// Turning a string's or a number's bytes into Swift values.
@usableFromInline enum JSONText {
  @usableFromInline static func hexValue(_ byte: UInt8) -> UInt16? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt16(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt16(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt16(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  /// The first four bytes of `text`, zero-padded: a cheap first comparison
  /// of object keys.
  @inline(__always)
  static func prefix(of text: UnsafeBufferPointer<UInt8>) -> UInt32 {
    var prefix: UInt32 = 0
    for index in 0..<min(4, text.count) { prefix |= UInt32(text[index]) << (8 * index) }
    return prefix
  }

  /// The text between a string's quotes with its escapes decoded (the parser
  /// has checked them).
  ///
  /// Invalid UTF-8 and lone surrogates become U+FFFD, as
  /// a reader showing someone else's text would want.
  @usableFromInline static func unescaped(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    var units: [UInt16] = []
    var plain: [UInt8] = []
    var result = ""
    func flushPlain() {
      guard !plain.isEmpty else { return }
      result += String(decoding: plain, as: UTF8.self)
      plain.removeAll(keepingCapacity: true)
    }
    func flushUnits() {
      guard !units.isEmpty else { return }
      result += String(decoding: units, as: UTF16.self)
      units.removeAll(keepingCapacity: true)
    }
    var index = bytes.startIndex
    while index < bytes.endIndex {
      let byte = bytes[index]
      guard byte == UInt8(ascii: "\\") else {
        flushUnits()
        plain.append(byte)
        index += 1
        continue
      }
      let code = bytes[index + 1]
      index += 2
      if code == UInt8(ascii: "u") {
        flushPlain()
        var unit: UInt16 = 0
        for offset in 0..<4 { unit = unit << 4 | (hexValue(bytes[index + offset]) ?? 0) }
        units.append(unit)
        index += 4
        continue
      }
      flushUnits()
      switch code {
      case UInt8(ascii: "b"): plain.append(0x08)
      case UInt8(ascii: "f"): plain.append(0x0C)
      case UInt8(ascii: "n"): plain.append(0x0A)
      case UInt8(ascii: "r"): plain.append(0x0D)
      case UInt8(ascii: "t"): plain.append(0x09)
      default: plain.append(code)  // \" \\ \/
      }
    }
    flushPlain()
    flushUnits()
    return result
  }

  /// A number the parser has checked.
  ///
  /// Up to 19 significant digits and a
  /// power of ten within ±22 are computed exactly with one rounding
  /// (Clinger's fast path); anything else goes to the standard library's
  /// parser, which ignores the locale as JSON must.
  @usableFromInline static func double(_ bytes: UnsafeBufferPointer<UInt8>) -> Double {
    var index = 0
    let negative = bytes[0] == UInt8(ascii: "-")
    if negative { index = 1 }
    var mantissa: UInt64 = 0
    var digits = 0
    var exponent = 0
    while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 {
      mantissa = mantissa &* 10 &+ UInt64(bytes[index] &- UInt8(ascii: "0"))
      digits += mantissa == 0 ? 0 : 1
      index += 1
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 {
        mantissa = mantissa &* 10 &+ UInt64(bytes[index] &- UInt8(ascii: "0"))
        digits += mantissa == 0 ? 0 : 1
        exponent -= 1
        index += 1
      }
    }
    if index == bytes.count, digits <= 15, mantissa < 1 << 53, exponent >= -22 {
      let value = exponent == 0 ? Double(mantissa) : Double(mantissa) / powersOfTen[-exponent]
      return negative ? -value : value
    }
    return slowDouble(bytes)
  }

  private static let powersOfTen: [Double] = (0...22).map { power in
    var value = 1.0
    for _ in 0..<power { value *= 10 }
    return value
  }

  private static func slowDouble(_ bytes: UnsafeBufferPointer<UInt8>) -> Double {
    Double(String(decoding: bytes, as: UTF8.self)) ?? .nan
  }
}
