import Foundation
import TextSafety

/// A `wayfarer://` link: a screen of the app, named from outside it (typed
/// at the prompt, or given at launch as `wayfarer open URL`).
///
/// The tabs
/// declare the links they answer (``LinkPattern``, in ``Tabs``); a link is
/// checked here, once, against them, and only a `DeepLink` that passed goes
/// any further, to its tab.
struct DeepLink: Equatable, Sendable {
  /// The tab it opens.
  let tab: String
  /// Its pattern's word (`place`), nil for the tab itself.
  let word: String?
  /// The checked value: an id, a name, a query; empty when the link has none.
  let value: String

  /// Why a link was refused: `link` sanitised and shortened for printing.
  struct Refusal: Error, Equatable {
    var link: String
    var reason: String

    var sentence: String { "Wayfarer cannot open \(link): \(reason)." }
  }

  static let scheme = "wayfarer"
  /// Longer than any link Wayfarer makes (a place id is at most 512).
  static let longest = 2048

  /// The forms a person may type, for refusals: `wayfarer://home/place/ID,
  /// home/city?q=NAME, … or profile/settings`.
  static let forms: String = {
    var forms = Tabs.linkPatterns.map(\.form)
    guard let last = forms.popLast() else { return "" }
    let list = forms.isEmpty ? last : forms.joined(separator: ", ") + " or " + last
    return scheme + "://" + list
  }()

  /// `open URL` in `help`, and what URL is.
  static let summary = "Follow a wayfarer:// link, or a repository's github.com address or OWNER/NAME"
  static let meaning =
    "URL is a link like wayfarer://explore/repo/apple/swift or https://github.com/apple/swift, or a name like apple/swift"

  /// A link as sentences print it: no escape sequences, at most 60
  /// columns, a space as `%20` so the link stays one word, and what is not
  /// drawn written as its code (`book<U+200B>marks`), as a refused word is.
  static func shown(_ text: String) -> String {
    // Spaces are made %20 before the cut: after it, a link of tabs came out
    // three times as wide (found by the fuzzer). Tabs and line breaks are
    // written as their codes.
    TextSanitizer.visible(
      String(text.unicodeScalars.prefix(1_024)).replacingOccurrences(of: " ", with: "%20"), limit: 60)
  }

  /// Checks `text` part by part (length, characters, scheme, encoding) and
  /// finds the pattern it matches among `patterns`.
  static func parse(_ text: String, patterns: [LinkPattern] = Tabs.linkPatterns) throws(Refusal) -> DeepLink {
    let refuse = { (reason: String) in Refusal(link: shown(text), reason: reason) }
    let parts: Parts
    do {
      parts = try Parts(try webForm(of: text, patterns: patterns) ?? text)
    } catch {
      throw refuse(error.reason)
    }
    // The screen's words in any case; ids and names as they were written.
    let words = parts.path.prefix(2).map { $0.lowercased() }
    let names = Array(parts.path.dropFirst(2))
    let matching = patterns.first { pattern in
      guard words.first == pattern.tab else { return false }
      guard let word = pattern.word else { return parts.path.count == 1 }
      return words.count == 2 && words[1] == word && names.count == pattern.pathParts
    }
    guard let pattern = matching else { throw refuse("there is no such screen; links are \(forms)") }
    switch pattern.value {
    case .none:
      return DeepLink(tab: pattern.tab, word: pattern.word, value: "")
    case .path(_, _, let refusal):
      let value = names.joined(separator: "/")
      if let reason = refusal(value) { throw refuse(reason) }
      return DeepLink(tab: pattern.tab, word: pattern.word, value: value)
    case .query(_, let what, let limit):
      guard let value = parts.query["q"]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else {
        throw refuse("it needs ?q= with the \(what)")
      }
      guard value.count <= limit else { throw refuse("the \(what) is longer than \(limit) characters") }
      guard TextSanitizer.clean(value) == value else { throw refuse("the \(what) holds control characters") }
      return DeepLink(tab: pattern.tab, word: pattern.word, value: value)
    }
  }

