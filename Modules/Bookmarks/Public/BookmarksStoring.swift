import Foundation
import TerminalNavigation

/// A saved place or repository, as the Bookmarks tab lists it: what it needs
/// to draw a row and to find the thing again.
///
/// The rest of what was saved
/// stays with App, which hands it to Home or Explore for the detail.
public struct Bookmark: Equatable, Sendable {
  public var kind: BookmarkKind
  /// The place's id, or the repository's `owner/name` in lower case.
  public var id: String
  /// The place's name, or the repository's `owner/name`.
  public var title: String
  /// A place's city, a repository's description.
  public var subtitle: String?
  /// A place's category, a repository's language.
  public var detail: String?
  public var savedAt: Date

  public init(kind: BookmarkKind, id: String, title: String, subtitle: String?, detail: String?, savedAt: Date) {
    self.kind = kind
    self.id = id
    self.title = title
    self.subtitle = subtitle
    self.detail = detail
    self.savedAt = savedAt
  }
}

/// What a bookmark is of, as App registers its kinds (places, repositories):
/// how the list heads them and how sentences count them.
///
/// One array of its four texts, so that each of 10,000 bookmarks holds a
/// reference to its kind's one buffer (8 bytes, one retain) rather than four
/// strings (64 bytes); equal when its texts are (an array compares its
/// buffer's identity first). Not a class: a class's Hashable needs a
/// hand-written `==`, an operator in Bookmarks' dependency graph on which
/// every file of App using `==` depended, so any edit here rebuilt them.
public struct BookmarkKind: Hashable, Sendable {
  /// name, heading, noun and plural, in that order: always four, as `init` made them.
  private let texts: [String]

  /// The kind's name in the database and in links (`place`).
  public var name: String { texts[0] }
  /// The list's heading over them (`Places`).
  public var heading: String { texts[1] }
  /// One of them, in a sentence (`place`).
  public var noun: String { texts[2] }
  /// Several (`places`).
  public var plural: String { texts[3] }

  public init(name: String, heading: String, noun: String, plural: String) {
    texts = [name, heading, noun, plural]
  }

  /// `1 place`, `2 places`.
  public func count(_ number: Int) -> String {
    "\(number) \(number == 1 ? noun : plural)"
  }
}

/// The person's bookmarks, as the Bookmarks tab sees them: App keeps them in
/// the database with everything Home and Explore saved.
@MainActor
public protocol BookmarksStoring: AnyObject {
  /// Every kind's bookmarks, kind by kind in the order App registers them
  /// (places, then repositories), each newest first.
  func bookmarks() throws -> [Bookmark]
  /// Removes `bookmark` and returns what is needed to bring it back whole.
  func remove(_ bookmark: Bookmark) throws -> RemovedBookmark
  /// Puts a removed bookmark back, with its original time saved.
  func restore(_ removed: RemovedBookmark) throws
  /// An opaque value that differs whenever `bookmarks()` may answer
  /// differently (a save, a removal, another Wayfarer's); asking it reads
  /// no bookmark, so the tab reads them again only when it changed.
  var revision: [Int] { get }
}

/// A removed bookmark as the store hands it back for `undo`: opaque to the
/// Bookmarks tab (the saved fields are App's).
public struct RemovedBookmark: Sendable {
  public let bookmark: Bookmark
  /// The stored record, as App wrote it.
  public let record: String

  public init(bookmark: Bookmark, record: String) {
    self.bookmark = bookmark
    self.record = record
  }
}

/// What the Bookmarks tab asks of the app: a saved item's detail, made by
/// the tab that owns it (Home, Explore), to push on the Bookmarks stack.
@MainActor
public protocol BookmarksFlowDelegate: AnyObject {
  /// The detail of `bookmark`, to be pushed on `stack`; nil when there is
  /// none (the saved data cannot be shown).
  func detailScreen(for bookmark: Bookmark, on stack: NavigationStack) -> Screen?
}
