import Commands

/// The conversations `/clear` deleted, for `/undo`, the latest first.
///
/// The Explore tab keeps one for every chat it opens, so leaving the chat
/// and coming back loses none while the person is logged in. They are held
/// here whole, not in the database: `/clear` deletes from disk at once, as
/// it says.
@MainActor
final class ClearedConversations {
  /// How many `/undo` can bring back; fewer than Bookmarks' removals, as
  /// a conversation may hold megabytes of replies.
  static let depth = 20
  var stack = UndoStack<StoredConversation>(depth: depth)

  init() {}
}
