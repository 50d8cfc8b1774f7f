/// GitHub's rules for names, for App's checks of names from outside
/// Explore (a bookmarks file, a `wayfarer://` link).
public enum GitHubNames {
  /// Whether `text` is an `owner/name` GitHub could have (owners: letters,
  /// digits and single hyphens, up to 39; names: letters, digits, `.`, `-`,
  /// `_`, up to 100, never `.` or `..`).
  public static func isRepositoryName(_ text: String) -> Bool {
    RepositoryName(text) != nil
  }
}
