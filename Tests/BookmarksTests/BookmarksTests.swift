import BookmarksContracts
import Commands
import Foundation
import TerminalNavigation
import TerminalText
import TestSupport
import XCTest

@testable import Bookmarks

/// Bookmarks in memory, keeping the contract App's store keeps.
@MainActor
/// The two kinds App registers, as the tab's tests meet them.
extension BookmarkKind {
  static let place = BookmarkKind(name: "place", heading: "Places", noun: "place", plural: "places")
  static let repository = BookmarkKind(
    name: "repository", heading: "Repositories", noun: "repository", plural: "repositories")
}

final class BookmarksStoreSpy: BookmarksStoring {
  private(set) var items: [Bookmark] {
    didSet { revision[0] += 1 }
  }
  private(set) var revision = [0]
  var failure: (any Error)?

  init(_ items: [Bookmark] = BookmarksStoreSpy.sample) {
    self.items = items
  }

  static let sample = [
    Bookmark(
      kind: .repository, id: "apple/swift", title: "apple/swift", subtitle: "The Swift language", detail: "C++",
      savedAt: Date(timeIntervalSince1970: 300)),
    Bookmark(
      kind: .place, id: "p1", title: "Pinacoteca de São Paulo", subtitle: "São Paulo", detail: "entertainment",
      savedAt: Date(timeIntervalSince1970: 200)),
    Bookmark(
      kind: .place, id: "p2", title: "Catedral da Sé", subtitle: "São Paulo", detail: "tourism",
      savedAt: Date(timeIntervalSince1970: 100)),
    Bookmark(
      kind: .repository, id: "dtrupenn/tetris", title: "dtrupenn/Tetris", subtitle: "A C implementation of Tetris",
      detail: "Assembly", savedAt: Date(timeIntervalSince1970: 50)),
  ]

  private(set) var reads = 0

  func bookmarks() throws -> [Bookmark] {
    reads += 1
    if let failure { throw failure }
    let places = items.filter { $0.kind == .place }.sorted { $0.savedAt > $1.savedAt }
    let repositories = items.filter { $0.kind == .repository }.sorted { $0.savedAt > $1.savedAt }
    return places + repositories
  }

  func remove(_ bookmark: Bookmark) throws -> RemovedBookmark {
    if let failure { throw failure }
    items.removeAll { $0.kind == bookmark.kind && $0.id == bookmark.id }
    return RemovedBookmark(bookmark: bookmark, record: "{}")
  }

  func restore(_ removed: RemovedBookmark) throws {
    if let failure { throw failure }
    guard !items.contains(where: { $0.kind == removed.bookmark.kind && $0.id == removed.bookmark.id }) else { return }
    items.append(removed.bookmark)
  }

  func add(_ bookmark: Bookmark) {
    items.append(bookmark)
  }
}

@MainActor
final class BookmarksRouterSpy: BookmarksRouting {
  private(set) var shown: [String] = []
  var hasDetail = true
  func showDetail(of bookmark: Bookmark) -> Bool {
    shown.append(bookmark.id)
    return hasDetail
  }
}

/// Records what export and import were asked, and answers as told.
@MainActor
final class BookmarksTransferSpy: BookmarksTransferring {
  private(set) var exports: [(path: String, format: BookmarksFileFormat, replacing: Bool)] = []
  private(set) var imports: [String] = []
  var failure: BookmarksTransferError?
  var importing: [Bookmark] = []
  weak var store: BookmarksStoreSpy?

  func export(to path: String, as format: BookmarksFileFormat, replacing: Bool) throws(BookmarksTransferError)
    -> ExportSummary
  {
    exports.append((path, format, replacing))
    if let failure { throw failure }
    return ExportSummary(
      path: path, format: format,
      counts: [.init(kind: .place, written: 2)] + (format == .json ? [.init(kind: .repository, written: 2)] : []))
  }

  func importBookmarks(from path: String) throws(BookmarksTransferError) -> ImportSummary {
    imports.append(path)
    if let failure { throw failure }
    for bookmark in importing { store?.add(bookmark) }
    return ImportSummary(added: importing.count, skipped: 1)
  }

