import Foundation
import JSON
import Networking
import ServiceAccess

extension GeminiFormat {
  /// `GET BASE/v1beta/models?pageSize=1000`: every model in one page (the
  /// API's largest), the key in `x-goog-api-key`, never in the URL.
  static func modelsRequest(baseURL: URL, key: AssistantKey) -> HTTPRequest? {
    let base =
      baseURL.absoluteString.hasSuffix("/") ? String(baseURL.absoluteString.dropLast()) : baseURL.absoluteString
    guard let url = URL(string: "\(base)/v1beta/models?pageSize=1000") else { return nil }
    return HTTPRequest(url: url, maxResponseBytes: 4 << 20).sending(key, inHeader: "x-goog-api-key")
  }

  /// `{"models":[{"name":"models/gemini-2.5-flash","supportedGenerationMethods":[…]}]}`:
  /// the models that answer `generateContent`, named as requests name them
  /// (without `models/`), in the server's order.
  struct ModelList: JSONDecodable {
    var names: [String]

    init?(json: JSONNode) {
      guard json.kind == .object else { return nil }
      // No models at all is `{}`: an empty list, not an unreadable one.
      let models = json["models"]?.array ?? []
      names = models.compactMap { model -> String? in
        let methods = model["supportedGenerationMethods"]?.array?.compactMap(\.string)
        guard methods?.contains("generateContent") ?? true, let name = model["name"]?.string else { return nil }
        return name.hasPrefix("models/") ? String(name.dropFirst("models/".count)) : name
      }.filter(AssistantModelName.isValid)
    }
  }
}
