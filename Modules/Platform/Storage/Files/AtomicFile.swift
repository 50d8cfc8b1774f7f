#if canImport(Glibc)
  import Glibc
#endif

/// A file operation that failed, with the path and the system's reason.
public struct FileError: Error, Equatable, CustomStringConvertible {
  public let operation: String
  public let path: String
  public let code: Int32

  public init(_ operation: String, path: String, code: Int32 = errno) {
    self.operation = operation
    self.path = path
    self.code = code
  }

  public var reason: String { String(cString: strerror(code)) }

  public var description: String { "could not \(operation) \(path): \(reason)" }
}

/// Whole-file reads and crash-safe whole-file writes.
///
/// A write goes to a temporary file beside the target, is flushed to disk,
/// then renamed over it: a reader sees the old file or the new one, never
/// half of either.
public enum AtomicFile {
  /// Replaces `path` with `bytes`, file mode `mode`.
  public static func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o600) throws {
    let temporary = "\(path).\(getpid()).tmp"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
    guard fd >= 0 else { throw FileError("create", path: temporary) }
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

  /// The contents of `path`, or `nil` when there is no such file.
  public static func read(_ path: String) throws -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else {
      if errno == ENOENT { return nil }
      throw FileError("open", path: path)
    }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 16_384)
    while true {
      let count = Glibc.read(fd, &chunk, chunk.count)
      if count > 0 {
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
  /// every regular file directly in it 0600. Symbolic links are left alone
  /// (a mode change would reach whatever they point at).
  ///
  /// - Returns: each path whose mode was looser, with the mode it had.
  public static func makePrivate(_ folder: String) throws -> [(path: String, oldMode: mode_t)] {
    try prepare(folder)
    var tightened: [(path: String, oldMode: mode_t)] = []
    if let old = tighten(folder, to: 0o700) { tightened.append((folder, old)) }
    guard let directory = opendir(folder) else { throw FileError("list", path: folder) }
    defer { closedir(directory) }
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard name != ".", name != ".." else { continue }
      let path = folder + "/" + name
      if let old = tighten(path, to: 0o600, onlyRegularFiles: true) { tightened.append((path, old)) }
    }
    return tightened
  }

  /// Sets `path` to `mode` if it grants anything to group or others; the
  /// old mode when it changed.
  private static func tighten(_ path: String, to mode: mode_t, onlyRegularFiles: Bool = false) -> mode_t? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    if onlyRegularFiles && info.st_mode & S_IFMT != S_IFREG { return nil }
    let old = info.st_mode & 0o777
    guard old & 0o077 != 0, chmod(path, mode) == 0 else { return nil }
    return old
  }

  /// File mode bits of `path` (0600 …), or `nil` when it does not exist.
  public static func mode(of path: String) -> mode_t? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return info.st_mode & 0o777
  }
}
