import Components
import Foundation
import TextSafety

/// The sentences and rows of a repository's detail.
enum DetailWording {
  static func sentence(for toggle: RepositoryDetailViewModel.BookmarkToggle) -> String {
    switch toggle {
    case .saved(let name): "Saved \(name) to your bookmarks."
    case .removed(let name): "Removed \(name) from your bookmarks."
    case .failed(let reason): "Could not save the bookmark. Please try again. (\(reason))"
    }
  }

  /// Why `action` is not offered on the detail of `name`, a repository
  /// GitHub does not have.
  static func notOnGitHub(_ action: RepositoryDetailScreen.Action, name: String) -> String {
    let nothing =
      switch action {
      case .bookmark: "no repository to bookmark"
      case .readme: "no README to read"
      case .ask: "no repository to ask about"
      case .web: "no repository page to show"
      }
    return "There is \(nothing): \(missing(name))."
  }

  /// A repository GitHub does not have, as the detail says it.
  static func missing(_ name: String) -> String {
    "GitHub has no repository \(TextSanitizer.clean(name)) (or it is private)"
  }

  /// What went wrong, to follow a colon inside a sentence: without its
  /// own closing full stop.
  static func reason(_ failure: ExploreFailure) -> String {
    switch failure {
    case .cancelled: "loading was cancelled"
    case .failed(let reason): reason.hasSuffix(".") ? String(reason.dropLast()) : reason
    }
  }

  /// Every known fact, in the order the detail shows them.
  static func facts(of repository: Repository) -> [KeyValueView.Row] {
    let rows: [KeyValueView.Row?] = [
      KeyValueView.Row("Stars", repository.stars.map(ExploreFormatting.count)),
      KeyValueView.Row("Forks", repository.forks.map(ExploreFormatting.count)),
      KeyValueView.Row("Watchers", repository.watchers.map(ExploreFormatting.count)),
      KeyValueView.Row("Open issues", repository.openIssues.map(ExploreFormatting.count)),
      KeyValueView.Row("Language", repository.language),
      KeyValueView.Row("Licence", repository.licence),
      KeyValueView.Row("Topics", repository.topics.isEmpty ? nil : repository.topics.joined(separator: ", ")),
      KeyValueView.Row("Homepage", repository.homepage),
      KeyValueView.Row("Web", repository.webURL),
      KeyValueView.Row("Default branch", repository.defaultBranch),
      KeyValueView.Row("Created", repository.createdAt.map(ExploreFormatting.day)),
      KeyValueView.Row("Updated", repository.updatedAt.map(ExploreFormatting.day)),
      KeyValueView.Row("Pushed", repository.pushedAt.map(ExploreFormatting.day)),
    ]
    return rows.compactMap { $0 }
  }
}
