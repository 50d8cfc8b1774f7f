import Commands
import Foundation
import JSON

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
    var record: any BookmarkRecord
    var savedAt: Date?
  }

  /// One kind's records, in the file's order.
  struct Section {
    var kind: any BookmarkRecord.Type
    var entries: [Entry]
    /// Rows of the database that could not be read at all: not in the file.
    var unreadable = 0
  }

  /// Every registered kind, in ``BookmarkKinds/all``'s order.
  var sections: [Section]

  /// Rows left out for being unreadable, over every kind.
  var unreadable: Int { sections.reduce(0) { $0 + $1.unreadable } }

  func json(exportedAt: Date) -> [UInt8] {
    var writer = JSONWriter(pretty: true)
    writer.object { file in
      file.member("format", Self.format)
      file.member("version", Self.version)
      file.member("exportedAt", Timestamp.text(for: exportedAt))
      for section in sections {
        file.key(section.kind.fileMember)
        file.array { list in
          for entry in section.entries { Self.write(entry, to: &list) }
        }
      }
    }
    return writer.endingWithLine()
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
  static let savedAt = JSONField<Entry>("savedAt", text: { $0.savedAt.map { Timestamp.text(for: $0) } })

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
    entry.record.write(to: &writer) { object in savedAt.write(entry, to: &object) }
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
