import Foundation

/// Wayfarer's own folders (database, session, history, config, cache): no
/// file a person names is written into one.
///
/// `bookmarks export ~/.local/share/wayfarer/wayfarer.sqlite --force`
/// replaced the database with JSON, and every account and bookmark with it.
package struct OwnFolders: Sendable, Equatable {
  let folders: [String]

  package static let none = OwnFolders(folders: [])

  /// Set by `demo` for the Wayfarer it records, one folder a line: the
  /// caller's own folders, kept from the script's commands as the demo's
  /// own are (an `export` line could name the caller's database).
  static let inheritedVariable = "WAYFARER_GUARDED_FOLDERS"

  /// The variable's value, for a Wayfarer started with these folders
  /// guarded: resolved here, as the started one may run elsewhere.
  var inheritable: String { folders.map { Self.resolved($0) ?? $0 }.joined(separator: "\n") }

  /// The folders a parent `demo` named in `environment`.
  static func inherited(from environment: [String: String]) -> [String] {
    (environment[inheritedVariable] ?? "").split(separator: "\n").map(String.init)
  }

  /// The own folder `file` would be written in, as the folder was given;
  /// nil when it is none of them.
  ///
  /// Compared as the system resolves them, so `..`, a second slash or a
  /// link to a folder lead to the same answer. Only the folder that would
  /// hold `file` is resolved: a link named `file` is replaced, not followed.
  func holding(_ file: String) -> String? {
    let parent = (file as NSString).deletingLastPathComponent
    guard let written = Self.resolved(parent.isEmpty ? "." : parent) else { return nil }
    return folders.first { folder in
      guard let own = Self.resolved(folder) else { return false }
      return written == own || written.hasPrefix(own.hasSuffix("/") ? own : own + "/")
    }
  }

  /// `path` with every link, `.` and `..` resolved; nil when it does not exist.
  private static func resolved(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}

extension AppPaths {
  var ownFolders: OwnFolders { OwnFolders(folders: all + inheritedOwnFolders) }
}
