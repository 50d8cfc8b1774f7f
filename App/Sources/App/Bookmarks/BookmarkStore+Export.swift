import Foundation
import JSON
import Storage

extension BookmarkStore {
  /// Bumped when a version's checks come to refuse, cut or mend what an
  /// earlier one let through: the rows that version checked then no
  /// longer match their digest, and are read through the new checks.
  static let checksRevision: UInt64 = 1

  /// A digest of a row's `fields` under its `kind`: whether they are still
  /// what this version's checks passed, as that kind.
  ///
  /// 64 bits, eight bytes a step, from the checks' revision, the kind and
  /// the length; a row changed since (edited by hand, its kind too, saved
  /// by an older Wayfarer) no longer matches. Not a guard against someone
  /// forging it on purpose.
  static func digest(of fields: String, kind: String) -> Int64 {
    var fields = fields
    return fields.withUTF8 { digest(of: $0, kind: kind) }
  }

  static func digest(of bytes: UnsafeBufferPointer<UInt8>, kind: String) -> Int64 {
    let prime: UInt64 = 0x100_0000_01b3
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ checksRevision ^ UInt64(bytes.count) &* prime
    for byte in kind.utf8 { hash = (hash ^ UInt64(byte)) &* prime }
    let raw = UnsafeRawBufferPointer(bytes)
    var offset = 0
    while offset + 8 <= raw.count {
      hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* prime
      hash ^= hash >> 29
      offset += 8
    }
    while offset < raw.count {
      hash = (hash ^ UInt64(raw[offset])) &* prime
      offset += 1
    }
    return Int64(bitPattern: hash ^ hash >> 32)
  }

  /// Gives each row whose `fields` read back through this version's checks
  /// as themselves (what reading them writes is what is stored) their
  /// digest; `fields` are not changed, and any other row keeps none.
  static func markCheckedRows(in transaction: SQLiteDatabase.Transaction) throws {
    let rows = try transaction.execute("SELECT rowid AS row, kind, fields FROM bookmarks")
    for row in rows {
      guard let number = row.integer("row"), let fields = row.text("fields"), let kindName = row.text("kind"),
        let kind = BookmarkKinds.record(named: kindName),
        let document = try? JSONDocument(bytes: Array(fields.utf8)),
        let record = try? kind.read(document.root, .fitting), record.json == fields
      else { continue }
      try transaction.execute(
        "UPDATE bookmarks SET checked_digest = ? WHERE rowid = ?",
        [.integer(digest(of: fields, kind: kindName)), .integer(number)])
    }
  }

  /// Every record of `type` as a file holds them, newest first, and how
  /// many rows could not be read at all.
  ///
  /// A row stored as this version's checks passed it (its digest matches)
  /// is copied as stored, for the file to lay out; any other (older,
  /// edited by hand, never checked) is read fitting, as ``records(_:key:)``
  /// reads it.
  func fileSection<Record: BookmarkRecord>(_ type: Record.Type) throws -> BookmarkFile.Section {
    // A scan of the table, not a search of the key's index and a look-up
    // of each row it names, and no sort of the rows with their JSON: both
    // were most of SQLite's part of an export. Ordered here instead, as
    // ORDER BY created_at DESC, rowid DESC orders them.
    var rows = FileRows()
    // Room for the rows' JSON at once, the size of the database file at
    // most: growing it copied and touched new pages at each doubling, and
    // room not used is never touched.
    let size = try database.execute(
      "SELECT page_count * page_size AS size FROM pragma_page_count(), pragma_page_size()"
    ).first?.integer("size")
    rows.stored.reserveCapacity(Int(clamping: min(max(size ?? 0, 0), 256 << 20)))
    try database.forEachRow(
      "SELECT fields, created_at, checked_digest, item_id, title, rowid FROM bookmarks WHERE +account_id = ? AND +kind = ?",
      [.integer(accountID), .text(Record.kind.name)]
    ) { row in rows.add(row, as: Record.self) }
    if let order = rows.newestFirst() { return rows.section(of: Record.self, in: order) }
    // A time saved that is not a number (a row edited by hand): SQLite's
    // own order, which ranks text and numbers apart.
    rows = FileRows()
    try database.forEachRow(
      """
      SELECT fields, created_at, checked_digest, item_id, title, rowid FROM bookmarks WHERE account_id = ? AND kind = ?
      ORDER BY created_at DESC, rowid DESC
      """,
      [.integer(accountID), .text(Record.kind.name)]
    ) { row in rows.add(row, as: Record.self) }
    return rows.section(of: Record.self, in: Array(rows.entries.indices))
  }
}

/// The rows of one kind as an export reads them, in the table's order.
private struct FileRows {
  var entries: [BookmarkFile.Entry] = []
  /// The JSON of the rows copied as stored, one after another.
  var stored: [UInt8] = []
  /// Each entry's time saved and rowid; nil when that time is not a number
  /// a Double holds exactly.
  var keys: [(savedAt: Double, row: Int64)?] = []
  var unreadable = 0

  /// Columns: fields, created_at, checked_digest, item_id, title, rowid.
  mutating func add<Record: BookmarkRecord>(_ row: SQLiteCursor, as type: Record.Type) {
    guard let fields = row.textBytes(0) else {
      unreadable += 1
      return
    }
    let time = row.real(1)
    let savedAt = time.map(Date.init(timeIntervalSince1970:))
    if let digest = row.integer(2), digest == BookmarkStore.digest(of: fields, kind: Record.kind.name) {
      let start = stored.count
      stored.append(contentsOf: fields)
      entries.append(BookmarkFile.Entry(stored: start..<stored.count, savedAt: savedAt))
    } else if let record = BookmarkStore.record(
      Record.self, json: String(decoding: fields, as: UTF8.self), id: row.text(3), title: row.text(4))
    {
      entries.append(BookmarkFile.Entry(record: record, savedAt: savedAt))
    } else {
      unreadable += 1
      return
    }
    // SQLite compares a whole number with a real exactly: past 2^53 a
    // Double may not, so such a time is ordered by SQLite.
    let exact = time.map { !row.isInteger(1) || abs($0) <= 9_007_199_254_740_992 } ?? false
    keys.append(exact ? time.map { ($0, row.integer(5) ?? 0) } : nil)
  }

  /// The entries' indices, newest first (then the last inserted first); nil
  /// when a time saved is not a number.
  func newestFirst() -> [Int]? {
    var order: [(savedAt: Double, row: Int64, index: Int)] = []
    order.reserveCapacity(keys.count)
    for (index, key) in keys.enumerated() {
      guard let key else { return nil }
      order.append((key.savedAt, key.row, index))
    }
    order.sort { ($0.savedAt, $0.row) > ($1.savedAt, $1.row) }
    return order.map(\.index)
  }

  func section<Record: BookmarkRecord>(of type: Record.Type, in order: [Int]) -> BookmarkFile.Section {
    BookmarkFile.Section(
      kind: type, entries: order.map { entries[$0] }, unreadable: unreadable, stored: stored)
  }
}