  func exportBytes(as format: BookmarksFileFormat) throws(BookmarksTransferError) -> (
    bytes: [UInt8], summary: ExportSummary
  ) {
    exports.append(("-", format, false))
    if let failure { throw failure }
    return (Array("{}\n".utf8), ExportSummary(path: "standard output", format: format, counts: []))
  }

  func importBookmarks(bytes: [UInt8], named path: String) throws(BookmarksTransferError) -> ImportSummary {
    try importBookmarks(from: path)
  }

  func listJSON(picked: [String]?) throws(BookmarksTransferError) -> [UInt8] {
    if let failure { throw failure }
    return Array("{}\n".utf8)
  }

  let largestMiB = 1
}

struct StoreFailure: LocalizedError {
  var errorDescription: String? { "the disk is full" }
}

@MainActor
final class BookmarksViewModelTests: XCTestCase {
  private func makeSUT(file: StaticString = #filePath, line: UInt = #line) -> (
    BookmarksViewModel, BookmarksStoreSpy, BookmarksRouterSpy
  ) {
    let (viewModel, store, router, _) = makeSUTWithTransfer(file: file, line: line)
    return (viewModel, store, router)
  }

  private func makeSUTWithTransfer(file: StaticString = #filePath, line: UInt = #line) -> (
    BookmarksViewModel, BookmarksStoreSpy, BookmarksRouterSpy, BookmarksTransferSpy
  ) {
    let store = BookmarksStoreSpy()
    let router = BookmarksRouterSpy()
    let transfer = BookmarksTransferSpy()
    transfer.store = store
    let viewModel = BookmarksViewModel(store: store, transfer: transfer, router: router)
    for object in [viewModel, store, router, transfer] as [AnyObject] {
      trackForMemoryLeaks(object, file: file, line: line)
    }
    viewModel.reload()
    return (viewModel, store, router, transfer)
  }

  private func words(_ problem: BookmarksViewModel.Problem?) -> String? {
    problem.map(BookmarksWording.sentence(for:))
  }

  func test_placesThenRepositories_newestFirst_numberedAcrossBoth() async {
    let (viewModel, _, router) = makeSUT()
    XCTAssertEqual(viewModel.visible.map(\.row.id), ["p1", "p2", "apple/swift", "dtrupenn/tetris"])
    XCTAssertNil(viewModel.open(3))
    XCTAssertEqual(router.shown, ["apple/swift"])
  }

  func test_filter_matchesNameCityDescriptionOrLanguage_fuzzily_smartCase_accentsFolded() async {
    let (viewModel, _, router) = makeSUT()
    viewModel.setFilter("sao")
    XCTAssertEqual(viewModel.visible.map(\.row.id), ["p1", "p2"])
    XCTAssertEqual(viewModel.visible.last?.highlights(inText: 1), [0, 1, 2], "São of the subtitle: none in Catedral")
    viewModel.setFilter("SAO")
    XCTAssertEqual(viewModel.visible.map(\.row.id), [], "a capital makes case count, as in fzf")
    XCTAssertEqual(
      words(viewModel.remove(1)), "No bookmark matches the filter. Type filter alone to clear.",
      "bookmarks there are: saving one first is not the advice")
    viewModel.setFilter("assembly")
    XCTAssertEqual(viewModel.visible.map(\.row.id), ["dtrupenn/tetris"])
    XCTAssertEqual(viewModel.visible.first?.matches, [[], [], Set(0..<8)], "the detail's letters, for its cell")
    viewModel.setFilter("dtet")
    XCTAssertEqual(viewModel.visible.map(\.number), [4], "a filtered row keeps its number")
    XCTAssertEqual(
      words(viewModel.open(1)),
      "Bookmark 1 is not shown; the only row shown is 4.")
    XCTAssertNil(viewModel.open(4))
    XCTAssertEqual(router.shown, ["dtrupenn/tetris"])
    viewModel.setFilter("  ")
    XCTAssertEqual(viewModel.visible.count, 4)
  }

