import Foundation
import TerminalText
import TextSafety
import TextWidth

/// GitHub-flavoured Markdown (a README, an assistant's reply) drawn as
/// styled lines, parsed by cmark-gfm with the table, strikethrough,
/// autolink and task-list extensions.
///
/// How each construct looks (Unicode and colour on a terminal; ASCII and
/// plain text elsewhere):
/// - Everything sits behind a two-column margin. Prose wraps at the
///   context's width, at most ``Spacing/readableWidth`` columns (a
///   transcript's 72 off a terminal); code blocks, tables
///   and nothing else may use the full width.
/// - Headings are bold; levels 1 and 2 are underlined by a rule as wide as
///   the heading (`═`/`=` and `─`/`-`). Without colour, levels 3–6 keep
///   their `###` so they still stand out.
/// - Bold, italic and strikethrough are styles; without colour, struck text
///   keeps its `~~` and code spans their backticks (code is in the code
///   colour otherwise).
/// - Links: the text, then the address in angle brackets (RFC 3986's way of
///   setting an address apart in prose), once: not when the text already is
///   the address. A link to a fragment (`#usage`) points inside the
///   document and shows its text alone.
/// - Images: "[image: ALT] URL". A picture that is all a link holds (a
///   badge) shows the link's address and not the picture's.
/// - Relative addresses of links and images resolve against `baseURL`, and
///   so do root-relative ones (`/docs/x.md`), as GitHub does in a README.
///   For a repository pass its page, `https://github.com/OWNER/NAME/blob/BRANCH/`:
///   images then open on GitHub's page for the file, which shows the picture
///   (its raw address would download it instead).
/// - Lists indent their items under the marker (hanging indent); bullets
///   change with depth (`•` `◦` `▪`, or `*` `-` `+`), numbers are right
///   aligned. Tasks show `☐`/`☑` (`[ ]`/`[x]`) in place of the bullet.
/// - Quotes have a bar (`│`/`|`) before each line, blank ones included.
/// - Code blocks sit in a box with the language on its top edge. With
///   colour, a language GNU source-highlight knows is highlighted by token
///   kind (see ``Palette``), any other in the code colour; without colour
///   nothing is. A line wider than the box wraps at its edge with `↪`
///   (`\`) and is never cut. Tabs stop every 4 columns.
/// - Tables align their columns by display width (CJK and emoji take two)
///   with the table's alignments; a table too wide shrinks its widest
///   columns and wraps their cells, and one with too many columns for the
///   width shows each row as "Header: value" lines.
/// - Raw HTML is reduced to its text: block tags and `<br>` break lines,
///   `<img>` is an image as above, comments and scripts are left out.
/// - Thematic breaks are a rule; soft breaks a space, hard breaks a new line.
///
/// Every piece of text is untrusted: it passes through ``TextSanitizer``
/// (escape sequences, C0/C1 controls and bidirectional overrides removed)
/// before it is measured. Containers nested more than 16 deep are drawn at
/// the 16th level's indentation, so a hostile document costs time in
/// proportion to its size and never the stack. A document whose tables
/// would hold more than 400,000 cells once cmark-gfm fills their short rows
/// (24 kB can ask for millions) has its tables read as plain text.
///
/// Not `Sendable`: the parsed tree is cmark's, which fills in a node's text
/// the first time it is read. Make it, and draw it, on one actor.
public struct MarkdownView {
  let document: MarkdownDocument
  private let resolver: LinkResolver
  /// The text and base as given, for a terminal that shows ASCII only.
  private let source: String
  private let baseURL: URL?

  /// Parses `markdown` once; ``lines(in:)`` draws it at any width.
  ///
  /// - Parameters:
  ///   - markdown: the document, as received.
  ///   - baseURL: where its relative links and images point from (see above).
  public init(_ markdown: String, baseURL: URL? = nil) {
    document = MarkdownDocument(parsing: markdown)
    resolver = LinkResolver(base: baseURL)
    source = markdown
    self.baseURL = baseURL
  }

  /// The document laid out for `context`: no line wider than its width.
  ///
  /// - Parameters:
  ///   - context: The width and what the terminal shows.
  ///   - stopsWhenCancelled: Whether to stop early (with part of the
  ///     lines, to be thrown away) once the calling task is cancelled.
  /// - Returns: The lines, each at most the context's width.
  public func lines(in context: RenderContext, stopsWhenCancelled: Bool = false) -> [StyledLine] {
    // TERM=dumb shows every character as ASCII; folded only when written,
    // a table's columns would be measured in the characters it replaced.
    if context.capabilities.isDumb, !source.allSatisfy(\.isASCII) {
      return MarkdownView(ASCIIFolding.fold(source), baseURL: baseURL).lines(
        in: context, stopsWhenCancelled: stopsWhenCancelled)
    }
    guard let root = document.root else { return [] }
    var renderer = MarkdownRenderer(document: document, resolver: resolver, context: context)
    renderer.stopsWhenCancelled = stopsWhenCancelled
    return renderer.render(root)
  }
}
