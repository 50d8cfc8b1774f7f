internal import CMarkGFM
import DesignSystem
import TerminalText
import TextWidth

/// Walks a parsed document into styled lines.
///
/// Blocks are visited with cmark's iterator (enter and exit events, no
/// recursion); each container a line sits in (the margin, a quote, a list
/// item) is a frame that gives the line its prefix: a list item's marker on
/// its first line and a hanging indent after, a quote's bar on every line.
/// Paragraphs, headings and table cells are handed whole to
/// ``InlineCollector`` and then skipped.
struct MarkdownRenderer {
  /// Containers drawn inside one another before deeper ones are drawn at
  /// the same indentation (a hostile document nests thousands deep).
  static let maximumNesting = 16
  /// The fewest columns prose keeps however deep the nesting.
  static let minimumWidth = 12

  private let context: RenderContext
  private let readableWidth: Int
  private let theme: MarkdownTheme
  private let kinds: MarkdownNodeKinds
  private let inlines: InlineCollector
  private let blocks: BlockLayout
  private let resolver: LinkResolver
  /// Top-level code blocks and tables laid out on a second thread, in a
  /// long document.
  private var ahead: TopLevelBlocks?

  private var lines: [StyledLine] = []
  /// Whether laying out stops once the task is cancelled (a README laid
  /// out away from the main actor); a reply drawn as Ctrl-C stops it must
  /// still be drawn whole.
  var stopsWhenCancelled = false
  /// Whether a long document's top-level code blocks and tables may be laid
  /// out on a second thread (tests compare the lines without it).
  var laysOutAhead = true
  /// The frames drawn, innermost last.
  private var frames: [Frame] = []
  /// For each container entered, innermost last: whether it has a frame
  /// (past the nesting limit it has none and adds nothing to a line).
  private var isDrawn: [Bool] = []
  private var lists: [ListState] = []
  /// Columns the frames' prefixes take.
  private var indent = 0
  /// Frames whose first line is still to be drawn.
  private var unusedFirsts = 0
  /// Every frame's prefix after its first line, joined; kept as frames come
  /// and go, so a line costs the same however deep it sits.
  private var continuation: [StyledSpan] = []
  /// A block ended and another begins: a blank line before the next line.
  private var blankPending = false

  /// What a container puts before each of its lines.
  private struct Frame {
    var first: [StyledSpan]
    var rest: [StyledSpan]
    var width: Int
    var isFirstUsed: Bool
    /// `rest` is spaces alone (a margin, a list's indent): a blank line
    /// trims it all away.
    var isRestBlank: Bool

    init(first: [StyledSpan], rest: [StyledSpan], width: Int, isFirstUsed: Bool) {
      self.first = first
      self.rest = rest
      self.width = width
      self.isFirstUsed = isFirstUsed
      isRestBlank = rest.allSatisfy { $0.text.utf8.allSatisfy { $0 == 0x20 } }
    }
  }

  private struct ListState {
    var isOrdered: Bool
    var next: Int
    var delimiter: String
    var numberWidth: Int
    var isTight: Bool
    var bulletDepth: Int
  }

  init(document: MarkdownDocument, resolver: LinkResolver, context: RenderContext) {
    self.context = context
    // Prose as every other block of it: a transcript keeps to 72 columns.
    readableWidth = Spacing.contentWidth(context)
    theme = MarkdownTheme(context)
    kinds = document.kinds
    let html = HTMLText(theme: theme, resolver: resolver)
    inlines = InlineCollector(kinds: document.kinds, theme: theme, resolver: resolver, html: html)
    blocks = BlockLayout(kinds: document.kinds, theme: theme, inlines: inlines, preparedCode: document.preparedCode)
    self.resolver = resolver
  }

  private var proseWidth: Int { max(readableWidth - indent, 1) }
  /// Tables and code: the terminal's whole width; a transcript's 72 columns off one.
  private var fullWidth: Int { max(Spacing.fullWidth(context) - indent, 1) }

  mutating func render(_ root: OpaquePointer) -> [StyledLine] {
    guard let iterator = cmark_iter_new(root) else { return [] }
    defer { cmark_iter_free(iterator) }
    let margin = Spacing.indentation()
    push(first: [StyledSpan(margin)], rest: [StyledSpan(margin)], width: Spacing.indent)
    if laysOutAhead {
      ahead = TopLevelBlocks(
        root: root, proseWidth: proseWidth, fullWidth: fullWidth, kinds: kinds, context: context, resolver: resolver,
        preparedCode: blocks.preparedCode)
    }
    // The thread reads the tree: done with it before the tree can go.
    defer { ahead?.finish() }

    while true {
      let event = cmark_iter_next(iterator)
      // When asked, a long document stops once its task is cancelled
      // (Ctrl-C); what was drawn is then thrown away.
      if event == CMARK_EVENT_DONE || (stopsWhenCancelled && Task.isCancelled) { break }
      guard let node = cmark_iter_get_node(iterator) else { continue }
      let type = cmark_node_get_type(node)
      if event == CMARK_EVENT_EXIT {
        leave(type)
        continue
      }
      enter(node, type: type, iterator: iterator)
    }
    return lines
  }

