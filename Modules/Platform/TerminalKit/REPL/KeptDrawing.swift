import TerminalConsole
import TerminalNavigation
import TerminalText

/// What a screen's drawing was made from: its key, the header's (the
/// window's tabs and titles) and the layout.
struct DrawingInputs {
  let screen: any Equatable
  let header: any Equatable
  let context: RenderContext

  func matches(_ other: DrawingInputs) -> Bool {
    context == other.context && drawingKeysMatch(screen, other.screen) && drawingKeysMatch(header, other.header)
  }
}

/// A screen's drawing kept by the REPL, with what it was made from.
struct KeptDrawing {
  let inputs: DrawingInputs
  let drawing: KeptScreen
}
