import Foundation

/// Where Wayfarer keeps its files.
///
/// `WAYFARER_HOME` puts everything under one folder (tests and demos);
/// otherwise the XDG base directories, with their usual defaults under `~`.
struct AppPaths: Equatable {
  var config: String
  var data: String
  var state: String
  var cache: String
  /// Named in error messages: the variable or folder the paths came from.
  var origin: String
  /// A recording `demo`'s own folders, guarded here too (``OwnFolders``).
  var inheritedOwnFolders: [String] = []

  enum Failure: Error, Equatable, CustomStringConvertible {
    case noHome

    var description: String {
      "Neither WAYFARER_HOME nor HOME is set, so Wayfarer does not know where to keep its files. Set WAYFARER_HOME to a folder."
    }
  }

  static func resolve(environment: [String: String]) throws -> AppPaths {
    var paths = try resolveOwn(environment: environment)
    paths.inheritedOwnFolders = OwnFolders.inherited(from: environment)
    return paths
  }

  private static func resolveOwn(environment: [String: String]) throws -> AppPaths {
    if let root = nonEmpty(environment["WAYFARER_HOME"]) {
      return AppPaths(
        config: root + "/config", data: root + "/data", state: root + "/state", cache: root + "/cache",
        origin: "WAYFARER_HOME (\(root))")
    }
    guard let home = nonEmpty(environment["HOME"]) else { throw Failure.noHome }
    func base(_ variable: String, _ fallback: String) -> String {
      (nonEmpty(environment[variable]) ?? home + "/" + fallback) + "/wayfarer"
    }
    return AppPaths(
      config: base("XDG_CONFIG_HOME", ".config"),
      data: base("XDG_DATA_HOME", ".local/share"),
      state: base("XDG_STATE_HOME", ".local/state"),
      cache: base("XDG_CACHE_HOME", ".cache"),
      origin: "the XDG folders under \(home)")
  }

  var all: [String] { [config, data, state, cache] }
  var sessionFile: String { state + "/session.json" }
  /// `NAME = value` settings (``ConfigFile``).
  var configFile: String { config + "/config" }
  var historyFolder: String { state + "/history" }
  /// Where each running Wayfarer leaves its marker (``RunMarkers``).
  var runMarkers: String { state + "/running" }
  var database: String { data + "/wayfarer.sqlite" }

  /// The history file for an account, or for the Welcome screens.
  func historyFile(accountID: String?) -> String {
    historyFolder + "/" + (accountID.map { "account-\($0)" } ?? "guest")
  }

  /// An account's history of questions to the assistant (none logged out).
  func questionHistoryFile(accountID: String?) -> String? {
    accountID.map { historyFolder + "/questions-\($0)" }
  }

  private static func nonEmpty(_ value: String?) -> String? {
    guard let value, !value.isEmpty else { return nil }
    return value
  }
}

extension AppPaths.Failure: LocalizedError {
  var errorDescription: String? { description }
}
