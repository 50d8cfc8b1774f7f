import Foundation
import PreLogin
import Profile
import Storage

/// The session in `session.json` under the state folder.
///
/// Written atomically (temp file, fsync, rename) with mode 0600. A file that
/// cannot be read or decoded means logged out; ``warning`` says why, once.
@MainActor
final class FileSessionStore: AppSessionStoring {
  private struct Record: Codable, Equatable {
    var version = 1
    var accountID: String
    var loggedInAt: Date
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
    let record = Record(accountID: accountID, loggedInAt: now())
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    encoder.outputFormatting = [.sortedKeys]
    try Directories.prepare(folder)
    try AtomicFile.write(Array(try encoder.encode(record)), to: path, mode: 0o600)
    self.record = record
  }

  func markLoggedOut() throws {
    try AtomicFile.remove(path)
    record = nil
  }

  private var folder: String {
    String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
  }

  private func load() -> Record? {
    let bytes: [UInt8]?
    do {
      bytes = try AtomicFile.read(path)
    } catch {
      warning = "The session file could not be read (\(error)); you are logged out."
      return nil
    }
    guard let bytes else { return nil }
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    guard let record = try? decoder.decode(Record.self, from: Data(bytes)), record.version == 1,
      !record.accountID.isEmpty
    else {
      warning = "The session file \(path) is damaged, so you are logged out. Logging in again replaces it."
      return nil
    }
    return record
  }
}
