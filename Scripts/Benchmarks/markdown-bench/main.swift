// The Markdown renderer's speed, run by `Scripts/bench markdown`: a README
// of about 1 MB (made here, the same bytes every run: headings, prose with
// links and code spans, long tables, code blocks, lists, quotes, HTML, CJK)
// rendered to styled lines, against cmark-gfm rendering the same file to
// HTML with the same four extensions. Measured interleaved in one run:
// - MarkdownView: parse + lay out at 100 columns (and the parse alone);
// - cmark-gfm's library: parse + render HTML, the same parser and work but
//   HTML for lines;
// - the `cmark-gfm` command: spawn to exit, output to /dev/null.
// Each of ours runs in a new process of this program (`--once JOB FILE`)
// and reports the time of the work alone: every measurement starts from a
// fresh heap, as the command does. In one long-lived process the numbers
// swing by half depending on what ran before (the allocator's state).
// Targets: under 50 ms, and under 3 times cmark-gfm's time.
//
// Also: `--show FILE [WIDTH] [unicode]` prints FILE rendered, to look at;
// `--profile [N]` lays the README out N times, for perf; `--write` prints
// the README.
import CMarkGFM
import Components
import Foundation
import TerminalText

// MARK: The document

/// A deterministic README in the shape of a large real one: badges, prose
/// with links, emphasis and code spans, install and usage code blocks, long
/// API tables, nested and task lists, quotes, HTML headers and CJK text.
func makeReadme(bytes target: Int) -> String {
  var text = """
    <p align="center"><img src="docs/logo.png" alt="Wayfarer logo" width="200"></p>

    # Wayfarer

    [![CI](https://github.com/wayfarer/wayfarer/actions/workflows/ci.yml/badge.svg)](https://github.com/wayfarer/wayfarer/actions) [![License: MIT](https://img.shields.io/badge/License-MIT-yellow.svg)](LICENSE)

    **Wayfarer** is a terminal app for *exploring* places and repositories. See the [guide](docs/guide.md) and <https://wayfarer.example.org>.


    """
  var section = 0
  while text.utf8.count < target {
    section += 1
    let name = "module\(section)"
    text += """
      ## \(section). The `\(name)` module

      The `\(name)` module turns *requests* into **responses** with ~~no~~ little ceremony. It was written for \
      people who read [the documentation](https://example.org/\(name)/docs) before they type, and for those \
      who do not: every error says what happened and what to do next. Version \(section).0 adds \
      [streaming](docs/\(name)/streaming.md#usage), www.example.com/\(name) links and retries.
      It keeps a soft break here,
      and a hard one here\\
      on purpose.

      > **Note**
      > Configuration is read once at launch; changing `WAYFARER_\(section)` later has no effect.
      >
      > > Nested quotes happen in changelogs.

      ### Installation

      ```sh
      git clone https://github.com/wayfarer/\(name).git
      cd \(name) && swift build -c release
      ./.build/release/\(name) --help | less -R
      ```

      ### Usage

      ```swift
      import \(name.capitalized)

      struct Client {
      \tlet session: Session
      \tfunc fetch(_ id: Int) async throws -> Record {
      \t\tlet response = try await session.get("/records/\\(id)", headers: ["Accept": "application/json"])
      \t\treturn try Record(decoding: response.body)
      \t}
      }
      ```

      ### Options

      | Option | Type | Default | Description |
      |:-------|:----:|--------:|-------------|

      """
    for row in 1...40 {
      text +=
        "| `--option-\(row)` | `Int` | \(row * 10) | Sets option \(row) of **\(name)**; see [details](#option-\(row)) "
        + (row % 7 == 0 ? "and the 東京 / Zürich / 🙂 notes." : "for more.") + " |\n"
    }
    text += """

      ### Features

      - Fast: renders *large* documents in milliseconds
      - Safe: text from the network is sanitised
        - escape sequences removed
        - bidirectional overrides removed
          1. C0 controls
          2. C1 controls
      - Portable: Linux and macOS

      ### Roadmap

      - [x] Search
      - [x] README rendering
      - [ ] Offline mode for \(name)
      - [ ] Plugins

      1. Clone the repository.
      2. Run `swift build`.
      3. Read the [contributing guide](CONTRIBUTING.md).

      日本語の説明：このモジュールは端末でリポジトリを探すためのものです。表示幅は二列で数えます。

      <details>
      <summary>Changelog for \(name)</summary>

      * \(section).0: first release &mdash; see <a href="https://example.org">the site</a>.

      </details>

      ---


      """
  }
  return text
}

