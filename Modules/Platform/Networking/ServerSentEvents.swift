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
    return try (contiguous ?? Result { () throws(ServerSentEventError) in try take(Array(bytes)[...]) }).get()
  }

  private mutating func take(_ bytes: some Collection<UInt8>) throws(ServerSentEventError) -> [ServerSentEvent] {
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
      let end = bytes[start...].firstIndex { $0 == 0x0A || $0 == 0x0D } ?? bytes.endIndex
      let count = bytes.distance(from: start, to: end)
      if count > 0 {
        eventBytes += count
        if eventBytes > maximumEventBytes { throw .eventTooLarge(limit: maximumEventBytes) }
        line.append(contentsOf: bytes[start..<end])
      }
      guard end != bytes.endIndex else { break }
      afterCarriageReturn = bytes[end] == 0x0D
      if let event = endLine() { events.append(event) }
      start = bytes.index(after: end)
    }
    return events
  }

  /// The end of the body: an event whose blank line never came is still
  /// handed over (a server may close right after its last `data:` line).
  public mutating func finish() -> ServerSentEvent? {
    defer { afterCarriageReturn = false }
    if !line.isEmpty { _ = endLine() }
    return endLine()
  }

  /// Takes the line read so far; a blank one ends the event.
  private mutating func endLine() -> ServerSentEvent? {
    defer { line.removeAll(keepingCapacity: true) }
    guard !line.isEmpty else {
      defer {
        dataLines.removeAll()
        type = nil
        eventBytes = 0
      }
      guard !dataLines.isEmpty else { return nil }
      return ServerSentEvent(type: type ?? "message", data: dataLines.joined(separator: "\n"))
    }
    guard line.first != UInt8(ascii: ":") else { return nil }
    // Split on the bytes, as the standard splits on code points: a colon
    // and a space are one byte each in UTF-8 and never inside another.
    let colon = line.firstIndex(of: UInt8(ascii: ":")) ?? line.endIndex
    var valueStart = min(colon + 1, line.endIndex)
    if valueStart < line.endIndex, line[valueStart] == UInt8(ascii: " ") { valueStart += 1 }
    let field = line[..<colon]
    if field.elementsEqual("data".utf8) {
      dataLines.append(String(decoding: line[valueStart...], as: UTF8.self))
    } else if field.elementsEqual("event".utf8) {
      type = String(decoding: line[valueStart...], as: UTF8.self)
    }  // id and retry matter to a reconnecting browser, not to one reply
    return nil
  }
}
