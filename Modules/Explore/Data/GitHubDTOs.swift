// swift-format-ignore-file: AlwaysUseLowerCamelCase

// (the fields are named as the service's JSON names them)
import JSON

/// GitHub's response shapes, as documented (../shared/reference/apis.md):
/// every field that may be missing or null is optional, and a field of an
/// unexpected kind reads as missing.
struct RepositoryDTO {
  var full_name: String?
  var description: String?
  var fork: Bool?
  var archived: Bool?
  var created_at: String?
  var updated_at: String?
  var pushed_at: String?
  var homepage: String?
  var stargazers_count: Double?
  var forks_count: Double?
  var open_issues_count: Double?
  var subscribers_count: Double?
  var language: String?
  var default_branch: String?
  var topics: [String]?
  var license: LicenseDTO?

  struct LicenseDTO {
    var spdx_id: String?
    var name: String?
  }
}

struct SearchResultsDTO {
  var total_count: Double?
  var incomplete_results: Bool?
  var items: [RepositoryDTO]
}

/// `GET /repos/OWNER/NAME/readme`: the file, base64 with embedded newlines.
struct ReadmeDTO {
  var name: String?
  var encoding: String?
  var content: String
  var html_url: String?
}

/// GitHub's error body: `{"message": "...", "errors": [{"message": "..."}]}`,
/// or errors with only `resource`, `field` and `code`.
struct GitHubErrorDTO {
  var message: String?
  /// The first error's message, else its field and code (`q: invalid`).
  var firstError: String?
}

// MARK: Reading from JSON

extension RepositoryDTO: JSONDecodable {
  init?(json: JSONNode) {
    guard json.kind == .object else { return nil }
    full_name = json["full_name"]?.string
    description = json["description"]?.string
    fork = json["fork"]?.bool
    archived = json["archived"]?.bool
    created_at = json["created_at"]?.string
    updated_at = json["updated_at"]?.string
    pushed_at = json["pushed_at"]?.string
    homepage = json["homepage"]?.string
    stargazers_count = json["stargazers_count"]?.double
    forks_count = json["forks_count"]?.double
    open_issues_count = json["open_issues_count"]?.double
    subscribers_count = json["subscribers_count"]?.double
    language = json["language"]?.string
    default_branch = json["default_branch"]?.string
    topics = json["topics"]?.array?.compactMap(\.string)
    license = json["license"].flatMap { license in
      license.kind == .object ? LicenseDTO(spdx_id: license["spdx_id"]?.string, name: license["name"]?.string) : nil
    }
  }
}

extension SearchResultsDTO: JSONDecodable {
  init?(json: JSONNode) {
    guard let items = json["items"]?.array else { return nil }
    total_count = json["total_count"]?.double
    incomplete_results = json["incomplete_results"]?.bool
    // An item that is not an object reads as one without a name: the
    // mapper leaves it out and counts it.
    self.items = items.map { RepositoryDTO(json: $0) ?? RepositoryDTO() }
  }
}

extension ReadmeDTO: JSONDecodable {
  init?(json: JSONNode) {
    guard let content = json["content"]?.string else { return nil }
    self.content = content
    name = json["name"]?.string
    encoding = json["encoding"]?.string
    html_url = json["html_url"]?.string
  }
}

extension GitHubErrorDTO: JSONDecodable {
  init?(json: JSONNode) {
    guard json.kind == .object else { return nil }
    message = json["message"]?.string
    firstError = json["errors"]?.array?.first.flatMap { error in
      if let message = error["message"]?.string { return message }
      guard let code = error["code"]?.string else { return nil }
      return error["field"]?.string.map { "\($0): \(code)" } ?? code
    }
  }
}
