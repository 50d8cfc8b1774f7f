import Foundation

/// Every sentence the assistant's chat says.
enum AssistantWording {
  static let notConfigured =
    "The assistant needs a model to talk to, and none is configured. Set GEMINI_API_KEY to a Gemini API key, "
    + "or WAYFARER_OPENAI_URL to an OpenAI-compatible server (for Ollama: "
    + "WAYFARER_OPENAI_URL=http://localhost:11434/v1 WAYFARER_OPENAI_MODEL=llama3.2), then start Wayfarer again."

  static func sentence(for error: AssistantError) -> String {
    switch error {
    case .keyRefused(.gemini, let variable):
      "Gemini refused the key in \(variable). Check it (a new one is at aistudio.google.com)."
    case .keyRefused(.openai, let variable):
      "The OpenAI-compatible server refused the key in \(variable). Check it."
    case .keyMissing(_, let variable):
      "The OpenAI-compatible server wants a key: set \(variable) and start Wayfarer again."
    case .quotaUsedUp(let backend, let seconds?):
      "\(subject(backend))'s quota is used up; try again in \(seconds) s."
    case .quotaUsedUp(let backend, nil):
      "\(subject(backend))'s quota is used up; try again later."
    case .unknownModel(let backend, let model, let variable):
      "The model \(model) does not exist on \(backend.displayName); set \(variable) (or type /model NAME) to one that does."
    case .overloaded(let backend):
      "The model on \(backend.displayName) is overloaded; try again in a moment."
    case .promptBlocked(let reason):
      "Gemini blocked the question (\(reason)) and did not answer it."
    case .replyBlocked(let reason):
      "The reply was blocked (\(reason)); what arrived before is kept."
    case .noServer(let url):
      "No server answers at \(url) — is it running?"
    case .serverSaid(let backend, let status, let message):
      "\(subject(backend)) did not accept the request (HTTP \(status)"
        + (message.isEmpty ? ")." : ": \(message.hasSuffix(".") ? String(message.dropLast()) : message)).")
    case .cutOff:
      "The reply was cut off before it ended; what arrived is kept."
    case .unreadable(let backend):
      "\(subject(backend)) sent a reply Wayfarer could not read."
    case .noModel(let url):
      "The server at \(url) lists no models; set WAYFARER_OPENAI_MODEL to one it has."
    case .network(let error):
      error.description
    }
  }

  /// The backend at the start of a sentence.
  private static func subject(_ backend: AssistantBackendKind) -> String {
    switch backend {
    case .gemini: "Gemini"
    case .openai: "The OpenAI-compatible server"
    }
  }
}
