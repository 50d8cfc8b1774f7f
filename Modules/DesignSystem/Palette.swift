import TerminalText

/// The app's colours, by meaning.
///
/// Whether they are shown is the renderer's
/// call (NO_COLOR, TERM=dumb, pipes).
public enum Palette {
  public static let title = TextStyle(isBold: true)
  public static let accent = TextStyle(foreground: .cyan)
  public static let emphasis = TextStyle(isBold: true)
  /// The letters a filter matched, inside an emphasised name.
  public static let match = TextStyle(foreground: .yellow, isBold: true, isUnderlined: true)
  public static let muted = TextStyle(foreground: .gray)
  public static let success = TextStyle(foreground: .green)
  /// A setting that is on: it must stand out from one that is off (muted).
  public static let enabled = TextStyle(foreground: .green, isBold: true)
  public static let warning = TextStyle(foreground: .yellow)
  public static let error = TextStyle(foreground: .red)
  public static let selectedTab = TextStyle(foreground: .cyan, isBold: true, isInverse: true)
  public static let command = TextStyle(foreground: .cyan, isBold: true)
  /// Code and commands quoted in prose (Markdown's code spans and blocks).
  public static let code = TextStyle(foreground: .magenta)
}