// MARK: Measuring

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  guard !sorted.isEmpty else { return 0 }
  return sorted.count % 2 == 1
    ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

func milliseconds(_ body: () -> Void) -> Double {
  let start = ContinuousClock.now
  body()
  let elapsed = ContinuousClock.now - start
  return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
}

/// Parses with cmark-gfm and the same four extensions and renders HTML:
/// what `cmark-gfm -e table -e strikethrough -e autolink -e tasklist` does.
func cmarkHTML(_ text: String) -> Int {
  cmark_gfm_core_extensions_ensure_registered()
  guard let parser = cmark_parser_new(CMARK_OPT_DEFAULT) else { return 0 }
  defer { cmark_parser_free(parser) }
  for name in ["table", "strikethrough", "autolink", "tasklist"] {
    if let syntaxExtension = cmark_find_syntax_extension(name) {
      cmark_parser_attach_syntax_extension(parser, syntaxExtension)
    }
  }
  var text = text
  text.withUTF8 { bytes in
    bytes.withMemoryRebound(to: CChar.self) { cmark_parser_feed(parser, $0.baseAddress, $0.count) }
  }
  guard let document = cmark_parser_finish(parser) else { return 0 }
  defer { cmark_node_free(document) }
  guard let html = cmark_render_html(document, CMARK_OPT_DEFAULT, cmark_parser_get_syntax_extensions(parser)) else {
    return 0
  }
  defer { free(html) }
  return strlen(html)
}

/// The `cmark-gfm` command rendering `path` to HTML with the same
/// extensions, output thrown away: wall time from spawn to exit, or nil when
/// the command cannot be run.
func cmarkCommand(_ path: String) -> Double? {
  let arguments = ["cmark-gfm", "-e", "table", "-e", "strikethrough", "-e", "autolink", "-e", "tasklist", path]
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
  let argv = arguments.map { strdup($0) } + [nil]
  defer { for argument in argv { free(argument) } }
  var status: Int32 = 0
  var spawned = false
  let time = milliseconds {
    var pid = pid_t()
    guard posix_spawnp(&pid, "cmark-gfm", &actions, nil, argv, environ) == 0 else { return }
    spawned = waitpid(pid, &status, 0) == pid
  }
  return spawned && status == 0 ? time : nil
}

let context = RenderContext(
  width: 100,
  capabilities: TerminalCapabilities(
    inputIsTerminal: true, outputIsTerminal: true, usesColor: true, usesUnicode: true))

/// What one measurement does, in a process of its own.
enum Job: String, CaseIterable {
  /// MarkdownView: parse and lay out at 100 columns, colour and Unicode on.
  case render
  /// MarkdownView's parse alone.
  case parse
  /// cmark-gfm's library: parse and render HTML.
  case html

  /// Milliseconds `self` takes on `text`, and a count of what it made.
  func measure(_ text: String) -> (milliseconds: Double, output: Int) {
    var output = 0
    let time = milliseconds {
      switch self {
      case .render: output = MarkdownView(text).lines(in: context).count
      case .parse:
        _ = MarkdownView(text)
        output = 1
      case .html: output = cmarkHTML(text)
      }
    }
    return (time, output)
  }
}

/// Runs `job` on the file at `path` in a new process of this program and
/// reads back its time: each measurement starts from a fresh heap, as the
/// cmark-gfm command does, so none pays for what another left behind.
func measureInNewProcess(_ job: Job, path: String) throws -> (milliseconds: Double, output: Int)? {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
  process.arguments = ["--once", job.rawValue, path]
  let pipe = Pipe()
  process.standardOutput = pipe
  try process.run()
  let data = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  let fields = String(decoding: data, as: UTF8.self).split(separator: " ")
  guard process.terminationStatus == 0, fields.count == 2, let time = Double(fields[0]),
    let output = Int(fields[1].trimmingCharacters(in: .whitespacesAndNewlines))
  else { return nil }
  return (time, output)
}

