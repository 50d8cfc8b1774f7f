import Foundation

/// A pseudo-terminal a demo runs Wayfarer on: this side writes the keys and
/// reads what Wayfarer draws; the other end (``path``) is Wayfarer's terminal.
final class PseudoTerminal {
  let master: Int32
  /// The terminal end, opened by the program started on it.
  let path: String

  /// A terminal `columns` × `rows`; nil when the system has none to give.
  init?(columns: Int, rows: Int) {
    // posix_openpt, unlockpt and ptsname as Linux does them (Swift does
    // not import those three): /dev/ptmx, TIOCSPTLCK and TIOCGPTN.
    let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard master >= 0 else { return nil }
    var unlock: Int32 = 0
    var number: UInt32 = 0
    guard ioctl(master, Self.unlockRequest, &unlock) == 0, ioctl(master, Self.numberRequest, &number) == 0 else {
      close(master)
      return nil
    }
    var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    self.master = master
    path = "/dev/pts/\(number)"
  }

  // TIOCSPTLCK (_IOW('T', 0x31, int)) and TIOCGPTN (_IOR('T', 0x30, unsigned
  // int)), as <asm-generic/ioctls.h> defines them for x86-64 and arm64;
  // Swift does not import macros built with _IOW and _IOR.
  private static let unlockRequest: UInt = 0x4004_5431
  private static let numberRequest: UInt = 0x8004_5430

  deinit {
    close(master)
  }

  /// Types `bytes`, all of them.
  func type(_ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { Glibc.write(master, $0.baseAddress, $0.count) }
      if written > 0 {
        offset += written
      } else if !(written < 0 && errno == EINTR) {
        return
      }
    }
  }

  /// What the program drew within `milliseconds`: empty when it drew
  /// nothing in that time, nil once its end of the terminal is closed.
  func read(waiting milliseconds: Int) -> [UInt8]? {
    var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
    let ready = poll(&descriptor, 1, Int32(milliseconds))
    guard ready > 0 else { return ready == 0 || errno == EINTR ? [] : nil }
    var buffer = [UInt8](repeating: 0, count: 65_536)
    let count = buffer.withUnsafeMutableBytes { Glibc.read(master, $0.baseAddress, $0.count) }
    if count > 0 { return Array(buffer[0..<count]) }
    if count < 0, errno == EINTR || errno == EAGAIN { return [] }
    return nil
  }
}
