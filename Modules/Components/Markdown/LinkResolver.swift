import Foundation

/// Turns a link or image address from a document into the one to show:
/// relative ones resolved against the document's base, like GitHub does for
/// a repository's README.
///
/// By hand rather than with `URL(string:relativeTo:)`: a long README has
/// thousands of links, and Foundation's parsing costs more than the rest of
/// a link's rendering. Addresses are untrusted text; the result is shown,
/// never opened here, and is sanitised with the rest of the line.
struct LinkResolver {
  /// The base up to and including its last `/`: where relative paths start.
  private let directory: String?
  /// UTF-8 offset in `directory` of its path (after `scheme://host`).
  private let pathOffset: Int

  init(base: URL?) {
    guard let base else {
      directory = nil
      pathOffset = 0
      return
    }
    var text = base.absoluteString
    // Query and fragment never take part in resolving.
    if let end = text.firstIndex(where: { $0 == "?" || $0 == "#" }) { text = String(text[..<end]) }
    if Self.pathStart(of: text) != nil, let last = text.lastIndex(of: "/") {
      // A base that does not end in `/` names a file: its folder is the base.
      text = String(text[...last])
    } else {
      text += "/"
    }
    let start = Self.pathStart(of: text) ?? text.startIndex
    pathOffset = text.utf8.distance(from: text.startIndex, to: start)
    directory = text
  }

  private static func pathStart(of address: String) -> String.Index? {
    let authorityStart = address.range(of: "://").map(\.upperBound) ?? address.startIndex
    return address[authorityStart...].firstIndex(of: "/")
  }

  /// The address to show for `raw`, or nil when there is none worth showing:
  /// an empty address, or a fragment (`#usage`) that points inside the
  /// document being read.
  func resolve(_ raw: String) -> String? {
    let address = Self.trimmingSpaces(raw)
    guard let first = address.utf8.first, first != UInt8(ascii: "#") else { return nil }
    if Self.hasScheme(address) { return address }
    if address.hasPrefix("//") { return "https:" + address }
    guard let directory else { return address }
    // A path from the root (`/docs/x.md`) is the repository's root on
    // GitHub: the base.
    let relative = address.drop { $0 == "/" }.replacingOccurrences(of: " ", with: "%20")
    let joined = directory + relative
    guard Self.hasDotSegments(relative) else { return joined }
    return Self.removingDotSegments(joined, pathOffset: pathOffset)
  }

  /// `text` without spaces and tabs at either end (by hand: Foundation's
  /// `trimmingCharacters` costs more than resolving).
  private static func trimmingSpaces(_ text: String) -> String {
    let utf8 = text.utf8
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
    guard let first = utf8.first, let last = utf8.last, isSpace(first) || isSpace(last) else { return text }
    guard let start = utf8.firstIndex(where: { !isSpace($0) }), let end = utf8.lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(Substring(utf8[start...end]))
  }

  /// `scheme:` as RFC 3986 spells it: a letter, then letters, digits, `+ - .`.
  static func hasScheme(_ address: String) -> Bool {
    var isFirst = true
    for byte in address.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
        break
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
        if isFirst { return false }
      case UInt8(ascii: ":"):
        return !isFirst
      default:
        return false
      }
      isFirst = false
    }
    return false
  }

  private static func hasDotSegments(_ path: String) -> Bool {
    path == "." || path == ".." || path.hasPrefix("./") || path.hasPrefix("../") || path.contains("/./")
      || path.contains("/../") || path.hasSuffix("/.") || path.hasSuffix("/..")
  }

  /// `joined` with `.` and `..` segments of its path applied; `..` stops at
  /// the root.
  private static func removingDotSegments(_ joined: String, pathOffset: Int) -> String {
    let pathStart = joined.utf8.index(joined.utf8.startIndex, offsetBy: pathOffset, limitedBy: joined.utf8.endIndex)
    guard let pathStart else { return joined }
    let head = joined[..<pathStart]
    var path = joined[pathStart...]
    var tail = Substring("")
    if let end = path.firstIndex(where: { $0 == "?" || $0 == "#" }) {
      tail = path[end...]
      path = path[..<end]
    }
    var segments: [Substring] = []
    let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
    for (index, part) in parts.enumerated() {
      let isLast = index == parts.count - 1
      switch part {
      case ".":
        if isLast { segments.append("") }
      case "..":
        if !segments.isEmpty { segments.removeLast() }
        if isLast { segments.append("") }
      default:
        segments.append(part)
      }
    }
    return head + "/" + segments.joined(separator: "/") + tail
  }
}
