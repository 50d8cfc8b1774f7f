/// One step of a database's schema: statements run in order, then (when
/// data must be rewritten in a way SQL says badly) a Swift step, all in one
/// transaction with the new `user_version`.
///
/// Statements are kept apart as written rather than split on `;`, so a
/// trigger body or a quoted semicolon is one statement, as SQLite reads it.
/// A step is never edited once shipped; a later step changes what it made.
public struct Migration: Sendable {
  public let statements: [String]
  /// Runs after the statements, inside the same transaction.
  public let rewrite: (@Sendable (SQLiteDatabase.Transaction) throws -> Void)?

  public init(_ statements: String...) {
    self.statements = statements
    rewrite = nil
  }

  public init(statements: [String] = [], rewrite: (@Sendable (SQLiteDatabase.Transaction) throws -> Void)? = nil) {
    self.statements = statements
    self.rewrite = rewrite
  }
}