func benchmark(runs: Int) throws {
  let readme = makeReadme(bytes: 1_000_000)
  let path = FileManager.default.temporaryDirectory.appendingPathComponent("markdown-bench-\(getpid()).md").path
  try readme.write(toFile: path, atomically: true, encoding: .utf8)
  defer { try? FileManager.default.removeItem(atPath: path) }

  var times: [Job: [Double]] = [:]
  var outputs: [Job: Int] = [:]
  var command: [Double] = []
  // Interleaved, so all see the same machine (other builds share it).
  for _ in 0..<runs {
    for job in Job.allCases {
      guard let (time, output) = try measureInNewProcess(job, path: path) else { continue }
      times[job, default: []].append(time)
      outputs[job] = output
    }
    if let time = cmarkCommand(path) { command.append(time) }
  }

  let ours = median(times[.render] ?? [])
  let library = median(times[.html] ?? [])
  func row(_ label: String, _ value: Double, _ note: String = "") {
    print(label.padding(toLength: 48, withPad: " ", startingAt: 0) + String(format: "%8.2f ms", value) + note)
  }
  print("Markdown: a \(readme.utf8.count)-byte README, \(runs) runs each, interleaved, each in a new process; medians")
  row("  MarkdownView: parse + lines at 100 columns", ours, "  (\(outputs[.render] ?? 0) lines)")
  row("    of which parsing (cmark-gfm)", median(times[.parse] ?? []))
  row("  cmark-gfm library: parse + HTML", library, "  (\(outputs[.html] ?? 0) bytes)")
  if command.isEmpty {
    print("  the cmark-gfm command is missing (Scripts/bootstrap.sh installs it)")
  } else {
    row("  cmark-gfm command: file to HTML, start to exit", median(command))
    print(String(format: "  ratio to the cmark-gfm command: %.2f (target under 3)", ours / median(command)))
  }
  print(String(format: "  ratio to the cmark-gfm library: %.2f (target under 3)", ours / library))
  print("  under 50 ms: " + (ours < 50 ? "yes" : String(format: "no (%.1f ms)", ours)))
}

// MARK: Main

let arguments = CommandLine.arguments
if arguments.count >= 3, arguments[1] == "--show" {
  let text = (try? String(contentsOfFile: arguments[2], encoding: .utf8)) ?? ""
  let width = arguments.count >= 4 ? Int(arguments[3]) ?? 80 : 80
  let unicode = arguments.count >= 5
  let context = RenderContext(
    width: width,
    capabilities: TerminalCapabilities(
      inputIsTerminal: false, outputIsTerminal: unicode, usesColor: unicode, usesUnicode: unicode))
  let view = MarkdownView(text, baseURL: URL(string: "https://github.com/wayfarer/wayfarer/blob/main/"))
  print(TextRenderer(usesColor: unicode).render(view.lines(in: context)), terminator: "")
} else if arguments.count >= 4, arguments[1] == "--once", let job = Job(rawValue: arguments[2]) {
  let text = try String(contentsOfFile: arguments[3], encoding: .utf8)
  let (time, output) = job.measure(text)
  print(time, output)
} else if arguments.count >= 2, arguments[1] == "--profile" {
  // Only the layout, over and over, for perf.
  let readme = makeReadme(bytes: 1_000_000)
  let view = MarkdownView(readme)
  var count = 0
  for _ in 0..<(arguments.count >= 3 ? Int(arguments[2]) ?? 20 : 20) { count += view.lines(in: context).count }
  print(count)
} else if arguments.count >= 2, arguments[1] == "--write" {
  print(makeReadme(bytes: 1_000_000), terminator: "")
} else {
  try benchmark(runs: arguments.count >= 2 ? Int(arguments[1]) ?? 21 : 21)
}
