import Components
import Diagnostics
import TerminalConsole
import TextSafety

/// One reply being written to a terminal as it arrives: a spinner until
/// the first piece, every piece made harmless across piece boundaries (an
/// escape sequence split in two is removed whole), and each Markdown block
/// drawn again, rendered, in place once it is complete.
///
/// What is complete
/// is never drawn again; only the block being written is plain text.
@MainActor
final class StreamedReply {
  private let console: any Console
  private var sanitizer = StreamSanitizer()
  private var spinner: Spinner?
  private var wroteText = false
  /// The text (cleaned) of the blocks still shown as they came.
  private var pending = ""
  /// False once the console could not draw a block again (no cursor
  /// movement, the width changed): the rest stays as it came.
  private var rendersBlocks = true
  private let lifetime = Lifetime(StreamedReply.self)

  init(console: any Console) {
    self.console = console
  }

  func startSpinner() {
    spinner = Spinner(AssistantWording.thinking, console: console)
  }

  func write(_ piece: String) {
    stopSpinner()
    let clean = sanitizer.feed(piece.utf8)
    guard !clean.isEmpty else { return }
    wroteText = true
    console.writePartial(clean, style: .plain)
    pending += clean
    drawCompletedBlocks()
  }

  /// Ends the reply: what is left is drawn rendered (or, where it cannot
  /// be, its line is ended); the spinner, if still turning, is stopped.
  func finish() {
    stopSpinner()
    let rest = sanitizer.finish()
    if !rest.isEmpty {
      wroteText = true
      console.writePartial(rest, style: .plain)
      pending += rest
    }
    guard wroteText else { return }
    let last = pending.trimmingCharacters(in: .whitespacesAndNewlines)
    if rendersBlocks, console.replacePartial(with: last.isEmpty ? [] : MarkdownView(last).lines(in: console.context)) {
      return
    }
    console.writePartial("\n", style: .plain)
  }

  /// Draws the blocks that are complete again, rendered, and the start of
  /// the next one after them as it came.
  private func drawCompletedBlocks() {
    guard rendersBlocks, let boundary = MarkdownBlocks.lastBoundary(in: pending) else { return }
    let complete = String(pending[..<boundary.lowerBound])
    let next = String(pending[boundary.upperBound...])
    guard console.replacePartial(with: MarkdownView(complete).lines(in: console.context) + [.blank]) else {
      rendersBlocks = false
      return
    }
    pending = next
    console.writePartial(next, style: .plain)
  }

  private func stopSpinner() {
    spinner?.stop()
    spinner = nil
  }
}

/// Where streamed Markdown may be cut into blocks that render alone as
/// they would in the whole: at blank lines outside code fences, once the
/// next block has begun and is not indented (an indented line may still
/// belong to a list item above).
enum MarkdownBlocks {
  /// The blank lines after the last complete block of `text`: from the end
  /// of that block's last line to the start of the block begun after it.
  static func lastBoundary(in text: String) -> Range<String.Index>? {
    var found: Range<String.Index>?
    var insideFence = false
    var blankSince: String.Index?
    var lastContentEnd: String.Index?
    var start = text.startIndex
    while start < text.endIndex {
      let end = text[start...].firstIndex(of: "\n") ?? text.endIndex
      let line = text[start..<end]
      let content = line.drop { $0 == " " || $0 == "\t" }
      if content.isEmpty {
        if blankSince == nil, !insideFence, lastContentEnd != nil { blankSince = lastContentEnd }
      } else {
        if let from = blankSince, line.first != " ", line.first != "\t" {
          found = from..<start
        }
        blankSince = nil
        if content.hasPrefix("```") || content.hasPrefix("~~~") { insideFence.toggle() }
        lastContentEnd = end
      }
      start = end < text.endIndex ? text.index(after: end) : end
    }
    return found
  }
}
