import Foundation
import JSON
import Storage

/// The shapes bookmarks had in the database before they were records.
///
/// These are the schema steps that rewrote them into ``BookmarkKinds``'
/// records. Each step does what it did when it shipped (step 3 is written
/// on the JSON module now, with the same result), so a database at any
/// version comes up to date.
enum LegacyBookmarks {
  // MARK: Step 3: the first version's labels → place fields, version 2

  /// Rewrites the places saved by the first version (the detail screen's
  /// labels: `category` "tourism › sights", `categories`
  /// "tourism,tourism.sights", `opening hours`, `latitude` and `longitude`
  /// as text…) as version 2 fields; rows in any other form stay as they are.
  static func rewriteLabelledPlaces(in transaction: SQLiteDatabase.Transaction) throws {
    for row in try transaction.execute("SELECT rowid AS row, fields FROM bookmarks WHERE kind = 'place'") {
      guard let number = row.integer("row"), let json = row.text("fields"), let labels = labels(in: json) else {
        continue
      }
      try transaction.execute(
        "UPDATE bookmarks SET fields = ? WHERE rowid = ?", [.text(placeVersion2(labels: labels)), .integer(number)])
    }
  }

  /// The labels of a first-version place: an object of texts only.
  private static func labels(in json: String) -> [String: String]? {
    guard let document = try? JSONDocument(bytes: Array(json.utf8)), let members = document.root.members else {
      return nil
    }
    var labels: [String: String] = [:]
    for (key, value) in members {
      guard let text = value.string else { return nil }
      labels[key] = text
    }
    return labels
  }

  /// Version 2 place fields (`categoryKey`, no id or name) from the labels.
  private static func placeVersion2(labels: [String: String]) -> String {
    let categories = (labels["categories"] ?? "").split(separator: ",").map(String.init)
    let categoryKey =
      categories.max { $0.count < $1.count }
      ?? labels["category"].map {
        $0.components(separatedBy: " › ").map { $0.replacingOccurrences(of: " ", with: "_") }.joined(separator: ".")
      } ?? "place"
    let position = Configuration.Location(
      checkingLatitude: labels["latitude"].flatMap(Double.init), longitude: labels["longitude"].flatMap(Double.init))
    var writer = JSONWriter()
    writer.object { object in
      object.member("version", 2)
      object.member("categoryKey", categoryKey)
      for (key, label) in [("address", "address"), ("city", "city"), ("phone", "phone"), ("website", "website")] {
        object.member(key, labels[label])
      }
      object.member("openingHours", labels["opening hours"])
      object.member("latitude", position?.latitude)
      object.member("longitude", position?.longitude)
    }
    return String(decoding: writer.bytes, as: UTF8.self)
  }

  // MARK: Step 6: place fields 2 and repository fields 1 → records

  /// The columns the list reads without parsing.
  static let listColumns = [
    "ALTER TABLE bookmarks ADD COLUMN subtitle TEXT",
    "ALTER TABLE bookmarks ADD COLUMN detail TEXT",
  ]

  /// Rewrites every row as its kind's record.
  ///
  /// The fields of version 2 places (`categoryKey`) and version 1
  /// repositories, with the id and name their columns held, are read
  /// through the record's checks, fitting (nothing saved is refused for a
  /// bound or a rule added since); the list's columns are filled from the
  /// record. A row that cannot be read at all (no JSON) stays as it is.
  static func rewriteAsRecords(in transaction: SQLiteDatabase.Transaction) throws {
    let rows = try transaction.execute("SELECT rowid AS row, kind, item_id, title, fields FROM bookmarks")
    for row in rows {
      guard let number = row.integer("row"), let kind = row.text("kind"), let id = row.text("item_id"),
        let title = row.text("title"), let json = row.text("fields"),
        let record = record(kind: kind, id: id, title: title, fields: json)
      else { continue }
      let view = record.row
      try transaction.execute(
        "UPDATE bookmarks SET fields = ?, title = ?, subtitle = ?, detail = ? WHERE rowid = ?",
        [
          .text(record.json), .text(view.title), view.subtitle.map(SQLiteValue.text) ?? .null,
          view.detail.map(SQLiteValue.text) ?? .null, .integer(number),
        ])
    }
  }

  /// The record a row of an older shape makes (a version 2 place, a version 1 repository).
  ///
  /// Its members less `version`, renamed where the record names them
  /// otherwise, with the id and name its columns held, are read fitting.
  /// Also how a row an older Wayfarer wrote after the upgrade is read.
  static func record(kind: String, id: String, title: String, fields: String) -> (any BookmarkRecord)? {
    guard let old = try? JSONDocument(bytes: Array(fields.utf8)), let members = old.root.members else { return nil }
    let type: any BookmarkRecord.Type
    let renamed: [String: String]
    let added: [(String, String)]
    switch kind {
    case PlaceBookmark.kind.name:
      (type, renamed, added) = (PlaceBookmark.self, ["categoryKey": "category"], [("id", id), ("name", title)])
    case RepositoryBookmark.kind.name: (type, renamed, added) = (RepositoryBookmark.self, [:], [("fullName", title)])
    default: return nil
    }
    var writer = JSONWriter()
    writer.object { object in
      for (key, value) in added { object.member(key, value) }
      for (key, value) in members where key != "version" {
        object.key(renamed[key] ?? key)
        copy(value, into: &object)
      }
    }
    guard let document = try? JSONDocument(bytes: writer.bytes) else { return nil }
    return try? type.read(document.root, .fitting)
  }

  /// Writes `node` again as it is (the fields of old rows are strings,
  /// numbers, null and lists of strings).
  private static func copy(_ node: JSONNode, into writer: inout JSONWriter) {
    if let elements = node.array {
      writer.array { array in
        for element in elements { copy(element, into: &array) }
      }
    } else if let text = node.string {
      writer.string(text)
    } else if let number = node.double {
      if let whole = node.int { writer.int(whole) } else { writer.double(number) }
    } else if let flag = node.bool {
      writer.bool(flag)
    } else {
      writer.null()
    }
  }
}
