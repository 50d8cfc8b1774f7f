#if canImport(Glibc)
  import Glibc
#endif

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
  ///
  /// With `replacing` false, an existing `path` (file, link or anything
  /// else) is left alone and the write throws `EEXIST`: the finished file
  /// is linked in under its name, which fails rather than replaces, so
  /// nothing made between a check and the write is lost.
  public static func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o600, replacing: Bool = true) throws {
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
    if failure == nil {
      if replacing {
        if rename(temporary, path) != 0 { failure = FileError("replace", path: path) }
      } else {
        failure = installWithoutReplacing(temporary, at: path)
        unlink(temporary)
      }
    }
    if let failure {
      unlink(temporary)
      throw failure
    }
    syncDirectory(of: path)
  }

  /// Puts the finished `temporary` at `path` unless something is there.
  ///
  /// A hard link does it in one step; where the file system has none (FAT,
  /// some network mounts), `path` is claimed first as a new empty file
  /// (`O_EXCL`) and the rename then fills it.
  private static func installWithoutReplacing(_ temporary: String, at path: String) -> FileError? {
    if link(temporary, path) == 0 { return nil }
    guard errno == EPERM || errno == ENOTSUP || errno == EOPNOTSUPP || errno == EXDEV else {
      return FileError("create", path: path)
    }
    let claimed = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard claimed >= 0 else { return FileError("create", path: path) }
    close(claimed)
    guard rename(temporary, path) == 0 else {
      let failure = FileError("create", path: path)
      unlink(path)
      return failure
    }
    return nil
  }

  /// A new, empty file beside `path` with a random name (from `names`),
  /// open for writing: never one already there, never through a link.
  static func createTemporary(
    beside path: String, mode: mode_t, names: () -> String = { String(UInt64.random(in: .min ... .max), radix: 36) }
  ) throws -> (fd: Int32, path: String) {
    for _ in 0..<8 {
      let temporary = "\(path).\(names()).tmp"
      let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
      if fd >= 0 { return (fd, temporary) }
      guard errno == EEXIST else { throw FileError("create", path: path) }
    }
    throw FileError("create a temporary file beside", path: path, code: EEXIST)
  }

  /// Replaces `path` with what `write` puts in the (new, empty, private)
  /// file whose path it is given, for libraries that write files by name
  /// (libedit's history).
  ///
  /// The old file stays whole until the rename.
  public static func replace(_ path: String, mode: mode_t = 0o600, using write: (String) throws -> Void) throws {
    let (fd, temporary) = try createTemporary(beside: path, mode: mode)
    defer { close(fd) }
    do {
      try write(temporary)
      // Written by name into this very file (libedit reopens it): flushed
      // through the descriptor still open, so the rename installs it whole.
      guard fchmod(fd, mode) == 0, fsync(fd) == 0, rename(temporary, path) == 0 else {
        throw FileError("replace", path: path)
      }
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
          throw FileError("read", path: path, code: EFBIG, explanation: "it is larger than \(Self.size(maxBytes))")
        }
        bytes.append(contentsOf: chunk[..<count])
      } else if count == 0 {
        return bytes
      } else if errno != EINTR {
        throw FileError("read", path: path)
      }
    }
  }

  /// `bytes` as a read's refusal says it: MiB from 1 MiB, KiB below (a
  /// 64 KiB limit was said as "0 MiB").
  static func size(_ bytes: Int) -> String {
    bytes >= 1 << 20 ? "\(bytes >> 20) MiB" : bytes >= 1 << 10 ? "\(bytes >> 10) KiB" : "\(bytes) bytes"
  }

  /// Removes `path`; a missing file is not an error.
  public static func remove(_ path: String) throws {
    if unlink(path) != 0 && errno != ENOENT { throw FileError("remove", path: path) }
    syncDirectory(of: path)
  }

  /// The rename itself is durable only once the directory is flushed.
  private static func syncDirectory(of path: String) {
    let directory = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
    let fd = open(directory.isEmpty ? (path.hasPrefix("/") ? "/" : ".") : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { return }
    _ = fsync(fd)
    close(fd)
  }
}