  func test_removeThenUndo_bringsItBackWithItsTime_andUndoIsOncePerRemoval() async {
    let (viewModel, store, _) = makeSUT()
    XCTAssertNil(viewModel.remove(2))
    XCTAssertEqual(viewModel.visible.map(\.row.id), ["p1", "apple/swift", "dtrupenn/tetris"])
    XCTAssertNil(viewModel.undo())
    XCTAssertEqual(viewModel.visible.map(\.row.id), ["p1", "p2", "apple/swift", "dtrupenn/tetris"])
    XCTAssertEqual(store.items.first { $0.id == "p2" }?.savedAt, Date(timeIntervalSince1970: 100))
    XCTAssertEqual(words(viewModel.undo()), "There is nothing to undo.")
  }

  func test_undo_goesBackOneRemovalAtATime_latestFirst_andAnImportStartsAgain() async {
    let (viewModel, _, _, transfer) = makeSUTWithTransfer()
    XCTAssertNil(viewModel.remove(1))
    XCTAssertNil(viewModel.remove(2))
    XCTAssertNil(viewModel.remove(1))
    XCTAssertEqual(viewModel.visible.map(\.row.id), ["dtrupenn/tetris"])
    XCTAssertNil(viewModel.undo())
    XCTAssertEqual(viewModel.visible.map(\.row.id), ["p2", "dtrupenn/tetris"])
    XCTAssertNil(viewModel.undo())
    XCTAssertEqual(viewModel.visible.map(\.row.id), ["p2", "apple/swift", "dtrupenn/tetris"])
    XCTAssertNil(viewModel.undo())
    XCTAssertEqual(viewModel.visible.map(\.row.id), ["p1", "p2", "apple/swift", "dtrupenn/tetris"])
    XCTAssertEqual(words(viewModel.undo()), "There is nothing to undo.")

    XCTAssertNil(viewModel.remove(1))
    transfer.importing = []
    _ = viewModel.importFile("saved.json")
    XCTAssertEqual(words(viewModel.undo()), "There is nothing to undo.", "what an import added may be what was removed")
  }

  func test_exportToOutput_givesTheJSONExportsBytes() async throws {
    let (viewModel, _, _, transfer) = makeSUTWithTransfer()
    let exported = try viewModel.exportToOutput().get()
    XCTAssertEqual(String(decoding: exported.bytes, as: UTF8.self), "{}\n")
    XCTAssertEqual(transfer.exports.map(\.path), ["-"])
    XCTAssertEqual(transfer.exports.map(\.format), [.json])
    transfer.failure = .store(reason: "the disk is full")
    guard case .failure(let problem) = viewModel.exportToOutput() else {
      return XCTFail("exported from a failing store")
    }
    XCTAssertEqual(words(problem), "Your bookmarks could not be read or saved: the disk is full")
  }

  func test_badNumbers_missingDetails_andAFailingStore_saySo() async {
    let (viewModel, store, router) = makeSUT()
    XCTAssertEqual(words(viewModel.open(9)), "There is no bookmark 9. Choose a number from 1 to 4.")
    XCTAssertEqual(words(viewModel.remove(Int.min)), "There is no bookmark \(Int.min). Choose a number from 1 to 4.")
    router.hasDetail = false
    XCTAssertEqual(
      words(viewModel.open(1)),
      "Pinacoteca de São Paulo cannot be shown: what was saved is not enough to find it again.")
    store.failure = StoreFailure()
    XCTAssertEqual(words(viewModel.remove(1)), "Your bookmarks could not be changed: the disk is full")
    viewModel.reload()
    XCTAssertEqual(viewModel.state, .failed(reason: "the disk is full"))
  }

  /// A piped prompt asks for one command, not the table: the same command.
  func test_commandNamed_isTheTablesCommand() async {
    let (viewModel, _, _) = makeSUT()
    let screen = BookmarksScreen(viewModel: viewModel)
    screen.willAppear(console: ScriptedConsole())
    assertLookupMatchesTable(screen.commands.map { ($0.name, "\($0.usage) — \($0.summary)") }) {
      screen.command(named: $0).map { "\($0.usage) — \($0.summary)" }
    }
  }

