import Commands
import Components
import CurlNetworking
import DesignSystem
import ErrorSentences
import FeatureEnvironment
import Foundation
import Networking
import Storage
import TerminalIO
import TerminalNavigation
import TerminalREPL
import TerminalText
import TextSafety
import TextWidth

/// Launches Wayfarer: reads the command line, prepares the files, starts the
/// coordinators and runs the REPL until `quit` or the end of input.
public enum WayfarerApp {
  /// Call first thing in `main`, before any thread starts.
  public static func prepareProcess() {
    // Everything Wayfarer writes is the user's alone: accounts, history,
    // the session. Files it creates are 0600 and folders 0700 from here on.
    umask(0o077)
    TerminalSignals.prepareMainThread()
    HTTPSetup.prepareProcess()
  }

  /// Runs the app and returns the process's exit status.
  @MainActor
  public static func run(arguments: [String], environment: [String: String]) async -> Int32 {
    let launchLink: String?
    // The commands' table is made only when there is a word to look up,
    // and once: the command found runs from it.
    // Every key and token out of all output, once, before the command line
    // is read: a refusal of it echoes what was typed (`--sort "$GITHUB_TOKEN"`
    // printed the token). Without a home folder (HOME unset, as under cron)
    // the environment's are hidden all the same.
    EverySecret.hide(environment: environment, configPath: try? AppPaths.resolve(environment: environment).configFile)
    let launch = ShellLaunch(environment: environment)
    let table = arguments.count > 1 ? ShellCommands.table(launch) : ShellCommandTable([])
    switch CommandLineOptions.parse(arguments, commands: table.topNames) {
    case .command(let words):
      return await ShellCommands.run(words, in: table, launch: launch)
    case .help:
      StandardOutput.write(CommandLineOptions.usage + "\n")
      return finish()
    case .version:
      StandardOutput.write("wayfarer \(AppInfo.version)\n")
      return finish()
    case .invalid(let message):
      printError("\(message) See wayfarer --help.")
      return 2
    case .run:
      launchLink = nil
    case .open(let link):
      // A link no screen answers fails here, as gh's commands fail: status 1
      // and the reason on standard error, not a session that goes on as if
      // it had opened. A link that parses is followed once a screen is up.
      do {
        _ = try DeepLink.parse(link)
      } catch {
        printError(error.sentence)
        return 1
      }
      launchLink = link
    }
    guard let (paths, configuration, files) = prepare(environment: environment) else { return 1 }
    defer { files.markers.end() }
    return await runSession(files: files, paths: paths, configuration: configuration, launchLink: launchLink)
  }

  /// The folders, the configuration (its keys withheld from programs
  /// started; ``run(arguments:environment:)`` hid them from all output) and
  /// the open files; nil, with the sentences on standard error, when the
  /// files cannot be used.
  static func prepare(environment: [String: String]) -> (AppPaths, Configuration, Files)? {
    let paths: AppPaths
    do {
      paths = try AppPaths.resolve(environment: environment)
    } catch {
      printError(ErrorSentence.reason(for: error))
      return nil
    }
    let configuration = Configuration.read(environment, file: ConfigFile.read(at: paths.configFile))
    // TERM=dumb is sent ASCII only: everything is laid out in what is sent.
    DisplayWidth.measuresASCIISpelling = configuration.terminal.isDumb
    // Keys and tokens out of every program started.
    Subprocess.withhold(variables: Configuration.secretVariableNames)
    guard let files = openFiles(paths, configuration: configuration) else { return nil }
    return (paths, configuration, files)
  }

  /// The account database and what was said about Wayfarer's folders.
  struct Files {
    var database: SQLiteDatabase
    var accounts: AccountStore
    var warnings: [String]
    /// This run's marker, removed when it ends cleanly.
    var markers: RunMarkers
  }

  /// Makes Wayfarer's folders private and opens the database; nil (with
  /// the sentences on standard error) when the folders cannot be used.
  private static func openFiles(_ paths: AppPaths, configuration: Configuration) -> Files? {
    var warnings: [String] = []
    let database: SQLiteDatabase
    do {
      // A folder above Wayfarer's that others can change would let them swap
      // its folders for links of their own, even while it runs: refused.
      if let untrusted = Directories.untrustedAncestor(of: paths.all) { throw untrusted }
      for folder in paths.all + [paths.historyFolder, paths.runMarkers] {
        warnings += try Directories.makePrivate(folder).map(sentence(for:))
      }
      database = AppDatabase.at(paths.database)
    } catch {
      for warning in warnings { printError(warning) }
      printError(
        "Wayfarer cannot keep its files in \(paths.origin): \(ErrorSentence.reason(for: error)). Choose a folder you can write to."
      )
      return nil
    }
    // Opened now, so a file that is no database is named before anyone types
    // the five answers of a registration only to be told it cannot be saved;
    // read through for damage inside only after a run that did not end well.
    let markers = RunMarkers(folder: paths.runMarkers)
    do {
      try database.open(checking: markers.begin())
    } catch {
      let file = TextSanitizer.clean(paths.database)
      warnings.append(
        "The database \(file) cannot be used (\(ErrorSentence.reason(for: error))). Move it aside (mv \(file) \(file).damaged) and start Wayfarer again; until then nobody can log in or register."
      )
    }
    return Files(
      database: database, accounts: AccountStore(database: database, now: configuration.clock), warnings: warnings,
      markers: markers)
  }

