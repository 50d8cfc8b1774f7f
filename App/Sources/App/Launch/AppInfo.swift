/// Facts about this build of Wayfarer.
enum AppInfo {
  static let version = "0.1.0"

  /// What Wayfarer is built on and what it shows, with each one's licence.
  static let credits: [(name: String, licence: String)] = [
    ("Swift, Foundation, XCTest", "Apache 2.0 with Runtime Library Exception"),
    ("libedit (line editing)", "BSD 3-Clause"),
    ("libsodium (Argon2id passwords)", "ISC"),
    ("SQLite (accounts and settings)", "Public domain"),
    ("libcurl (HTTP)", "curl licence (MIT-style)"),
    ("Places: OpenStreetMap via Geoapify", "ODbL; © OpenStreetMap contributors"),
    ("World cities: GeoNames", "CC BY 4.0"),
  ]
}
