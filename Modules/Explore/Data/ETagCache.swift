import Foundation
import Secrets
import ServiceAccess
import Storage

/// GitHub answers kept on disk with their `ETag`, so that opening a
/// repository or its README again asks "has it changed?" (a 304 costs no
/// rate limit) instead of fetching it whole.
///
/// One file per answer, named from a checked ``RepositoryName`` (so never a
/// path from outside): a first line `etag VALUE`, then the body. Bounded:
/// past ``maxEntries`` files or ``maxBytes`` bytes the oldest go.
struct ETagCache: Sendable {
  static let maxEntries = 200
  static let maxBytes = 20 << 20

  enum Kind: String, Sendable {
    case repository = "repo"
    case readme
  }

  struct Entry: Equatable {
    var etag: String
    var body: Data
  }

  let directory: String

  /// `readme@owner@name`: `@` is in no GitHub name, and names compare in
  /// any case, as GitHub's do.
  func path(_ kind: Kind, _ name: RepositoryName) -> String {
    directory + "/" + "\(kind.rawValue)@\(name.owner)@\(name.name)".lowercased()
  }

  func load(_ kind: Kind, _ name: RepositoryName) -> Entry? {
    guard let bytes = try? AtomicFile.read(path(kind, name)), let newline = bytes.firstIndex(of: UInt8(ascii: "\n"))
    else { return nil }
    let header = String(decoding: bytes[..<newline], as: UTF8.self)
    guard header.hasPrefix("etag "), let etag = Self.validETag(String(header.dropFirst("etag ".count))) else {
      return nil
    }
    return Entry(etag: etag, body: Data(bytes[(newline + 1)...]))
  }

  /// Keeps `body` under `etag`; a cache that cannot be written is only a
  /// slower next time.
  ///
  /// Marks an entry used by rewriting it (its time orders eviction).
  func save(_ kind: Kind, _ name: RepositoryName, etag: String, body: Data) {
    guard let etag = Self.validETag(etag), body.count <= Self.maxBytes / 4 else { return }
    try? Directories.prepare(directory)
    var bytes = Array("etag \(etag)\n".utf8) + Array(body)
    SecretText.hide(in: &bytes)  // a token the server echoed stays out of the file
    try? AtomicFile.write(bytes, to: path(kind, name))
    evict()
  }

  /// Marks an entry just used (a 304 reused it), so eviction takes the
  /// entries read least recently, not the ones read most.
  func touch(_ kind: Kind, _ name: RepositoryName) {
    _ = utimes(path(kind, name), nil)
  }

  /// An ETag as a header may carry it: printable ASCII, at most 200 bytes.
  static func validETag(_ text: String) -> String? {
    guard (1...200).contains(text.utf8.count), text.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
      return nil
    }
    return text
  }

  /// Removes the oldest entries until both bounds hold.
  func evict() {
    let manager = FileManager.default
    guard let names = try? manager.contentsOfDirectory(atPath: directory) else { return }
    var entries: [(path: String, size: Int, modified: Date)] = names.compactMap { name in
      guard name.hasPrefix("repo@") || name.hasPrefix("readme@") else { return nil }
      let path = directory + "/" + name
      guard let attributes = try? manager.attributesOfItem(atPath: path) else { return nil }
      return (
        path, (attributes[.size] as? NSNumber)?.intValue ?? 0,
        attributes[.modificationDate] as? Date ?? .distantPast
      )
    }
    var total = entries.reduce(0) { $0 + $1.size }
    guard entries.count > Self.maxEntries || total > Self.maxBytes else { return }
    entries.sort { $0.modified < $1.modified }
    var count = entries.count
    for entry in entries where count > Self.maxEntries || total > Self.maxBytes {
      try? AtomicFile.remove(entry.path)
      count -= 1
      total -= entry.size
    }
  }
}
