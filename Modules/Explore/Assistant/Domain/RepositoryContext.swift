import Foundation

/// What the model is told about a repository the person asks about: its
/// facts and its README, the README cut to a budget with a note saying so.
enum RepositoryContext {
  /// The most README characters sent.
  static let readmeBudget = 24_000

  static func text(of repository: Repository, readme: String?) -> String {
    var lines = ["The person is reading the GitHub repository \(repository.fullName) in Wayfarer."]
    let facts: [(String, String?)] = [
      ("Description", repository.description), ("Language", repository.language),
      ("Licence", repository.licence), ("Stars", repository.stars.map(String.init)),
      ("Topics", repository.topics.isEmpty ? nil : repository.topics.joined(separator: ", ")),
      ("Default branch", repository.defaultBranch), ("Web", repository.webURL),
      ("Archived", repository.isArchived ? "yes" : nil), ("Fork", repository.isFork ? "yes" : nil),
    ]
    for case (let name, let value?) in facts { lines.append("\(name): \(value)") }
    guard let readme, !readme.isEmpty else {
      lines.append("It has no README that Wayfarer could read.")
      return lines.joined(separator: "\n")
    }
    if readme.count > readmeBudget {
      lines.append(
        "Its README follows, cut to its first \(readmeBudget) of \(readme.count) characters (the rest was left out):")
      lines.append(String(readme.prefix(readmeBudget)))
    } else {
      lines.append("Its README follows:")
      lines.append(readme)
    }
    return lines.joined(separator: "\n")
  }
}
