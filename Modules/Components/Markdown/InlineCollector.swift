internal import CMarkGFM
import TerminalText
import TextSafety

/// Reads the inline content of a paragraph, heading or table cell into
/// styled text: emphasis as styles, links followed by their address, images
/// as "[image: ALT] URL", raw inline HTML reduced to its text.
///
/// Walks the nodes with an explicit stack, not recursion: emphasis nested
/// thousands deep costs memory in proportion, never the call stack. A
/// class, made once per rendering: each cell and paragraph holds it.
final class InlineCollector {
  let kinds: MarkdownNodeKinds
  let theme: MarkdownTheme
  let resolver: LinkResolver
  let html: HTMLText

  init(kinds: MarkdownNodeKinds, theme: MarkdownTheme, resolver: LinkResolver, html: HTMLText) {
    self.kinds = kinds
    self.theme = theme
    self.resolver = resolver
    self.html = html
  }

  /// What an inline container still has to do when the walk leaves it.
  private enum Open {
    case style
    case strikethrough
    case link(firstItem: Int, address: String?)
    case image(address: String?, showsAddress: Bool)
  }

  /// The inline content under `container`, in `base` style.
  func items(in container: OpaquePointer, style base: TextStyle) -> [InlineItem] {
    var state = State(collector: self, base: base)
    var node = cmark_node_first_child(container)
    while let current = node {
      let isContainer = state.enter(current)
      if isContainer, let child = cmark_node_first_child(current) {
        node = child
        continue
      }
      // A leaf, or a container with nothing inside: on to the next node,
      // leaving each container whose last child this was.
      if isContainer { state.leave() }
      var at = current
      node = nil
      while true {
        if let next = cmark_node_next(at) {
          node = next
          break
        }
        guard let parent = cmark_node_parent(at), parent != container else { break }
        state.leave()
        at = parent
      }
    }
    return state.items
  }

  private struct State {
    let collector: InlineCollector
    var items: [InlineItem] = []
    /// The style outside every container, and those of the containers
    /// entered (empty for plain text, so a plain cell allocates nothing).
    private let base: TextStyle
    private var styles: [TextStyle] = []
    private var open: [Open] = []
    /// Inside an image: text goes to its description, not the line.
    private var imageDepth = 0
    private var alt = ""

    init(collector: InlineCollector, base: TextStyle) {
      self.collector = collector
      self.base = base
      items.reserveCapacity(4)
    }

    private var style: TextStyle { styles.last ?? base }
    private var theme: MarkdownTheme { collector.theme }

    /// Takes `node` in; true when it is a container, to be left after its
    /// children.
    mutating func enter(_ node: OpaquePointer) -> Bool {
      var pushed = false
      func push(_ kind: Open, _ style: TextStyle) {
        open.append(kind)
        styles.append(style)
        pushed = true
      }
      switch cmark_node_get_type(node) {
      case CMARK_NODE_TEXT:
        add(Self.literal(node), style: style)
      case CMARK_NODE_SOFTBREAK:
        add(" ", style: style)
      case CMARK_NODE_LINEBREAK:
        if imageDepth > 0 { alt += " " } else { items.append(.lineBreak) }
      case CMARK_NODE_CODE:
        let code = Self.literal(node)
        add(theme.usesColor ? code : "`" + code + "`", style: MarkdownTheme.style(style, adding: theme.code))
      case CMARK_NODE_HTML_INLINE:
        if imageDepth == 0 { items += collector.html.items(Self.literal(node), style: style) }
      case CMARK_NODE_EMPH:
        push(.style, MarkdownTheme.style(style, adding: theme.emphasis))
      case CMARK_NODE_STRONG:
        push(.style, MarkdownTheme.style(style, adding: theme.strong))
      case collector.kinds.strikethrough:
        if !theme.usesColor { add("~~", style: style) }
        push(.strikethrough, MarkdownTheme.style(style, adding: theme.strikethrough))
      case CMARK_NODE_LINK:
        let address = Self.string(cmark_node_get_url(node))
        // Its text leads where it goes, on a terminal that makes links clickable.
        var linked = MarkdownTheme.style(style, adding: theme.link)
        linked.link = address.flatMap(collector.resolver.resolve)
        push(.link(firstItem: items.count, address: address), linked)
      case CMARK_NODE_IMAGE:
        // A picture that is all a link shows (a badge) shows the link's
        // address alone: the picture's own is of no use to a reader.
        let parent = cmark_node_parent(node)
        let isWholeLink =
          parent.map { cmark_node_get_type($0) == CMARK_NODE_LINK && cmark_node_first_child($0) == node } ?? false
          && cmark_node_next(node) == nil
        if imageDepth == 0 { alt = "" }
        imageDepth += 1
        push(.image(address: Self.string(cmark_node_get_url(node)), showsAddress: !isWholeLink), style)
      case CMARK_NODE_FOOTNOTE_REFERENCE:
        add("[^" + Self.literal(node) + "]", style: style)
      default:
        // An inline kind this version does not know: its text, as it is.
        push(.style, style)
      }
      return pushed
    }

    mutating func leave() {
      guard let kind = open.popLast() else { return }
      styles.removeLast()
      switch kind {
      case .style:
        break
      case .strikethrough:
        if !theme.usesColor { add("~~", style: style) }
      case .link(let firstItem, let address):
        guard imageDepth == 0, let address, let resolved = collector.resolver.resolve(address) else { return }
        let shown = TextSanitizer.clean(resolved)
        if Self.isSameAddress(text: plainText(from: firstItem), address: shown) { return }
        var addressStyle = MarkdownTheme.style(style, adding: theme.address)
        addressStyle.link = resolved
        add(" <" + shown + ">", style: addressStyle)
      case .image(let address, let showsAddress):
        imageDepth -= 1
        guard imageDepth == 0 else { return }
        items += collector.html.image(alt: alt, source: showsAddress ? address : nil, style: style)
      }
    }

    private mutating func add(_ text: String, style: TextStyle) {
      if imageDepth > 0 {
        alt += text
      } else if !text.isEmpty {
        items.append(.text(TextSanitizer.clean(text), style))
      }
    }

    private func plainText(from first: Int) -> String {
      var text = ""
      for item in items[min(first, items.count)...] {
        if case .text(let piece, _) = item { text += piece }
      }
      return text
    }

    /// The link's text already says where it goes: the address itself, or
    /// it without `mailto:` or `http(s)://` (autolinked `www.` and e-mail).
    static func isSameAddress(text: String, address: String) -> Bool {
      if text == address { return true }
      for scheme in ["mailto:", "https://", "http://"] where address.hasPrefix(scheme) {
        if text == address.dropFirst(scheme.count) { return true }
      }
      return false
    }

    static func literal(_ node: OpaquePointer) -> String {
      string(cmark_node_get_literal(node)) ?? ""
    }

    static func string(_ pointer: UnsafePointer<CChar>?) -> String? {
      pointer.map { String(cString: $0) }
    }
  }
}
