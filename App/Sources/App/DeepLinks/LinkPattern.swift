/// A `wayfarer://` link a tab answers: `TAB/WORD/VALUE` or `TAB/WORD?q=VALUE`
/// (or the tab alone), with how its value is checked.
///
/// `DeepLink` parses
/// every link against these; `help`, `--help` and the README show them.
struct LinkPattern: Sendable {
  /// The tab's name, the link's first part: set by the tab's entry.
  private(set) var tab = ""
  /// The part after it (`place`), or nil for the tab itself.
  let word: String?
  let value: Value
  /// What it shows, as the README's table says it.
  let meaning: String
  /// The web address that names the same thing (`https://github.com/`
  /// followed by the value's path parts), followed as this link is.
  let webAddress: String?

  init(word: String?, value: Value, meaning: String, webAddress: String? = nil) {
    self.word = word
    self.value = value
    self.meaning = meaning
    self.webAddress = webAddress
  }

  /// The pattern as a link of the tab named `tab`.
  func on(tab: String) -> LinkPattern {
    var pattern = self
    pattern.tab = tab
    return pattern
  }

  enum Value: Sendable {
    case none
    /// `parts` path parts after the word, joined by `/` (`OWNER/NAME`);
    /// `refusal` says why a value is refused, or nil when it passes.
    case path(label: String, parts: Int, refusal: @Sendable (String) -> String?)
    /// `?q=` with at most `limit` characters: `what` names it in refusals.
    case query(label: String, what: String, limit: Int)
  }

  /// `home/place/ID`, `home/city?q=NAME`, `bookmarks`.
  var form: String {
    let head = ([tab] + (word.map { [$0] } ?? [])).joined(separator: "/")
    switch value {
    case .none: return head
    case .path(let label, _, _): return head + "/" + label
    case .query(let label, _, _): return head + "?q=" + label
    }
  }

  /// How many path parts follow the tab and the word.
  var pathParts: Int {
    if case .path(_, let parts, _) = value { return parts }
    return 0
  }
}
