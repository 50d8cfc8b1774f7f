import TerminalText

/// The colours of highlighted code, by what a token is.
///
/// Code a highlighter knows nothing about keeps ``Palette/code``; in a
/// highlighted block, text of no particular kind is in the terminal's own
/// colour, so the kinds below stand out.
extension Palette {
  /// Language keywords (`let`, `func`, `if`).
  public static let codeKeyword = TextStyle(foreground: .magenta, isBold: true)
  /// Type names, built in and by convention (`Int`, `Record`).
  public static let codeType = TextStyle(foreground: .cyan)
  /// String and character literals, escapes and interpolations in them.
  public static let codeString = TextStyle(foreground: .green)
  /// Comments, dimmed so that the code comes first.
  public static let codeComment = TextStyle(foreground: .gray, isItalic: true)
  /// Number literals.
  public static let codeNumber = TextStyle(foreground: .yellow)
  /// Preprocessor lines, compiler directives and attributes (`#if`, `@MainActor`).
  public static let codeDirective = TextStyle(foreground: .blue)
  /// A function's name where it is called or declared.
  public static let codeFunction = TextStyle(foreground: .blue, isBold: true)
  /// Variables where a language marks them (`$HOME`).
  public static let codeVariable = TextStyle(foreground: .yellow, isBold: true)
}