  /// Starts drawing the block `node` is; a block drawn whole here (a
  /// paragraph, a heading, a table) moves `iterator` past its children.
  private mutating func enter(_ node: OpaquePointer, type: cmark_node_type, iterator: OpaquePointer) {
    switch type {
    case CMARK_NODE_DOCUMENT:
      break
    case CMARK_NODE_BLOCK_QUOTE:
      separate(node)
      let bar = [StyledSpan(theme.quoteBar + " ", style: theme.frame)]
      push(first: bar, rest: bar, width: DisplayWidth.of(theme.quoteBar) + 1)
    case CMARK_NODE_LIST:
      separate(node)
      enterList(node)
    case CMARK_NODE_ITEM:
      if cmark_node_previous(node) != nil, lists.last?.isTight == false { blankPending = true }
      enterItem(node)
    case CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING:
      separate(node)
      block(node)
      cmark_iter_reset(iterator, node, CMARK_EVENT_EXIT)
    case CMARK_NODE_CODE_BLOCK, CMARK_NODE_HTML_BLOCK:
      separate(node)
      block(node)
    case CMARK_NODE_THEMATIC_BREAK:
      separate(node)
      emit([StyledSpan(MarkdownLines.repeated(theme.rule, count: proseWidth), style: theme.frame)])
    case kinds.table:
      separate(node)
      block(node)
      cmark_iter_reset(iterator, node, CMARK_EVENT_EXIT)
    default:
      // A block this version does not know: its children, as they come.
      separate(node)
    }
  }

  // MARK: Blocks

  /// A paragraph, heading, HTML block, code block or table: laid out
  /// ahead when the thread did, else here.
  private mutating func block(_ node: OpaquePointer) {
    var lines = ahead?.take(node) ?? blocks.lines(node, proseWidth: proseWidth, fullWidth: fullWidth)
    // Each line handed over in place, so the prefixes go in front of its
    // spans without copying them.
    for index in lines.indices { emit(&lines[index]) }
  }

  /// A fenced block's language: the first word of its info string.
  static func language(_ node: OpaquePointer) -> String {
    string(cmark_node_get_fence_info(node)).split(separator: " ").first.map(String.init) ?? ""
  }

  private mutating func enterList(_ node: OpaquePointer) {
    let isOrdered = cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
    let start = Int(cmark_node_get_list_start(node))
    var count = 0
    var item = cmark_node_first_child(node)
    while let current = item {
      count += 1
      item = cmark_node_next(current)
    }
    lists.append(
      ListState(
        isOrdered: isOrdered,
        next: start,
        delimiter: cmark_node_get_list_delim(node) == CMARK_PAREN_DELIM ? ")" : ".",
        numberWidth: String(start + max(count - 1, 0)).count,
        isTight: cmark_node_get_list_tight(node) != 0,
        bulletDepth: lists.last.map { $0.bulletDepth + ($0.isOrdered ? 0 : 1) } ?? 0))
  }

  private mutating func enterItem(_ node: OpaquePointer) {
    var marker: String
    if var list = lists.popLast() {
      if list.isOrdered {
        let number = String(list.next)
        marker = String(repeating: " ", count: max(list.numberWidth - number.count, 0)) + number + list.delimiter
        list.next += 1
      } else {
        marker = theme.bullet(depth: list.bulletDepth)
      }
      if let tasklist = kinds.tasklist, cmark_node_get_syntax_extension(node) == tasklist {
        let box = cmark_gfm_extensions_get_tasklist_item_checked(node) ? theme.checked : theme.unchecked
        // A task's box stands in for a bullet; a number keeps its place.
        marker = list.isOrdered ? marker + " " + box : box
      }
      lists.append(list)
    } else {
      marker = theme.bullet(depth: 0)
    }
    let width = DisplayWidth.of(marker) + 1
    push(
      first: [StyledSpan(marker, style: theme.marker), StyledSpan(" ")],
      rest: [StyledSpan(String(repeating: " ", count: width))],
      width: width)
  }

  private mutating func leave(_ type: cmark_node_type) {
    switch type {
    case CMARK_NODE_BLOCK_QUOTE, CMARK_NODE_ITEM:
      // An empty item or quote still shows its marker or bar.
      if isDrawn.last == true, let frame = frames.last, !frame.isFirstUsed { emit([StyledSpan]()) }
      pop()
    case CMARK_NODE_LIST:
      lists.removeLast()
    default:
      break
    }
  }

  /// A blank line before `node` when it follows a sibling, except between
  /// the blocks of a tight list's items.
  private mutating func separate(_ node: OpaquePointer) {
    guard cmark_node_previous(node) != nil else { return }
    if let parent = cmark_node_parent(node), cmark_node_get_type(parent) == CMARK_NODE_ITEM,
      lists.last?.isTight == true
    {
      return
    }
    blankPending = true
  }

