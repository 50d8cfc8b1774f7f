/// An `owner/name` that is safe to put in a URL path and a file name:
/// GitHub's own rules (owners: letters, digits and single hyphens, up to 39;
/// names: letters, digits, `.`, `-`, `_`, up to 100, never `.` or `..`;
/// no owner that is a page of GitHub's own, ``sitePages``).
///
/// Every name from outside (GitHub, the cache, a bookmark, a typed link)
/// passes here before it is used.
public struct RepositoryName: Hashable, Sendable, CustomStringConvertible {
  public let owner: String
  public let name: String

  public init?(_ text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2 else { return nil }
    let owner = parts[0]
    let name = parts[1]
    guard (1...39).contains(owner.utf8.count), owner.utf8.allSatisfy(Self.isOwnerByte), owner.first != "-",
      !Self.isSitePage(owner),
      (1...100).contains(name.utf8.count), name.utf8.allSatisfy(Self.isNameByte), name != ".", name != ".."
    else { return nil }
    self.owner = String(owner)
    self.name = String(name)
  }

  public var description: String { owner + "/" + name }

  /// First parts of github.com paths that are GitHub's own pages
  /// (`github.com/orgs/NAME`, `github.com/settings/profile`), not accounts.
  ///
  /// GitHub keeps these names from every user and organization, so none is
  /// ever a repository's owner: an address that starts with one is no
  /// repository's, and asking the API for it would only bring a 404. The
  /// pages people copy addresses from, out of the names GitHub reserves
  /// (the github-reserved-names project gathers them); a name GitHub
  /// reserves but some old account still holds is never listed.
  public static let sitePages: Set<String> = [
    "about", "account", "apps", "blog", "collections", "contact", "dashboard", "discussions", "enterprise", "events",
    "explore", "features", "gist", "issues", "join", "login", "logout", "marketplace", "new", "notifications",
    "organizations", "orgs", "pricing", "pulls", "readme", "search", "security", "sessions", "settings", "signup",
    "site", "sponsors", "stars", "topic", "topics", "trending", "users", "watching",
  ]

  /// Whether `owner` is one of ``sitePages``, in any case (GitHub's names
  /// are not case-sensitive).
  public static func isSitePage(_ owner: some StringProtocol) -> Bool {
    sitePages.contains(owner.lowercased())
  }

  private static func isOwnerByte(_ byte: UInt8) -> Bool {
    isAlphanumeric(byte) || byte == UInt8(ascii: "-")
  }

  private static func isNameByte(_ byte: UInt8) -> Bool {
    isAlphanumeric(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
  }

  /// An ASCII letter or digit: the core of every GitHub name (and of the
  /// branch names links may carry).
  public static func isAlphanumeric(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
      || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }
}
