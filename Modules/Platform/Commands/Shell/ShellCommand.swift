/// Where a one-shot command reads and writes: data on standard output,
/// sentences on standard error, as gh keeps them.
@MainActor
public protocol ShellIO: AnyObject {
  /// Whether standard output is a terminal (colour, a pager).
  var outputIsTerminal: Bool { get }
  /// Whether standard input is a terminal (then nothing is read from it).
  var inputIsTerminal: Bool { get }
  /// Writes `text` to standard output as it is.
  func write(_ text: String)
  /// Writes bytes to standard output as they are (JSON, an export).
  func write(bytes: [UInt8])
  /// Sends what was written to standard output now (a streamed reply).
  func flush()
  /// Whether writing to standard output failed (a closed pipe, a full disk).
  var outputFailed: Bool { get }
  /// Writes a sentence and a line break to standard error.
  func say(_ sentence: String)
  /// Standard input's bytes whole, or nil when they are over `limit` or
  /// cannot be read (the sentence said on standard error).
  func readInputBytes(limit: Int) -> [UInt8]?
}

extension ShellIO {
  /// Standard input whole as text, or nil when it is not UTF-8, is over
  /// `limit` bytes or cannot be read (the sentence said on standard error).
  ///
  /// A reader that can say where bytes go wrong (an import's parser) takes
  /// ``readInputBytes(limit:)`` instead.
  public func readInput(limit: Int) -> String? {
    guard let bytes = readInputBytes(limit: limit) else { return nil }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      say("Standard input is not UTF-8 text.")
      return nil
    }
    return text
  }
}

/// A one-shot command: its spec and what running it does.
public struct ShellCommand: Sendable {
  public let spec: ShellCommandSpec
  private let body: @MainActor @Sendable (ShellArguments, any ShellIO) async -> ShellStatus

  /// - Parameters:
  ///   - spec: The declaration the parser, help and completion read.
  ///   - run: Runs it with arguments the spec accepted.
  public init(
    _ spec: ShellCommandSpec, run: @escaping @MainActor @Sendable (ShellArguments, any ShellIO) async -> ShellStatus
  ) {
    self.spec = spec
    body = run
  }

  @MainActor
  public func run(_ arguments: ShellArguments, io: any ShellIO) async -> ShellStatus {
    await body(arguments, io)
  }
}

/// Every one-shot command, and how a command line finds its own.
///
/// Commands with two words (`bookmarks export`) form a group; the group's
/// first command runs when none is named (`wayfarer bookmarks` lists).
public struct ShellCommandTable: Sendable {
  public let commands: [ShellCommand]

  public init(_ commands: [ShellCommand]) {
    self.commands = commands
  }

  public var specs: [ShellCommandSpec] { commands.map(\.spec) }

  /// The first words, in the order declared: `search`, `bookmarks`, ….
  public var topNames: [String] {
    var seen: [String] = []
    for spec in specs where !seen.contains(spec.path[0]) { seen.append(spec.path[0]) }
    return seen
  }

  /// The commands under `group` (`bookmarks`), when it is one.
  public func members(of group: String) -> [ShellCommand] {
    commands.filter { $0.spec.path.count > 1 && $0.spec.path[0] == group }
  }

  /// What `words` (the command line after `wayfarer`) run.
  public enum Lookup {
    /// The command and the words that follow its path.
    case command(ShellCommand, rest: [String])
    /// A group named with a word that is none of its commands.
    case unknownMember(group: String, word: String, members: [String])
    /// No command has this first word.
    case unknown
  }

  /// What `wayfarer GROUP --help` prints: its commands and what they do.
  public func help(of group: String) -> String? {
    let members = members(of: group).map(\.spec)
    guard !members.isEmpty else { return nil }
    let width = (members.map(\.name.count).max() ?? 0) + 4
    let rows = members.map { "  " + $0.name + String(repeating: " ", count: width - $0.name.count) + $0.summary }
    return
      (["Usage: wayfarer \(group) COMMAND [ARGUMENTS] [OPTIONS]", "", "Commands (the first runs when none is named):"]
      + rows + ["", "See wayfarer \(group) COMMAND --help for each."]).joined(separator: "\n")
  }

  public func find(_ words: [String]) -> Lookup {
    guard let first = words.first else { return .unknown }
    if let command = commands.first(where: { $0.spec.path == [first] }) {
      return .command(command, rest: Array(words.dropFirst()))
    }
    let members = members(of: first)
    guard let fallback = members.first else { return .unknown }
    let rest = words.dropFirst()
    if let word = rest.first, let member = members.first(where: { $0.spec.path[1] == word }) {
      return .command(member, rest: Array(rest.dropFirst()))
    }
    if let word = rest.first, !word.hasPrefix("-") {
      return .unknownMember(group: first, word: word, members: members.map { $0.spec.path[1] })
    }
    return .command(fallback, rest: Array(rest))
  }
}
