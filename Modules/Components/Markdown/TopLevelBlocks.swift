internal import CMarkGFM
import Foundation
import TerminalText

/// The top-level blocks of a long document (paragraphs, headings, HTML,
/// code blocks and tables) laid out on a second thread while the renderer
/// draws the document: the thread starts from the last block and works
/// backwards, the renderer takes each block as it reaches it from the
/// first, and they meet in the middle.
///
/// Code blocks and tables are most of a README's layout (a 1 MB one:
/// highlighting and tables 496M of 618M instructions, callgrind), and on
/// two cores the renderer no longer waits for half of them. A block is laid out by
/// exactly one thread: the renderer claims one the thread has not begun,
/// and waits for one it has. Each thread reads only its own blocks' nodes
/// (cmark fills in a node's text when it is first read), with its own
/// theme and inline reader; the renderer reads no further than a block's
/// node itself, and ``finish()`` returns only once the thread is done, so
/// the tree outlives every read.
///
/// `@unchecked Sendable`: every mutable field is read and written with
/// `condition` held; the nodes are read as described above.
final class TopLevelBlocks: @unchecked Sendable {
  /// With fewer top-level code blocks and tables than this, the renderer
  /// lays out alone: a thread costs more than it saves (a reply with a
  /// code block or two).
  static let minimumCount = 8

  private enum State {
    case waiting
    /// Being laid out by the thread, or claimed by the renderer.
    case taken
    case done([[StyledSpan]])
  }

  private let nodes: [OpaquePointer]
  private let condition = NSCondition()
  private var states: [State]
  /// The renderer's next block.
  private var next = 0
  private var isStopped = false
  private var isRunning = true

  /// Starts laying out `root`'s top-level blocks (``BlockLayout``'s kinds)
  /// at the widths of the top level, with the code blocks prepared ahead
  /// (``CodeAhead``); nil when it has too few code blocks and tables to be
  /// worth a thread.
  init?(
    root: OpaquePointer, proseWidth: Int, fullWidth: Int, kinds: MarkdownNodeKinds, context: RenderContext,
    resolver: LinkResolver, preparedCode: [CodeAhead.Key: PreparedCode] = [:]
  ) {
    var nodes: [OpaquePointer] = []
    var heavy = 0
    var child = cmark_node_first_child(root)
    while let node = child {
      switch cmark_node_get_type(node) {
      case CMARK_NODE_CODE_BLOCK, kinds.table:
        heavy += 1
        nodes.append(node)
      case CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING, CMARK_NODE_HTML_BLOCK:
        nodes.append(node)
      default:
        break
      }
      child = cmark_node_next(node)
    }
    guard heavy >= Self.minimumCount else { return nil }
    self.nodes = nodes
    states = Array(repeating: .waiting, count: nodes.count)
    Thread.detachNewThread { [self] in
      let layout = BlockLayout(kinds: kinds, context: context, resolver: resolver, preparedCode: preparedCode)
      layOut(layout, widths: (proseWidth, fullWidth))
    }
  }

  /// The thread: blocks from the last, until it reaches one the renderer
  /// claimed (all before it are too) or ``finish()`` stops it.
  private func layOut(_ layout: BlockLayout, widths: (prose: Int, full: Int)) {
    var index = nodes.count - 1
    condition.lock()
    while index >= 0, !isStopped, case .waiting = states[index] {
      states[index] = .taken
      condition.unlock()
      let lines = layout.lines(nodes[index], proseWidth: widths.prose, fullWidth: widths.full)
      condition.lock()
      states[index] = .done(lines)
      condition.broadcast()
      index -= 1
    }
    isRunning = false
    condition.broadcast()
    condition.unlock()
  }

  /// The lines of `node` when the thread laid it out (waiting for it if it
  /// is at it); nil when the renderer is to lay it out itself, which it
  /// then alone does.
  func take(_ node: OpaquePointer) -> [[StyledSpan]]? {
    condition.lock()
    defer { condition.unlock() }
    guard next < nodes.count, nodes[next] == node else { return nil }
    let index = next
    next += 1
    while true {
      switch states[index] {
      case .waiting:
        states[index] = .taken
        return nil
      case .done(let lines):
        states[index] = .taken
        return lines
      case .taken:
        condition.wait()
      }
    }
  }

  /// Stops the thread and waits for it: after this, no node is read by it.
  func finish() {
    condition.lock()
    isStopped = true
    while isRunning { condition.wait() }
    condition.unlock()
  }
}
