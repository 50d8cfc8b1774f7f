import Foundation
import TestSupport
import XCTest

/// Issue 20 §2: `wayfarer completion bash|zsh|fish`, loaded in the real
/// shells (Scripts/bootstrap.sh installs bash-completion, zsh and fish),
/// offers what the command tables declare.
final class CompletionScriptTests: XCTestCase {
  private var home: TemporaryDirectory!

  override func setUpWithError() throws {
    home = try TemporaryDirectory("wayfarer-completion")
  }

  override func tearDown() {
    home.remove()
  }

  /// The script for `shell`, saved in the test's folder.
  private func script(for shell: String) throws -> String {
    let run = try WayfarerBinary.run(script: [], home: home.path, arguments: ["completion", shell])
    XCTAssertEqual(run.status, 0, run.stderr)
    let path = home.path + "/completion.\(shell)"
    try Data(run.stdout.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// What `shell` prints for `program`, which must end well.
  private func output(of shell: String, _ arguments: [String]) throws -> String {
    let run = try InstalledTool.run(
      shell, arguments,
      environment: ["HOME": home.path, "PATH": "/usr/bin:/bin", "XDG_CONFIG_HOME": home.path + "/config"])
    XCTAssertEqual(run.status, 0, run.output)
    return run.output
  }

  func test_bash_completesCommandsOptionsAndValues() throws {
    let script = try script(for: "bash")
    let driver = """
      [ -r /usr/share/bash-completion/bash_completion ] && . /usr/share/bash-completion/bash_completion
      . '\(script)'
      complete -p wayfarer >/dev/null || exit 3
      t() { COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=(); _wayfarer; echo "${COMPREPLY[*]}"; }
      t wayfarer ''
      t wayfarer se
      t wayfarer search harbor --so
      t wayfarer search harbor --sort ''
      t wayfarer bookmarks ''
      t wayfarer bookmarks export --f
      t wayfarer completion ''
      t wayfarer places --category c
      t wayfarer search harbor --json = fullName,s
      t wayfarer bookmarks --json sa
      t wayfarer ask --json ''
      """
    let lines = try output(of: "bash", ["--norc", "--noprofile", "-c", driver]).split(
      separator: "\n", omittingEmptySubsequences: false)
    XCTAssertEqual(
      Array(lines.prefix(11)),
      [
        "login places search repo ask bookmarks logout config memory-check demo completion manual --help --version",
        "search",
        "--sort",
        "stars forks updated", "list export import --json --help", "--force", "bash zsh fish --help", "catering",
        "fullName,stars", "savedAt", "model reply",
      ])
  }

  func test_zsh_completesCommandsOptionsAndValues() throws {
    let script = try script(for: "zsh")
    // compadd and _files print what they are given: the script's logic,
    // run by zsh itself, without a terminal to complete on.
    let driver = """
      autoload -Uz compinit && compinit -u -d '\(home.path)/zcompdump'
      source '\(script)'
      compadd() { [[ $1 == -- ]] && shift; print -r -- "${IPREFIX:+$IPREFIX|}$*"; }
      _files() { print -r -- FILES; }
      t() { words=("$@"); CURRENT=${#words}; PREFIX=${words[CURRENT]}; IPREFIX=; _wayfarer; }
      t wayfarer ''
      t wayfarer search x --sort ''
      t wayfarer bookmarks ''
      t wayfarer bookmarks import ''
      t wayfarer memory-check --json=type,a
      t wayfarer memory-check --json ''
      """
    let lines = try output(of: "zsh", ["-f", "-c", driver]).split(separator: "\n")
    XCTAssertEqual(
      lines,
      [
        "login places search repo ask bookmarks logout config memory-check demo completion manual --help --version",
        "stars forks updated",
        "list export import --json --help", "--help", "FILES",
        "--json=type,|type alive released", "type alive released",
      ])
  }

  func test_fish_completesCommandsOptionsAndValues() throws {
    let script = try script(for: "fish")
    let driver = """
      source '\(script)'
      complete -C 'wayfarer ' | string replace -r '\\t.*' ''
      echo SPLIT
      complete -C 'wayfarer search x --sort ' | string replace -r '\\t.*' ''
      echo SPLIT
      complete -C 'wayfarer bookmarks ' | string replace -r '\\t.*' ''
      echo SPLIT
      complete -C 'wayfarer search x --json=fullName,st' | string replace -r '\\t.*' ''
      """
    let text = try output(of: "fish", ["--no-config", "-c", driver])
    let parts = text.components(separatedBy: "SPLIT\n").map { $0.split(separator: "\n").map(String.init).sorted() }
    XCTAssertEqual(
      parts,
      [
        [
          "ask", "bookmarks", "completion", "config", "demo", "login", "logout", "manual", "memory-check", "places",
          "repo",
          "search",
        ],
        ["forks", "stars", "updated"], ["export", "import", "list"], ["--json=fullName,stars"],
      ], text)
  }
}
