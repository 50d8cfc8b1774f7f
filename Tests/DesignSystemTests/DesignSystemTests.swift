import DesignSystem
import TerminalNavigation
import TerminalText
import TextWidth
import XCTest

final class SymbolsTests: XCTestCase {
  func test_asciiFallbacks_offATerminal() {
    let plain = Symbols(.plain)
    XCTAssertEqual([plain.check, plain.cross, plain.separator, plain.rule], ["ok", "x", ">", "-"])
    XCTAssertTrue(plain.spinnerFrames.allSatisfy { $0.allSatisfy(\.isASCII) })

    let rich = Symbols(unicode: true)
    XCTAssertEqual([rich.check, rich.cross, rich.separator, rich.rule], ["✓", "✗", "›", "─"])
  }

  func test_capabilities_honourNoColorAndDumbTerminals() {
    let dumb = TerminalCapabilities.detect(noColor: false, isDumb: true)
    let noColor = TerminalCapabilities.detect(noColor: true, isDumb: false)
    XCTAssertFalse(dumb.usesColor)
    XCTAssertFalse(dumb.usesUnicode)
    XCTAssertFalse(noColor.usesColor)
  }
}

@MainActor
final class NavigationChromeTests: XCTestCase {
  private final class Blank: Screen {}

  func test_header_showsTabsWithTheSelectedOneMarked_thenTheBreadcrumb() async {
    let profile = NavigationStack(root: Blank(title: "Profile", pathComponent: "profile"))
    profile.push(Blank(title: "Settings", pathComponent: "settings"))
    let tabs = TabBarController(tabs: [
      .init(name: "home", title: "Home", stack: NavigationStack(root: Blank(title: "Home", pathComponent: "home"))),
      .init(name: "profile", title: "Profile", stack: profile),
    ])
    tabs.select(index: 1)
    let window = Window()
    window.setRoot(.tabs(tabs))

    let lines = NavigationChrome().header(for: window, in: RenderContext(width: 30, capabilities: .plain))

    XCTAssertEqual(
      lines.map(\.plainText), ["Home  [Profile]", "Profile > Settings", String(repeating: "-", count: 30)])
  }
}

@MainActor
final class TabBarWidthTests: XCTestCase {
  private final class Blank: Screen {}

  private func bar(selecting index: Int, width: Int, capabilities: TerminalCapabilities) -> String {
    let titles = ["Home", "Explore", "Bookmarks", "Profile", "Notes"]
    let tabs = TabBarController(
      tabs: titles.map { title in
        .init(
          name: title.lowercased(), title: title,
          stack: NavigationStack(root: Blank(title: title, pathComponent: title.lowercased())))
      })
    tabs.select(index: index)
    let window = Window()
    window.setRoot(.tabs(tabs))
    let header = NavigationChrome().header(for: window, in: RenderContext(width: width, capabilities: capabilities))
    return header.first?.plainText ?? ""
  }

  /// Five tabs need 46 columns in colour: at 40 the others are
  /// shortened, the longest first, and the selected one stays whole.
  func test_fiveTabsAt40Columns_fit_withTheSelectedTitleWhole() async {
    let color = TerminalCapabilities(
      inputIsTerminal: true, outputIsTerminal: true, usesColor: true, usesUnicode: true)
    XCTAssertEqual(bar(selecting: 2, width: 80, capabilities: color), " Home   Explore   Bookmarks   Profile   Notes ")
    XCTAssertEqual(bar(selecting: 2, width: 40, capabilities: color), " Home   Exp…   Bookmarks   Pro…   Not… ")
    XCTAssertEqual(bar(selecting: 0, width: 40, capabilities: color), " Home   Expl…   Book…   Prof…   Notes ")
    XCTAssertEqual(bar(selecting: 2, width: 40, capabilities: .plain), "Home  Exp...  [Bookmarks]  Pro...  Notes")
    XCTAssertEqual(bar(selecting: 4, width: 30, capabilities: .plain), "Home  E...  B...  P...  [Notes]", "ASCII")
    for width in [40] {
      for index in 0..<5 {
        XCTAssertLessThanOrEqual(DisplayWidth.of(bar(selecting: index, width: width, capabilities: color)), width)
      }
    }
  }
}

@MainActor
final class LongTitleTests: XCTestCase {
  private final class Blank: Screen {}

  func test_aBreadcrumbWiderThanTheTerminal_cutsTheScreensBeforeTheLast() async {
    let stack = NavigationStack(root: Blank(title: "Explore", pathComponent: "explore"))
    stack.push(Blank(title: "owner/" + String(repeating: "a", count: 100), pathComponent: "repo"))
    stack.present(Blank(title: "README of the repository", pathComponent: "readme"))
    let window = Window()
    window.setRoot(.stack(stack))

    let title = NavigationChrome().header(for: window, in: RenderContext(width: 40, capabilities: .plain))[0].plainText

    XCTAssertEqual(DisplayWidth.of(title), 40)
    XCTAssertTrue(title.hasPrefix("Explore > ow…"), title)
    XCTAssertTrue(title.hasSuffix("README of the repository"), title)
  }
}
