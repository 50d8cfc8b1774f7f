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
///
/// A copy in other letter case is hidden too (`GHP_…` or `ghp_…` for
/// `ghp_…`): a server may echo a token lower-cased, as a repository topic
/// is, and it is still the token. Only ASCII letters are folded; keys are
/// printable ASCII (``Secret``).
public enum SecretText {
  private struct Hidden: Sendable {
    /// The value with its ASCII letters in lower case: what text is
    /// compared with, each byte folded the same way.
    let folded: [UInt8]
    let replacement: [UInt8]
    /// The offset of the value's first byte that is no letter, a sign or
    /// a space before a digit (rarer in text).
    ///
    /// Every copy has that byte as it is, whatever the case of its
    /// letters, so memchr can look for it alone. Nil when every byte is a
    /// letter.
    let anchor: Int?
    /// The part of the value looked for with Horspool's skips, when it has
    /// no byte to anchor on (a key of letters and digits): its first 255
    /// bytes.
    ///
    /// A key of hex digits once stopped memchr at every `0` of a list's
    /// numbers; its run of digits alone moved on at most 10 bytes a step.
    let run: Range<Int>?
    /// How far the run's window moves on past each byte that ends it, in
    /// either letter case.
    let skips: [UInt8]

    init(value: [UInt8], replacement: [UInt8]) {
      folded = value.map(SecretText.folded)
      self.replacement = replacement
      let sign = folded.firstIndex { !SecretText.isLetter($0) && !SecretText.isDigit($0) }
      anchor = sign ?? folded.firstIndex { !SecretText.isLetter($0) }
      run = sign == nil && folded.count >= 4 ? 0..<min(folded.count, 255) : nil
      var skips = [UInt8](repeating: UInt8(run?.count ?? 0), count: 256)
      if let run {
        for offset in run.dropLast() {
          let byte = folded[offset]
          skips[Int(byte)] = UInt8(run.upperBound - 1 - offset)
          // The text's bytes are not folded first: a capital skips as its small letter.
          if SecretText.isLetter(byte) { skips[Int(byte & 0xDF)] = skips[Int(byte)] }
        }
      }
      self.skips = skips
    }
  }

  /// The fewest bytes a value may have to be taken.
  static let shortestTaken = 8

  private static let hidden = Locked<[Hidden]>([])
  /// Read without the lock on every write: false until the first secret.
  private static let isEmpty = Atomic<Bool>(true)

