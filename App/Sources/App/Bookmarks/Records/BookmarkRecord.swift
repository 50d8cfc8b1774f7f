import Bookmarks
import Foundation
import JSON
import TerminalNavigation

/// A kind of bookmark as App keeps it, one versioned record per kind.
///
/// The record is what the database stores, export writes and import reads,
/// and what the Bookmarks list's row and the owning feature's saved value
/// are made from. Its fields are declared once (``fields``): the same
/// declaration reads a record, with every check (an import strictly; a
/// database row or a feature's save fitted to the bounds), and writes it.
/// A new kind is a type of this protocol and its entry in
/// ``BookmarkKinds/all``.
protocol BookmarkRecord: Sendable, Equatable {
  static var kind: BookmarkKind { get }
  /// The member of a bookmarks file that lists them (`places`).
  static var fileMember: String { get }
  /// This shape's version, written with every record.
  static var version: Int { get }
  /// The record's members, in the order they are written.
  static var fields: [RecordField<Self>] { get }

  /// An empty record, which reading fills in.
  init()
  /// What tells it apart from the others of its kind: a place's id, a
  /// repository's name in lower case.
  var key: String { get }
  /// What the list shows it as.
  var row: BookmarkRow { get }
  /// Once each field passed its own checks: fills in what one field's
  /// absence leaves to another (a repository's address from its name), and
  /// throws what is wrong across them (a latitude without its longitude),
  /// or when `reading` is fitting, mends it.
  mutating func finish(_ reading: RecordReading) throws(RecordProblem)

  /// Its detail, made by the tab that owns the kind, to push on `stack`
  /// (the Bookmarks tab's); nil when that tab offers none.
  @MainActor
  func detailScreen(savedAt: Date?, in context: TabContext, on stack: NavigationStack) -> Screen?
}

/// What the Bookmarks list shows of a record: title, subtitle and detail.
struct BookmarkRow: Equatable, Sendable {
  var title: String
  var subtitle: String?
  var detail: String?
}

/// Why a record could not be read: `key` names the field (nil: the record
/// as a whole), `reason` finishes the sentence ("is not a place id").
struct RecordProblem: LocalizedError, Equatable {
  var key: String?
  var reason: String
  /// The field is not there at all.
  var isMissing = false

  var errorDescription: String? { sentence(of: "the bookmark") }

  static func missing(_ key: String) -> RecordProblem {
    RecordProblem(key: key, reason: "is missing", isMissing: true)
  }

  /// The sentence, for `entry` ("place 3"): "place 3 has no id", "place
  /// 3's latitude is not a number from -90 to 90", "place 3 is not an object".
  func sentence(of entry: String) -> String {
    guard let key else { return "\(entry) \(reason)" }
    return isMissing ? "\(entry) has no \(key)" : "\(entry)'s \(key) \(reason)"
  }
}

extension BookmarkRecord {
  /// Reads one record from `node` through every field's checks: the one gate
  /// for a database row, an import and a feature's save, `reading` saying
  /// whether a value that fails refuses the record or is fitted.
  ///
  /// A record without a `version` is in the shape of the first bookmarks
  /// file (this one's); a newer version than this Wayfarer knows is refused.
  static func read(_ node: JSONNode, _ reading: RecordReading) throws(RecordProblem) -> Self {
    guard node.kind == .object else { throw RecordProblem(key: nil, reason: "is not an object") }
    if let version = node["version"], !version.isNull {
      guard let number = version.int, (1...Self.version).contains(number) else {
        throw RecordProblem(key: "version", reason: "is not a version from 1 to \(Self.version)")
      }
    }
    var record = Self()
    for field in fields {
      try field.read(&record, node[field.key], reading)
    }
    try record.finish(reading)
    return record
  }

  /// Writes the record, its version first, then its fields in order;
  /// `extra` adds members after them (a file's `savedAt`).
  func write(to writer: inout JSONWriter, extra: (inout JSONWriter) -> Void = { _ in }) {
    // The members `jsonFields` gives a bare `--json`, in the same order,
    // written from the fields themselves: mapping each to its JSONField on
    // every record (a generic key path made at run time, and a closure per
    // field) was 30 % of an export.
    writer.object { object in
      object.member("version", Self.version)
      for field in Self.fields { field.write(self, &object) }
      extra(&object)
    }
  }

  /// The record's members as `--json` writes and picks them: its version,
  /// then its fields.
  static var jsonFields: JSONFields<Self> {
    JSONFields(version: version, fields.map(\.json))
  }

  /// The record as the database's `fields` column holds it.
  var json: String {
    var writer = JSONWriter()
    write(to: &writer)
    return String(decoding: writer.bytes, as: UTF8.self)
  }

  /// The record after the way in: written and read back through the checks
  /// an import meets, fitting (text cleaned and cut to its bound, a value
  /// that breaks its rule left out); refused only without what it cannot do
  /// without (an id).
  func checked() throws(RecordProblem) -> Self {
    var writer = JSONWriter()
    write(to: &writer)
    guard let document = try? JSONDocument(bytes: writer.bytes) else {
      throw RecordProblem(key: nil, reason: "could not be written")
    }
    return try Self.read(document.root, .fitting)
  }
}
