import Commands
import Foundation
import JSON
import Secrets

/// The bookmarks file `export` writes and `import` reads: every bookmark of
/// one person, versioned, each kind's records under its own member, each
/// record as the database keeps it plus the time it was saved.
///
///     { "format": "wayfarer-bookmarks", "version": 1, "exportedAt": "2026-11-29T20:41:07.250Z",
///       "places": [ { "version": 3, "id", "name", "category", "address", "city", "latitude",
///                     "longitude", "phone", "website", "openingHours", "savedAt" } ],
///       "repositories": [ { "version": 2, "fullName", "description", "stars", "forks", "language",
///                           "licence", "topics", "webURL", "defaultBranch", "savedAt" } ] }
///
/// Members come in a fixed order, so two exports of the same bookmarks
/// differ only in `exportedAt`. Reading is `BookmarkFileReader`.
struct BookmarkFile {
  static let format = "wayfarer-bookmarks"
  /// The newest version this Wayfarer reads and the one it writes.
  static let version = 1

  /// The one bound of a bookmarks file, the same for what an account may
  /// save, what export writes and what import reads, so that every export
  /// imports again: at most this many places, and as many repositories.
  static let mostEntriesPerKind = 100_000
  /// …in at most this many MiB (100,000 of each kind, as people save them,
  /// come to about 30 MiB).
  static let largestMiB = 64

  /// One record and the time it was first saved.
  struct Entry {
    /// Nil when `stored` stands for it.
    var record: (any BookmarkRecord)?
    var savedAt: Date?
    /// Where in its section's `stored` the record's JSON lies as the
    /// database holds it, for an export to copy: only when that is what
    /// writing the record gives (checked when it was saved, and unchanged
    /// since).
    var stored: Range<Int>?

    init(record: any BookmarkRecord, savedAt: Date?) {
      self.record = record
      self.savedAt = savedAt
    }

    init(stored: Range<Int>, savedAt: Date?) {
      self.stored = stored
      self.savedAt = savedAt
    }
  }

  /// One kind's records, in the file's order.
  struct Section {
    var kind: any BookmarkRecord.Type
    var entries: [Entry]
    /// Rows of the database that could not be read at all: not in the file.
    var unreadable = 0
    /// The stored JSON of the entries copied as stored, one after another.
    var stored: [UInt8] = []
  }

  /// Every registered kind, in ``BookmarkKinds/all``'s order.
  var sections: [Section]

  /// Rows left out for being unreadable, over every kind.
  var unreadable: Int { sections.reduce(0) { $0 + $1.unreadable } }

  func json(exportedAt: Date) -> [UInt8] {
    var writer = JSONWriter(pretty: true)
    // Room for the whole file at once: growing it copied what was written
    // at each doubling, and touched new pages each time. Room not used is
    // never touched.
    writer.reserveCapacity(
      sections.reduce(4_096) { sum, section in
        section.entries.reduce(sum) { $0 + 2 * ($1.stored?.count ?? 1_024) + 128 }
      })
    writer.object { file in
      file.member("format", Self.format)
      file.member("version", Self.version)
      file.member("exportedAt", Timestamp.text(for: exportedAt))
      for section in sections {
        file.key(section.kind.fileMember)
        section.stored.withUnsafeBufferPointer { stored in
          file.array { list in
            for entry in section.entries { Self.write(entry, of: section.kind, stored: stored, to: &list) }
          }
        }
      }
    }
    var bytes = writer.endingWithLine()
    // Rows copied as stored were never read through the document, which
    // hides a key; one configured after a row was saved must stay out too.
    SecretText.hide(in: &bytes)
    return bytes
  }

  /// `{"schema_version": 1, "places": […], "repositories": […]}`: the
  /// records as `json(exportedAt:)` writes them, for `--json`, or only
  /// the `picked` fields of each (those its kind has).
  func listJSON(picked: [String]?) -> [UInt8] {
    var writer = JSONWriter(pretty: true)
    writer.object { file in
      file.member("schema_version", ShellJSON.schemaVersion)
      for section in sections {
        let fields = section.kind.entryFields
        file.key(section.kind.fileMember)
        file.array { list in
          for entry in section.entries { fields.write(entry, picked: picked, to: &list) }
        }
      }
    }
    return writer.endingWithLine()
  }

