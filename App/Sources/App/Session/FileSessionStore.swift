import ErrorSentences
import Foundation
import JSON
import PreLogin
import Profile
import Storage

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
  /// What the file holds: `{"accountID":…,"loggedInAt":…,"token":…,"version":1}`.
  struct Record: Equatable {
    var version = 1
    var accountID: String
    var loggedInAt: Date
    /// Tells two logins of the same account apart (absent in older files).
    var token: String?

    /// The file's bytes: keys in order, the time to the second.
    var json: [UInt8] {
      var writer = JSONWriter()
      writer.object { object in
        object.member("accountID", accountID)
        object.member("loggedInAt", Timestamp.text(for: loggedInAt, fraction: false))
        object.member("token", token)
        object.member("version", version)
      }
      return writer.bytes
    }
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
    try Directories.prepare(folder)
    let bytes = record.json
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
    guard let root = try? JSONDocument(bytes: bytes).root, root["version"]?.int == 1,
      let accountID = root["accountID"]?.string, !accountID.isEmpty,
      let loggedInAt = root["loggedInAt"]?.string.flatMap(Timestamp.date(from:))
    else { return nil }
    let token = root["token"]
    guard token == nil || token?.isNull == true || token?.string != nil else { return nil }
    return Record(accountID: accountID, loggedInAt: loggedInAt, token: token?.string)
  }
}
