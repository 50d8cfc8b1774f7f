import Explore
import TerminalKit

/// A `wayfarer://` link: a screen of the app, named from outside it (typed
/// at the prompt, or given at launch as `wayfarer open URL`).
///
///     wayfarer://home/place/PLACE_ID      wayfarer://explore/repo/OWNER/NAME
///     wayfarer://home/city?q=NAME         wayfarer://explore/search?q=QUERY
///     wayfarer://bookmarks                wayfarer://profile/settings
///
/// Everything in a link is outside data: it is checked here, once, and only
/// a `DeepLink` that passed goes any further.
enum DeepLink: Equatable, Sendable {
  case place(id: String)
  case city(query: String)
  case repository(fullName: String)
  case search(query: String)
  case bookmarks
  case settings

  /// Why a link was refused: `link` sanitised and shortened for printing.
  struct Refusal: Error, Equatable {
    var link: String
    var reason: String

    var sentence: String { "Wayfarer cannot open \(link): \(reason)." }
  }

  static let scheme = "wayfarer"
  /// Longer than any link Wayfarer makes (a place id is at most 512).
  static let longest = 2048
  static let longestCityQuery = 100
  static let longestSearchQuery = 256

  /// The forms a person may type, for `help` and refusals.
  static let forms =
    "wayfarer://home/place/ID, home/city?q=NAME, explore/repo/OWNER/NAME, explore/search?q=QUERY, bookmarks or profile/settings"

  /// `open URL` in `help`, and what URL is.
  static let summary = "Go to a wayfarer:// link (wayfarer://profile/settings)"
  static let meaning = "URL is a link like wayfarer://explore/repo/apple/swift"

  /// A link as sentences print it: no escape sequences, at most 60
  /// columns, a space as `%20` so the link stays one word.
  static func shown(_ text: String) -> String {
    // Spaces (tabs, line breaks) are made %20 before the cut: after it, a
    // link of tabs came out three times as wide (found by the fuzzer).
    TextSanitizer.clean(TextSanitizer.clean(text, limit: 240).replacingOccurrences(of: " ", with: "%20"), limit: 60)
  }

  static func parse(_ text: String) throws(Refusal) -> DeepLink {
    func refuse(_ reason: String) -> Refusal {
      Refusal(link: shown(text), reason: reason)
    }
    guard text.utf8.count <= longest else { throw refuse("it is longer than \(longest) characters") }
    guard TextSanitizer.clean(text) == text, !text.contains(" ") else {
      throw refuse("it holds spaces or control characters (encode them, e.g. %20)")
    }
    let prefix = scheme + "://"
    guard text.lowercased().hasPrefix(prefix) else { throw refuse("it is not a \(prefix) link") }
    var rest = Substring(text.dropFirst(prefix.count))
    if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
    var query: Substring?
    if let mark = rest.firstIndex(of: "?") {
      query = rest[rest.index(after: mark)...]
      rest = rest[..<mark]
    }
    var segments = rest.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    if segments.last == "" { segments.removeLast() }
    guard !segments.contains("") else { throw refuse("it has an empty part between slashes") }
    var decoded: [String] = []
    do {
      for segment in segments {
        decoded.append(try PercentEncoding.decode(segment, plusIsSpace: false))
      }
    } catch {
      throw refuse("its path \(error.clause)")
    }
    let parameters: [String: String]
    do {
      parameters = try PercentEncoding.queryParameters(query ?? "")
    } catch {
      throw refuse("its query \(error.clause)")
    }

    func searchText(limit: Int, what: String) throws(Refusal) -> String {
      guard let value = parameters["q"]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else {
        throw refuse("it needs ?q= with the \(what)")
      }
      guard value.count <= limit else { throw refuse("the \(what) is longer than \(limit) characters") }
      guard TextSanitizer.clean(value) == value else { throw refuse("the \(what) holds control characters") }
      return value
    }

    // The screen's words in any case; ids and names as they were written.
    let words = decoded.prefix(2).map { $0.lowercased() }
    let names = decoded.dropFirst(2)
    switch (words, names.count) {
    case (["home", "place"], 1):
      let id = names.joined()
      guard PlaceIdentifier.isValid(id) else {
        throw refuse("'\(TextSanitizer.clean(id, limit: 30))' is not a place id")
      }
      return .place(id: id)
    case (["explore", "repo"], 2):
      let fullName = names.joined(separator: "/")
      guard GitHubNames.isRepositoryName(fullName) else {
        throw refuse("'\(TextSanitizer.clean(fullName, limit: 40))' is not a GitHub name like owner/name")
      }
      return .repository(fullName: fullName)
    case _ where !names.isEmpty:
      throw refuse("there is no such screen; links are \(forms)")
    default:
      break
    }
    switch words {
    case ["home", "city"]:
      return .city(query: try searchText(limit: longestCityQuery, what: "city's name"))
    case ["explore", "search"]:
      return .search(query: try searchText(limit: longestSearchQuery, what: "search"))
    case ["bookmarks"]:
      return .bookmarks
    case ["profile", "settings"]:
      return .settings
    default:
      throw refuse("there is no such screen; links are \(forms)")
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
