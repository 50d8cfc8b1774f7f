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
  /// The event's one data line where it lies in the chunk being read;
  /// nil between reads (made a string before one returns), so the parser
  /// holds no pointer when it is sent elsewhere.
  nonisolated(unsafe) private var dataInPlace: UnsafeBufferPointer<UInt8>?
  private var type: String?
  private var eventBytes = 0
  /// How many bytes of a byte order mark the stream began with so far;
  /// nil once past its start (the standard ignores one mark there).
  private var byteOrderMarkRead: Int? = 0
  private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  public init(maximumEventBytes: Int = 1 << 20) {
    self.maximumEventBytes = maximumEventBytes
  }

  /// The events `bytes` completed, in order.
  public mutating func feed(_ bytes: some Sequence<UInt8>) throws(ServerSentEventError) -> [ServerSentEvent] {
    var events: [ServerSentEvent] = []
    func read(_ buffer: UnsafeBufferPointer<UInt8>) throws(ServerSentEventError) {
      _ = try feed(buffer) { type, data in
        events.append(ServerSentEvent(type: type ?? "message", data: String(decoding: data, as: UTF8.self)))
        return true
      }
    }
    // Data read through its storage, a line's bytes appended at once: a
    // byte at a time was a sixth of a reply's instructions (callgrind).
    let contiguous = bytes.withContiguousStorageIfAvailable { buffer in
      Result { () throws(ServerSentEventError) in try read(buffer) }
    }
    try
      (contiguous
      ?? Array(bytes).withUnsafeBufferPointer { buffer in
        Result { () throws(ServerSentEventError) in try read(buffer) }
      }).get()
    return events
  }

  /// Reads `bytes` as the other `feed(_:)` does, handing each event's type
  /// (nil: `message`) and data to `handle` where they lie, until `handle`
  /// returns false; how many bytes were read (up to that event's end).
  ///
  /// An event whose one `data:` line is in `bytes` (nearly every one) is
  /// handed over in place: no string is made of it (making one and letting
  /// it go was about 900 instructions an event, callgrind).
  public mutating func feed(
    _ bytes: UnsafeBufferPointer<UInt8>, each handle: (_ type: String?, _ data: UnsafeBufferPointer<UInt8>) -> Bool
  ) throws(ServerSentEventError) -> Int {
    // A line in place is valid only while `bytes` is: kept as a string
    // when the event goes on past them.
    defer { keepDataInPlace() }
    var start = byteOrderMarkRead == nil ? bytes.startIndex : skipByteOrderMark(in: bytes)
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
        return bytes.count
      }
      afterCarriageReturn = bytes[end] == 0x0D
      // A line wholly in this chunk (nearly every one) is read where it
      // is: copied into `line` first, then emptied, it was about 300
      // instructions an event (callgrind).
      let goesOn =
        line.isEmpty
        ? endLine(UnsafeBufferPointer(rebasing: bytes[start..<end]), inPlace: true, handle)
        : endHeldLine(bytes[start..<end], handle)
      start = bytes.index(after: end)
      if !goesOn { return start }
    }
    return bytes.count
  }

  /// Where reading starts in `bytes`: past the byte order mark the stream
  /// begins with, even one split between chunks.
  ///
  /// Bytes that began like one but were not are the first line's.
  private mutating func skipByteOrderMark(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var read = byteOrderMarkRead ?? 0
    var index = bytes.startIndex
    while read < Self.byteOrderMark.count, index != bytes.endIndex, bytes[index] == Self.byteOrderMark[read] {
      read += 1
      index += 1
    }
    if read < Self.byteOrderMark.count, index == bytes.endIndex {
      byteOrderMarkRead = read  // the rest may come in the next chunk
      return index
    }
    byteOrderMarkRead = nil
    guard read < Self.byteOrderMark.count else { return index }
    line.append(contentsOf: Self.byteOrderMark[..<read])
    eventBytes += read
    return index
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

  /// The end of the body: an event whose blank line never came is still
  /// handed over (a server may close right after its last `data:` line).
  public mutating func finish() -> ServerSentEvent? {
    defer { afterCarriageReturn = false }
    var last: ServerSentEvent?
    let read = { (type: String?, data: UnsafeBufferPointer<UInt8>) -> Bool in
      last = ServerSentEvent(type: type ?? "message", data: String(decoding: data, as: UTF8.self))
      return true
    }
    if !line.isEmpty { _ = endHeldLine(UnsafeBufferPointer(start: nil, count: 0)[...], read) }
    _ = endEvent(read)
    return last
  }

  /// Ends the line begun in an earlier chunk: what it held there, then
  /// `rest`; false when `handle` stopped the reading.
  private mutating func endHeldLine(
    _ rest: Slice<UnsafeBufferPointer<UInt8>>, _ handle: (String?, UnsafeBufferPointer<UInt8>) -> Bool
  ) -> Bool {
    var whole: [UInt8] = []
    swap(&whole, &line)
    whole.append(contentsOf: rest)
    defer {
      // Its room kept for the next line split between chunks.
      whole.removeAll(keepingCapacity: true)
      line = whole
    }
    return whole.withUnsafeBufferPointer { endLine($0, inPlace: false, handle) }
  }

  /// Takes a whole line (`line`, without its end); a blank one ends the
  /// event.
  ///
  /// `inPlace`: the line stays where it is until the chunk is read.
  private mutating func endLine(
    _ line: UnsafeBufferPointer<UInt8>, inPlace: Bool, _ handle: (String?, UnsafeBufferPointer<UInt8>) -> Bool
  ) -> Bool {
    guard !line.isEmpty else { return endEvent(handle) }
    guard line[0] != UInt8(ascii: ":") else { return true }
    // Split on the bytes, as the standard splits on code points: a colon
    // and a space are one byte each in UTF-8 and never inside another.
    let colon = line.firstIndex(of: UInt8(ascii: ":")) ?? line.endIndex
    var valueStart = min(colon + 1, line.endIndex)
    if valueStart < line.endIndex, line[valueStart] == UInt8(ascii: " ") { valueStart += 1 }
    let value = UnsafeBufferPointer(rebasing: line[valueStart...])
    if Self.field(line, endingAt: colon, is: "data") {
      if inPlace, dataLines.isEmpty, dataInPlace == nil {
        dataInPlace = value
      } else {
        keepDataInPlace()
        dataLines.append(String(decoding: value, as: UTF8.self))
      }
    } else if Self.field(line, endingAt: colon, is: "event") {
      type = String(decoding: value, as: UTF8.self)
    }  // id and retry matter to a reconnecting browser, not to one reply
    return true
  }

  /// The data line held in place, made a string (its bytes are about to go).
  private mutating func keepDataInPlace() {
    guard let data = dataInPlace else { return }
    dataInPlace = nil
    dataLines.append(String(decoding: data, as: UTF8.self))
  }

  /// Hands over the event its blank line ended, if it had data; false
  /// when `handle` stopped the reading.
  private mutating func endEvent(_ handle: (String?, UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
    defer {
      type = nil
      eventBytes = 0
    }
    if let data = dataInPlace {
      dataInPlace = nil
      return handle(type, data)
    }
    guard !dataLines.isEmpty else { return true }
    // Joined only when there are two or more; the array's room is kept (an
    // event's one line was an array made and freed).
    defer { dataLines.removeAll(keepingCapacity: true) }
    var data = dataLines.count == 1 ? dataLines[0] : dataLines.joined(separator: "\n")
    return data.withUTF8 { handle(type, $0) }
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
