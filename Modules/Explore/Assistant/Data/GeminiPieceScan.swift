import JSON

extension GeminiFormat.Response {
  /// A streamed piece read straight from its event's text with
  /// `JSONScanner`, or, where the scan is unsure (an escaped key, a key of
  /// its own repeated, malformed JSON, no reply at all), as a document.
  ///
  /// Either way the same piece: the scan reads the fields `init?(json:)`
  /// reads, by the same rules. A piece a token was 13k instructions as a
  /// document, most of a token's way to the terminal (callgrind).
  static func piece(fromText text: String) -> Self? {
    // Not `??`, nor `piece != nil` below: each copied the piece (its
    // strings retained and released), together about 200 instructions a
    // streamed token (callgrind).
    if let piece = scanned(fromText: text) { return piece }
    return decoded(fromText: text)
  }

  /// As ``piece(fromText:)``, for an event's UTF-8 read where it lies: no
  /// string is made of it unless the scan is unsure.
  static func piece(fromUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Self? {
    if let piece = scanned(fromUTF8: bytes) { return piece }
    return piece(fromText: String(decoding: bytes, as: UTF8.self))
  }

  /// The piece `text` is, read by a scan; nil where the scan is unsure.
  static func scanned(fromText text: String) -> Self? {
    var piece: Self?
    let whole = JSONScanner.scan(text) { scanner in
      guard let read = PieceScan.read(&scanner) else { return false }
      piece = read
      return true
    }
    guard whole else { return nil }
    // Moved out, not copied: the closure's capture is a place a plain
    // `return piece` copies from and then destroys.
    return piece.take()
  }

  /// The same for UTF-8 bytes; nil too where they hold a registered secret.
  static func scanned(fromUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Self? {
    var piece: Self?
    let whole = JSONScanner.scan(utf8: bytes) { scanner in
      guard let read = PieceScan.read(&scanner) else { return false }
      piece = read
      return true
    }
    guard whole else { return nil }
    return piece.take()
  }
}

/// What a scan of a `GenerateContentResponse` has read so far.
private struct PieceScan {
  /// The first candidate was there (of any kind).
  var hasCandidate = false
  var text = ""
  var finishReason: String?
  var blockReason: String?
  var usage: ChatUsage?

  static func read(_ scanner: inout JSONScanner) -> GeminiFormat.Response? {
    var scan = PieceScan()
    // A repeated member is read by its first; the scan leaves that to the document.
    var seen = Seen()
    let whole =
      scanner.next == .object
      && scanner.object { scanner, key in
        if key.isNamed("candidates") {
          return seen.first(0) && scan.candidates(&scanner)
        } else if key.isNamed("promptFeedback") {
          return seen.first(1) && scan.promptFeedback(&scanner)
        } else if key.isNamed("usageMetadata") {
          return seen.first(2) && scan.usageMetadata(&scanner)
        }
        return scanner.skip()
      }
    // Neither text, nor a reason, nor usage: not a reply (the document says so).
    guard whole, scan.hasCandidate || scan.blockReason != nil || scan.usage != nil else { return nil }
    // Its strings moved into the piece, not copied and then released.
    let read = consume scan
    return GeminiFormat.Response(
      text: read.text, finishReason: read.finishReason, blockReason: read.blockReason, usage: read.usage)
  }

  /// `candidates`: the first is read, the others only checked.
  private mutating func candidates(_ scanner: inout JSONScanner) -> Bool {
    guard scanner.next == .array else { return scanner.skip() }
    return scanner.array { scanner, index in
      guard index == 0 else { return scanner.skip() }
      hasCandidate = true
      guard scanner.next == .object else { return scanner.skip() }
      var seen = Seen()
      return scanner.object { scanner, key in
        if key.isNamed("content") {
          return seen.first(0) && content(&scanner)
        } else if key.isNamed("finishReason") {
          return seen.first(1) && Self.string(&scanner, into: &finishReason)
        }
        return scanner.skip()
      }
    }
  }

  /// `content.parts[]`: each part's `text`, unless it is a thought.
  private mutating func content(_ scanner: inout JSONScanner) -> Bool {
    guard scanner.next == .object else { return scanner.skip() }
    var seen = Seen()
    return scanner.object { scanner, key in
      guard key.isNamed("parts") else { return scanner.skip() }
      guard seen.first(0) else { return false }
      guard scanner.next == .array else { return scanner.skip() }
      return scanner.array { scanner, _ in
        guard scanner.next == .object else { return scanner.skip() }
        var seen = Seen()
        var part: String?
        var thought = false
        let whole = scanner.object { scanner, key in
          if key.isNamed("text") {
            return seen.first(0) && Self.string(&scanner, into: &part)
          } else if key.isNamed("thought") {
            guard seen.first(1) else { return false }
            guard scanner.next == .bool else { return scanner.skip() }
            guard let value = scanner.bool() else { return false }
            thought = value
            return true
          }
          return scanner.skip()
        }
        if let part, !thought { text = text.isEmpty ? part : text + part }
        return whole
      }
    }
  }

  private mutating func promptFeedback(_ scanner: inout JSONScanner) -> Bool {
    guard scanner.next == .object else { return scanner.skip() }
    var seen = Seen()
    return scanner.object { scanner, key in
      guard key.isNamed("blockReason") else { return scanner.skip() }
      return seen.first(0) && Self.string(&scanner, into: &blockReason)
    }
  }

  /// `usageMetadata`, of any kind (a usage of nothing when no object).
  private mutating func usageMetadata(_ scanner: inout JSONScanner) -> Bool {
    var counts = UsageCounts()
    var seen = Seen()
    let whole =
      scanner.next != .object
      ? scanner.skip()
      : scanner.object { scanner, key in
        guard let field = UsageCounts.field(named: key) else { return scanner.skip() }
        guard seen.first(field) else { return false }
        // `.int`: a whole number that fits, else none (a number read, any other value skipped).
        guard scanner.next == .number else { return scanner.skip() }
        guard let count = scanner.double() else { return false }
        counts.set(field, to: Int(exactly: count))
        return true
      }
    usage = GeminiFormat.Response.usage(
      reply: counts.reply, thoughts: counts.thoughts, prompt: counts.prompt, total: counts.total)
    return whole
  }

  /// `usageMetadata`'s counts, by their place in `field(named:)`.
  private struct UsageCounts {
    var reply: Int?
    var thoughts: Int?
    var prompt: Int?
    var total: Int?

    static func field(named key: JSONScanner.Key) -> Int? {
      if key.isNamed("candidatesTokenCount") { return 0 }
      if key.isNamed("thoughtsTokenCount") { return 1 }
      if key.isNamed("promptTokenCount") { return 2 }
      if key.isNamed("totalTokenCount") { return 3 }
      return nil
    }

    mutating func set(_ field: Int, to count: Int?) {
      switch field {
      case 0: reply = count
      case 1: thoughts = count
      case 2: prompt = count
      default: total = count
      }
    }
  }

  /// A member's value into `value` when it is a string (`.string`: nil,
  /// and the value skipped, when it is of another kind); false when it is
  /// not whole.
  private static func string(_ scanner: inout JSONScanner, into value: inout String?) -> Bool {
    guard scanner.next == .string else { return scanner.skip() }
    value = scanner.string()
    return value != nil
  }

  /// The members of one object met so far, by their place in a list.
  private struct Seen {
    private var bits: UInt8 = 0

    /// True the first time `member` is met.
    mutating func first(_ member: Int) -> Bool {
      let bit = UInt8(1) << member
      defer { bits |= bit }
      return bits & bit == 0
    }
  }
}
