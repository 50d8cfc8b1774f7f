import Explore
import Home
import JSON

/// What `--json` writes for a place or a repository: the record the
/// bookmarks file holds, through the same fields.
struct ShellRecords: RepositoryRecordWriting, PlaceRecordWriting {
  func write(_ repository: SavedRepository, to writer: inout JSONWriter) {
    RepositoryBookmark(repository).write(to: &writer)
  }

  func write(_ place: FavoritePlace, to writer: inout JSONWriter, extra: (inout JSONWriter) -> Void) {
    PlaceBookmark(place).write(to: &writer, extra: extra)
  }
}
