/// Whitespace and line ends taken off both ends of a text: the same set as
/// Foundation's `.whitespacesAndNewlines` here (Unicode's White_Space and
/// U+200B), without bridging to NSString, which cost a fifth of a GitHub
/// search's decoding.
public enum Trimming {
  /// `text` without leading or trailing whitespace or line ends.
  public static func whitespace(_ text: String) -> String {
    let scalars = text.unicodeScalars
    guard let first = scalars.firstIndex(where: { !isWhitespace($0) }),
      let last = scalars.lastIndex(where: { !isWhitespace($0) })
    else { return "" }
    return String(scalars[first...last])
  }

  /// Whether `scalar` is trimmed.
  static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.value < 0x80 { return scalar == " " || (0x09...0x0D).contains(scalar.value) }
    return scalar.properties.isWhitespace || scalar == "\u{200B}"
  }
}
