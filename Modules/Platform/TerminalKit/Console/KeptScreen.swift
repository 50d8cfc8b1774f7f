import TerminalText

/// A screen's drawing as a console writes it: kept by the REPL while
/// nothing the screen shows changed, so that showing the screen again (a
/// piped `tab home`) writes it without laying it out and rendering it anew.
public struct KeptScreen: Sendable {
  /// The lines, for a console that records lines (none where the text is
  /// kept: a screen of 10,000 rows is not kept twice).
  public let lines: [StyledLine]
  /// What the console writes (empty for a console that records lines).
  public let text: String

  public init(lines: [StyledLine], text: String) {
    self.lines = lines
    self.text = text
  }
}
