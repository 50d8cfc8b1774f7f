import Locking
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The keys and tokens Wayfarer holds, kept out of everything it prints.
///
/// The one rule for every service: whatever a server echoes into an error
/// message or a reply, whatever a sentence is made of, a registered value
/// is replaced by its source's name in brackets (`[GEOAPIFY_API_KEY]`) where
/// text comes in (every JSON document read, JSONDocument) and where it goes
/// out: the terminal (``TextRenderer``), standard output and error
/// (`StandardOutput`, ``StandardError``) and the database (Storage's binds).
public enum SecretText {
  private struct Hidden: Sendable {
    let bytes: [UInt8]
    let replacement: [UInt8]
  }

  private static let hidden = Locked<[Hidden]>([])
  /// Read without the lock on every write: false until the first secret.
  private static let isEmpty = Atomic<Bool>(true)

  /// From now on, `value` never appears in output; `[source]` stands in its
  /// place.
  ///
  /// Values shorter than 8 bytes are not taken (no service's keys
  /// are that short, and hiding them would hide words).
  public static func hide(_ value: String, naming source: String) {
    let bytes = Array(value.utf8)
    guard bytes.count >= 8 else { return }
    hidden.withLock { list in
      guard !list.contains(where: { $0.bytes == bytes }) else { return }
      list.append(Hidden(bytes: bytes, replacement: Array("[\(source)]".utf8)))
      // Longest first: a secret that contains another is hidden whole.
      list.sort { $0.bytes.count > $1.bytes.count }
    }
    isEmpty.store(false, ordering: .releasing)
  }

  /// `text` with every registered value hidden.
  ///
  /// Looked through in place first: text without a secret (nearly all of
  /// it) is given back as it is, without a copy.
  public static func hiding(in text: String) -> String {
    guard !isEmpty.load(ordering: .acquiring) else { return text }
    let holdsOne = text.utf8.withContiguousStorageIfAvailable { holdsSecret($0) } ?? true
    guard holdsOne else { return text }
    var bytes = Array(text.utf8)
    hide(in: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Whether any value is registered.
  static var hasSecrets: Bool { !isEmpty.load(ordering: .acquiring) }

  /// The length in bytes of the longest end of `text` that is the start
  /// (not the whole) of a registered value: what a stream must hold back.
  ///
  /// A secret's first byte starts a character, so the end it gives is
  /// whole characters.
  static func longestSecretStart(endingWith text: String) -> Int {
    let tail = Array(text.utf8.suffix(512))
    var longest = 0
    for secret in hidden.withLock({ $0 }) {
      for length in stride(from: min(secret.bytes.count - 1, tail.count), to: longest, by: -1)
      where tail[(tail.count - length)...].elementsEqual(secret.bytes[..<length]) {
        longest = length
        break
      }
    }
    return longest
  }

  /// Whether any registered value is in `bytes`.
  private static func holdsSecret(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let raw = UnsafeRawBufferPointer(bytes)
    return hidden.withLock({ $0 }).contains { secret in
      secret.bytes.withUnsafeBytes { range(of: $0, in: raw, from: 0) != nil }
    }
  }

  /// Hides every registered value in `bytes`, in place.
  package static func hide(in bytes: inout [UInt8]) {
    guard !isEmpty.load(ordering: .acquiring) else { return }
    for secret in hidden.withLock({ $0 }) where bytes.count >= secret.bytes.count {
      guard let first = range(of: secret.bytes, in: bytes, from: 0) else { continue }
      var output: [UInt8] = []
      output.reserveCapacity(bytes.count)
      var start = 0
      var match: Range<Int>? = first
      while let found = match {
        output.append(contentsOf: bytes[start..<found.lowerBound])
        output.append(contentsOf: secret.replacement)
        start = found.upperBound
        match = range(of: secret.bytes, in: bytes, from: start)
      }
      output.append(contentsOf: bytes[start...])
      bytes = output
    }
  }

  private static func range(of needle: [UInt8], in haystack: [UInt8], from start: Int) -> Range<Int>? {
    haystack.withUnsafeBytes { hay in needle.withUnsafeBytes { range(of: $0, in: hay, from: start) } }
  }

  /// Where `needle` next occurs in `hay` at or after `start`: memchr to
  /// each candidate first byte, memcmp for the rest.
  private static func range(of needle: UnsafeRawBufferPointer, in hay: UnsafeRawBufferPointer, from start: Int)
    -> Range<Int>?
  {
    guard let first = needle.first, start < hay.count, let base = hay.baseAddress, let pinBase = needle.baseAddress
    else { return nil }
    var offset = start
    while hay.count - offset >= needle.count {
      guard let found = memchr(base + offset, Int32(first), hay.count - offset - needle.count + 1) else { return nil }
      let at = base.distance(to: UnsafeRawPointer(found))
      if memcmp(base + at, pinBase, needle.count) == 0 { return at..<(at + needle.count) }
      offset = at + 1
    }
    return nil
  }
}

/// Text that arrives in pieces (a streamed reply), given out with every
/// registered value hidden, even one a server split across two pieces.
///
/// The end of what came that could be the start of a secret is held back
/// until the next piece shows whether it is one; ``finish()`` gives out
/// the rest. Without a registered secret every piece goes out as it is.
public struct SecretStream: Sendable {
  private var held = ""

  public init() {}

  /// What of `piece` (and what was held before it) can be shown now.
  public mutating func take(_ piece: String) -> String {
    guard SecretText.hasSecrets else { return held.isEmpty ? piece : finish() + piece }
    var text = SecretText.hiding(in: held + piece)
    let kept = SecretText.longestSecretStart(endingWith: text)
    held = String(decoding: text.utf8.suffix(kept), as: UTF8.self)
    text = String(decoding: text.utf8.dropLast(kept), as: UTF8.self)
    return text
  }

  /// What was held back, hidden: the stream has ended (or stopped).
  public mutating func finish() -> String {
    defer { held = "" }
    return SecretText.hiding(in: held)
  }
}
