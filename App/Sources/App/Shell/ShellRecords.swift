import Explore
import Home
import JSON

/// What `--json` writes for a place or a repository: the record the
/// bookmarks file holds, through the same fields, which are also what
/// `--json=FIELDS` may name.
enum ShellRecords {
  static var repository: JSONFields<SavedRepository> {
    RepositoryBookmark.jsonFields.of { RepositoryBookmark($0) }
  }

  static var place: JSONFields<FavoritePlace> {
    PlaceBookmark.jsonFields.of { PlaceBookmark($0) }
  }
}