  /// What a folder's repair is told as.
  private static func sentence(for change: PrivacyChange) -> String {
    switch change {
    case .tightened(let path, let oldMode):
      "\(TextSanitizer.clean(path)) could be \(oldMode & 0o022 != 0 ? "read or changed" : "read") by other users (mode \(String(oldMode, radix: 8))); it is now private."
    case .removed(let path, .link(let owner)):
      "\(TextSanitizer.clean(path)) was a link made by another user (uid \(owner)), which could only send Wayfarer's writes elsewhere; it was removed."
    case .removed(let path, .file(let owner)):
      "\(TextSanitizer.clean(path)) belonged to another user (uid \(owner)), so Wayfarer did not trust it; it was removed."
    case .removed(let path, .hardLink):
      "\(TextSanitizer.clean(path)) was also a file elsewhere (a hard link), so Wayfarer did not use it; it was removed."
    }
  }

  /// The services every flow uses, over one HTTP client for every live
  /// service (one connection cache, one place where HTTP is set up).
  @MainActor
  static func makeServices(
    files: Files, session: FileSessionStore, paths: AppPaths, configuration: Configuration
  ) -> AppServices {
    let http = CurlHTTPClient(
      configuration: .init(
        userAgent: "wayfarer/\(AppInfo.version)", lowSpeedSeconds: configuration.timing.silenceSeconds,
        budgetSeconds: configuration.timing.budgetSeconds))
    return AppServices(
      session: session, accounts: files.accounts, database: files.database,
      environment: Environment(now: configuration.clock, client: http, cacheDirectory: paths.cache),
      home: HomeAccess(configuration: configuration),
      explore: ExploreAccess(configuration: configuration, browser: Browser(searchPath: configuration.searchPath)),
      homeDirectory: configuration.homeDirectory, configFile: paths.configFile, ownFolders: paths.ownFolders)
  }

  /// Greets, starts the coordinators and runs the REPL until `quit`, the
  /// end of input or a signal.
  @MainActor
  private static func runSession(files: Files, paths: AppPaths, configuration: Configuration, launchLink: String?)
    async -> Int32
  {
    Spinner.isStill = configuration.isClockFixed
    let console = StandardConsole(
      capabilities: TerminalCapabilities.detect(
        noColor: configuration.terminal.noColor, isDumb: configuration.terminal.isDumb),
      fallbackColumns: configuration.terminal.columns)
    console.pager = configuration.pager
    console.editor = configuration.editor
    let session = FileSessionStore(path: paths.sessionFile, now: configuration.clock)
    let services = makeServices(files: files, session: session, paths: paths, configuration: configuration)
    var banner = StyledLine("Wayfarer \(AppInfo.version)", style: Palette.title).appending(
      StyledSpan(" · type help to see what you can do here", style: Palette.muted))
    // A sentence: broken at a narrow window's width (COLUMNS=40), not left 54 wide.
    banner.isSentence = true
    console.write(banner)
    for warning in files.warnings + [session.warning].compactMap({ $0 }) + configuration.warnings {
      console.write(Message.warning(warning, in: console.context))
    }
    let window = Window()
    let coordinator = AppCoordinator(window: window, services: services)
    coordinator.onSessionChange = { account in
      console.useHistory(at: paths.historyFile(accountID: account), for: .commands)
      console.useHistory(at: paths.questionHistoryFile(accountID: account), for: .questions)
    }
    coordinator.onWarning = { console.write(Message.warning($0, in: console.context)) }
    coordinator.start()
    let repl = REPL(window: window, console: console, chrome: NavigationChrome())
    coordinator.serve(repl)
    // SIGTERM or SIGHUP (the window closed) mid-reply: the reply stops as
    // Ctrl-C stops it, and what arrived is kept before Wayfarer ends.
    TerminalSignals.deliverTermination { [weak repl] signal in
      guard repl?.stopForTermination(signal: signal) == true else {
        StandardOutput.flush()
        files.markers.end()
        TerminalSignals.exitNow(signal: signal)
      }
    }
    await repl.run(firstLink: launchLink)
    StandardOutput.flush()
    TerminalSignals.restoreTerminal()
    if let signal = repl.endingSignal { return 128 + signal }
    return finish()
  }

  /// 0, or 1 when output could not be written: with a sentence on
  /// standard error (`wayfarer --help >/dev/full`), or quietly when the
  /// reader closed the pipe (`wayfarer | head -1`).
  static func finish() -> Int32 {
    guard StandardOutput.failure != nil else { return 0 }
    if let problem = StandardOutput.failureDescription { printError(problem) }
    return 1
  }

  static func printError(_ message: String) {
    StandardError.say(message)
  }
}
