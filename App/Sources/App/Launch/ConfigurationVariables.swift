import Explore
import Foundation
import JSON
import Networking
import ServiceAccess
import TextSafety

extension Configuration {
  /// What the variables' parsers found, before the services are made of it:
  /// a key and its URL are read apart and put together in ``assemble(_:)``.
  struct Reading {
    var configuration: Configuration
    var geoapifyKey: Secret?
    var geoapifyURL: URLChoice = .unset
    var githubURL: URLChoice = .unset
    var geminiKey: Secret?
    var geminiURL: URLChoice = .unset
    var geminiModel: String?
    var openAIURL: URLChoice = .unset
    var openAIKey: Secret?
    var openAIModel: String?

    /// A service's URL: not set, usable, or refused (with the variable and
    /// what it held, for the sentence).
    enum URLChoice {
      case unset
      case url(URL)
      case refused(Value)
    }

    mutating func warn(_ sentence: String) {
      configuration.warnings.append(sentence)
    }
  }

  typealias Value = Variable.Value

  /// Every variable Wayfarer reads, in the order `--help` and the README
  /// list them, each with its parser.
  static let variables: [Variable] = [
    Variable(name: "WAYFARER_HOME", meaning: "keep every file under this folder (config, data, state, cache)"),
    Variable(
      name: "XDG_CONFIG_HOME, XDG_DATA_HOME, XDG_STATE_HOME, XDG_CACHE_HOME",
      meaning: "used when WAYFARER_HOME is not set (defaults under ~)"),
    Variable(name: "NO_COLOR", meaning: "turn colours off; TERM=dumb also makes all output plain ASCII") { _, reading in
      reading.configuration.terminal.noColor = true
      return true
    },
    Variable(name: "COLUMNS", meaning: "the width when output is not a terminal (default 80)", parse: parseColumns),
    Variable(
      name: "GEOAPIFY_API_KEY", meaning: "live places from Geoapify; without it, the offline catalog", isSecret: true
    ) { value, reading in
      reading.geoapifyKey = secret(value, into: &reading)
      return reading.geoapifyKey != nil
    },
    Variable(
      name: "WAYFARER_GEOAPIFY_URL", meaning: "Geoapify's base URL, http(s) (default https://api.geoapify.com)"
    ) { value, reading in
      reading.geoapifyURL = urlChoice(value)
      return true
    },
    Variable(
      name: "WAYFARER_LOCATION", meaning: "LAT,LON in decimal degrees to search around", parse: parseLocation),
    Variable(
      name: "GITHUB_TOKEN, GH_TOKEN",
      meaning: "a GitHub token for Explore's search (else `gh auth token`, else none: a lower rate limit)",
      isSecret: true
    ) { value, reading in
      reading.configuration.github.token = secret(value, into: &reading)
      return reading.configuration.github.token != nil
    },
    Variable(
      name: "WAYFARER_GITHUB_URL", meaning: "GitHub's API base URL, http(s) (default https://api.github.com)"
    ) { value, reading in
      reading.githubURL = urlChoice(value)
      return true
    },
    Variable(
      name: "GEMINI_API_KEY, GOOGLE_API_KEY",
      meaning: "the assistant asks Gemini (the first backend when both are set)",
      isSecret: true
    ) { value, reading in
      reading.geminiKey = secret(value, into: &reading)
      return reading.geminiKey != nil
    },
    Variable(
      name: "WAYFARER_GEMINI_URL",
      meaning: "Gemini's base URL, http(s) (default https://generativelanguage.googleapis.com)"
    ) { value, reading in
      reading.geminiURL = urlChoice(value)
      return true
    },
    Variable(name: "WAYFARER_GEMINI_MODEL", meaning: "the Gemini model (default gemini-2.5-flash)") { value, reading in
      reading.geminiModel = model(value, into: &reading)
      return reading.geminiModel != nil
    },
    Variable(
      name: "WAYFARER_OPENAI_URL",
      meaning: "an OpenAI-compatible server for the assistant, its base incl. /v1 (Ollama: http://localhost:11434/v1)"
    ) { value, reading in
      reading.openAIURL = urlChoice(value)
      return true
    },
    Variable(name: "OPENAI_API_KEY", meaning: "sent to that server as a Bearer token, if set", isSecret: true) {
      value, reading in
      reading.openAIKey = secret(value, into: &reading)
      return reading.openAIKey != nil
    },
    Variable(name: "WAYFARER_OPENAI_MODEL", meaning: "its model (default: the first one the server lists)") {
      value, reading in
      reading.openAIModel = model(value, into: &reading)
      return reading.openAIModel != nil
    },
    Variable(
      name: "WAYFARER_ASSISTANT_BACKEND",
      meaning: "gemini or openai: the backend asked first when both are configured (default gemini)"
    ) { value, reading in
      guard ["gemini", "openai"].contains(value.text) else {
        reading.warn(
          "\(value.variable) must be gemini or openai; '\(TextSanitizer.clean(value.text, limit: 40))' is ignored.")
        return false
      }
      reading.configuration.assistant.prefersOpenAI = value.text == "openai"
      return true
    },
    Variable(
      name: "WAYFARER_HTTP_BUDGET", meaning: "seconds one request may take, every try included (1–600, default 30)",
      parse: seconds(1...600) { $0.budgetSeconds = $1 }),
    Variable(
      name: "WAYFARER_HTTP_SILENCE",
      meaning: "seconds a server may send nothing before it is given up (1–600, default 20)",
      parse: seconds(1...600) { $0.silenceSeconds = $1 }),
    Variable(
      name: "WAYFARER_ASSISTANT_WAIT",
      meaning: "seconds a model may think before its first words (1–3600, default 300)",
      parse: seconds(1...3_600) { $0.assistantWaitSeconds = $1 }),
    Variable(
      name: "WAYFARER_FIXED_TIME",
      meaning: "an ISO 8601 time taken as now (2026-01-01T09:00:00Z), so a recorded demo prints the same every run",
      parse: parseFixedTime),
  ]

