import Foundation

/// A repository as Explore saves it to the person's bookmarks: enough to
/// show it offline.
public struct SavedRepository: Equatable, Sendable {
  /// `owner/name`.
  public var fullName: String
  public var description: String?
  public var stars: Int?
  public var forks: Int?
  public var language: String?
  /// The SPDX id (`MIT`).
  public var licence: String?
  public var topics: [String]
  public var webURL: String
  public var defaultBranch: String?
  /// When it was saved: nil when Explore hands it over; the store records it.
  public var savedAt: Date?

  public init(
    fullName: String, description: String?, stars: Int?, forks: Int?, language: String?, licence: String?,
    topics: [String], webURL: String, defaultBranch: String?, savedAt: Date? = nil
  ) {
    self.fullName = fullName
    self.description = description
    self.stars = stars
    self.forks = forks
    self.language = language
    self.licence = licence
    self.topics = topics
    self.webURL = webURL
    self.defaultBranch = defaultBranch
    self.savedAt = savedAt
  }
}

/// Saved repositories, as Explore sees them: App keeps them with the
/// person's bookmarks.
///
/// Names compare in any case, as GitHub's do.
@MainActor
public protocol ExploreBookmarksStoring: AnyObject {
  func isBookmarked(repository fullName: String) throws -> Bool
  /// Saves `repository` (replacing an earlier save of the same name).
  func saveRepository(_ repository: SavedRepository) throws
  func removeRepository(fullName: String) throws
}

/// The feature flags Explore obeys (set in Profile › Settings).
@MainActor
public protocol ExploreFeatureFlagsProviding: AnyObject {
  /// `bookmark` on a repository's detail: the favorites flag, which also
  /// shows the Bookmarks tab.
  var areBookmarksEnabled: Bool { get }
}
