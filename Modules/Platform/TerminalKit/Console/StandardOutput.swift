#if canImport(Glibc)
  import Glibc
#endif

/// Unbuffered writes to standard output, safe from any thread.
enum StandardOutput {
  static func write(_ text: String) {
    var text = text
    text.withUTF8 { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = Glibc.write(STDOUT_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
        if written > 0 {
          offset += written
        } else if written < 0 && errno == EINTR {
          continue
        } else {
          return  // EPIPE and the like: the reader has gone; nothing to do
        }
      }
    }
  }
}
