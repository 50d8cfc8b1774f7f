import Explore
import Foundation
import Networking
import ServiceAccess
import TextSafety

/// Everything Wayfarer takes from its environment, read and checked once at
/// launch, in this one place.
///
/// A value that cannot be used is left out with one sentence in
/// ``warnings`` naming the variable and what it expects; the app then
/// starts without it. `--help` lists ``variables``, the same table the
/// parser follows, so the two cannot drift.
struct Configuration: Sendable {
  /// An environment variable Wayfarer reads, as `--help` and the README
  /// list it, with its parser: declared once, in ``variables``.
  struct Variable: Sendable {
    /// Its name, or names in the order they are tried (`GITHUB_TOKEN, GH_TOKEN`).
    let name: String
    let meaning: String
    /// Holds a key or token: hidden from all output, and never passed to a
    /// program Wayfarer starts (the pager, `xdg-open`, the browser).
    var isSecret = false
    /// Checks its value into what is read, and says whether it took it:
    /// asked for each of its names that is set and not empty, in order,
    /// until one is taken; nil for the ones `AppPaths` reads.
    var parse: (@Sendable (_ value: Value, _ reading: inout Reading) -> Bool)?

    /// A value as found: the variable it came from, and its text.
    struct Value {
      let variable: String
      let text: String
    }

    var names: [String] { name.components(separatedBy: ", ") }
  }

  /// Where Geoapify is, and the key it is sent.
  struct GeoapifyAccess: Equatable, Sendable {
    var apiKey: Secret
    var baseURL: URL
  }

  /// A point on the Earth (`WAYFARER_LOCATION`, a saved place).
  struct Location: Equatable, Sendable {
    var latitude: Double
    var longitude: Double

    init(latitude: Double, longitude: Double) {
      self.latitude = latitude
      self.longitude = longitude
    }

    /// Nil unless both numbers are there, finite and in range.
    init?(checkingLatitude latitude: Double?, longitude: Double?) {
      guard let latitude, let longitude, latitude.isFinite, longitude.isFinite, abs(latitude) <= 90,
        abs(longitude) <= 180
      else { return nil }
      self.init(latitude: latitude, longitude: longitude)
    }
  }

  /// How long Wayfarer waits for services.
  struct Timing: Equatable, Sendable {
    /// One request in all, every try and wait included.
    var budgetSeconds = 30
    /// Silence from a server, before it answers or part-way.
    var silenceSeconds = 20
    /// A model thinking before its first words (then the silence limit holds).
    var assistantWaitSeconds = AssistantAccess.defaultWaitSeconds
  }

  /// The variables that hold keys and tokens, one name each.
  static var secretVariableNames: [String] {
    variables.filter(\.isSecret).flatMap { $0.name.components(separatedBy: ", ") }
  }

  /// What the person asked of the terminal.
  struct Terminal: Equatable, Sendable {
    /// NO_COLOR set to anything: no colours.
    var noColor = false
    /// TERM=dumb: no colours, no cursor movement, ASCII only.
    var isDumb = false
    /// COLUMNS, used as the width off a terminal.
    var columns: Int?
  }

  /// The pager long text goes through on a terminal (PAGER, split into the
  /// program and its arguments; default `less -FRX`).
  ///
  /// Read now so every
  /// variable is checked in one place; Explore's README reader will page with it.
  static let defaultPager = ["less", "-FRX"]

  static let defaultGeoapifyURL = URL(string: "https://api.geoapify.com")!
  static let defaultGitHubURL = URL(string: "https://api.github.com")!

  /// Where Explore finds GitHub, and the token from the environment.
  struct GitHub: Equatable, Sendable {
    /// Nil when WAYFARER_GITHUB_URL was refused: Explore then sends nothing.
    var baseURL: URL?
    /// GITHUB_TOKEN, else GH_TOKEN; without either, `gh auth token` is asked
    /// when the first request is made.
    var token: GitHubToken?
  }

  static let defaultGeminiURL = URL(string: "https://generativelanguage.googleapis.com")!
  static let defaultGeminiModel = "gemini-2.5-flash"

  /// Where the assistant's models are; each nil when not configured.
  struct Assistant: Equatable, Sendable {
    var gemini: AssistantAccess.Gemini?
    var openAI: AssistantAccess.OpenAI?
    /// WAYFARER_ASSISTANT_BACKEND=openai: asked first when both are set.
    var prefersOpenAI = false
  }

  /// Geoapify's key and address; nil for the offline catalog.
  var geoapify: GeoapifyAccess?
  var assistant = Assistant()
  var fixedLocation: Location?
  var github = GitHub(baseURL: defaultGitHubURL, token: nil)
  var terminal = Terminal()
  var timing = Timing()
  var pager = defaultPager
  /// What `/edit` opens drafts with.
  var editor = ["vi"]
  /// PATH, where `gh` and `xdg-open` are looked for (absolute folders only).
  var searchPath: String?
  /// HOME, for a `~/` in a file name typed at the prompt (`export ~/b.json`):
  /// an absolute folder without control characters, else nil.
  var homeDirectory: String?
  /// The clock every store and screen asks for the time.
  var clock: @Sendable () -> Date
  /// WAYFARER_FIXED_TIME stopped the clock: spinners do not turn either.
  var isClockFixed = false
  /// One sentence per value left out.
  var warnings: [String]
  /// Every key and token read, to be hidden from all output.
  var secrets: [Secret] = []

