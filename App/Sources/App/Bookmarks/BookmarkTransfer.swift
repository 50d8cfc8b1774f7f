import Bookmarks
import Diagnostics
import ErrorSentences
import Foundation
import Storage
import TextSafety

/// `export` and `import` for one person's bookmarks: the file's format is
/// `BookmarkFile`, the rows `BookmarkStore`'s.
@MainActor
final class BookmarkTransfer: BookmarksTransferring {
  private let store: BookmarkStore
  private let homeDirectory: String?
  private let ownFolders: OwnFolders
  private let now: @Sendable () -> Date
  private let lifetime = Lifetime(BookmarkTransfer.self)

  init(
    store: BookmarkStore, homeDirectory: String?, ownFolders: OwnFolders = .none,
    now: @escaping @Sendable () -> Date
  ) {
    self.store = store
    self.homeDirectory = homeDirectory
    self.ownFolders = ownFolders
    self.now = now
  }

  convenience init(store: BookmarkStore, services: AppServices) {
    self.init(
      store: store, homeDirectory: services.homeDirectory, ownFolders: services.ownFolders, now: services.now)
  }

  func export(to path: String, as format: BookmarksFileFormat, replacing: Bool) throws(BookmarksTransferError)
    -> ExportSummary
  {
    let file = try expanded(path)
    if let folder = ownFolders.holding(file) {
      let shown = TextSanitizer.clean(folder, limit: 80)
      throw .file(path: path, reason: "it is in \(shown), where Wayfarer keeps its own files; choose another folder")
    }
    // Only a regular file (or a link) is ever replaced: never a folder, a
    // device or a FIFO, whatever --force says.
    var existing = stat()
    if lstat(file, &existing) == 0 {
      switch existing.st_mode & S_IFMT {
      case S_IFDIR: throw .file(path: path, reason: "it is a folder")
      case S_IFREG, S_IFLNK: if !replacing { throw .fileExists(path: path) }
      default: throw .file(path: path, reason: "it is not a regular file")
      }
    }
    do {
      let (bytes, summary) = try made(as: format, path: file)
      try AtomicFile.write(bytes, to: file, replacing: replacing)
      return summary
    } catch let error as BookmarksTransferError {
      throw error
    } catch let error as FileError where error.code == EEXIST && !replacing {
      throw .fileExists(path: path)
    } catch let error as FileError {
      throw .file(path: path, reason: Self.clause(error.reason))
    } catch {
      throw .file(path: path, reason: ErrorSentence.reason(for: error))
    }
  }

  var largestMiB: Int { BookmarkFile.largestMiB }

  func exportBytes(as format: BookmarksFileFormat) throws(BookmarksTransferError) -> (
    bytes: [UInt8], summary: ExportSummary
  ) {
    try made(as: format, path: "standard output")
  }

  /// The file's bytes in `format` and what they hold, `path` named in the
  /// summary and in a refusal.
  private func made(as format: BookmarksFileFormat, path: String) throws(BookmarksTransferError) -> (
    bytes: [UInt8], summary: ExportSummary
  ) {
    let bookmarks = try file(copyingStored: format == .json)
    switch format {
    case .json:
      let bytes = bookmarks.json(exportedAt: now())
      // What import would refuse is never written: the same bound.
      guard bytes.count <= BookmarkFile.largestMiB << 20 else {
        throw .exportTooLarge(path: path, limitMiB: BookmarkFile.largestMiB)
      }
      let counts = bookmarks.sections.map { ExportSummary.Count(kind: $0.kind.kind, written: $0.entries.count) }
      return (bytes, ExportSummary(path: path, format: format, counts: counts, unreadable: bookmarks.unreadable))
    case .geoJSON:
      let (bytes, counts) = bookmarks.geoJSON()
      return (
        bytes,
        ExportSummary(
          path: path, format: format,
          counts: counts.map { ExportSummary.Count(kind: $0.kind.kind, written: $0.written, leftOut: $0.leftOut) },
          unreadable: bookmarks.unreadable)
      )
    }
  }

