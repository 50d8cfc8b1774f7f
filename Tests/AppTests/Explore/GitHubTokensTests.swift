import Explore
import Foundation
import ServiceAccess
import TestSupport
import XCTest

@testable import App

/// Where Explore's token comes from: the environment first, else the GitHub
/// CLI, asked with a time limit.
final class GitHubTokensTests: XCTestCase {
  /// A folder on a PATH of its own holding a `gh` that runs `script`.
  private func fakeGH(_ script: String) throws -> String {
    let directory = try TemporaryDirectory()
    addTeardownBlock { directory.remove() }
    let path = directory.file("gh")
    try ("#!/bin/sh\n" + script + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: path)
    return directory.path
  }

  func test_aConfiguredToken_isUsed_withoutAskingGh() async throws {
    let folder = try fakeGH("echo gho_from_cli")
    let configured = GitHubToken(value: "ghp_env", source: "GITHUB_TOKEN")
    let token = await GitHubTokens(configured: configured, searchPath: folder).token()
    XCTAssertEqual(token, configured)
  }

  func test_withoutOne_ghAuthTokenIsAsked() async throws {
    let folder = try fakeGH(#"[ "$1 $2" = "auth token" ] && echo gho_from_cli"#)
    let token = await GitHubTokens(configured: nil, searchPath: "/nonexistent:" + folder).token()
    XCTAssertEqual(token, GitHubToken(value: "gho_from_cli", source: "gh auth token"))
  }

  func test_aGhThatFails_printsNonsense_orHangs_givesNoToken() async throws {
    let failing = try fakeGH("echo 'not logged in' >&2; exit 1")
    let nonsense = try fakeGH("printf 'two words\\n'")
    let hanging = try fakeGH("exec sleep 30")
    let failed = await GitHubTokens(configured: nil, searchPath: failing).token()
    let odd = await GitHubTokens(configured: nil, searchPath: nonsense).token()
    let started = ContinuousClock.now
    let hung = await GitHubTokens(configured: nil, searchPath: hanging, timeout: .milliseconds(300)).token()

    XCTAssertNil(failed)
    XCTAssertNil(odd)
    XCTAssertNil(hung)
    XCTAssertLessThan(ContinuousClock.now - started, .seconds(10), "the time limit holds")
    let none = await GitHubTokens(configured: nil, searchPath: "/nonexistent").token()
    XCTAssertNil(none)
  }
}