  // MARK: Parsers

  /// The key or token in `value`, checked (``Secret/checked(_:source:)``)
  /// and kept in ``secrets``; nil, with a warning that never echoes it,
  /// when refused.
  private static func secret(_ value: Value, into reading: inout Reading) -> Secret? {
    guard let secret = Secret.checked(value.text, source: value.variable) else {
      reading.warn(
        "\(value.variable) must be a key or token: \(Secret.lengths.lowerBound) to \(Secret.lengths.upperBound) printable characters without spaces; it is not sent anywhere."
      )
      return nil
    }
    reading.configuration.secrets.append(secret)
    return secret
  }

  private static func urlChoice(_ value: Value) -> Reading.URLChoice {
    serviceURL(value.text).map { .url($0) } ?? .refused(value)
  }

  /// A model name, checked as a URL path segment.
  private static func model(_ value: Value, into reading: inout Reading) -> String? {
    guard AssistantModelName.isValid(value.text) else {
      reading.warn(
        "\(value.variable) must be a model name (letters, digits and - . _ : /, at most 100); '\(TextSanitizer.clean(value.text, limit: 80))' is ignored."
      )
      return nil
    }
    return value.text
  }

  /// A wait: a whole number of seconds in `range`.
  private static func seconds(_ range: ClosedRange<Int>, _ set: @escaping @Sendable (inout Timing, Int) -> Void)
    -> @Sendable (Value, inout Reading) -> Bool
  {
    { value, reading in
      guard value.text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let seconds = Int(value.text),
        range.contains(seconds)
      else {
        reading.warn(
          "\(value.variable) must be a whole number of seconds from \(range.lowerBound) to \(range.upperBound); '\(TextSanitizer.clean(value.text, limit: 80))' is ignored."
        )
        return false
      }
      set(&reading.configuration.timing, seconds)
      return true
    }
  }

  /// A width from outside: a whole number a terminal could have.
  private static func parseColumns(_ value: Value, _ reading: inout Reading) -> Bool {
    guard let columns = Int(value.text), (1...10_000).contains(columns) else {
      reading.warn(
        "\(value.variable) must be a whole number of columns from 1 to 10000; '\(TextSanitizer.clean(value.text, limit: 80))' is ignored."
      )
      return false
    }
    reading.configuration.terminal.columns = columns
    return true
  }

  private static func parseFixedTime(_ value: Value, _ reading: inout Reading) -> Bool {
    guard let date = Timestamp.date(from: value.text) else {
      reading.warn(
        "\(value.variable) must be an ISO 8601 time like 2026-01-01T09:00:00Z; '\(TextSanitizer.clean(value.text, limit: 80))' is ignored and the real time is used."
      )
      return false
    }
    reading.configuration.clock = { date }
    reading.configuration.isClockFixed = true
    return true
  }

  private static func parseLocation(_ value: Value, _ reading: inout Reading) -> Bool {
    guard let location = location(value.text) else {
      reading.warn(
        "\(value.variable) must be LAT,LON in degrees (like -23.55,-46.63); '\(TextSanitizer.clean(value.text, limit: 80))' is ignored."
      )
      return false
    }
    reading.configuration.fixedLocation = location
    return true
  }
}
