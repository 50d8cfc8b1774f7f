/// Bookmarks to and from files: App writes and reads them, as it alone
/// knows everything a bookmark holds; the Bookmarks tab says what happened.
@MainActor
public protocol BookmarksTransferring: AnyObject {
  /// Writes the person's bookmarks to `path` in `format`, whole or not at
  /// all; an existing file is replaced only when `replacing`.
  func export(to path: String, as format: BookmarksFileFormat, replacing: Bool) throws(BookmarksTransferError)
    -> ExportSummary
  /// Adds the bookmarks of the JSON export at `path`, all or none; those
  /// already saved are skipped.
  func importBookmarks(from path: String) throws(BookmarksTransferError) -> ImportSummary
  /// What `export` would write, for standard output (`path` is `-`).
  func exportBytes(as format: BookmarksFileFormat) throws(BookmarksTransferError) -> (
    bytes: [UInt8], summary: ExportSummary
  )
  /// Adds the bookmarks of an export read elsewhere (standard input),
  /// `path` naming it in a refusal.
  func importBookmarks(bytes: [UInt8], named path: String) throws(BookmarksTransferError) -> ImportSummary
  /// Every bookmark as `--json` prints them: the file's records under a
  /// `schema_version`, whole, or only the `picked` fields of each.
  func listJSON(picked: [String]?) throws(BookmarksTransferError) -> [UInt8]
  /// The largest file import takes, in MiB.
  var largestMiB: Int { get }
}

public enum BookmarksFileFormat: Equatable, Sendable {
  /// Every bookmark, versioned, for `import`.
  case json
  /// The places as a GeoJSON FeatureCollection, for maps.
  case geoJSON

  /// GeoJSON for a `.geojson` name (any case), else JSON.
  public init(path: String) {
    self = path.lowercased().hasSuffix(".geojson") ? .geoJSON : .json
  }
}

public struct ExportSummary: Equatable, Sendable {
  /// How many of one kind were written.
  public struct Count: Equatable, Sendable {
    public var kind: BookmarkKind
    public var written: Int
    /// Those a GeoJSON file cannot hold (a place with no coordinates).
    public var leftOut: Int

    public init(kind: BookmarkKind, written: Int, leftOut: Int = 0) {
      self.kind = kind
      self.written = written
      self.leftOut = leftOut
    }
  }

  /// The file as written (a leading `~` expanded).
  public var path: String
  public var format: BookmarksFileFormat
  /// Per kind written, in the order of the file.
  public var counts: [Count]
  /// Saved bookmarks that could not be read at all (damaged in the
  /// database), so not written.
  public var unreadable: Int

  public init(path: String, format: BookmarksFileFormat, counts: [Count], unreadable: Int = 0) {
    self.path = path
    self.format = format
    self.counts = counts
    self.unreadable = unreadable
  }
}

public struct ImportSummary: Equatable, Sendable {
  public var added: Int
  /// Already saved (or twice in the file).
  public var skipped: Int

  public init(added: Int, skipped: Int) {
    self.added = added
    self.skipped = skipped
  }
}

/// Why an export or import did nothing.
///
/// `path` is as the person typed it,
/// sanitised by the screen before printing.
public enum BookmarksTransferError: Error, Equatable, Sendable {
  case fileExists(path: String)
  case noSuchFile(path: String)
  /// The file could not be read or written; `reason` is one clause.
  case file(path: String, reason: String)
  case tooLarge(path: String, limitMiB: Int)
  /// The export would be larger than an import takes (`limitMiB`): not written.
  case exportTooLarge(path: String, limitMiB: Int)
  /// Not JSON, or JSON that is not a bookmarks export: `reason` says what,
  /// `line` and `byte` (1-based line, 0-based byte offset) where.
  case malformed(path: String, reason: String, line: Int?, byte: Int?)
  /// A GeoJSON file, which import does not take (it holds only places, and not all of their fields).
  case geoJSONImport(path: String)
  case unsupportedVersion(path: String, version: Int, newest: Int)
  /// The bookmarks could not be read or saved.
  case store(reason: String)
}
