/// One step of a database's schema: statements run in order, in one
/// transaction with the new `user_version`.
///
/// Statements are kept apart as written rather than split on `;`, so a
/// trigger body or a quoted semicolon is one statement, as SQLite reads it.
/// A step is never edited once shipped; a later step changes what it made.
public struct Migration: Sendable, Equatable {
  public let statements: [String]

  public init(_ statements: String...) {
    self.statements = statements
  }

  public init(statements: [String]) {
    self.statements = statements
  }
}
