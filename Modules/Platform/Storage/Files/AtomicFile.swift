#if canImport(Glibc)
  import Glibc
#endif

/// A file operation that failed, with the path and the system's reason.
public struct FileError: Error, Equatable, CustomStringConvertible {
  public let operation: String
  public let path: String
  public let code: Int32
  /// Said instead of the system's text for `code`, where Wayfarer knows better.
  private let explanation: String?

  public init(_ operation: String, path: String, code: Int32 = errno, explanation: String? = nil) {
    self.operation = operation
    self.path = path
    self.code = code
    self.explanation = explanation
  }

  public var reason: String { explanation ?? String(cString: strerror(code)) }

  public var description: String { "could not \(operation) \(path): \(reason)" }
}

/// A folder Wayfarer will not keep files in: another user's, or reached
/// through another user's link (which could point anywhere).
public struct UntrustedFolder: Error, Equatable, CustomStringConvertible {
  public let path: String
  public let owner: uid_t
  public let isLink: Bool

  public var description: String {
    isLink
      ? "\(path) is a link made by another user (uid \(owner)); Wayfarer does not follow it"
      : "\(path) belongs to another user (uid \(owner)); Wayfarer keeps files only in folders of its own"
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

/// A folder above Wayfarer's that others could use to swap its folders for
/// their own (see ``Directories/untrustedAncestor(of:)``).
public struct UntrustedAncestor: Error, Equatable, CustomStringConvertible {
  public let path: String
  public let owner: uid_t
  public let mode: mode_t

  public var description: String {
    owner != 0 && owner != geteuid()
      ? "\(path) belongs to another user (uid \(owner)), who could replace Wayfarer's folders in it; use a folder of your own"
      : "\(path) can be changed by other users (mode \(String(mode, radix: 8))), who could replace Wayfarer's folders in it; make it private (chmod go-w \(path))"
  }
}

/// Whole-file reads and crash-safe whole-file writes.
///
/// A write goes to a temporary file beside the target, is flushed to disk,
/// then renamed over it: a reader sees the old file or the new one, never
/// half of either.
public enum AtomicFile {
  /// Replaces `path` with `bytes`, file mode `mode`.
  ///
  /// The temporary file has a random name and is created new (`O_EXCL`,
  /// `O_NOFOLLOW`): a link planted under a name Wayfarer would use is never
  /// written through, and the rename replaces a link at `path` instead of
  /// following it.
  public static func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o600) throws {
    let (fd, temporary) = try createTemporary(beside: path, mode: mode)
    var failure: FileError?
    if fchmod(fd, mode) != 0 { failure = FileError("set the mode of", path: temporary) }
    var offset = 0
    while failure == nil && offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
      if written > 0 {
        offset += written
      } else if !(written < 0 && errno == EINTR) {
        failure = FileError("write", path: temporary)
      }
    }
    if failure == nil && fsync(fd) != 0 { failure = FileError("flush", path: temporary) }
    close(fd)
    if failure == nil && rename(temporary, path) != 0 { failure = FileError("replace", path: path) }
    if let failure {
      unlink(temporary)
      throw failure
    }
    syncDirectory(of: path)
  }

  /// A new, empty file beside `path` with a random name, open for writing.
  static func createTemporary(beside path: String, mode: mode_t) throws -> (fd: Int32, path: String) {
    for _ in 0..<8 {
      let temporary = "\(path).\(String(UInt64.random(in: .min ... .max), radix: 36)).tmp"
      let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
      if fd >= 0 { return (fd, temporary) }
      guard errno == EEXIST else { throw FileError("create", path: path) }
    }
    throw FileError("create a temporary file beside", path: path, code: EEXIST)
  }

  /// Replaces `path` with what `write` puts in the (new, empty, private)
  /// file whose path it is given, for libraries that write files by name
  /// (libedit's history). The old file stays whole until the rename.
  public static func replace(_ path: String, mode: mode_t = 0o600, using write: (String) throws -> Void) throws {
    let (fd, temporary) = try createTemporary(beside: path, mode: mode)
    close(fd)
    do {
      try write(temporary)
      guard chmod(temporary, mode) == 0, rename(temporary, path) == 0 else { throw FileError("replace", path: path) }
    } catch {
      unlink(temporary)
      throw error
    }
    syncDirectory(of: path)
  }

