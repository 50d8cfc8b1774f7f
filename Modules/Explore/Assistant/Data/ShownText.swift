import Secrets

/// A streamed reply's text as it is shown: keys hidden by one
/// ``SecretStream`` (even a key split across events), the pieces read
/// together handed over as one, and kept as shown.
///
/// What is kept is what was shown, before any cut to the reply's limit: a
/// key cut by the limit after the store hid keys was kept all but its end.
@MainActor
struct ShownText {
  private var stream = SecretStream()
  /// The shown text of the events read since the last hand-over: the
  /// pieces that arrive together are handed over as one, before anything
  /// is drawn (a burst's chunk holds a hundred events).
  private var held: [UInt8] = []
  /// All that was shown, as UTF-8 until the end: a byte array takes a
  /// piece for about half what a string's append costs, at every token
  /// (callgrind).
  private(set) var kept: [UInt8] = []

  /// A piece's text, hidden, to be handed over.
  mutating func take(_ text: String) {
    let visible = stream.take(text)
    Self.appendUTF8(of: visible, to: &kept)
    Self.appendUTF8(of: visible, to: &held)
  }

  /// What was taken since the last hand-over, to `onText` in one piece.
  mutating func handOver(to onText: @MainActor (String) -> Void) {
    guard !held.isEmpty else { return }
    onText(String(decoding: held, as: UTF8.self))
    held.removeAll(keepingCapacity: true)
  }

  /// The end of the reply: what the hidden stream still holds (a reply
  /// ending on most of a key shows it hidden) is handed over and kept; a
  /// second call finds nothing.
  mutating func end(to onText: @MainActor (String) -> Void) {
    handOver(to: onText)
    let rest = stream.finish()
    guard !rest.isEmpty else { return }
    onText(rest)
    Self.appendUTF8(of: rest, to: &kept)
  }

  /// `string`'s UTF-8 appended to `bytes` from its storage.
  ///
  /// Through the generic `append(contentsOf: string.utf8)` it was about
  /// 170 instructions a streamed token, twice (callgrind). Not isolated:
  /// on the main actor its closure checked the executor at every call,
  /// about 100 instructions each (callgrind).
  private nonisolated static func appendUTF8(of string: String, to bytes: inout [UInt8]) {
    var string = string
    string.withUTF8 { bytes.append(contentsOf: $0) }
  }
}
