#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#endif

/// A folder Wayfarer will not keep files in, or under: something another
/// user could swap for a link of their own (which could point anywhere).
public struct UntrustedFolder: Error, Equatable, CustomStringConvertible {
  public enum Reason: Equatable, Sendable {
    /// Wayfarer's folder is a link another user made.
    case anotherUsersLink
    /// Wayfarer's folder belongs to another user.
    case anotherUsersFolder
    /// A folder above Wayfarer's belongs to another user.
    case anotherUsersParent
    /// A folder above Wayfarer's can be changed by others (no sticky bit).
    case openParent
  }

  public let path: String
  public let owner: uid_t
  public let mode: mode_t
  public let reason: Reason

  public var isLink: Bool { reason == .anotherUsersLink }

  public var description: String {
    switch reason {
    case .anotherUsersLink:
      "\(path) is a link made by another user (uid \(owner)); Wayfarer does not follow it"
    case .anotherUsersFolder:
      "\(path) belongs to another user (uid \(owner)); Wayfarer keeps files only in folders of its own"
    case .anotherUsersParent:
      "\(path) belongs to another user (uid \(owner)), who could replace Wayfarer's folders in it; use a folder of your own"
    case .openParent:
      "\(path) can be changed by other users (mode \(String(mode, radix: 8))), who could replace Wayfarer's folders in it; make it private (chmod go-w \(path))"
    }
  }
}

/// What ``Directories/makePrivate(_:)`` changed.
public enum PrivacyChange: Equatable, Sendable {
  /// Why an entry of a folder of Wayfarer's was removed: it could only have
  /// been put there to make Wayfarer read or write something not its own.
  public enum Intruder: Equatable, Sendable {
    /// A link another user made.
    case link(owner: uid_t)
    /// A file another user owns (a session planted to log in, say).
    case file(owner: uid_t)
    /// A file with another name elsewhere (a hard link to someone's file).
    case hardLink
  }

  /// The mode granted something to group or others; it is now private.
  case tightened(path: String, oldMode: mode_t)
  /// An entry that was not Wayfarer's, removed.
  case removed(path: String, intruder: Intruder)
}

/// Directories Wayfarer owns.
public enum Directories {
  /// Creates `path` and its missing parents, mode 0700, and checks that it
  /// can be written to.
  public static func prepare(_ path: String) throws {
    // Usually the folder is there already: one stat and one access, not a
    // mkdir per path component (this runs at launch and on every save).
    var existing = stat()
    if stat(path, &existing) == 0, existing.st_mode & S_IFMT == S_IFDIR, access(path, W_OK | X_OK) == 0 { return }
    var current = path.hasPrefix("/") ? "" : "."
    for component in path.split(separator: "/") {
      current += "/" + component
      if mkdir(current, 0o700) != 0 && errno != EEXIST {
        throw FileError("create the folder", path: current)
      }
    }
    var info = stat()
    guard stat(path, &info) == 0 else { throw FileError("open the folder", path: path) }
    guard info.st_mode & S_IFMT == S_IFDIR else { throw FileError("use the folder", path: path, code: ENOTDIR) }
    guard access(path, W_OK | X_OK) == 0 else { throw FileError("write to the folder", path: path) }
  }

  /// Makes `folder` (created if missing) private: the folder itself 0700,
  /// every regular file directly in it 0600.
  ///
  /// Only what belongs to this user is touched, and nothing is reached
  /// through a link: a folder that is another user's link, or another
  /// user's folder, is refused (``UntrustedFolder``); inside, another user's
  /// links and files, and files with a second name elsewhere, are removed,
  /// and this user's own links are left alone. Modes are changed through
  /// open descriptors, so a name swapped meanwhile cannot redirect them;
  /// call it before this process opens a database in `folder` (closing a
  /// descriptor would drop SQLite's locks).
  ///
  /// - Returns: what was changed: modes tightened, and links another user
  ///   made inside the folder, removed (they could only be meant to make
  ///   Wayfarer write somewhere else).
  public static func makePrivate(_ folder: String) throws -> [PrivacyChange] {
    try prepare(folder)
    var link = stat()
    guard lstat(folder, &link) == 0 else { throw FileError("open the folder", path: folder) }
    if link.st_mode & S_IFMT == S_IFLNK, link.st_uid != geteuid() {
      throw UntrustedFolder(path: folder, owner: link.st_uid, mode: link.st_mode & 0o7777, reason: .anotherUsersLink)
    }
    let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { throw FileError("open the folder", path: folder) }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw FileError("open the folder", path: folder) }
    guard info.st_uid == geteuid() else {
      throw UntrustedFolder(path: folder, owner: info.st_uid, mode: info.st_mode & 0o7777, reason: .anotherUsersFolder)
    }

