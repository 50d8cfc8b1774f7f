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
    // Data read through its storage: its iterator, a call a byte, was a
    // twentieth of the time of a reply sent in one burst.
    let contiguous = bytes.withContiguousStorageIfAvailable { buffer in
      Result { () throws(ServerSentEventError) in try take(buffer) }
    }
    return try (contiguous ?? Result { () throws(ServerSentEventError) in try take(bytes) }).get()
  }

  private mutating func take(_ bytes: some Sequence<UInt8>) throws(ServerSentEventError) -> [ServerSentEvent] {
    var events: [ServerSentEvent] = []
    for byte in bytes {
      if afterCarriageReturn {
        afterCarriageReturn = false
        if byte == 0x0A { continue }
      }
      switch byte {
      case 0x0D:
        afterCarriageReturn = true
        if let event = endLine() { events.append(event) }
      case 0x0A:
        if let event = endLine() { events.append(event) }
      default:
        line.append(byte)
        eventBytes += 1
        if eventBytes > maximumEventBytes { throw .eventTooLarge(limit: maximumEventBytes) }
      }
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
    let text = String(decoding: line, as: UTF8.self)
    let field: Substring
    var value: Substring
    if let colon = text.firstIndex(of: ":") {
      field = text[..<colon]
      value = text[text.index(after: colon)...]
      if value.first == " " { value = value.dropFirst() }
    } else {
      field = Substring(text)
      value = ""
    }
    switch field {
    case "data": dataLines.append(String(value))
    case "event": type = String(value)
    default: break  // id and retry matter to a reconnecting browser, not to one reply
    }
    return nil
  }
}
