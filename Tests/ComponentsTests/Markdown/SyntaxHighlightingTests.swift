import CSourceHighlight
import TerminalText
import XCTest

@testable import Components

/// Code blocks highlighted by GNU source-highlight through CSourceHighlight:
/// the shim's mapping of the library's elements, the Swift definition this
/// app ships, and what a highlighted block looks like once drawn.
final class SyntaxHighlightingTests: XCTestCase {
  // MARK: The shim

  func test_elementNames_foldIntoTheKindsTheAppColours() {
    let expected: [String: SyntaxKind] = [
      "keyword": .keyword, "type": .type, "usertype": .type, "classname": .type,
      "string": .string, "regexp": .string, "specialchar": .string, "comment": .comment,
      "todo": .comment, "number": .number, "preproc": .directive, "attribute": .directive,
      "function": .function, "predef_func": .function, "variable": .variable, "predef_var": .variable,
      "symbol": .plain, "cbracket": .plain, "normal": .plain, "": .plain, "KEYWORD": .plain,
    ]
    for (name, kind) in expected {
      XCTAssertEqual(SyntaxHighlighter.kind(ofElement: name), kind, name)
    }
  }

  func test_fenceNames_findTheLibrarysDefinitions_andOthersHaveNone() {
    for known in ["swift", "Swift", "sh", "bash", "py", "python", "js", "ts", "c", "cpp", "go", "rust", "json", "pl"] {
      XCTAssertTrue(SyntaxHighlighter.knows(known), known)
    }
    for unknown in ["", "nosuchlanguage", "text", "console", "../../etc/passwd", "sh.lang", "c/../c", "s h"] {
      XCTAssertFalse(SyntaxHighlighter.knows(unknown), unknown)
    }
  }

  func test_spansAreByteRanges_inOrder_ofTheKindsOtherThanPlain() throws {
    let code = "int main() { return 0; } // done"
    var spans: UnsafeMutablePointer<wf_highlight_span>?
    var count = 0
    XCTAssertEqual(wf_highlight("c", code, code.utf8.count, &spans, &count), WF_HIGHLIGHT_OK)
    defer { wf_highlight_free(spans) }
    let found = UnsafeBufferPointer(start: try XCTUnwrap(spans), count: count).map { span in
      "\(span.kind):"
        + String(decoding: Array(code.utf8)[Int(span.start)..<Int(span.start + span.length)], as: UTF8.self)
    }
    XCTAssertEqual(found, ["2:int", "7:main", "1:return", "5:0", "4:// done"])
  }

  func test_aLineOverTheLimit_isNotHighlighted_andUnknownLanguagesSaySo() {
    var spans: UnsafeMutablePointer<wf_highlight_span>?
    var count = 0
    let long = String(repeating: "a", count: Int(WF_HIGHLIGHT_MAXIMUM_LINE) + 1)
    XCTAssertEqual(wf_highlight("c", long, long.utf8.count, &spans, &count), WF_HIGHLIGHT_TOO_LARGE)
    XCTAssertNil(spans)
    XCTAssertEqual(wf_highlight("cobolx", "x", 1, &spans, &count), WF_HIGHLIGHT_UNKNOWN_LANGUAGE)
    XCTAssertNil(SyntaxHighlighter.tokens(in: "let a = 1\n" + long, language: "swift"))
  }

  // MARK: swift.lang

  /// `code`'s tokens as `kind:text`, in order.
  private func tokens(_ code: String, _ language: String = "swift") throws -> [String] {
    let tokens = try XCTUnwrap(SyntaxHighlighter.tokens(in: code, language: language))
    let bytes = Array(code.utf8)
    return tokens.map { "\($0.kind):" + String(decoding: bytes[$0.range], as: UTF8.self) }
  }