    var changes: [PrivacyChange] = []
    if info.st_mode & 0o077 != 0, fchmod(fd, 0o700) == 0 {
      changes.append(.tightened(path: folder, oldMode: info.st_mode & 0o777))
    }
    guard let directory = fdopendir(dup(fd)) else { throw FileError("list", path: folder) }
    defer { closedir(directory) }
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard name != ".", name != ".." else { continue }
      var entry = stat()
      guard fstatat(fd, name, &entry, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
      let kind = entry.st_mode & S_IFMT
      let intruder: PrivacyChange.Intruder? =
        if kind == S_IFLNK, entry.st_uid != geteuid() {
          .link(owner: entry.st_uid)
        } else if kind == S_IFREG, entry.st_uid != geteuid() {
          .file(owner: entry.st_uid)
        } else if kind == S_IFREG, entry.st_nlink > 1 {
          .hardLink
        } else {
          nil
        }
      if let intruder {
        if unlinkat(fd, name, 0) == 0 { changes.append(.removed(path: folder + "/" + name, intruder: intruder)) }
      } else if let old = tightenFile(name, in: fd) {
        changes.append(.tightened(path: folder + "/" + name, oldMode: old))
      }
    }
    return changes
  }

  /// The first folder above `path` that others could use to swap what is
  /// below it: one another user owns (root aside), or one others may write
  /// to without the sticky bit (`/tmp` has it).
  ///
  /// Nil when the way is safe.
  /// Folders not made yet are skipped.
  public static func untrustedAncestor(of path: String) -> UntrustedFolder? {
    untrustedAncestor(of: [path])
  }

  /// The first untrusted folder above any of `paths` (their shared folders
  /// are looked at once).
  public static func untrustedAncestor(of paths: [String]) -> UntrustedFolder? {
    var checked = Set<String>()
    for path in paths {
      // The path as written (a link in it is checked as the link) and as it
      // resolves (the folders the links lead to).
      let absolute = path.hasPrefix("/") ? path : currentDirectory() + "/" + path
      for route in [absolute, resolved(absolute)] {
        if let untrusted = untrustedAncestor(alongRoute: route, skipping: &checked) { return untrusted }
      }
    }
    return nil
  }

  private static func untrustedAncestor(alongRoute route: String, skipping checked: inout Set<String>)
    -> UntrustedFolder?
  {
    var components = route.split(separator: "/").map(String.init)
    while !components.isEmpty {
      components.removeLast()
      let ancestor = "/" + components.joined(separator: "/")
      guard checked.insert(ancestor).inserted else { continue }
      var info = stat()
      guard lstat(ancestor, &info) == 0 else { continue }
      let mode = info.st_mode & 0o7777
      if info.st_uid != 0, info.st_uid != geteuid() {
        return UntrustedFolder(path: ancestor, owner: info.st_uid, mode: mode, reason: .anotherUsersParent)
      }
      if info.st_mode & S_IFMT != S_IFLNK, info.st_mode & 0o022 != 0, info.st_mode & S_ISVTX == 0 {
        return UntrustedFolder(path: ancestor, owner: info.st_uid, mode: mode, reason: .openParent)
      }
    }
    return nil
  }

  private static func currentDirectory() -> String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard getcwd(&buffer, buffer.count) != nil else { return "/" }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// `path` with every link and `..` in its existing part resolved; the
  /// part not made yet is appended as written.
  private static func resolved(_ path: String) -> String {
    var existing = path.split(separator: "/").map(String.init)
    var rest: [String] = []
    while !existing.isEmpty {
      if let real = realpath("/" + existing.joined(separator: "/"), nil) {
        defer { free(real) }
        return ([String(cString: real)] + rest).joined(separator: "/")
      }
      rest.insert(existing.removeLast(), at: 0)
    }
    return "/" + rest.joined(separator: "/")
  }

  /// Makes the regular file `name` in the folder `directory` 0600 if it
  /// is this user's and looser; the old mode when it changed.
  ///
  /// Opened without
  /// following links and without blocking (a FIFO would otherwise hang).
  private static func tightenFile(_ name: String, in directory: Int32) -> mode_t? {
    let fd = openat(directory, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid(), info.st_nlink == 1,
      info.st_mode & 0o077 != 0, fchmod(fd, 0o600) == 0
    else { return nil }
    return info.st_mode & 0o777
  }

  /// File mode bits of `path` (0600 …), or `nil` when it does not exist.
  public static func mode(of path: String) -> mode_t? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return info.st_mode & 0o777
  }
}

extension UntrustedFolder: LocalizedError {
  public var errorDescription: String? { description }
}