  /// Reads ``variables`` from `environment`, each by its own parser (for a
  /// variable of several names, the first set one it takes), then makes the
  /// services of what they held and reads the standard variables.
  ///
  /// `file` holds the config file's values: a variable set in the
  /// environment wins over its line.
  static func read(
    _ environment: [String: String], file: ConfigFile? = nil, clock: @escaping @Sendable () -> Date = { Date() }
  ) -> Configuration {
    var reading = Reading(configuration: Configuration(geoapify: nil, fixedLocation: nil, clock: clock, warnings: []))
    let lines = file?.entries.reduce(into: [String: ConfigFile.Entry]()) { $0[$1.name] = $1 } ?? [:]
    for variable in variables {
      guard let parse = variable.parse else { continue }
      for name in variable.names {
        let value: Value
        if let text = nonEmpty(environment[name]) {
          value = Value(variable: name, text: text)
        } else if let line = lines[name] {
          value = Value(variable: ConfigFile.source(of: name, line: line.line), text: line.value)
        } else {
          continue
        }
        if parse(value, &reading) { break }
      }
    }
    reading.configuration.warnings = (file?.warnings ?? []) + reading.configuration.warnings
    var configuration = assemble(reading)
    configuration.readStandard(environment)
    return configuration
  }

  /// The services, from the keys and URLs read apart.
  ///
  /// A URL that cannot be
  /// used means its key is sent nowhere: falling back to the real service
  /// would send it somewhere the person did not ask for.
  private static func assemble(_ reading: Reading) -> Configuration {
    var reading = reading
    if let key = reading.geoapifyKey {
      switch reading.geoapifyURL {
      case .unset: reading.configuration.geoapify = GeoapifyAccess(apiKey: key, baseURL: defaultGeoapifyURL)
      case .url(let url): reading.configuration.geoapify = GeoapifyAccess(apiKey: key, baseURL: url)
      case .refused(let value):
        reading.warn(urlRefusal(value, then: "\(key.source) is not sent anywhere and Home uses the offline catalog"))
      }
    }
    switch reading.githubURL {
    case .unset: break
    case .url(let url): reading.configuration.github.baseURL = url
    case .refused(let value):
      reading.configuration.github.baseURL = nil
      reading.warn(urlRefusal(value, then: "Explore sends nothing to GitHub until it is fixed"))
    }
    if let key = reading.geminiKey {
      let model = reading.geminiModel ?? defaultGeminiModel
      switch reading.geminiURL {
      case .unset: reading.configuration.assistant.gemini = .init(baseURL: defaultGeminiURL, key: key, model: model)
      case .url(let url): reading.configuration.assistant.gemini = .init(baseURL: url, key: key, model: model)
      case .refused(let value):
        reading.warn(
          urlRefusal(value, then: "\(key.source) is not sent anywhere and the assistant does not use Gemini"))
      }
    }
    switch reading.openAIURL {
    case .unset: break
    case .url(let url):
      reading.configuration.assistant.openAI = .init(baseURL: url, key: reading.openAIKey, model: reading.openAIModel)
    case .refused(let value):
      reading.warn(urlRefusal(value, example: "http://localhost:11434/v1", then: "the assistant does not use it"))
    }
    return reading.configuration
  }

  /// The standard variables: PATH (where `gh` and `xdg-open` are found),
  /// HOME (for `~/`), TERM (`dumb`) and PAGER.
  private mutating func readStandard(_ environment: [String: String]) {
    searchPath = environment["PATH"]
    if let home = Self.nonEmpty(environment["HOME"]), home.hasPrefix("/"), TextSanitizer.clean(home) == home {
      homeDirectory = home
    }
    terminal.isDumb = environment["TERM"] == "dumb"
    readEditor(environment)
    guard let text = Self.nonEmpty(environment["PAGER"]) else { return }
    let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
    if !words.isEmpty,
      !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && $0 != " " && $0 != "\t" })
    {
      pager = words
    } else {
      // Shown cleaned, its escape codes would vanish and the value read as
      // a good one: it is described instead.
      warnings.append(
        "PAGER must be a command such as 'less -FRX', without control characters; it is ignored and less -FRX is used."
      )
    }
  }

  /// The editor `/edit` opens: VISUAL, else EDITOR (as git and crontab
  /// take them), else vi; one with control characters is refused.
  private mutating func readEditor(_ environment: [String: String]) {
    for name in ["VISUAL", "EDITOR"] {
      guard let text = Self.nonEmpty(environment[name]) else { continue }
      let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
      if !words.isEmpty,
        !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && $0 != " " && $0 != "\t" })
      {
        editor = words
        return
      }
      warnings.append(
        "\(name) must be a command such as 'vim' or 'nano -w', without control characters; it is ignored.")
    }
  }

  /// The warning for a service URL that is not one: the variable, what
  /// it held (cleaned, shortened) and what happens instead.
  private static func urlRefusal(_ value: Value, example: String? = nil, then: String) -> String {
    "\(value.variable) must be an http:// or https:// URL\(example.map { " such as \($0)" } ?? ""), not "
      + "'\(TextSanitizer.clean(value.text, limit: 80))'; \(then)."
  }

  /// `text` as a service's base URL: http or https, with a host, and
  /// nothing else (no `file:`, `ftp:`, or text that only looks like one).
  static func serviceURL(_ text: String) -> URL? {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
      let host = url.host, !host.isEmpty
    else { return nil }
    return url
  }

  /// `LAT,LON` in decimal degrees, in range.
  ///
  /// Double() alone would also take
  /// "0x10", "inf" or "nan".
  static func location(_ text: String) -> Location? {
    let decimal = Set("0123456789+-.eE")
    let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { part -> Double? in
      let number = part.trimmingCharacters(in: .whitespaces)
      return number.allSatisfy(decimal.contains) ? Double(number) : nil
    }
    guard parts.count == 2 else { return nil }
    return Location(checkingLatitude: parts[0], longitude: parts[1])
  }

  private static func nonEmpty(_ value: String?) -> String? {
    guard let value, !value.isEmpty else { return nil }
    return value
  }
}
