// Reaches inside the modules (@testable), which only a debug build allows.
#if DEBUG
  import Components
  import Foundation
  import Home
  import JSON
  import Networking
  import TerminalText
  import TextWidth
  @testable import App

  extension FuzzTarget {
    /// The server-sent-event parser fed the same bytes in random cuts: every
    /// cut must give the same events as the whole (the first byte chooses
    /// where the cuts fall).
    static let serverSentEvents = FuzzTarget(name: "sse", summary: "server-sent events, in random cuts") { bytes in
      guard let seed = bytes.first else { return }
      let body = Array(bytes.dropFirst())
      func events(cutEvery sizes: [Int]) -> Result<[ServerSentEvent], ServerSentEventError> {
        var parser = ServerSentEventParser(maximumEventBytes: 4_096)
        var events: [ServerSentEvent] = []
        var start = 0
        var next = 0
        while start < body.count {
          let size = max(1, sizes[next % sizes.count])
          next += 1
          let end = min(body.count, start + size)
          switch Result(catching: { () throws(ServerSentEventError) in try parser.feed(body[start..<end]) }) {
          case .success(let fresh): events += fresh
          case .failure(let error): return .failure(error)
          }
          start = end
        }
        if let last = parser.finish() { events.append(last) }
        return .success(events)
      }
      let whole = events(cutEvery: [max(body.count, 1)])
      let cut = events(cutEvery: [Int(seed % 7) + 1, Int(seed / 7 % 5) + 1, Int(seed) + 1])
      require(whole == cut, "the cuts changed the events")
      let inPlace = FuzzTarget.eventsInPlace(body, cutEvery: Int(seed % 11) + 1, stoppingEvery: Int(seed % 3) + 1)
      require(whole == inPlace, "reading in place, with stops, changed the events")
    }

    /// The events of `body` read where they lie, in cuts of `size` bytes,
    /// the read stopped after every `stops`th event and taken up again.
    private static func eventsInPlace(
      _ body: [UInt8], cutEvery size: Int, stoppingEvery stops: Int
    ) -> Result<[ServerSentEvent], ServerSentEventError> {
      var parser = ServerSentEventParser(maximumEventBytes: 4_096)
      var events: [ServerSentEvent] = []
      var start = 0
      while start < body.count {
        var piece = Array(body[start..<min(body.count, start + size)])
        start += piece.count
        while !piece.isEmpty {
          let read = Result { () throws(ServerSentEventError) in
            try piece.withUnsafeBufferPointer { buffer throws(ServerSentEventError) in
              try parser.feed(buffer) { type, data in
                events.append(ServerSentEvent(type: type ?? "message", data: String(decoding: data, as: UTF8.self)))
                return events.count % stops != 0
              }
            }
          }
          switch read {
          case .success(let count): piece.removeFirst(count)
          case .failure(let error): return .failure(error)
          }
        }
      }
      if let last = parser.finish() { events.append(last) }
      return .success(events)
    }

    /// `wayfarer://` links as typed: a link that passes is one of the six
    /// screens, and a refusal prints harmlessly.
    static let deepLinks = FuzzTarget(name: "deeplink", summary: "wayfarer:// links") { bytes in
      let text = String(decoding: bytes, as: UTF8.self)
      do throws(DeepLink.Refusal) {
        _ = try DeepLink.parse(text)
      } catch {
        require(isTerminalSafe(error.sentence), "a refusal that prints control characters")
        require(DisplayWidth.of(error.link) <= 60, "a refusal that prints more than 60 columns of the link")
      }
    }

    /// A bookmarks file handed to `import`.
    static let bookmarkImport = FuzzTarget(name: "bookmarks", summary: "bookmark files for import") { bytes in
      guard let file = try? BookmarkFileReader.read(bytes, now: Date(timeIntervalSince1970: 1_800_000_000)) else {
        return
      }
      for entry in file.sections.flatMap(\.entries) {
        guard let record = entry.record else { return require(false, "an imported entry without its record") }
        let row = record.row
        require(isTerminalSafe(row.title) && !row.title.isEmpty, "an imported title that is not clean")
        require(
          [row.subtitle, row.detail].allSatisfy { isTerminalSafe($0 ?? "") }, "an imported row that is not clean")
        require(readsBack(record), "a record that does not read back as itself")
      }
      for place in file.sections.flatMap(\.entries).compactMap({ $0.record as? PlaceBookmark }) {
        require(PlaceIdentifier.isValid(place.id), "an imported id that breaks the rule")
      }
    }

    /// Whether `record`, written as the database keeps it, reads back the same.
    private static func readsBack<Record: BookmarkRecord>(_ record: Record) -> Bool {
      guard let document = try? JSONDocument(bytes: Array(record.json.utf8)) else { return false }
      return (try? Record.read(document.root, .strict)) == record
    }

    /// Markdown (READMEs, replies) drawn for a terminal: whatever the input,
    /// no escape, C1 or BEL comes out but the renderer's own colour codes.
    ///
    /// The same bytes are also the body of a fenced code block in a language
    /// the first byte picks, highlighted by GNU source-highlight: hostile
    /// code (escapes, invalid UTF-8, huge lines, unclosed comments) must
    /// neither crash it nor get past the sanitiser, and it wraps within the width.
    static let markdown = FuzzTarget.onMainActor("markdown", "Markdown rendered for a terminal") { bytes in
      let text = String(decoding: bytes.prefix(65_536), as: UTF8.self)
      let view = MarkdownView(text, baseURL: URL(string: "https://github.com/a/b/blob/HEAD/"))
      for (width, color) in [(80, false), (40, true)] {
        requireSafe(view, width: width, color: color)
      }
      let languages = ["swift", "sh", "c", "cpp", "py", "js", "rust", "go", "perl", "ruby", "html", "diff", "x"]
      let language = languages[Int(bytes.first ?? 0) % languages.count]
      // No run of four backticks is left to close the fence early.
      var body = text
      while body.contains("````") { body = body.replacingOccurrences(of: "````", with: "") }
      let code = MarkdownView("````" + language + "\n" + body + "\n````")
      let lines = requireSafe(code, width: 40, color: true)
      require(lines.allSatisfy { $0.displayWidth <= 40 }, "a code line wider than the terminal")
    }

    /// `view` drawn at `width` prints only its text and its own colour
    /// codes; returns its lines.
    @discardableResult
    @MainActor private static func requireSafe(_ view: MarkdownView, width: Int, color: Bool) -> [StyledLine] {
      let capabilities = TerminalCapabilities(
        inputIsTerminal: true, outputIsTerminal: true, usesColor: color, usesUnicode: true)
      let lines = view.lines(in: RenderContext(width: width, capabilities: capabilities))
      let printed = TextRenderer(usesColor: color).render(lines)
      let withoutColour = color ? removingColourCodes(printed) : printed
      require(isTerminalSafe(withoutColour), "Markdown let a control character through")
      return lines
    }

    /// `session.json` as another program (or a damaged disk) may leave it.
    static let sessionFile = FuzzTarget(name: "session", summary: "the session file") { bytes in
      if let record = FileSessionStore.record(from: bytes) {
        require(!record.accountID.isEmpty && record.version == 1, "a session read from a file that holds none")
      }
    }

    /// The command line `wayfarer` is started with (arguments split at NUL).
    static let commandLineOptions = FuzzTarget(name: "options", summary: "wayfarer's command-line options") { bytes in
      let arguments = ["wayfarer"] + bytes.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
      if case .invalid(let message) = CommandLineOptions.parse(arguments) {
        require(isTerminalSafe(message), "a usage sentence that prints control characters")
      }
    }
  }

  /// `text` without the renderer's SGR codes (`ESC [ digits ; … m`).
  func removingColourCodes(_ text: String) -> String {
    var output = String.UnicodeScalarView()
    var scalars = text.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      guard scalar == "\u{1B}" else {
        output.append(scalar)
        continue
      }
      guard scalars.next() == "[" else { return "\u{1B}" }
      while let code = scalars.next(), code != "m" {
        guard ("0"..."9").contains(code) || code == ";" else { return "\u{1B}" }
      }
    }
    return String(output)
  }
#endif
