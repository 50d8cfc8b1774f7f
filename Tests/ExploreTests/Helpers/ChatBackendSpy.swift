import Foundation

@testable import Explore

/// A model that answers from a script, recording every prompt it was sent.
@MainActor
final class ChatBackendSpy: ChatBackend {
  enum Answer {
    /// These pieces, then the reply ends.
    case pieces([String])
    /// These pieces, then this error.
    case failing([String], AssistantError)
    /// These pieces, then nothing until the task is cancelled.
    case hanging([String])
  }

  enum Call: Equatable {
    case send(ChatPrompt, model: String, streaming: Bool)
    case listModels
  }

  let kind: AssistantBackendKind
  let configuredModel: String?
  var modelVariable: String { kind == .gemini ? "WAYFARER_GEMINI_MODEL" : "WAYFARER_OPENAI_MODEL" }
  var answers: [Answer] = []
  /// What the server lists; with `listingFails`, the list cannot be had.
  var listedModels = ["listed-model", "qwen2.5", "gemini-2.5-flash", "gemini-2.5-pro"]
  var listingFails: AssistantError?
  /// What every whole reply says it used (nil: the server says nothing).
  var usage: ChatUsage?
  private(set) var calls: [Call] = []

  init(_ kind: AssistantBackendKind = .gemini, model: String? = "gemini-2.5-flash") {
    self.kind = kind
    self.configuredModel = model
  }

  var prompts: [ChatPrompt] {
    calls.compactMap { if case .send(let prompt, _, _) = $0 { prompt } else { nil } }
  }

  var serverURL: String { "http://127.0.0.1:9/v1" }

  func listModels() async throws -> [String] {
    calls.append(.listModels)
    if let listingFails { throw listingFails }
    return listedModels
  }

  func send(_ prompt: ChatPrompt, model: String, streaming: Bool, onText: @MainActor (String) -> Void) async throws
    -> ChatReply
  {
    calls.append(.send(prompt, model: model, streaming: streaming))
    let answer = answers.isEmpty ? .pieces(["(no answer scripted)"]) : answers.removeFirst()
    switch answer {
    case .pieces(let pieces):
      for piece in pieces { onText(piece) }
      return ChatReply(text: pieces.joined(), usage: usage)
    case .failing(let pieces, let error):
      for piece in pieces { onText(piece) }
      throw error
    case .hanging(let pieces):
      for piece in pieces { onText(piece) }
      while !Task.isCancelled { await Task.yield() }
      throw CancellationError()
    }
  }
}
