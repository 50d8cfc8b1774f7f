import DesignSystem
import TerminalText
import TextSafety
import TextWidth

/// A form's fields with their values and inline errors.
///
/// For example:
///
///       E-mail            ada@example    ✗ Please enter a valid e-mail address
///       Password          ••••••••
///
/// Secret values are never shown; only whether one was given.
public struct FormView {
  public struct Field: Equatable {
    public var label: String
    /// The command that re-enters this field alone.
    public var command: String
    public var value: String
    public var isSecret: Bool
    public var error: String?

    public init(label: String, command: String, value: String, isSecret: Bool = false, error: String? = nil) {
      self.label = label
      self.command = command
      self.value = value
      self.isSecret = isSecret
      self.error = error
    }
  }

  public var fields: [Field]

  public init(_ fields: [Field]) {
    self.fields = fields
  }

  public func lines(in context: RenderContext) -> [StyledLine] {
    let symbols = Symbols(context)
    let labelWidth = fields.map { DisplayWidth.of($0.label) }.max() ?? 0
    let width = Spacing.fullWidth(context)
    return fields.flatMap { field in
      var shown = TextSanitizer.clean(field.value, limit: 28)
      if field.isSecret {
        shown = field.value.isEmpty ? "" : String(repeating: symbols.hiddenCharacter, count: 8)
      }
      var line =
        StyledLine(Spacing.indentation()).appending(
          StyledSpan(DisplayWidth.pad(field.label, to: labelWidth + Spacing.gutter), style: Palette.muted)
        ).appending(
          StyledSpan(
            shown.isEmpty ? "(empty)" : DisplayWidth.truncate(shown, to: 28),
            style: shown.isEmpty ? Palette.muted : .plain))
      guard let error = field.error else { return [line] }
      let beside = "  \(symbols.cross) \(error)"
      guard line.displayWidth + DisplayWidth.of(beside) > width else {
        line.append(beside, style: Palette.error)
        return [line]
      }
      // Too long beside its field (at 40 columns a password's error ran to
      // 62): under the value, wrapped under its own text.
      let marker = symbols.cross + " "
      let column = min(Spacing.indent + labelWidth + Spacing.gutter, width / 2)
      let room = max(width - column - DisplayWidth.of(marker), 8)
      return [line]
        + DisplayWidth.wrap(error, to: room).enumerated().map { row, text in
          StyledLine(DisplayWidth.spaces(column)).appending(
            StyledSpan((row == 0 ? marker : DisplayWidth.spaces(DisplayWidth.of(marker))) + text, style: Palette.error))
        }
    }
  }
}