  // MARK: Frames and lines

  private mutating func push(first: [StyledSpan], rest: [StyledSpan], width: Int) {
    // The margin and 16 containers, while the text keeps its columns.
    let fits = frames.count <= Self.maximumNesting && readableWidth - indent - width >= Self.minimumWidth
    isDrawn.append(fits)
    guard fits else { return }
    frames.append(Frame(first: first, rest: rest, width: width, isFirstUsed: false))
    indent += width
    unusedFirsts += 1
    continuation += rest
  }

  private mutating func pop() {
    guard isDrawn.popLast() == true, let frame = frames.popLast() else { return }
    indent -= frame.width
    if !frame.isFirstUsed { unusedFirsts -= 1 }
    continuation.removeLast(min(frame.rest.count, continuation.count))
  }

  private mutating func emit(_ wrapped: [WrappedLine]) {
    for line in wrapped { emit(line.spans) }
  }

  /// Adds a line: the frames' prefixes, then `content`.
  ///
  /// An empty `content`
  /// gives the prefixes alone, without trailing spaces.
  private mutating func emit(_ content: [StyledSpan]) {
    var content = content
    emit(&content)
  }

  /// The same, with the prefixes put in front of `content`'s own spans.
  ///
  /// A block's line is held by its block alone: its spans are moved, not
  /// copied and released (copying them was 1,500 instructions a line).
  private mutating func emit(_ content: inout [StyledSpan]) {
    if blankPending {
      blankPending = false
      if !lines.isEmpty { lines.append(blankLine()) }
    }
    let isEmpty = content.isEmpty
    if unusedFirsts == 0 {
      if !continuation.isEmpty { content.insert(contentsOf: continuation, at: 0) }
    } else {
      var prefixes: [StyledSpan] = []
      prefixes.reserveCapacity(continuation.count + unusedFirsts)
      for index in frames.indices {
        prefixes += frames[index].isFirstUsed ? frames[index].rest : frames[index].first
        frames[index].isFirstUsed = true
      }
      unusedFirsts = 0
      content.insert(contentsOf: prefixes, at: 0)
    }
    // An empty line is the prefixes alone, without their trailing spaces.
    lines.append(StyledLine(isEmpty ? MarkdownLines.trimmingTrailingSpaces(content) : content))
  }

  /// The line between two blocks: the bars of the quotes it sits in, none
  /// of a container that has not begun.
  private func blankLine() -> StyledLine {
    // Most blank lines sit in margins and indents alone: nothing to gather
    // and trim (1,600 instructions a blank line, callgrind).
    if !frames.contains(where: { $0.isFirstUsed && !$0.isRestBlank }) { return StyledLine() }
    var spans: [StyledSpan] = []
    for frame in frames {
      guard frame.isFirstUsed else { break }
      spans += frame.rest
    }
    return StyledLine(MarkdownLines.trimmingTrailingSpaces(spans))
  }

  static func string(_ pointer: UnsafePointer<CChar>?) -> String {
    pointer.map { String(cString: $0) } ?? ""
  }
}

enum MarkdownLines {
  /// `spans` without the spaces that end them.
  static func trimmingTrailingSpaces(_ spans: [StyledSpan]) -> [StyledSpan] {
    guard spans.last?.text.utf8.last == 0x20 || spans.last?.text.isEmpty == true else { return spans }
    var spans = spans
    while let last = spans.indices.last {
      let utf8 = spans[last].text.utf8
      var end = utf8.endIndex
      while end > utf8.startIndex, utf8[utf8.index(before: end)] == 0x20 { end = utf8.index(before: end) }
      if end == utf8.startIndex {
        spans.removeLast()
        continue
      }
      if end != utf8.endIndex { spans[last].text = String(Substring(utf8[..<end])) }
      break
    }
    return spans
  }

  /// `piece` `count` times (a rule's `─`), made from bytes at once:
  /// `String(repeating:count:)` appends it piece by piece, 23,000
  /// instructions for a code box's bottom edge (callgrind).
  static func repeated(_ piece: String, count: Int) -> String {
    let bytes = Array(piece.utf8)
    guard count > 0, !bytes.isEmpty else { return "" }
    var joined: [UInt8] = []
    joined.reserveCapacity(bytes.count * count)
    for _ in 0..<count { joined += bytes }
    return String(decoding: joined, as: UTF8.self)
  }

  /// `count` spaces, from a table made once: padding is on most lines.
  static func spaces(_ count: Int) -> String {
    count < paddings.count ? paddings[max(count, 0)] : repeated(" ", count: count)
  }

  // Made from bytes: `String(repeating:count:)` appends space by space,
  // 10.1M instructions for the 256 (callgrind), paid by the first layout.
  private static let paddings = (0..<256).map { repeated(" ", count: $0) }
}