  /// From now on, `value` never appears in output, in any letter case;
  /// `[source]` stands in its place.
  ///
  /// Values shorter than 8 bytes are not taken (no service's keys
  /// are that short, and hiding them would hide words).
  public static func hide(_ value: String, naming source: String) {
    let secret = Hidden(value: Array(value.utf8), replacement: Array("[\(source)]".utf8))
    guard secret.folded.count >= shortestTaken else { return }
    hidden.withLock { list in
      guard !list.contains(where: { $0.folded == secret.folded }) else { return }
      list.append(secret)
      // Longest first: a secret that contains another is hidden whole.
      list.sort { $0.folded.count > $1.folded.count }
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

  /// Whether any registered value is in `bytes`, in any letter case: text
  /// read where it lies can be used as it is only when none is.
  public static func holdsSecret(in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    hasSecrets && holdsSecret(bytes)
  }

  /// Whether any value is registered.
  static var hasSecrets: Bool { !isEmpty.load(ordering: .acquiring) }

  /// The length in bytes of the longest end of `text` that is the start
  /// (not the whole) of a registered value, in any letter case: what a
  /// stream must hold back.
  ///
  /// A secret's first byte starts a character, so the end it gives is
  /// whole characters.
  static func longestSecretStart(endingWith text: String) -> Int {
    let tail = Array(text.utf8.suffix(512))
    var longest = 0
    for secret in hidden.withLock({ $0 }) {
      for length in stride(from: min(secret.folded.count - 1, tail.count), to: longest, by: -1)
      where tail[(tail.count - length)...].lazy.map(folded).elementsEqual(secret.folded[..<length]) {
        longest = length
        break
      }
    }
    return longest
  }

  /// The replacement of the registered value `text` is the start of (in
  /// any letter case), when `text` is at least `shortestTaken` bytes.
  static func replacement(ifStartOfSecret text: String) -> String? {
    let bytes = Array(text.utf8)
    guard bytes.count >= shortestTaken else { return nil }
    for secret in hidden.withLock({ $0 }) where bytes.count < secret.folded.count {
      if bytes.lazy.map(folded).elementsEqual(secret.folded[..<bytes.count]) {
        return String(decoding: secret.replacement, as: UTF8.self)
      }
    }
    return nil
  }

  /// Whether any registered value is in `bytes`.
  private static func holdsSecret(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let raw = UnsafeRawBufferPointer(bytes)
    return hidden.withLock({ $0 }).contains { range(of: $0, in: raw, from: 0) != nil }
  }

  /// Hides every registered value in `bytes`, in place.
  package static func hide(in bytes: inout [UInt8]) {
    guard !isEmpty.load(ordering: .acquiring) else { return }
    for secret in hidden.withLock({ $0 }) where bytes.count >= secret.folded.count {
      guard let first = range(of: secret, in: bytes, from: 0) else { continue }
      var output: [UInt8] = []
      output.reserveCapacity(bytes.count)
      var start = 0
      var match: Range<Int>? = first
      while let found = match {
        output.append(contentsOf: bytes[start..<found.lowerBound])
        output.append(contentsOf: secret.replacement)
        start = found.upperBound
        match = range(of: secret, in: bytes, from: start)
      }
      output.append(contentsOf: bytes[start...])
      bytes = output
    }
  }

  private static func range(of secret: Hidden, in haystack: [UInt8], from start: Int) -> Range<Int>? {
    haystack.withUnsafeBytes { range(of: secret, in: $0, from: start) }
  }

  /// Where `secret` next occurs in `hay` at or after `start`, in any letter
  /// case: memchr to each copy of its anchor byte (a loop over the bytes
  /// when it has none), then the rest compared folded.
  private static func range(of secret: Hidden, in hay: UnsafeRawBufferPointer, from start: Int) -> Range<Int>? {
    let count = secret.folded.count
    guard count > 0, start >= 0, hay.count - start >= count, let base = hay.baseAddress else { return nil }
    let last = hay.count - count  // the last offset a copy can start at
    if let run = secret.run { return range(of: secret, run: run, in: hay, from: start) }
    return secret.folded.withUnsafeBufferPointer { needle in
      guard let anchor = secret.anchor else {
        let first = needle[0]
        for at in start...last where folded(hay[at]) == first && matches(needle, at: base + at) {
          return at..<(at + count)
        }
        return nil
      }
      var from = start + anchor
      while from <= last + anchor {
        guard let found = memchr(base + from, Int32(needle[anchor]), last + anchor - from + 1) else { return nil }
        let at = base.distance(to: UnsafeRawPointer(found)) - anchor
        if matches(needle, at: base + at) { return at..<(at + count) }
        from = at + anchor + 1
      }
      return nil
    }
  }

  /// Where `secret` next occurs in `hay` at or after `start`, found by its
  /// run (Horspool: the window moves on by the skip of the byte that ends
  /// it, either letter case alike), then compared whole, folded.
  private static func range(
    of secret: Hidden, run: Range<Int>, in hay: UnsafeRawBufferPointer, from start: Int
  ) -> Range<Int>? {
    let count = secret.folded.count
    guard let base = hay.baseAddress else { return nil }
    return secret.folded.withUnsafeBufferPointer { needle in
      secret.skips.withUnsafeBufferPointer { skips in
        let lastByte = needle[run.upperBound - 1]
        // Where the run's last byte is in the text, for a copy starting at `start`.
        var end = start + run.upperBound - 1
        let lastEnd = hay.count - count + run.upperBound - 1
        while end <= lastEnd {
          let byte = hay[end]
          let at = end - (run.upperBound - 1)
          if folded(byte) == lastByte, matches(needle, at: base + at) { return at..<(at + count) }
          end += Int(skips[Int(byte)])
        }
        return nil
      }
    }
  }

  /// Whether the bytes at `text`, folded, are `needle`'s.
  private static func matches(_ needle: UnsafeBufferPointer<UInt8>, at text: UnsafeRawPointer) -> Bool {
    for offset in 0..<needle.count where folded(text.load(fromByteOffset: offset, as: UInt8.self)) != needle[offset] {
      return false
    }
    return true
  }

  /// `byte` with an ASCII capital made small; any other byte as it is.
  @inline(__always) private static func folded(_ byte: UInt8) -> UInt8 { isCapital(byte) ? byte | 0x20 : byte }
  @inline(__always) private static func isCapital(_ byte: UInt8) -> Bool { byte &- 0x41 < 26 }
  @inline(__always) private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- 0x61 < 26 }
  @inline(__always) private static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }
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
  ///
  /// A reply that ends on most of a key (cut off, or stopped by Ctrl-C)
  /// must not show it: a held start of a value as long as the shortest
  /// value taken is hidden as the whole value is.
  public mutating func finish() -> String {
    defer { held = "" }
    return SecretText.replacement(ifStartOfSecret: held) ?? SecretText.hiding(in: held)
  }
}