  func test_swift_keywordsTypesStringsCommentsAndNumbers() throws {
    XCTAssertEqual(
      try tokens(#"let answer: Int = 0x2A // the answer"#),
      ["keyword:let", "type:Int", "number:0x2A", "comment:// the answer"])
    XCTAssertEqual(
      try tokens(#"guard let name = try await fetch("a\(b)c") else { return nil }"#),
      [
        "keyword:guard", "keyword:let", "keyword:try", "keyword:await", "function:fetch", #"string:"a\(b)c""#,
        "keyword:else", "keyword:return", "keyword:nil",
      ])
    XCTAssertEqual(try tokens("1_000.5e-3 0b1010 0o17"), ["number:1_000.5e-3", "number:0b1010", "number:0o17"])
  }

  func test_swift_attributesDirectivesAndUserTypes() throws {
    XCTAssertEqual(
      try tokens("@MainActor final class Session: Sendable {}"),
      ["directive:@MainActor", "keyword:final", "keyword:class", "type:Session", "type:Sendable"])
    XCTAssertEqual(
      try tokens("#if os(Linux)\nimport Glibc\n#endif"),
      ["directive:#if", "function:os", "type:Linux", "keyword:import", "type:Glibc", "directive:#endif"])
  }

  /// A construct over several lines is a span on each (line breaks are in none).
  func test_swift_multiLineStringsAndNestedComments_runOverLines() throws {
    XCTAssertEqual(
      try tokens("let s = \"\"\"\n  one \"quoted\" // not a comment\n  \"\"\"\nlet t = 1"),
      [
        "keyword:let", "string:\"\"\"", "string:  one \"quoted\" // not a comment", "string:  \"\"\"", "keyword:let",
        "number:1",
      ])
    XCTAssertEqual(
      try tokens("/* a /* nested */ still\n comment */ let x"),
      ["comment:/* a /* nested */ still", "comment: comment */", "keyword:let"])
    XCTAssertEqual(try tokens(##"let r = #"raw \n "quote""#"##), ["keyword:let", ##"string:#"raw \n "quote""#"##])
  }

  func test_tokensNeverSplitACharacter_ofSeveralBytes() throws {
    // The library matches bytes: zsh.lang's variable takes `$` and the
    // first of the two bytes of "é"; the token must end after the character.
    let code = "echo $é \"naïve\" # ✓"
    let tokens = try XCTUnwrap(SyntaxHighlighter.tokens(in: code, language: "zsh"))
    let utf8 = Array(code.utf8)
    for token in tokens {
      XCTAssertNotNil(String(validating: utf8[token.range], as: UTF8.self), "\(token)")
    }
    XCTAssertEqual(try self.tokens(code, "zsh"), ["keyword:echo", "variable:$é", "string:\"naïve\"", "comment:# ✓"])
  }

  // MARK: sh.lang

  func test_shell_commentsStringsExpansionsAndKeywords() throws {
    XCTAssertEqual(
      try tokens("git clone https://x.org/a#top # clone it", "bash"),
      ["comment:# clone it"], "a # inside a word starts no comment")
    XCTAssertEqual(
      try tokens(#"export PREFIX=$HOME "in ${PREFIX} and $1" 'not $this'"#, "sh"),
      [
        "keyword:export", "variable:PREFIX", "variable:$HOME", #"string:"in "#, "variable:${PREFIX}",
        "string: and ", "variable:$1", #"string:""#, "string:'not $this'",
      ])
    XCTAssertEqual(
      try tokens("if [ -f x ]; then\n  echo \"a\nb\"\nfi", "shell"),
      ["keyword:if", "keyword:then", "keyword:echo", #"string:"a"#, #"string:b""#, "keyword:fi"])
  }

  // MARK: Drawn

  private let swiftBlock = """
    ```swift
    @MainActor func greet() -> String {
      return "hi" // 1 greeting
    }
    ```
    """

  func test_aSwiftBlock_onATerminal_isColouredByKind() {
    XCTAssertEqual(
      Markdown.styled(swiftBlock, in: Markdown.terminal(width: 44)),
      [
        "  [gray:┌─ swift ─────────────────────────────┐]",
        "  [gray:│ ][blue:@MainActor] [bold magenta:func] [bold blue:greet]() -> [cyan:String] {[gray: │]",
        "  [gray:│ ]  [bold magenta:return] [green:\"hi\"] [italic gray:// 1 greeting]        [gray: │]",
        "  [gray:│ ]}                                  [gray: │]",
        "  [gray:└─────────────────────────────────────┘]",
      ])
  }

  func test_withoutColour_codeIsNotHighlighted_andTheTextIsUnchanged() {
    let noColor = RenderContext(
      width: 44,
      capabilities: TerminalCapabilities(
        inputIsTerminal: true, outputIsTerminal: true, usesColor: false, usesUnicode: true))
    let lines = MarkdownView(swiftBlock).lines(in: noColor)
    XCTAssertEqual(
      lines.map(Markdown.describe)[1],
      "  [gray:│ ][magenta:@MainActor func greet() -> String {][gray: │]")
    XCTAssertFalse(TextRenderer(usesColor: false).render(lines).contains("\u{1B}"))
    let dumb = RenderContext(
      width: 44,
      capabilities: TerminalCapabilities(
        inputIsTerminal: true, outputIsTerminal: true, usesColor: false, usesUnicode: false, isDumb: true))
    let printed = TextRenderer(usesColor: false, isASCIIOnly: true).render(MarkdownView(swiftBlock).lines(in: dumb))
    XCTAssertTrue(printed.allSatisfy(\.isASCII))
    XCTAssertTrue(printed.contains("|   return \"hi\" // 1 greeting         |"), printed)
  }

  func test_escapeSequencesInCode_neverReachTheTerminal_highlightedOrNot() {
    let markdown = "```swift\nlet s = \"\u{1B}[2J\u{1B}]8;;x\u{07}red\u{9B}31m\" // \u{1B}]52;c;eA==\u{07}\n```"
    for color in [true, false] {
      let context = RenderContext(
        width: 30,
        capabilities: TerminalCapabilities(
          inputIsTerminal: true, outputIsTerminal: true, usesColor: color, usesUnicode: true))
      let printed = TextRenderer(usesColor: color).render(MarkdownView(markdown).lines(in: context))
      // Only the renderer's own colour codes: ESC [ digits ; … m.
      let withoutColour = printed.replacingOccurrences(
        of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
      XCTAssertFalse(
        withoutColour.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) },
        withoutColour.debugDescription)
      XCTAssertTrue(withoutColour.contains("red"), withoutColour)
    }
  }

  func test_hostileCode_hugeLinesAndManyBlocks_drawWithinTheWidth_andQuickly() {
    let huge = String(repeating: "let x = \"\\(", count: 20_000)
    let many = String(repeating: "```c\n/* never closed\n```\n\n```swift\n\"\"\"\n```\n\n", count: 500)
    let started = Date()
    for markdown in ["```swift\n\(huge)\n```", many, "```swift\n" + String(repeating: "/*", count: 50_000) + "\n```"] {
      let lines = MarkdownView(markdown).lines(in: Markdown.terminal(width: 50))
      XCTAssertFalse(lines.isEmpty)
      XCTAssertLessThanOrEqual(lines.map(\.displayWidth).max() ?? 0, 50)
    }
    XCTAssertLessThan(Date().timeIntervalSince(started), 20, "hostile code took too long")
  }
}