  /// The fields `bookmarks list --json=FIELDS` may name: every kind's, in
  /// the kinds' order, each once.
  static var listFields: [String] {
    BookmarkKinds.all.flatMap { $0.entryFields.names }.reduce(into: []) { names, name in
      if !names.contains(name) { names.append(name) }
    }
  }

  /// When an entry was first saved, after its record's own members.
  static let savedAt = JSONField<Entry>("savedAt") { entry, writer in
    guard let savedAt = entry.savedAt else { return }
    writer.key("savedAt")
    writer.timestamp(savedAt)
  }

  /// The records that have a position as a GeoJSON FeatureCollection
  /// (RFC 7946: longitude first), and per kind how many went in and how
  /// many were left out for having none.
  func geoJSON() -> (bytes: [UInt8], counts: [(kind: any BookmarkRecord.Type, written: Int, leftOut: Int)]) {
    var counts: [(kind: any BookmarkRecord.Type, written: Int, leftOut: Int)] = []
    var writer = JSONWriter(pretty: true)
    writer.object { collection in
      collection.member("type", "FeatureCollection")
      collection.key("features")
      collection.array { features in
        for section in sections where section.kind is any MapPoint.Type {
          let placed = section.entries.filter { ($0.record as? any MapPoint)?.coordinates != nil }
          for entry in placed { Self.writeFeature(entry, to: &features) }
          counts.append((section.kind, placed.count, section.entries.count - placed.count))
        }
      }
    }
    return (writer.endingWithLine(), counts)
  }

  private static func write(_ entry: Entry, to writer: inout JSONWriter) {
    entry.record?.write(to: &writer) { object in savedAt.write(entry, to: &object) }
  }

  /// `entry`, laid out from the bytes `stored` holds for it when it has
  /// them: what reading the record and writing it again gives, at a
  /// fraction of the cost.
  private static func write(
    _ entry: Entry, of kind: any BookmarkRecord.Type, stored: UnsafeBufferPointer<UInt8>, to writer: inout JSONWriter
  ) {
    guard let range = entry.stored, range.lowerBound >= 0, range.upperBound <= stored.count else {
      return write(entry, to: &writer)
    }
    let bytes = UnsafeBufferPointer(rebasing: stored[range])
    let extra = { (object: inout JSONWriter) in savedAt.write(entry, to: &object) }
    if writer.object(compact: bytes, extra: extra) { return }
    // Not a shape the copy lays out (never what this version stored): read.
    let record = (try? JSONDocument(bytes: Array(bytes))).flatMap { try? kind.read($0.root, .fitting) }
    record?.write(to: &writer, extra: extra)
  }

  private static func writeFeature(_ entry: Entry, to writer: inout JSONWriter) {
    guard let (latitude, longitude) = (entry.record as? any MapPoint)?.coordinates else { return }
    writer.object { feature in
      feature.member("type", "Feature")
      feature.key("geometry")
      feature.object { point in
        point.member("type", "Point")
        point.key("coordinates")
        point.array { pair in
          pair.double(longitude)
          pair.double(latitude)
        }
      }
      feature.key("properties")
      write(entry, to: &feature)
    }
  }
}

/// A record that can be put on a map.
protocol MapPoint {
  /// Where it is, when known.
  var coordinates: (latitude: Double, longitude: Double)? { get }
}

extension BookmarkRecord {
  /// A file's entry of this kind: the record's fields, then when it was saved.
  static var entryFields: JSONFields<BookmarkFile.Entry> {
    jsonFields.of { entry in
      // Each section holds only its own kind's records.
      (entry.record as? Self) ?? Self()
    }
    .adding([BookmarkFile.savedAt])
  }
}

extension PlaceBookmark: MapPoint {
  var coordinates: (latitude: Double, longitude: Double)? {
    guard let latitude, let longitude else { return nil }
    return (latitude, longitude)
  }
}
