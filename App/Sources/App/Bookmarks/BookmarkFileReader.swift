import Foundation
import JSON

/// Reads a bookmarks file (`BookmarkFile`) someone hands to `import`:
/// outside data, so every record passes its kind's checks as it enters
/// (``BookmarkRecord/read(_:)``: text without escape and control sequences
/// and bounded, numbers in range, names as their owners write them).
///
/// The first thing wrong refuses the whole file, saying where.
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
    // A byte-order mark, as some Windows editors save: not part of the
    // JSON, but counted in the byte a problem is said to be at.
    guard bytes.starts(with: [0xEF, 0xBB, 0xBF]) else { return try readJSON(bytes, now: now) }
    do {
      return try readJSON(Array(bytes.dropFirst(3)), now: now)
    } catch {
      var moved = error
      moved.byte = error.byte.map { $0 + 3 }
      throw moved
    }
  }

  private static func readJSON(_ bytes: [UInt8], now: Date) throws(Problem) -> BookmarkFile {
    let document: JSONDocument
    do {
      document = try JSONDocument(bytes: bytes, exactText: true)
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
    var sections: [BookmarkFile.Section] = []
    for kind in BookmarkKinds.all {
      sections.append(try section(of: kind, in: root, now: now))
    }
    return BookmarkFile(sections: sections)
  }

  /// The records of `kind`'s member, each read through the kind's checks;
  /// none when the member is absent.
  private static func section<Record: BookmarkRecord>(of kind: Record.Type, in root: JSONNode, now: Date)
    throws(Problem) -> BookmarkFile.Section
  {
    let name = Record.fileMember
    guard let node = root[name], !node.isNull else { return BookmarkFile.Section(kind: kind, entries: []) }
    guard let elements = node.array else { throw problem("\"\(name)\" is not a list", at: node) }
    guard elements.count <= BookmarkFile.mostEntriesPerKind else {
      throw problem("\"\(name)\" holds more than \(BookmarkFile.mostEntriesPerKind) entries", at: node)
    }
    var entries: [BookmarkFile.Entry] = []
    entries.reserveCapacity(elements.count)
    for (index, element) in elements.enumerated() {
      let entry = "\(Record.kind.noun) \(index + 1)"
      do {
        let record = try Record.read(element, .strict)
        entries.append(BookmarkFile.Entry(record: record, savedAt: try savedAt(element, now: now)))
      } catch {
        throw problem(error.sentence(of: entry), at: error.key.flatMap { element[$0] } ?? element)
      }
    }
    return BookmarkFile.Section(kind: kind, entries: entries)
  }

  /// An entry's `savedAt`: a time that is one on the calendar (``Timestamp``:
  /// no 30 February); one more than a day ahead of `now` is taken as now (a
  /// clock set wrong must not keep a bookmark on top forever).
  private static func savedAt(_ entry: JSONNode, now: Date) throws(RecordProblem) -> Date? {
    guard let value = entry["savedAt"], !value.isNull else { return nil }
    guard let text = value.string, let date = Timestamp.date(from: text) else {
      throw RecordProblem(key: "savedAt", reason: "is not a time like 2026-11-29T20:41:07Z")
    }
    return date > now.addingTimeInterval(86_400) ? now : date
  }

  static func problem(_ reason: String, at node: JSONNode) -> Problem {
    let byte = node.byteOffset
    return Problem(kind: .malformed, reason: reason, byte: byte, line: byte.map { node.line(ofByte: $0) })
  }
}
