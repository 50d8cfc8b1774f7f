import Explore
import Foundation
import Networking
import TerminalKit

/// Everything Wayfarer takes from its environment, read and checked once at
/// launch, in this one place.
///
/// A value that cannot be used is left out with one sentence in
/// ``warnings`` naming the variable and what it expects; the app then
/// starts without it. `--help` lists ``variables``, the same table the
/// parser follows, so the two cannot drift.
struct Configuration: Sendable {
  /// An environment variable Wayfarer reads, as `--help` and the README list it.
  struct Variable: Equatable, Sendable {
    let name: String
    let meaning: String
    /// Holds a key or token: hidden from all output, and never passed to a
    /// program Wayfarer starts (the pager, `xdg-open`, the browser).
    var isSecret = false
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

  static let variables: [Variable] = [
    Variable(name: "WAYFARER_HOME", meaning: "keep every file under this folder (config, data, state, cache)"),
    Variable(
      name: "XDG_CONFIG_HOME, XDG_DATA_HOME, XDG_STATE_HOME, XDG_CACHE_HOME",
      meaning: "used when WAYFARER_HOME is not set (defaults under ~)"),
    Variable(name: "NO_COLOR", meaning: "turn colours off; TERM=dumb also makes all output plain ASCII"),
    Variable(name: "COLUMNS", meaning: "the width when output is not a terminal (default 80)"),
    Variable(
      name: "GEOAPIFY_API_KEY", meaning: "live places from Geoapify; without it, the offline catalog", isSecret: true),
    Variable(name: "WAYFARER_GEOAPIFY_URL", meaning: "Geoapify's base URL, http(s) (default https://api.geoapify.com)"),
    Variable(name: "WAYFARER_LOCATION", meaning: "LAT,LON in decimal degrees to search around"),
    Variable(
      name: "GITHUB_TOKEN, GH_TOKEN",
      meaning: "a GitHub token for Explore's search (else `gh auth token`, else none: a lower rate limit)",
      isSecret: true),
    Variable(name: "WAYFARER_GITHUB_URL", meaning: "GitHub's API base URL, http(s) (default https://api.github.com)"),
    Variable(
      name: "GEMINI_API_KEY, GOOGLE_API_KEY",
      meaning: "the assistant asks Gemini (the first backend when both are set)",
      isSecret: true),
    Variable(
      name: "WAYFARER_GEMINI_URL",
      meaning: "Gemini's base URL, http(s) (default https://generativelanguage.googleapis.com)"),
    Variable(name: "WAYFARER_GEMINI_MODEL", meaning: "the Gemini model (default gemini-2.5-flash)"),
    Variable(
      name: "WAYFARER_OPENAI_URL",
      meaning: "an OpenAI-compatible server for the assistant, its base incl. /v1 (Ollama: http://localhost:11434/v1)"),
    Variable(name: "OPENAI_API_KEY", meaning: "sent to that server as a Bearer token, if set", isSecret: true),
    Variable(name: "WAYFARER_OPENAI_MODEL", meaning: "its model (default: the first one the server lists)"),
    Variable(
      name: "WAYFARER_HTTP_BUDGET", meaning: "seconds one request may take, every try included (1–600, default 30)"),
    Variable(
      name: "WAYFARER_HTTP_SILENCE",
      meaning: "seconds a server may send nothing before it is given up (1–600, default 20)"
    ),
    Variable(
      name: "WAYFARER_ASSISTANT_WAIT",
      meaning: "seconds a model may think before its first words (1–3600, default 300)"),
  ]

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
  }

  /// Geoapify's key and address; nil for the offline catalog.
  var geoapify: GeoapifyAccess?
  var assistant = Assistant()
  var fixedLocation: Location?
  var github = GitHub(baseURL: defaultGitHubURL, token: nil)
  var terminal = Terminal()
  var timing = Timing()
  var pager = defaultPager
  /// PATH, where `gh` and `xdg-open` are looked for (absolute folders only).
  var searchPath: String?
  /// HOME, for a `~/` in a file name typed at the prompt (`export ~/b.json`):
  /// an absolute folder without control characters, else nil.
  var homeDirectory: String?
  /// The clock every store and screen asks for the time.
  var clock: @Sendable () -> Date
  /// One sentence per value left out.
  var warnings: [String]
  /// Every key and token read, to be hidden from all output.
  var secrets: [Secret] = []

