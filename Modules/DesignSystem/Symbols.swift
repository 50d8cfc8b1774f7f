import TerminalText

/// Symbols, with the ASCII each falls back to off a terminal or on TERM=dumb.
public struct Symbols: Sendable, Equatable {
  public let bullet: String
  public let check: String
  public let cross: String
  public let warning: String
  /// Marks information (a cancel, the end of a list): quieter than ``cross``,
  /// which is kept for errors.
  public let info: String
  public let separator: String
  public let rule: String
  public let ellipsis: String
  public let hiddenCharacter: String
  public let spinnerFrames: [String]

  public init(unicode: Bool) {
    if unicode {
      bullet = "•"
      check = "✓"
      cross = "✗"
      warning = "!"
      info = "•"
      separator = "›"
      rule = "─"
      ellipsis = "…"
      hiddenCharacter = "•"
      spinnerFrames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    } else {
      bullet = "*"
      check = "ok"
      cross = "x"
      warning = "!"
      info = "-"
      separator = ">"
      rule = "-"
      ellipsis = "..."
      hiddenCharacter = "*"
      spinnerFrames = ["|", "/", "-", "\\"]
    }
  }

  public init(_ context: RenderContext) {
    self.init(unicode: context.capabilities.usesUnicode)
  }
}

/// Spacing, in columns.
public enum Spacing {
  /// Left margin of content under a heading.
  public static let indent = 2
  /// Between columns of a table.
  public static let gutter = 2
  /// The widest a block of prose gets on a terminal, however wide it is:
  /// lines much longer are hard to read.
  ///
  /// Tables, rules and the map take the
  /// terminal's whole width.
  public static let readableWidth = 100
  /// The widest anything is laid out off a terminal.
  public static let transcriptWidth = RenderContext.transcriptWidth

  public static func indentation(_ levels: Int = 1) -> String {
    String(repeating: " ", count: indent * levels)
  }

  /// The width for prose in `context`: the terminal's, capped at
  /// ``readableWidth`` (``transcriptWidth`` off a terminal).
  public static func contentWidth(_ context: RenderContext) -> Int {
    min(fullWidth(context), readableWidth)
  }

  /// The width for tables, rules and pictures: the terminal's whole width
  /// (at most ``transcriptWidth`` off a terminal).
  public static func fullWidth(_ context: RenderContext) -> Int {
    context.fullWidth
  }
}
