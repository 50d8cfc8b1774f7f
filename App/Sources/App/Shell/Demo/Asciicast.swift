import Foundation
import JSON
import Secrets

/// An asciicast v2 recording: a header line, then one `[time, "o", text]`
/// line per piece of output, as asciinema plays it.
struct Asciicast {
  let width: Int
  let height: Int
  /// The recording's start, in the header; nil for a fixed clock (a file
  /// the same every run).
  let startedAt: Date?
  private(set) var events: [(time: Double, text: String)] = []

  init(width: Int, height: Int, startedAt: Date?) {
    self.width = width
    self.height = height
    self.startedAt = startedAt
  }

  /// Records `text`, a key or token in it hidden: the terminal echoes what
  /// the script types, and a typed token went into the file.
  mutating func output(_ text: String, at time: Double) {
    guard !text.isEmpty else { return }
    events.append((time, SecretText.hiding(in: text)))
  }

  /// Adds `text` to the last event (a fixed clock's step is one event).
  mutating func appendToLast(_ text: String) {
    guard let last = events.popLast() else { return output(text, at: 0) }
    events.append((last.time, SecretText.hiding(in: last.text + text)))
  }

  /// The text of everything drawn, as `asciinema cat` gives it back.
  var allOutput: String { events.map(\.text).joined() }

  var bytes: [UInt8] {
    var header = JSONWriter()
    header.object { object in
      object.member("version", 2)
      object.member("width", width)
      object.member("height", height)
      if let startedAt { object.member("timestamp", Int(exactly: startedAt.timeIntervalSince1970.rounded(.down))) }
      object.key("env")
      object.object { env in
        env.member("TERM", "xterm-256color")
        env.member("SHELL", "/bin/sh")
      }
    }
    var lines = [header.bytes]
    for event in events {
      var line = JSONWriter()
      line.array { array in
        array.double((event.time * 1_000).rounded() / 1_000)
        array.string("o")
        array.string(event.text)
      }
      lines.append(line.bytes)
    }
    return lines.flatMap { $0 + [UInt8(ascii: "\n")] }
  }
}