  /// The `wayfarer://` link a web address a pattern knows stands for
  /// (`https://github.com/apple/swift/tree/main` is
  /// `wayfarer://explore/repo/apple/swift`: what follows the value's parts,
  /// a query or `.git`, is left out); nil when `text` is no such address.
  private static func webForm(of text: String, patterns: [LinkPattern]) throws(Parts.Malformed) -> String? {
    let lowered = text.lowercased()
    for pattern in patterns {
      guard let address = pattern.webAddress, let host = URL(string: address)?.host(), let word = pattern.word else {
        continue
      }
      let prefixes = ["https://", "http://"].flatMap { [$0 + host + "/", $0 + "www." + host + "/"] }
      guard let prefix = prefixes.first(where: lowered.hasPrefix) else { continue }
      var rest = Substring(text.dropFirst(prefix.count))
      if let end = rest.firstIndex(where: { "?#".contains($0) }) { rest = rest[..<end] }
      var names = rest.split(separator: "/").prefix(pattern.pathParts).map(String.init)
      guard names.count == pattern.pathParts else {
        throw Parts.Malformed(reason: "Wayfarer opens \(host) addresses of the form \(address)\(label(of: pattern))")
      }
      if let last = names.last, last.lowercased().hasSuffix(".git") {
        names[names.count - 1] = String(last.dropLast(4))
      }
      return ([scheme + "://" + pattern.tab, word] + names).joined(separator: "/")
    }
    return nil
  }

  private static func label(of pattern: LinkPattern) -> String {
    if case .path(let label, _, _) = pattern.value { return label }
    return ""
  }

  /// A link taken apart: its path decoded part by part, and its query.
  private struct Parts {
    struct Malformed: Error {
      let reason: String
    }

    var path: [String] = []
    var query: [String: String] = [:]

    init(_ text: String) throws(Malformed) {
      guard text.utf8.count <= DeepLink.longest else {
        throw Malformed(reason: "it is longer than \(DeepLink.longest) characters")
      }
      guard TextSanitizer.clean(text) == text, !text.contains(" ") else {
        throw Malformed(reason: "it holds spaces or control characters (encode them, e.g. %20)")
      }
      let prefix = DeepLink.scheme + "://"
      guard text.lowercased().hasPrefix(prefix) else { throw Malformed(reason: "it is not a \(prefix) link") }
      var rest = Substring(text.dropFirst(prefix.count))
      if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
      var queryText: Substring = ""
      if let mark = rest.firstIndex(of: "?") {
        queryText = rest[rest.index(after: mark)...]
        rest = rest[..<mark]
      }
      var segments = rest.split(separator: "/", omittingEmptySubsequences: false)
      if segments.last == "" { segments.removeLast() }
      guard !segments.contains("") else { throw Malformed(reason: "it has an empty part between slashes") }
      do {
        path = try segments.map { segment throws(PercentEncoding.Malformed) in
          try PercentEncoding.decode(segment, plusIsSpace: false)
        }
      } catch {
        throw Malformed(reason: "its path \(error.clause)")
      }
      do {
        query = try PercentEncoding.queryParameters(queryText)
      } catch {
        throw Malformed(reason: "its query \(error.clause)")
      }
    }
  }
}

/// RFC 3986 percent-decoding, and `application/x-www-form-urlencoded`
/// queries (`+` for a space), refusing what is not valid UTF-8.
enum PercentEncoding {
  enum Malformed: Error {
    /// `%` not followed by two hexadecimal digits.
    case badEscape
    /// Bytes that are not UTF-8 (a cut or overlong sequence).
    case notUTF8

    var clause: String {
      switch self {
      case .badEscape: "is not percent-encoded correctly (% and two hexadecimal digits)"
      case .notUTF8: "decodes to bytes that are not UTF-8 text"
      }
    }
  }

  static func decode(_ text: some StringProtocol, plusIsSpace: Bool) throws(Malformed) -> String {
    var bytes: [UInt8] = []
    var iterator = text.utf8.makeIterator()
    while let byte = iterator.next() {
      switch byte {
      case UInt8(ascii: "%"):
        guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
          throw .badEscape
        }
        bytes.append(high << 4 | low)
      case UInt8(ascii: "+") where plusIsSpace:
        bytes.append(UInt8(ascii: " "))
      default:
        bytes.append(byte)
      }
    }
    guard let decoded = String(validating: bytes, as: UTF8.self) else { throw .notUTF8 }
    return decoded
  }

  /// `a=1&b=2`: the first value of each name.
  static func queryParameters(_ query: some StringProtocol) throws(Malformed) -> [String: String] {
    var parameters: [String: String] = [:]
    for pair in query.split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = try decode(parts[0], plusIsSpace: true)
      let value = try decode(parts.count > 1 ? parts[1] : "", plusIsSpace: true)
      if parameters[name] == nil { parameters[name] = value }
    }
    return parameters
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
