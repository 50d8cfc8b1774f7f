/// OSC 8 hyperlinks: `ESC ] 8 ; ; ADDRESS ESC \\` before the text and
/// `ESC ] 8 ; ; ESC \\` after it, which terminals that know them make
/// clickable and others ignore.
///
/// The address is untrusted text inside an escape sequence: only an
/// http(s) address of printable ASCII (no space, no control, at most 2,048
/// bytes) is ever sent; any other is left as plain text.
enum Hyperlink {
  static let longest = 2_048

  /// `address` when it may be sent in an OSC 8 sequence; nil otherwise.
  static func checked(_ address: String) -> String? {
    let bytes = address.utf8
    guard bytes.count <= longest, bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return nil }
    let lowered = address.lowercased()
    guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://") else { return nil }
    return address
  }

  /// Closes the link `old` (if any) and opens `new` (if any).
  static func `switch`(from old: String?, to new: String?, in output: inout [UInt8]) {
    if old != nil { output.append(contentsOf: opening("")) }
    if let new { output.append(contentsOf: opening(new)) }
  }

  private static func opening(_ address: String) -> [UInt8] {
    [0x1B, UInt8(ascii: "]"), UInt8(ascii: "8"), UInt8(ascii: ";"), UInt8(ascii: ";")] + Array(address.utf8) + [
      0x1B, UInt8(ascii: "\\"),
    ]
  }
}
