import Explore
import Foundation
import Home
import JSON
import ServiceAccess
import TerminalText

/// Reads a bookmarks file (`BookmarkFile`) someone hands to `import`:
/// outside data, so every value is checked as it enters.
///
/// Text loses escape
/// and control sequences and is bounded; numbers are in range; names follow
/// the rules their owners (Geoapify's ids, GitHub's names) follow. The
/// first thing wrong refuses the whole file, saying where.
enum BookmarkFileReader {
  /// Why the file was refused, and where (`byte` 0-based, `line` 1-based).
  struct Problem: Error, Equatable {
    enum Kind: Equatable {
      case malformed
      case geoJSON
      case newerVersion(Int)
    }

    var kind: Kind
    var reason: String
    var byte: Int?
    var line: Int?
  }

  static func read(_ bytes: [UInt8], now: Date) throws(Problem) -> BookmarkFile {
    // A byte-order mark, as some Windows editors save: not part of the JSON.
    let bytes = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    let document: JSONDocument
    do {
      document = try JSONDocument(bytes: bytes)
    } catch {
      let offset = error.offset
      throw Problem(
        kind: .malformed, reason: "it is not JSON: \(error.problem)", byte: offset,
        line: JSONDocument.line(ofByte: offset, in: bytes))
    }
    let root = document.root
    guard root.kind == .object else { throw problem("it holds no JSON object", at: root) }
    if root["type"]?.string == "FeatureCollection" {
      throw Problem(kind: .geoJSON, reason: "it is GeoJSON")
    }
    guard root["format"]?.string == BookmarkFile.format else {
      throw problem("it has no \"format\": \"\(BookmarkFile.format)\"", at: root["format"] ?? root)
    }
    guard let versionNode = root["version"], let version = versionNode.int, version >= 1 else {
      throw problem("its \"version\" is not a whole number from 1", at: root["version"] ?? root)
    }
    guard version <= BookmarkFile.version else {
      throw Problem(kind: .newerVersion(version), reason: "", byte: versionNode.byteOffset, line: nil)
    }
    let reader = EntryReader(now: now)
    let places = try entries(root["places"], named: "places") { node, number throws(Problem) in
      try reader.place(node, number: number)
    }
    let repositories = try entries(root["repositories"], named: "repositories") { node, number throws(Problem) in
      try reader.repository(node, number: number)
    }
    return BookmarkFile(places: places, repositories: repositories)
  }

  /// The elements of an array member, each read by `read`; none when the member is absent.
  private static func entries<Entry>(
    _ node: JSONNode?, named name: String, _ read: (JSONNode, Int) throws(Problem) -> Entry
  ) throws(Problem) -> [Entry] {
    guard let node, !node.isNull else { return [] }
    guard let elements = node.array else { throw problem("\"\(name)\" is not a list", at: node) }
    guard elements.count <= BookmarkFile.mostEntriesPerKind else {
      throw problem("\"\(name)\" holds more than \(BookmarkFile.mostEntriesPerKind) entries", at: node)
    }
    var entries: [Entry] = []
    entries.reserveCapacity(elements.count)
    for (index, element) in elements.enumerated() {
      entries.append(try read(element, index + 1))
    }
    return entries
  }

  static func problem(_ reason: String, at node: JSONNode) -> Problem {
    let byte = node.byteOffset
    return Problem(kind: .malformed, reason: reason, byte: byte, line: byte.map { node.line(ofByte: $0) })
  }
}

/// Reads one place or repository of a bookmarks file, field by field.
private struct EntryReader {
  typealias Problem = BookmarkFileReader.Problem
  let now: Date

  func place(_ node: JSONNode, number: Int) throws(Problem) -> FavoritePlace {
    let fields = Fields(node: node, entry: "place \(number)")
    guard node.kind == .object else { throw BookmarkFileReader.problem("place \(number) is not an object", at: node) }
    let id = try fields.text("id", limit: 512, required: true) ?? ""
    guard PlaceIdentifier.isValid(id) else {
      throw fields.problem("id", "is not a place id (letters, digits, '-', '_', '.', ':')")
    }
    let category = try fields.text("category", limit: 200) ?? "place"
    guard category.unicodeScalars.allSatisfy({ "a"..."z" ~= $0 || "0"..."9" ~= $0 || $0 == "_" || $0 == "." }) else {
      throw fields.problem("category", "is not a category key like catering.cafe")
    }
    let latitude = try fields.coordinate("latitude", limit: 90)
    let longitude = try fields.coordinate("longitude", limit: 180)
    guard (latitude == nil) == (longitude == nil) else {
      throw fields.problem(latitude == nil ? "longitude" : "latitude", "comes without its partner coordinate")
    }
    return FavoritePlace(
      id: id, name: try fields.text("name", limit: 500, required: true) ?? "", categoryKey: category,
      address: try fields.text("address", limit: 1000), city: try fields.text("city", limit: 500),
      latitude: latitude, longitude: longitude, phone: try fields.text("phone", limit: 100),
      website: try fields.text("website", limit: 2000), openingHours: try fields.text("openingHours", limit: 1000),
      savedAt: try fields.date("savedAt", now: now))
  }