  /// Reads the variables above from `environment`.
  static func read(_ environment: [String: String], clock: @escaping @Sendable () -> Date = { Date() })
    -> Configuration
  {
    var configuration = Configuration(geoapify: nil, fixedLocation: nil, clock: clock, warnings: [])
    if let key = secret(environment, "GEOAPIFY_API_KEY", into: &configuration) {
      var baseURL: URL? = defaultGeoapifyURL
      if let text = nonEmpty(environment["WAYFARER_GEOAPIFY_URL"]) {
        baseURL = serviceURL(text)
        if baseURL == nil {
          // Falling back to the real service would send the key somewhere
          // the person did not ask for: use no service at all.
          configuration.warnings.append(
            urlRefusal(
              "WAYFARER_GEOAPIFY_URL", text,
              then: "GEOAPIFY_API_KEY is not sent anywhere and Home uses the offline catalog"))
        }
      }
      configuration.geoapify = baseURL.map { GeoapifyAccess(apiKey: key, baseURL: $0) }
    }
    if let text = nonEmpty(environment["WAYFARER_GITHUB_URL"]) {
      configuration.github.baseURL = serviceURL(text)
      if configuration.github.baseURL == nil {
        configuration.warnings.append(
          urlRefusal("WAYFARER_GITHUB_URL", text, then: "Explore sends nothing to GitHub until it is fixed"))
      }
    }
    for variable in ["GITHUB_TOKEN", "GH_TOKEN"] where configuration.github.token == nil {
      configuration.github.token = secret(environment, variable, into: &configuration)
    }
    readAssistant(environment, into: &configuration)
    readTiming(environment, into: &configuration)
    configuration.searchPath = environment["PATH"]
    if let home = nonEmpty(environment["HOME"]), home.hasPrefix("/"), TextSanitizer.clean(home) == home {
      configuration.homeDirectory = home
    }
    configuration.terminal.noColor = nonEmpty(environment["NO_COLOR"]) != nil
    configuration.terminal.isDumb = environment["TERM"] == "dumb"
    if let text = nonEmpty(environment["COLUMNS"]) {
      // A width from outside: a whole number a terminal could have.
      if let columns = Int(text), (1...10_000).contains(columns) {
        configuration.terminal.columns = columns
      } else {
        configuration.warnings.append(
          "COLUMNS must be a whole number of columns from 1 to 10000; '\(TextSanitizer.clean(text, limit: 80))' is ignored."
        )
      }
    }
    if let text = nonEmpty(environment["PAGER"]) {
      let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
      if !words.isEmpty,
        !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && $0 != " " && $0 != "\t" })
      {
        configuration.pager = words
      } else {
        // Shown cleaned, its escape codes would vanish and the value read as
        // a good one: it is described instead.
        configuration.warnings.append(
          "PAGER must be a command such as 'less -FRX', without control characters; it is ignored and less -FRX is used."
        )
      }
    }
    if let text = nonEmpty(environment["WAYFARER_LOCATION"]) {
      if let location = location(text) {
        configuration.fixedLocation = location
      } else {
        configuration.warnings.append(
          "WAYFARER_LOCATION must be LAT,LON in degrees (like -23.55,-46.63); '\(TextSanitizer.clean(text, limit: 80))' is ignored."
        )
      }
    }
    return configuration
  }

  /// The warning for a service URL that is not one: the variable, what
  /// it held (cleaned, shortened) and what happens instead.
  private static func urlRefusal(_ variable: String, _ text: String, example: String? = nil, then: String) -> String {
    "\(variable) must be an http:// or https:// URL\(example.map { " such as \($0)" } ?? ""), not "
      + "'\(TextSanitizer.clean(text, limit: 80))'; \(then)."
  }

  /// GEMINI_API_KEY (or GOOGLE_API_KEY) with its URL and model, and
  /// WAYFARER_OPENAI_URL with its key and model.
  ///
  /// A key is never echoed; a URL that cannot be used means its key is
  /// sent nowhere.
  private static func readAssistant(_ environment: [String: String], into configuration: inout Configuration) {
    var geminiKey: AssistantKey?
    for variable in ["GEMINI_API_KEY", "GOOGLE_API_KEY"] where geminiKey == nil {
      geminiKey = secret(environment, variable, into: &configuration)
    }
    let geminiModel = model(environment, "WAYFARER_GEMINI_MODEL", into: &configuration) ?? defaultGeminiModel
    if let key = geminiKey {
      var baseURL: URL? = defaultGeminiURL
      if let text = nonEmpty(environment["WAYFARER_GEMINI_URL"]) {
        baseURL = serviceURL(text)
        if baseURL == nil {
          configuration.warnings.append(
            urlRefusal(
              "WAYFARER_GEMINI_URL", text,
              then: "\(key.source) is not sent anywhere and the assistant does not use Gemini"))
        }
      }
      configuration.assistant.gemini = baseURL.map { .init(baseURL: $0, key: key, model: geminiModel) }
    }
    let openAIModel = model(environment, "WAYFARER_OPENAI_MODEL", into: &configuration)
    let openAIKey = secret(environment, "OPENAI_API_KEY", into: &configuration)
    if let text = nonEmpty(environment["WAYFARER_OPENAI_URL"]) {
      if let url = serviceURL(text) {
        configuration.assistant.openAI = .init(baseURL: url, key: openAIKey, model: openAIModel)
      } else {
        configuration.warnings.append(
          urlRefusal(
            "WAYFARER_OPENAI_URL", text, example: "http://localhost:11434/v1", then: "the assistant does not use it"))
      }
    }
  }

  /// The key or token in `variable`, checked (``Secret/checked(_:source:)``)
  /// and kept in ``secrets``; nil when unset, or refused with a warning
  /// that never echoes it.
  private static func secret(
    _ environment: [String: String], _ variable: String, into configuration: inout Configuration
  ) -> Secret? {
    guard let value = nonEmpty(environment[variable]) else { return nil }
    guard let secret = Secret.checked(value, source: variable) else {
      configuration.warnings.append(
        "\(variable) must be a key or token: \(Secret.lengths.lowerBound) to \(Secret.lengths.upperBound) printable characters without spaces; it is not sent anywhere."
      )
      return nil
    }
    configuration.secrets.append(secret)
    return secret
  }

  /// The three waits, each a whole number of seconds in its range.
  private static func readTiming(_ environment: [String: String], into configuration: inout Configuration) {
    let waits: [(String, ClosedRange<Int>, WritableKeyPath<Timing, Int>)] = [
      ("WAYFARER_HTTP_BUDGET", 1...600, \.budgetSeconds), ("WAYFARER_HTTP_SILENCE", 1...600, \.silenceSeconds),
      ("WAYFARER_ASSISTANT_WAIT", 1...3_600, \.assistantWaitSeconds),
    ]
    for (variable, range, field) in waits {
      guard let text = nonEmpty(environment[variable]) else { continue }
      guard text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let seconds = Int(text), range.contains(seconds)
      else {
        configuration.warnings.append(
          "\(variable) must be a whole number of seconds from \(range.lowerBound) to \(range.upperBound); '\(TextSanitizer.clean(text, limit: 80))' is ignored."
        )
        continue
      }
      configuration.timing[keyPath: field] = seconds
    }
  }

  /// A model name from `variable`, checked as a URL path segment.
  private static func model(
    _ environment: [String: String], _ variable: String, into configuration: inout Configuration
  )
    -> String?
  {
    guard let text = nonEmpty(environment[variable]) else { return nil }
    guard AssistantModelName.isValid(text) else {
      configuration.warnings.append(
        "\(variable) must be a model name (letters, digits and - . _ : /, at most 100); '\(TextSanitizer.clean(text, limit: 80))' is ignored."
      )
      return nil
    }
    return text
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
