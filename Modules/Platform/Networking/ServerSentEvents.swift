import Foundation

/// One server-sent event: its type (`message` unless an `event:` line named
/// another) and its `data:` lines joined with line feeds.
public struct ServerSentEvent: Sendable, Equatable {
  public var type: String
  public var data: String

  public init(type: String = "message", data: String) {
    self.type = type
    self.data = data
  }
}

/// Why a stream of events could not be read.
public enum ServerSentEventError: Error, Equatable, CustomStringConvertible {
  /// One event was longer than the parser keeps (a runaway server).
  case eventTooLarge(limit: Int)

  public var description: String {
    switch self {
    case .eventTooLarge(let limit):
      "The server sent an event longer than \(limit / 1_024) KiB; Wayfarer stopped reading."
    }
  }
}

/// Reads `text/event-stream` bodies as they arrive (the WHATWG rules):
/// lines end in CR LF, LF or CR, wherever the chunks are cut; `:` lines are
/// comments; `data:` lines of one event are joined; a blank line ends an
/// event.
///
/// Bytes become text only once a line is whole, so a character split
/// between two chunks is read once, whole.
public struct ServerSentEventParser: Sendable {
  /// The most bytes one event may hold, its lines together.
  public let maximumEventBytes: Int
  private var line: [UInt8] = []
  /// The last chunk ended in CR: an LF opening the next one ends no line.
  private var afterCarriageReturn = false
  private var dataLines: [String] = []
  private var type: String?
  private var eventBytes = 0

  public init(maximumEventBytes: Int = 1 << 20) {
    self.maximumEventBytes = maximumEventBytes
  }

  /// The events `bytes` completed, in order.
  public mutating func feed(_ bytes: some Sequence<UInt8>) throws(ServerSentEventError) -> [ServerSentEvent] {
    // Data read through its storage, a line's bytes appended at once: a
    // byte at a time was a sixth of a reply's instructions (callgrind).
    let contiguous = bytes.withContiguousStorageIfAvailable { buffer in
      Result { () throws(ServerSentEventError) in try take(buffer) }
    }
    return try
      (contiguous
      ?? Array(bytes).withUnsafeBufferPointer { buffer in
        Result { () throws(ServerSentEventError) in try take(buffer) }
      }).get()
  }

  /// Where the line begun at `start` ends (its CR or LF), or the end.
  ///
  /// With libc's memchr, for the LF and then for a CR before it (lines
  /// end in LF nearly always): eight bytes at a time by hand it was 500
  /// instructions an event, byte by byte half the parser's (callgrind, a
  /// 2,000-token reply).
  private static func lineEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    guard let base = bytes.baseAddress, start < bytes.count else { return bytes.count }
    let origin = UnsafeRawPointer(base)
    let newline = memchr(base + start, 0x0A, bytes.count - start).map { UnsafeRawPointer($0) - origin }
    let end = newline ?? bytes.count
    guard end > start, let carriageReturn = memchr(base + start, 0x0D, end - start) else { return end }
    return UnsafeRawPointer(carriageReturn) - origin
  }

  private mutating func take(_ bytes: UnsafeBufferPointer<UInt8>) throws(ServerSentEventError) -> [ServerSentEvent] {
    var events: [ServerSentEvent] = []
    var start = bytes.startIndex
    while start != bytes.endIndex {
      if afterCarriageReturn {
        afterCarriageReturn = false
        if bytes[start] == 0x0A {
          start = bytes.index(after: start)
          continue
        }
      }
      let end = Self.lineEnd(in: bytes, from: start)
      let count = bytes.distance(from: start, to: end)
      if count > 0 {
        eventBytes += count
        if eventBytes > maximumEventBytes { throw .eventTooLarge(limit: maximumEventBytes) }
      }
      guard end != bytes.endIndex else {
        line.append(contentsOf: bytes[start..<end])
        break
      }
      afterCarriageReturn = bytes[end] == 0x0D
      // A line wholly in this chunk (nearly every one) is read where it
      // is: copied into `line` first, then emptied, it was about 300
      // instructions an event (callgrind).
      let event =
        line.isEmpty ? endLine(UnsafeBufferPointer(rebasing: bytes[start..<end])) : endHeldLine(bytes[start..<end])
      if let event { events.append(event) }
      start = bytes.index(after: end)
    }
    return events
  }

  /// The end of the body: an event whose blank line never came is still
  /// handed over (a server may close right after its last `data:` line).
  public mutating func finish() -> ServerSentEvent? {
    defer { afterCarriageReturn = false }
    if !line.isEmpty { _ = endHeldLine(UnsafeBufferPointer(start: nil, count: 0)[...]) }
    return endEvent()
  }

  /// Ends the line begun in an earlier chunk: what it held there, then
  /// `rest`.
  private mutating func endHeldLine(_ rest: Slice<UnsafeBufferPointer<UInt8>>) -> ServerSentEvent? {
    var whole: [UInt8] = []
    swap(&whole, &line)
    whole.append(contentsOf: rest)
    defer {
      // Its room kept for the next line split between chunks.
      whole.removeAll(keepingCapacity: true)
      line = whole
    }
    return whole.withUnsafeBufferPointer { endLine($0) }
  }

  /// Takes a whole line (`line`, without its end); a blank one ends the event.
  private mutating func endLine(_ line: UnsafeBufferPointer<UInt8>) -> ServerSentEvent? {
    guard !line.isEmpty else { return endEvent() }
    guard line[0] != UInt8(ascii: ":") else { return nil }
    // Split on the bytes, as the standard splits on code points: a colon
    // and a space are one byte each in UTF-8 and never inside another.
    let colon = line.firstIndex(of: UInt8(ascii: ":")) ?? line.endIndex
    var valueStart = min(colon + 1, line.endIndex)
    if valueStart < line.endIndex, line[valueStart] == UInt8(ascii: " ") { valueStart += 1 }
    if Self.field(line, endingAt: colon, is: "data") {
      dataLines.append(String(decoding: UnsafeBufferPointer(rebasing: line[valueStart...]), as: UTF8.self))
    } else if Self.field(line, endingAt: colon, is: "event") {
      type = String(decoding: UnsafeBufferPointer(rebasing: line[valueStart...]), as: UTF8.self)
    }  // id and retry matter to a reconnecting browser, not to one reply
    return nil
  }

  /// The event its blank line ended, if it had data.
  private mutating func endEvent() -> ServerSentEvent? {
    defer {
      type = nil
      eventBytes = 0
    }
    guard !dataLines.isEmpty else { return nil }
    // One line (nearly every event) moved out as it is: joining one made a
    // copy, and its array's room is kept (an event's one line was an array
    // made and freed).
    if dataLines.count == 1 { return ServerSentEvent(type: type ?? "message", data: dataLines.removeLast()) }
    defer { dataLines.removeAll(keepingCapacity: true) }
    return ServerSentEvent(type: type ?? "message", data: dataLines.joined(separator: "\n"))
  }

  /// Whether `line`'s field (its bytes before `colon`) is `name`.
  ///
  /// By hand: the generic `elementsEqual` was a tenth of the parser's
  /// instructions (callgrind, a 2,000-token reply).
  private static func field(_ line: UnsafeBufferPointer<UInt8>, endingAt colon: Int, is name: StaticString) -> Bool {
    guard colon == name.utf8CodeUnitCount else { return false }
    let name = name.utf8Start
    for index in 0..<colon where line[index] != name[index] { return false }
    return true
  }
}
