import Explore
import Foundation
import Storage

/// Where the assistant keeps `/model … --save` and `/backend … --save`:
/// the config file, through the same checks as `wayfarer config set`.
@MainActor
final class ConfigChoices: AssistantChoiceSaving {
  private let path: String

  init(path: String) {
    self.path = path
  }

  /// Why a choice was not saved.
  struct Refusal: Error, CustomStringConvertible {
    let description: String
  }

  func saveModel(_ model: String, forBackend backend: String) throws -> String {
    try save(backend == "openai" ? "WAYFARER_OPENAI_MODEL" : "WAYFARER_GEMINI_MODEL", model)
  }

  func saveBackend(_ backend: String) throws -> String {
    try save("WAYFARER_ASSISTANT_BACKEND", backend)
  }

  private func save(_ name: String, _ value: String) throws -> String {
    if let problem = ConfigFile.problem(name: name, value: value) { throw Refusal(description: problem) }
    let file = ConfigFile.read(at: path)
    // A file that was refused or could not be read is not replaced.
    if let warning = file.warnings.first, file.lines.isEmpty { throw Refusal(description: warning) }
    _ = try Directories.makePrivate((path as NSString).deletingLastPathComponent)
    try file.setting(name, to: value).write(to: path)
    return path
  }
}
