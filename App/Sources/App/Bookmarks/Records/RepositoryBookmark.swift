import Bookmarks
import Explore
import Foundation
import ServiceAccess

/// A saved repository: what Explore hands over when `bookmark` saves it,
/// enough to show it offline.
struct RepositoryBookmark: BookmarkRecord {
  static let kind = BookmarkKind(
    name: "repository", heading: "Repositories", noun: "repository", plural: "repositories")
  static let fileMember = "repositories"
  /// 1 was a record without its name; 2 is the shape of the bookmarks
  /// file's repositories.
  static let version = 2

  /// `owner/name`, as GitHub writes it.
  var fullName = ""
  var description: String?
  var stars: Int?
  var forks: Int?
  var language: String?
  /// The SPDX id (`MIT`).
  var licence: String?
  var topics: [String] = []
  /// Left out: GitHub's address for the name.
  var webURL = ""
  var defaultBranch: String?

  static let fields: [RecordField<RepositoryBookmark>] = [
    .requiredText(
      "fullName", { $0.fullName }, { $0.fullName = $1 }, limit: 140,
      check: {
        RepositoryName($0) == nil ? "is not a GitHub name like owner/name" : nil
      }),
    .text("description", { $0.description }, { $0.description = $1 }, limit: 2000),
    .count("stars", { $0.stars }, { $0.stars = $1 }),
    .count("forks", { $0.forks }, { $0.forks = $1 }),
    .text("language", { $0.language }, { $0.language = $1 }, limit: 300),
    .text("licence", { $0.licence }, { $0.licence = $1 }, limit: 300),
    .texts("topics", { $0.topics }, { $0.topics = $1 }, limit: 100, each: 300),
    .requiredText(
      "webURL", { $0.webURL }, { $0.webURL = $1 }, limit: 2000, default: "",
      check: {
        ($0.hasPrefix("https://") || $0.hasPrefix("http://")) && !$0.contains(" ")
          ? nil : "is not a web address (https://…)"
      }),
    .text(
      "defaultBranch", { $0.defaultBranch }, { $0.defaultBranch = $1 }, limit: 255,
      check: {
        $0.contains("..") || $0.contains(" ") || $0.hasPrefix("/") || $0.hasPrefix("-") ? "is not a branch name" : nil
      }),
  ]

  /// GitHub's names compare in any case.
  var key: String { fullName.lowercased() }

  var row: BookmarkRow {
    BookmarkRow(title: fullName, subtitle: description, detail: language)
  }

  mutating func finish(_ reading: RecordReading) throws(RecordProblem) {
    if webURL.isEmpty { webURL = "https://github.com/\(fullName)" }
  }
}

extension RepositoryBookmark {
  /// The record of what Explore saves.
  init(_ repository: SavedRepository) {
    fullName = repository.fullName
    description = repository.description
    stars = repository.stars
    forks = repository.forks
    language = repository.language
    licence = repository.licence
    topics = repository.topics
    webURL = repository.webURL
    defaultBranch = repository.defaultBranch
  }

  /// What Explore shows of it, saved at `savedAt`.
  func savedRepository(savedAt: Date?) -> SavedRepository {
    SavedRepository(
      fullName: fullName, description: description, stars: stars, forks: forks, language: language, licence: licence,
      topics: topics, webURL: webURL, defaultBranch: defaultBranch, savedAt: savedAt)
  }
}
