import Foundation
import PreLogin
import Profile
import Storage
import TextSafety

/// The session in `session.json` under the state folder.
///
/// Written atomically (temp file, fsync, rename) with mode 0600. A file that
/// cannot be read or decoded means logged out; ``warning`` says why, once.
///
/// Each login writes a random `token`; logout removes the file only while it
/// still holds the session this process knows, under a lock, so a Wayfarer
/// logging out does not log out someone who logged in since in another.
@MainActor
final class FileSessionStore: AppSessionStoring {
  /// What the file holds.
  struct Record: Codable, Equatable {
    var version = 1
    var accountID: String
    var loggedInAt: Date
    /// Tells two logins of the same account apart (absent in older files).
    var token: String?
  }

  let path: String
  /// Set when the file existed but could not be used; shown once at launch.
  private(set) var warning: String?
  private var record: Record?
  private let now: () -> Date

  init(path: String, now: @escaping () -> Date = { Date() }) {
    self.path = path
    self.now = now
    record = load()
  }

  var currentAccountID: String? { record?.accountID }

  func markLoggedIn(accountID: String) throws {
    let record = Record(accountID: accountID, loggedInAt: now(), token: UUID().uuidString)
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    encoder.outputFormatting = [.sortedKeys]
    try Directories.prepare(folder)
    let bytes = Array(try encoder.encode(record))
    try FileLock.withLock(lockPath) { try AtomicFile.write(bytes, to: path, mode: 0o600) }
    // Kept as it reads back (the file's dates have whole seconds), so that
    // logout can compare it with the file.
    self.record = Self.record(from: bytes) ?? record
  }

  func markLoggedOut() throws {
    try Directories.prepare(folder)
    try FileLock.withLock(lockPath) {
      // Someone else's session (written since by another Wayfarer) stays.
      if let onDisk = try AtomicFile.read(path).flatMap(Self.record(from:)), onDisk != record { return }
      try AtomicFile.remove(path)
    }
    record = nil
  }

  private var lockPath: String { path + ".lock" }

  private var folder: String {
    String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
  }

  private func load() -> Record? {
    let bytes: [UInt8]?
    do {
      bytes = try AtomicFile.read(path)
    } catch {
      warning = "The session file could not be read (\(ErrorSentence.reason(for: error))); you are logged out."
      return nil
    }
    guard let bytes else { return nil }
    guard let record = Self.record(from: bytes) else {
      warning = "The session file \(path) is damaged, so you are logged out. Logging in again replaces it."
      return nil
    }
    return record
  }

  /// The session `bytes` (the file's contents, from outside) hold: version
  /// 1 with an account; nil for anything else.
  nonisolated static func record(from bytes: [UInt8]) -> Record? {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    guard let record = try? decoder.decode(Record.self, from: Data(bytes)), record.version == 1,
      !record.accountID.isEmpty
    else { return nil }
    return record
  }
}
