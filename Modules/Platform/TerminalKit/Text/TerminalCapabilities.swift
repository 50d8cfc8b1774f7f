#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the terminal on the other end can do, read once at launch.
public struct TerminalCapabilities: Sendable, Hashable {
  /// Standard input is a terminal: edit lines with libedit, read passwords
  /// without echo.
  public var inputIsTerminal: Bool
  /// Standard output is a terminal: spinners and status lines may be drawn.
  public var outputIsTerminal: Bool
  /// Colours and attributes may be sent (a terminal, NO_COLOR unset, TERM not dumb).
  public var usesColor: Bool
  /// Box-drawing and braille symbols may be sent; otherwise ASCII symbols.
  public var usesUnicode: Bool
  /// TERM=dumb: every byte sent is ASCII (text included: `…` becomes `...`,
  /// `São` becomes `Sao`), and the cursor is never moved.
  public var isDumb: Bool

  public init(
    inputIsTerminal: Bool, outputIsTerminal: Bool, usesColor: Bool, usesUnicode: Bool, isDumb: Bool = false
  ) {
    self.inputIsTerminal = inputIsTerminal
    self.outputIsTerminal = outputIsTerminal
    self.usesColor = usesColor
    self.usesUnicode = usesUnicode
    self.isDumb = isDumb
  }

  /// Whether what was drawn may be redrawn in place (cursor up, clear):
  /// only on a terminal that understands the codes.
  public var movesCursor: Bool { outputIsTerminal && !isDumb }

  /// Plain output for pipes and tests: no colour, ASCII symbols, no spinners.
  public static let plain = TerminalCapabilities(
    inputIsTerminal: false, outputIsTerminal: false, usesColor: false, usesUnicode: false)

  /// What standard input and output are, given the person's wishes:
  /// `noColor` (NO_COLOR set) and `isDumb` (TERM=dumb, which also means ASCII).
  public static func detect(noColor: Bool, isDumb dumb: Bool) -> TerminalCapabilities {
    let input = isatty(STDIN_FILENO) == 1
    let output = isatty(STDOUT_FILENO) == 1
    return TerminalCapabilities(
      inputIsTerminal: input,
      outputIsTerminal: output,
      usesColor: output && !dumb && !noColor,
      usesUnicode: output && !dumb,
      isDumb: dumb
    )
  }

  /// Rows of the terminal now; 24 when it cannot be told.
  public static func currentHeight() -> Int {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 else { return 24 }
    return Int(size.ws_row)
  }

  /// Columns of the terminal now; off a terminal `fallback` (COLUMNS), else 80.
  public static func currentWidth(fallback: Int?) -> Int {
    var size = winsize()
    if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
      return Int(size.ws_col)
    }
    return fallback ?? 80
  }

  /// Columns and rows of the terminal now, each nil when it cannot be
  /// told: both in one system call (a streamed reply asks at every token).
  public static func currentSize() -> (columns: Int?, rows: Int?) {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 else { return (nil, nil) }
    return (size.ws_col > 0 ? Int(size.ws_col) : nil, size.ws_row > 0 ? Int(size.ws_row) : nil)
  }

  /// Rows of the terminal now; nil off a terminal.
  public static func currentHeight() -> Int? {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 else { return nil }
    return Int(size.ws_row)
  }
}

/// What a screen needs to know to draw itself.
public struct RenderContext: Sendable, Hashable {
  /// Columns available, at least 20.
  public var width: Int
  /// Rows of the terminal, when output is one (a map sizes itself to them).
  public var height: Int?
  public var capabilities: TerminalCapabilities

  public init(width: Int, height: Int? = nil, capabilities: TerminalCapabilities) {
    self.width = max(width, 20)
    self.height = height.map { max($0, 5) }
    self.capabilities = capabilities
  }

  public static let plain = RenderContext(width: 80, capabilities: .plain)

  /// The widest anything is laid out off a terminal: a transcript (a pipe,
  /// a file) keeps the layout scripts have always been compared against.
  public static let transcriptWidth = 72

  /// The width tables and pictures take: the terminal's whole width, at
  /// most ``transcriptWidth`` off a terminal.
  public var fullWidth: Int {
    capabilities.outputIsTerminal ? width : min(width, Self.transcriptWidth)
  }
}
