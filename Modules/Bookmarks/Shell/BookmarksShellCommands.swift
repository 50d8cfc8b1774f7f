import Commands
import ErrorSentences
import TextSafety

/// The Bookmarks tab from the shell: `wayfarer bookmarks list|export|import`.
///
/// Data goes to standard output, what happened to standard error.
enum BookmarksShellCommands {
  typealias Make = @MainActor () -> BookmarksDependencies?

  static func list(fields: [String]) -> ShellCommandSpec {
    ShellCommandSpec(
      ["bookmarks", "list"], summary: "List the saved places and repositories",
      options: [.json(fields: fields, of: "each place or repository bookmark")],
      examples: [
        "wayfarer bookmarks", "wayfarer bookmarks list --json", "wayfarer bookmarks list --json=name,savedAt",
      ],
      needsLogin: true)
  }

  static let export = ShellCommandSpec(
    ["bookmarks", "export"], summary: "Write every bookmark to a file, or to standard output",
    parameters: [
      Parameter(
        "FILE", .word, isOptional: true,
        meaning: "FILE is where to write (.geojson for a map); - or none is standard output")
    ],
    options: [ShellOption("--force", summary: "Replace FILE if it exists")],
    examples: ["wayfarer bookmarks export ~/bookmarks.json", "wayfarer bookmarks export - | jq '.places | length'"],
    needsLogin: true)

  static let importing = ShellCommandSpec(
    ["bookmarks", "import"], summary: "Add the bookmarks of an exported file (those already saved are skipped)",
    parameters: [Parameter("FILE", .word, meaning: "FILE is an export to read; - is standard input")],
    examples: [
      "wayfarer bookmarks import ~/bookmarks.json",
      "ssh old-host wayfarer bookmarks export | wayfarer bookmarks import -",
    ],
    needsLogin: true)

  static func commands(listFields: [String], dependencies: @escaping Make) -> [ShellCommand] {
    [
      ShellCommand(list(fields: listFields)) { arguments, io in
        guard let dependencies = dependencies() else { return .failure }
        return runList(arguments, dependencies: dependencies, io: io)
      },
      ShellCommand(export) { arguments, io in
        guard let dependencies = dependencies() else { return .failure }
        return runExport(arguments, transfer: dependencies.transfer, io: io)
      },
      ShellCommand(importing) { arguments, io in
        guard let dependencies = dependencies() else { return .failure }
        return runImport(arguments, transfer: dependencies.transfer, io: io)
      },
    ]
  }

  @MainActor
  static func runList(_ arguments: ShellArguments, dependencies: BookmarksDependencies, io: any ShellIO) -> ShellStatus
  {
    do throws(BookmarksTransferError) {
      if arguments.wantsJSON {
        io.write(bytes: try dependencies.transfer.listJSON(picked: arguments.jsonFields))
        return .success
      }
    } catch {
      io.say(BookmarksWording.sentence(for: error))
      return .failure
    }
    let bookmarks: [Bookmark]
    do {
      bookmarks = try dependencies.store.bookmarks()
    } catch {
      io.say(BookmarksWording.sentence(for: .store(reason: ErrorSentence.reason(for: error))))
      return .failure
    }
    if bookmarks.isEmpty {
      io.say("No bookmarks yet: bookmark a place on Home or a repository on Explore.")
      return .success
    }
    let rows = bookmarks.map { bookmark in
      [bookmark.kind.noun, bookmark.title, bookmark.detail ?? "", bookmark.subtitle ?? ""].map {
        TextSanitizer.clean($0, limit: 300)
      }
    }
    io.write(ShellRows.lines(rows, aligned: io.outputIsTerminal))
    return .success
  }

  @MainActor
  static func runExport(_ arguments: ShellArguments, transfer: any BookmarksTransferring, io: any ShellIO)
    -> ShellStatus
  {
    let path = arguments.words.first ?? "-"
    do throws(BookmarksTransferError) {
      if path == "-" {
        let (bytes, summary) = try transfer.exportBytes(as: .json)
        io.write(bytes: bytes)
        io.flush()
        // Said only when it all went out (not into a closed pipe or a full disk).
        guard !io.outputFailed else { return .failure }
        io.say(BookmarksWording.exported(summary))
      } else {
        let summary = try transfer.export(
          to: path, as: BookmarksFileFormat(path: path), replacing: arguments.has("--force"))
        io.say(BookmarksWording.exported(summary))
      }
      return .success
    } catch {
      io.say(BookmarksWording.sentence(for: error))
      return .failure
    }
  }

  @MainActor
  static func runImport(_ arguments: ShellArguments, transfer: any BookmarksTransferring, io: any ShellIO)
    -> ShellStatus
  {
    let path = arguments.words.first ?? "-"
    do throws(BookmarksTransferError) {
      let summary: ImportSummary
      if path == "-" {
        if io.inputIsTerminal {
          io.say(
            "import - reads an export from standard input, which is a terminal here; pipe a file in (wayfarer bookmarks import - < bookmarks.json) or name it."
          )
          return .usage
        }
        // Bytes, not text: the parser says at which line and byte they stop being UTF-8.
        guard let bytes = io.readInputBytes(limit: transfer.largestMiB << 20) else { return .failure }
        summary = try transfer.importBookmarks(bytes: bytes, named: "standard input")
      } else {
        summary = try transfer.importBookmarks(from: path)
      }
      io.say(BookmarksWording.imported(summary))
      return .success
    } catch {
      io.say(BookmarksWording.sentence(for: error))
      return .failure
    }
  }
}