  /// Files Wayfarer reads whole are small (a session, a cached page).
  public static let defaultMaxBytes = 16 << 20

  /// The contents of `path`, or `nil` when there is no such file.
  ///
  /// Only a regular file of at most `maxBytes` is read: not a link, a FIFO
  /// (which would block) or a device (`/dev/zero` never ends); any of those
  /// throws, as a damaged file would.
  public static func read(_ path: String, maxBytes: Int = defaultMaxBytes) throws -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else {
      if errno == ENOENT { return nil }
      if errno == ELOOP {
        throw FileError(
          "open", path: path, code: ELOOP, explanation: "it is a symbolic link, which Wayfarer does not follow")
      }
      throw FileError("open", path: path)
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw FileError("open", path: path) }
    guard info.st_mode & S_IFMT == S_IFREG else {
      throw FileError("read", path: path, code: EINVAL, explanation: "it is not a regular file")
    }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 16_384)
    while true {
      let count = Glibc.read(fd, &chunk, chunk.count)
      if count > 0 {
        guard bytes.count + count <= maxBytes else {
          throw FileError("read", path: path, code: EFBIG, explanation: "it is larger than \(maxBytes >> 20) MiB")
        }
        bytes.append(contentsOf: chunk[..<count])
      } else if count == 0 {
        return bytes
      } else if errno != EINTR {
        throw FileError("read", path: path)
      }
    }
  }

  /// Removes `path`; a missing file is not an error.
  public static func remove(_ path: String) throws {
    if unlink(path) != 0 && errno != ENOENT { throw FileError("remove", path: path) }
    syncDirectory(of: path)
  }

  /// The rename itself is durable only once the directory is flushed.
  private static func syncDirectory(of path: String) {
    let directory = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
    let fd = open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { return }
    _ = fsync(fd)
    close(fd)
  }
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
  /// through a link someone else made: a folder that is another user's link,
  /// or another user's folder, is refused (``UntrustedFolder``), and links
  /// inside are left alone. Modes are changed through open descriptors, so
  /// a name swapped meanwhile cannot redirect the change.
  ///
  /// - Returns: what was changed: modes tightened, and links another user
  ///   made inside the folder, removed (they could only be meant to make
  ///   Wayfarer write somewhere else).
  public static func makePrivate(_ folder: String) throws -> [PrivacyChange] {
    try prepare(folder)
    var link = stat()
    guard lstat(folder, &link) == 0 else { throw FileError("open the folder", path: folder) }
    if link.st_mode & S_IFMT == S_IFLNK, link.st_uid != geteuid() {
      throw UntrustedFolder(path: folder, owner: link.st_uid, isLink: true)
    }
    let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { throw FileError("open the folder", path: folder) }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw FileError("open the folder", path: folder) }
    guard info.st_uid == geteuid() else { throw UntrustedFolder(path: folder, owner: info.st_uid, isLink: false) }

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
  /// to without the sticky bit (`/tmp` has it). Nil when the way is safe.
  /// Folders not made yet are skipped.
  public static func untrustedAncestor(of path: String) -> UntrustedAncestor? {
    untrustedAncestor(of: [path])
  }

  /// The first untrusted folder above any of `paths` (their shared folders
  /// are looked at once).
  public static func untrustedAncestor(of paths: [String]) -> UntrustedAncestor? {
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
    -> UntrustedAncestor?
  {
    var components = route.split(separator: "/").map(String.init)
    while !components.isEmpty {
      components.removeLast()
      let ancestor = "/" + components.joined(separator: "/")
      guard checked.insert(ancestor).inserted else { continue }
      var info = stat()
      guard lstat(ancestor, &info) == 0 else { continue }
      if info.st_uid != 0, info.st_uid != geteuid() {
        return UntrustedAncestor(path: ancestor, owner: info.st_uid, mode: info.st_mode & 0o7777)
      }
      if info.st_mode & S_IFMT != S_IFLNK, info.st_mode & 0o022 != 0, info.st_mode & S_ISVTX == 0 {
        return UntrustedAncestor(path: ancestor, owner: info.st_uid, mode: info.st_mode & 0o7777)
      }
    }
    return nil
  }

  private static func currentDirectory() -> String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard getcwd(&buffer, buffer.count) != nil else { return "/" }
    return String(cString: buffer)
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
  /// is this user's and looser; the old mode when it changed. Opened without
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
