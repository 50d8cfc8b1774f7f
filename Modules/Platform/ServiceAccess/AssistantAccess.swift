import Foundation
import Networking

// What the assistant needs from App: where Gemini and an OpenAI-compatible
// server are, their keys and models (the environment's client reaches them).

/// How the assistant reaches its models; a backend left nil is not
/// configured.
///
/// With neither, the chat says how to configure one and sends
/// nothing.
public struct AssistantAccess: Sendable {
  /// Gemini's base URL (`WAYFARER_GEMINI_URL`), key and model.
  public struct Gemini: Sendable, Equatable {
    public let baseURL: URL
    public let key: AssistantKey
    public let model: String

    public init(baseURL: URL, key: AssistantKey, model: String) {
      self.baseURL = baseURL
      self.key = key
      self.model = model
    }
  }

  /// An OpenAI-compatible server's base URL as OpenAI clients take it
  /// (`http://localhost:11434/v1`), its optional key, and a model (nil: the
  /// first one the server lists).
  public struct OpenAI: Sendable, Equatable {
    public let baseURL: URL
    public let key: AssistantKey?
    public let model: String?

    public init(baseURL: URL, key: AssistantKey?, model: String?) {
      self.baseURL = baseURL
      self.key = key
      self.model = model
    }
  }

  public let gemini: Gemini?
  public let openAI: OpenAI?
  /// How long a model may think before its first words, and a reply take
  /// in all (`WAYFARER_ASSISTANT_WAIT`); once words come, the client's
  /// usual limit on silence holds.
  public let waitSeconds: Int

  /// The OpenAI-compatible server is asked first when both are configured
  /// (`WAYFARER_ASSISTANT_BACKEND=openai`); Gemini otherwise.
  public let prefersOpenAI: Bool

  public static let defaultWaitSeconds = 300

  public init(gemini: Gemini?, openAI: OpenAI?, waitSeconds: Int = defaultWaitSeconds, prefersOpenAI: Bool = false) {
    self.gemini = gemini
    self.openAI = openAI
    self.waitSeconds = waitSeconds
    self.prefersOpenAI = prefersOpenAI
  }
}

/// An assistant's API key; `source` is `GEMINI_API_KEY`, `GOOGLE_API_KEY`
/// or `OPENAI_API_KEY`.
public typealias AssistantKey = Secret

/// A model's name as it may go into a URL path or a request body: letters,
/// digits and `-._:/`, at most 100 characters, no `..`.
public enum AssistantModelName {
  public static func isValid(_ name: String) -> Bool {
    !name.isEmpty && name.count <= 100 && !name.hasPrefix("/") && !name.contains("..")
      && name.unicodeScalars.allSatisfy { scalar in
        scalar.isASCII
          && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-._:/".unicodeScalars.contains(scalar))
      }
  }
}