  func repository(_ node: JSONNode, number: Int) throws(Problem) -> SavedRepository {
    let fields = Fields(node: node, entry: "repository \(number)")
    guard node.kind == .object else {
      throw BookmarkFileReader.problem("repository \(number) is not an object", at: node)
    }
    let fullName = try fields.text("fullName", limit: 140, required: true) ?? ""
    guard RepositoryName(fullName) != nil else {
      throw fields.problem("fullName", "is not a GitHub name like owner/name")
    }
    let webURL = try fields.text("webURL", limit: 2000) ?? "https://github.com/\(fullName)"
    guard webURL.hasPrefix("https://") || webURL.hasPrefix("http://"), !webURL.contains(" ") else {
      throw fields.problem("webURL", "is not a web address (https://…)")
    }
    let branch = try fields.text("defaultBranch", limit: 255)
    if let branch, branch.contains("..") || branch.contains(" ") || branch.hasPrefix("/") || branch.hasPrefix("-") {
      throw fields.problem("defaultBranch", "is not a branch name")
    }
    return SavedRepository(
      fullName: fullName, description: try fields.text("description", limit: 2000),
      stars: try fields.count("stars"), forks: try fields.count("forks"),
      language: try fields.text("language", limit: 100), licence: try fields.text("licence", limit: 200),
      topics: try fields.texts("topics", limit: 100, each: 100),
      webURL: webURL, defaultBranch: branch, savedAt: try fields.date("savedAt", now: now))
  }
}

/// The members of one entry, each read with its checks.
private struct Fields {
  typealias Problem = BookmarkFileReader.Problem
  let node: JSONNode
  /// "place 3", for saying where.
  let entry: String

  func problem(_ key: String, _ what: String) -> Problem {
    BookmarkFileReader.problem("\(entry)'s \(key) \(what)", at: node[key] ?? node)
  }

  /// Text without escape sequences or control characters, trimmed, at most
  /// `limit` characters; nil when absent, null or empty (unless `required`).
  func text(_ key: String, limit: Int, required: Bool = false) throws(Problem) -> String? {
    guard let value = node[key], !value.isNull else {
      if required { throw BookmarkFileReader.problem("\(entry) has no \(key)", at: node) }
      return nil
    }
    guard let raw = value.string else { throw problem(key, "is not text") }
    let text = TextSanitizer.clean(raw).trimmingCharacters(in: .whitespaces)
    guard text.count <= limit else { throw problem(key, "is longer than \(limit) characters") }
    if text.isEmpty && required { throw problem(key, "is empty") }
    return text.isEmpty ? nil : text
  }

  func texts(_ key: String, limit: Int, each: Int) throws(Problem) -> [String] {
    guard let value = node[key], !value.isNull else { return [] }
    guard let elements = value.array, elements.count <= limit else {
      throw problem(key, "is not a list of at most \(limit) words")
    }
    var texts: [String] = []
    for element in elements {
      guard let raw = element.string else { throw problem(key, "holds something other than text") }
      let text = TextSanitizer.clean(raw).trimmingCharacters(in: .whitespaces)
      guard text.count <= each else { throw problem(key, "holds one longer than \(each) characters") }
      if !text.isEmpty { texts.append(text) }
    }
    return texts
  }

  /// A coordinate: `limit` is 90 for a latitude, 180 for a longitude.
  func coordinate(_ key: String, limit: Int) throws(Problem) -> Double? {
    guard let value = node[key], !value.isNull else { return nil }
    guard let number = value.double, number.isFinite, abs(number) <= Double(limit) else {
      throw problem(key, "is not a number from -\(limit) to \(limit)")
    }
    return number
  }

  /// A count (stars, forks): a whole number from 0 to ten billion.
  func count(_ key: String) throws(Problem) -> Int? {
    guard let value = node[key], !value.isNull else { return nil }
    guard let count = value.int, (0...10_000_000_000).contains(count) else {
      throw problem(key, "is not a whole number from 0")
    }
    return count
  }

  /// An ISO 8601 time that is one on the calendar (``Timestamp``: no 30
  /// February); one more than a day ahead of `now` is taken as now (a clock
  /// set wrong must not keep a bookmark on top forever).
  func date(_ key: String, now: Date) throws(Problem) -> Date? {
    guard let value = node[key], !value.isNull else { return nil }
    guard let text = value.string, let date = Timestamp.date(from: text) else {
      throw problem(key, "is not a time like 2026-11-29T20:41:07Z")
    }
    return date > now.addingTimeInterval(86_400) ? now : date
  }
}

/// What a place id may be: Geoapify's (hexadecimal) and the catalog's
/// (`offline-0001`) both pass; nothing that could break a path or a line,
/// and never punctuation alone (`..`).
enum PlaceIdentifier {
  static func isValid(_ id: String) -> Bool {
    (1...512).contains(id.utf8.count) && id.utf8.contains(where: isAlphanumeric)
      && id.utf8.allSatisfy { byte in
        isAlphanumeric(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
          || byte == UInt8(ascii: ":")
      }
  }

  private static func isAlphanumeric(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
      || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }
}