  func listJSON(picked: [String]?) throws(BookmarksTransferError) -> [UInt8] {
    try file().listJSON(picked: picked)
  }

  /// Every saved bookmark, as a file holds them; `copyingStored`, those
  /// stored as checked are kept as stored (only the file's JSON copies them).
  private func file(copyingStored: Bool = false) throws(BookmarksTransferError) -> BookmarkFile {
    do {
      return BookmarkFile(sections: try BookmarkKinds.all.map { try section(of: $0, copyingStored: copyingStored) })
    } catch {
      throw .store(reason: ErrorSentence.reason(for: error))
    }
  }

  func importBookmarks(from path: String) throws(BookmarksTransferError) -> ImportSummary {
    let bytes: [UInt8]
    do {
      guard let read = try AtomicFile.read(try expanded(path), maxBytes: BookmarkFile.largestMiB << 20) else {
        throw BookmarksTransferError.noSuchFile(path: path)
      }
      bytes = read
    } catch let error as BookmarksTransferError {
      throw error
    } catch let error as FileError where error.code == EFBIG {
      throw .tooLarge(path: path, limitMiB: BookmarkFile.largestMiB)
    } catch let error as FileError {
      throw .file(path: path, reason: Self.clause(error.reason))
    } catch {
      throw .file(path: path, reason: ErrorSentence.reason(for: error))
    }
    return try importBookmarks(bytes: bytes, named: path)
  }

  func importBookmarks(bytes: [UInt8], named path: String) throws(BookmarksTransferError) -> ImportSummary {
    guard bytes.count <= BookmarkFile.largestMiB << 20 else {
      throw .tooLarge(path: path, limitMiB: BookmarkFile.largestMiB)
    }
    let file: BookmarkFile
    do {
      file = try BookmarkFileReader.read(bytes, now: now())
    } catch {
      switch error.kind {
      case .geoJSON: throw .geoJSONImport(path: path)
      case .newerVersion(let version):
        throw .unsupportedVersion(path: path, version: version, newest: BookmarkFile.version)
      case .malformed: throw .malformed(path: path, reason: error.reason, line: error.line, byte: error.byte)
      }
    }
    do {
      let (added, skipped) = try store.addNew(
        file.sections.flatMap { $0.entries.compactMap { entry in entry.record.map { ($0, entry.savedAt) } } })
      return ImportSummary(added: added, skipped: skipped)
    } catch {
      throw .store(reason: ErrorSentence.reason(for: error))
    }
  }

  /// Every saved record of `kind`, newest first, for a file.
  private func section<Record: BookmarkRecord>(of kind: Record.Type, copyingStored: Bool) throws
    -> BookmarkFile.Section
  {
    if copyingStored { return try store.fileSection(kind) }
    let (records, unreadable) = try store.records(kind)
    return BookmarkFile.Section(
      kind: kind, entries: records.map { BookmarkFile.Entry(record: $0.record, savedAt: $0.savedAt) },
      unreadable: unreadable)
  }

  /// `~/x` under HOME; anything else as typed (relative to the folder
  /// Wayfarer was started in).
  ///
  /// A name that can only be a folder (`~`, `.`,
  /// `..`, one ending in `/`) is refused: `export ~` once wrote the file
  /// as the path of a HOME that did not exist.
  private func expanded(_ path: String) throws(BookmarksTransferError) -> String {
    let last = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
    guard !["~", ".", ".."].contains(last), !last.isEmpty else {
      throw .file(path: path, reason: "it names a folder; give a file name in it, like ~/bookmarks.json")
    }
    guard let homeDirectory, path.hasPrefix("~/") else { return path }
    return homeDirectory + path.dropFirst()
  }

  /// strerror's "No such file or directory" inside a sentence.
  private static func clause(_ reason: String) -> String {
    reason.prefix(1).lowercased() + reason.dropFirst()
  }
}
