import Storage

/// Wayfarer's database file: accounts, login attempts, per-account settings,
/// bookmarks and assistant conversations.
package enum AppDatabase {
  /// Each step brings the schema one version further; never change what a shipped step does.
  static let migrations = [
    Migration(
      """
      CREATE TABLE accounts (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        surname TEXT NOT NULL,
        email TEXT NOT NULL UNIQUE,
        password_hash TEXT NOT NULL,
        created_at REAL NOT NULL
      )
      """,
      """
      CREATE TABLE login_failures (
        email TEXT PRIMARY KEY,
        count INTEGER NOT NULL,
        last_failure REAL NOT NULL
      )
      """,
      """
      CREATE TABLE settings (
        account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        key TEXT NOT NULL,
        value TEXT NOT NULL,
        PRIMARY KEY (account_id, key)
      )
      """),
    Migration(
      """
      CREATE TABLE bookmarks (
        account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        kind TEXT NOT NULL,
        item_id TEXT NOT NULL,
        title TEXT NOT NULL,
        fields TEXT NOT NULL,
        created_at REAL NOT NULL,
        PRIMARY KEY (account_id, kind, item_id)
      )
      """),
    // Places saved by the first version kept the detail screen's labels;
    // they become typed records.
    Migration(rewrite: LegacyBookmarks.rewriteLabelledPlaces),
    // The assistant's conversations, per account, and their messages.
    Migration(
      """
      CREATE TABLE conversations (
        id INTEGER PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        title TEXT NOT NULL,
        subject TEXT,
        context TEXT,
        system_prompt TEXT,
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL
      )
      """,
      "CREATE INDEX conversations_by_account ON conversations (account_id, updated_at)",
      """
      CREATE TABLE conversation_messages (
        id INTEGER PRIMARY KEY,
        conversation_id INTEGER NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
        role TEXT NOT NULL,
        text TEXT NOT NULL,
        created_at REAL NOT NULL,
        backend TEXT NOT NULL,
        model TEXT NOT NULL,
        partial INTEGER NOT NULL DEFAULT 0
      )
      """,
      "CREATE INDEX conversation_messages_in_order ON conversation_messages (conversation_id, id)"),
    // A question is stored before it is sent, its reply once it is over:
    // the reply names the question it answers, and is listed after it.
    Migration("ALTER TABLE conversation_messages ADD COLUMN answers INTEGER"),
    // Every bookmark becomes its kind's record (the shape of the bookmarks
    // file), and the list reads its title, subtitle and detail from columns.
    Migration(statements: LegacyBookmarks.listColumns, rewrite: LegacyBookmarks.rewriteAsRecords),
    // What each reply took (tokens the server counted, seconds), for the
    // line after it and `/usage`; older replies have none. A reply stopped
    // with Ctrl-C is `partial = 2` (1 stays: cut off or blocked).
    Migration(
      "ALTER TABLE conversation_messages ADD COLUMN prompt_tokens INTEGER",
      "ALTER TABLE conversation_messages ADD COLUMN reply_tokens INTEGER",
      "ALTER TABLE conversation_messages ADD COLUMN seconds REAL"),
    // A bookmark's `fields` as this version's checks passed them, known by
    // their digest (`BookmarkStore.digest`): an export copies them instead
    // of reading them again. Rows from before that read back as they are
    // get theirs now; the others have none and are read.
    Migration(
      statements: ["ALTER TABLE bookmarks ADD COLUMN checked_digest INTEGER"],
      rewrite: BookmarkStore.markCheckedRows),
  ]

  /// The database at `path`; it is opened, and brought up to date, on first use.
  package static func at(_ path: String) -> SQLiteDatabase {
    SQLiteDatabase(path: path, migrations: migrations)
  }
}