  /// One line a row where the width allows, as Home's and Explore's rows
  /// are; a narrow terminal stacks each row's facts under its name.
  func test_rows_takeOneLineWhenWide_andTwoWhenNarrow() async {
    let (viewModel, _, _) = makeSUT()
    let screen = BookmarksScreen(viewModel: viewModel)
    screen.willAppear(console: ScriptedConsole())
    let wide = screen.body(in: RenderContext(width: 80, capabilities: .plain)).map(\.plainText)
    let narrow = screen.body(in: RenderContext(width: 30, capabilities: .plain)).map(\.plainText)

    XCTAssertEqual(wide.filter { $0.hasPrefix("     ") }, [], "no row goes on to a second line: \(wide)")
    XCTAssertEqual(wide.filter { $0.range(of: #"^ +\d+\. "#, options: .regularExpression) != nil }.count, 4, "\(wide)")
    XCTAssertGreaterThan(narrow.count, wide.count + 3, "each row takes two lines or more: \(narrow)")
    XCTAssertTrue(narrow.allSatisfy { $0.count <= 30 }, "\(narrow)")
  }

  /// `list` draws again, and reads again only what changed since the last
  /// read: reading 10,000 rows cost as much as drawing them.
  func test_list_readsAgainOnlyAfterAChange() async {
    let (viewModel, store, _) = makeSUT()
    let screen = BookmarksScreen(viewModel: viewModel)
    let console = ScriptedConsole()
    screen.willAppear(console: console)
    let list = screen.commands.first { $0.name == "list" }
    let before = store.reads
    await list?.run(CommandInput(argumentText: "", console: console))
    XCTAssertEqual(store.reads, before, "nothing changed: nothing read")
    store.add(
      Bookmark(
        kind: .place, id: "p3", title: "Edifício Itália", subtitle: "São Paulo", detail: "tourism", savedAt: .now))
    await list?.run(CommandInput(argumentText: "", console: console))
    XCTAssertEqual(store.reads, before + 1)
    XCTAssertEqual(viewModel.visible.count, 5, "the new bookmark is listed")
  }

  func test_empty_saysWhereSavingHappens() async {
    let store = BookmarksStoreSpy([])
    let viewModel = BookmarksViewModel(store: store, transfer: BookmarksTransferSpy(), router: BookmarksRouterSpy())
    let screen = BookmarksScreen(viewModel: viewModel)
    screen.willAppear(console: ScriptedConsole())
    let body = screen.body(in: .plain).map(\.plainText).joined(separator: "\n")
    XCTAssertTrue(body.contains("No bookmarks yet"), body)
    XCTAssertTrue(body.contains("(favorite)") && body.contains("(bookmark)"), body)
    XCTAssertEqual(
      words(viewModel.open(1)), "There are no bookmarks here. Save a place (favorite) or a repository (bookmark) first."
    )
  }

  func test_export_takesTheFileAndForce_choosesGeoJSONByName_andSaysWhatItWrote() async throws {
    let (viewModel, _, _, transfer) = makeSUTWithTransfer()
    XCTAssertEqual(
      BookmarksWording.exported(try viewModel.export("my bookmarks.json", replacing: false).get()),
      "Wrote 2 places and 2 repositories to my bookmarks.json.")
    XCTAssertEqual(
      BookmarksWording.exported(try viewModel.export("Places.GeoJSON", replacing: true).get()),
      "Wrote 2 places to Places.GeoJSON.")
    XCTAssertEqual(transfer.exports.map(\.path), ["my bookmarks.json", "Places.GeoJSON"])
    XCTAssertEqual(transfer.exports.map(\.format), [.json, .geoJSON])
    XCTAssertEqual(transfer.exports.map(\.replacing), [false, true])
    XCTAssertEqual(
      BookmarksWording.exported(
        ExportSummary(path: "p.geojson", format: .geoJSON, counts: [.init(kind: .place, written: 1, leftOut: 2)])),
      "Wrote 1 place to p.geojson; 2 without coordinates left out.")

    guard case .failure(let problem) = viewModel.export(" '' ", replacing: false) else {
      return XCTFail("exported nothing")
    }
    XCTAssertEqual(words(problem), "Name the file: export FILE.")
    transfer.failure = .fileExists(path: "b.json")
    guard case .failure(let exists) = viewModel.export("b.json", replacing: false) else {
      return XCTFail("exported over a file")
    }
    XCTAssertEqual(words(exists), "b.json already exists. Type the command again with --force to replace it.")
  }

  /// The file as typed: spaces inside kept, quotes around dropped,
  /// `--force` first or last (export only); control characters refused.
  func test_fileNames_areTakenAsTyped() async throws {
    func parsed(_ name: String, _ text: String) -> BookmarksCommand? {
      try? BookmarksCommand.specs(rows: 0).first { $0.name == name }?.parse(ArgumentLine(text)).get()
    }
    XCTAssertEqual(parsed("export", "my  bookmarks.json"), .export(path: "my  bookmarks.json", replacing: false))
    XCTAssertEqual(parsed("export", #""q q.json" --force"#), .export(path: #""q q.json""#, replacing: true))
    XCTAssertEqual(parsed("export", "--force 'a.json'"), .export(path: "'a.json'", replacing: true))
    XCTAssertEqual(parsed("import", "b.json --force"), .importFile(path: "b.json --force"))
    XCTAssertNil(parsed("export", "--force"), "no file: the usage is said")
    XCTAssertNil(parsed("import", "  "))
    XCTAssertEqual(BookmarksViewModel.checkedPath(#""q q.json""#, command: "export"), .success("q q.json"))
    XCTAssertEqual(BookmarksViewModel.checkedPath("'a.json'", command: "export"), .success("a.json"))
    let (viewModel, _, _, transfer) = makeSUTWithTransfer()
    guard case .failure(let problem) = viewModel.export("a\u{1B}[2J.json", replacing: false) else {
      return XCTFail("exported")
    }
    XCTAssertEqual(words(problem), "That file name has control characters; choose a plain one.")
    XCTAssertTrue(transfer.exports.isEmpty)
  }

  func test_import_addsAndRedraws_orSaysWhyNothingChanged() async throws {
    let (viewModel, _, _, transfer) = makeSUTWithTransfer()
    transfer.importing = [
      Bookmark(
        kind: .place, id: "p9", title: "Museu do Ipiranga", subtitle: "São Paulo", detail: "tourism",
        savedAt: Date(timeIntervalSince1970: 400))
    ]
    let summary = try viewModel.importFile("in.json").get()
    XCTAssertEqual(BookmarksWording.imported(summary), "Added 1 bookmark; skipped 1 already saved or listed twice.")
    XCTAssertEqual(viewModel.visible.first?.row.id, "p9", "the list is read again")
    XCTAssertEqual(BookmarksWording.imported(ImportSummary(added: 3, skipped: 0)), "Added 3 bookmarks.")

    let sentences: [(BookmarksTransferError, String)] = [
      (.noSuchFile(path: "x.json"), "There is no file x.json."),
      (
        .malformed(path: "x.json", reason: "place 2's latitude is not a number from -90 to 90", line: 3, byte: 117),
        "x.json is not a bookmarks file Wayfarer can read: place 2's latitude is not a number from -90 to 90 (line 3, byte 117). Nothing was imported."
      ),
      (
        .unsupportedVersion(path: "x.json", version: 2, newest: 1),
        "x.json is a version 2 bookmarks file; this Wayfarer reads up to version 1. Nothing was imported."
      ),
      (
        .tooLarge(path: "x.json", limitMiB: 8),
        "x.json is larger than 8 MiB, more than any bookmarks file; nothing was imported."
      ),
      (.file(path: "\u{1B}[31mx.json", reason: "permission denied"), "x.json could not be used: permission denied."),
    ]
    for (error, sentence) in sentences {
      transfer.failure = error
      guard case .failure(let problem) = viewModel.importFile("x.json") else {
        XCTFail("\(error)")
        continue
      }
      XCTAssertEqual(words(problem), sentence)
    }
  }

  func test_theSpyKeepsTheBookmarksContract() async throws {
    try BookmarksStoringContract.verify("BookmarksStoreSpy", make: { BookmarksStoreSpy() }, reopen: { $0 })
  }
}
