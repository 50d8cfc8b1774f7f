/// The bytes of a secret typed at a terminal in non-canonical mode, turned
/// into the text the person meant.
///
/// Printable text is kept and Backspace removes the last character; the
/// escape sequences of editing keys (arrows, Home, Delete, a bracketed
/// paste's markers) and every other control byte are dropped, so pressing
/// Up at a password prompt changes nothing.
struct SecretInput {
  enum Outcome: Equatable {
    /// Keep reading.
    case more
    /// Enter: the secret is complete.
    case done
    /// Ctrl-D on an empty secret: end of input.
    case end
  }

  private enum Escape {
    case none
    /// After ESC.
    case started
    /// After ESC [: parameters until a final byte.
    case controlSequence
    /// After ESC O: one more byte.
    case singleShift
  }

  private(set) var bytes: [UInt8] = []
  private var escape = Escape.none

  /// Takes one byte.
  mutating func feed(_ byte: UInt8) -> Outcome {
    switch escape {
    case .started:
      escape = byte == UInt8(ascii: "[") ? .controlSequence : byte == UInt8(ascii: "O") ? .singleShift : .none
      return .more
    case .controlSequence:
      if (0x40...0x7E).contains(byte) { escape = .none }
      return .more
    case .singleShift:
      escape = .none
      return .more
    case .none:
      break
    }
    switch byte {
    case 0x0A, 0x0D: return .done
    case 0x04: return bytes.isEmpty ? .end : .more
    case 0x1B: escape = .started
    case 0x7F, 0x08: removeLastCharacter()
    case 0x15: erase()  // Ctrl-U: start over
    case 0x00..<0x20: break
    default: bytes.append(byte)
    }
    return .more
  }

  /// Whether an escape sequence has begun and not ended.
  var isInEscape: Bool { escape != .none }

  /// No byte followed an Esc for a moment: it was the Esc key alone, and
  /// the next byte is text again (it was swallowed as Alt-something).
  mutating func escapeTimedOut() {
    escape = .none
  }

  /// The secret as text (invalid UTF-8 replaced).
  var text: String { String(decoding: bytes, as: UTF8.self) }

  /// Overwrites what was typed; call when done with it.
  mutating func erase() {
    for index in bytes.indices { bytes[index] = 0 }
    bytes.removeAll()
  }

  /// Removes one whole UTF-8 character: continuation bytes, then its lead.
  private mutating func removeLastCharacter() {
    while let last = bytes.last, last & 0xC0 == 0x80 {
      bytes.removeLast()
    }
    if !bytes.isEmpty { bytes.removeLast() }
  }
}
