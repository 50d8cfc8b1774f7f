import Profile

/// Facts about this build of Wayfarer.
enum AppInfo {
  static let version = "0.1.0"
  /// The manual's date: when this version's manual last changed.
  static let manualDate = "2026-12-02"

  /// What Wayfarer is built on and what it shows, with each one's licence.
  static let credits = [
    Credit(name: "Swift, Foundation, XCTest", licence: "Apache 2.0 with Runtime Library Exception"),
    Credit(name: "libedit (line editing)", licence: "BSD 3-Clause"),
    Credit(name: "libsodium (Argon2id passwords)", licence: "ISC"),
    Credit(name: "SQLite (accounts and settings)", licence: "Public domain"),
    Credit(name: "libcurl (HTTP)", licence: "curl licence (MIT-style)"),
    Credit(name: "cmark-gfm (Markdown)", licence: "BSD 2-Clause"),
    Credit(name: "GNU source-highlight (code)", licence: "GPL 3.0 or later"),
    Credit(name: "Repositories: the GitHub REST API", licence: "GitHub's terms of service"),
    Credit(name: "Places: OpenStreetMap via Geoapify", licence: "ODbL; © OpenStreetMap contributors"),
    Credit(name: "World cities: GeoNames", licence: "CC BY 4.0"),
  ]
}
