import Components
import Foundation
import TerminalText

/// Contexts and readable forms of rendered lines for the Markdown goldens.
enum Markdown {
  /// A pipe: no colour, ASCII symbols.
  static func plain(width: Int = 80) -> RenderContext {
    RenderContext(width: width, capabilities: .plain)
  }

  /// A terminal with colour and Unicode.
  static func terminal(width: Int = 80) -> RenderContext {
    RenderContext(
      width: width,
      capabilities: TerminalCapabilities(
        inputIsTerminal: true, outputIsTerminal: true, usesColor: true, usesUnicode: true))
  }

  /// The spans' text exactly as the renderer made it: not passed through
  /// the sanitiser again, so a golden shows what the renderer itself let
  /// through.
  static func text(_ markdown: String, in context: RenderContext = plain(), base: String? = nil) -> [String] {
    let view = MarkdownView(markdown, baseURL: base.flatMap { URL(string: $0) })
    return view.lines(in: context).map { $0.spans.map(\.text).joined() }
  }

  /// Each line with its styled runs written `[style:text]` (adjacent spans
  /// of one style merged), plain runs bare: `  [bold:Title]`.
  static func styled(_ markdown: String, in context: RenderContext = terminal(), base: String? = nil) -> [String] {
    let view = MarkdownView(markdown, baseURL: base.flatMap { URL(string: $0) })
    return view.lines(in: context).map(describe)
  }

  static func describe(_ line: StyledLine) -> String {
    var runs: [(text: String, style: TextStyle)] = []
    for span in line.spans where !span.text.isEmpty {
      if let last = runs.last, last.style == span.style {
        runs[runs.count - 1].text += span.text
      } else {
        runs.append((span.text, span.style))
      }
    }
    return runs.map { run in
      let names = name(of: run.style)
      return names.isEmpty ? run.text : "[\(names):\(run.text)]"
    }.joined()
  }

  static func name(of style: TextStyle) -> String {
    var names: [String] = []
    if style.isBold { names.append("bold") }
    if style.isDim { names.append("dim") }
    if style.isItalic { names.append("italic") }
    if style.isUnderlined { names.append("underline") }
    if style.isInverse { names.append("inverse") }
    if style.isStrikethrough { names.append("strike") }
    if let color = style.foreground {
      switch color {
      case .black: names.append("black")
      case .red: names.append("red")
      case .green: names.append("green")
      case .yellow: names.append("yellow")
      case .blue: names.append("blue")
      case .magenta: names.append("magenta")
      case .cyan: names.append("cyan")
      case .white: names.append("white")
      case .gray: names.append("gray")
      }
    }
    return names.joined(separator: " ")
  }
}
