import Foundation
import TestSupport
import XCTest

/// gh's field selection, `--json=FIELDS` and `--json FIELDS`, run as a
/// script runs it: only the fields named, in their order; an unknown one
/// refused on standard error with exit 1 and the fields there are; a bare
/// `--json` as before, byte for byte (Golden/shell/ holds what it printed).
final class ShellJSONFieldsTests: XCTestCase {
  private var home: TemporaryDirectory!
  private static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Golden/shell")
  private let repositoryFields =
    "fullName, description, stars, forks, language, licence, topics, webURL, defaultBranch"

  override func setUpWithError() throws {
    home = try TemporaryDirectory("wayfarer-json-fields")
  }

  override func tearDown() {
    home.remove()
  }

  private func wayfarer(_ arguments: [String], input: [String] = [], environment: [String: String] = [:]) throws
    -> WayfarerBinary.Run
  {
    try WayfarerBinary.run(script: input, home: home.path, arguments: arguments, environment: environment)
  }

  private func gitHub() throws -> LoopbackHTTPServer {
    try makeLoopbackServer { request in
      switch request.path {
      case "/repos/dtrupenn/Tetris": return .json(GitHubFixtures.tetris)
      case "/search/repositories":
        let page = Int(request.query["page"] ?? "1") ?? 1
        return .json(GitHubFixtures.page(total: 45, count: page == 1 ? 30 : 15, first: (page - 1) * 30 + 1))
      default: return .json(GitHubFixtures.notFound, status: 404)
      }
    }
  }

  private func golden(_ name: String) throws -> String {
    try String(contentsOf: Self.golden.appendingPathComponent(name), encoding: .utf8)
  }

  func test_search_printsOnlyTheFieldsNamed_inTheirOrder_inBothForms() throws {
    let server = try gitHub()
    let environment = ["WAYFARER_GITHUB_URL": server.baseURL]
    let attached = try wayfarer(["search", "repo", "--limit", "2", "--json=stars,fullName"], environment: environment)
    XCTAssertEqual(attached.status, 0, attached.stderr)
    XCTAssertEqual(
      attached.stdout,
      """
      {
        "schema_version": 1,
        "query": "repo",
        "total_count": 45,
        "repositories": [
          {
            "stars": 999,
            "fullName": "owner/repo-1"
          },
          {
            "stars": 998,
            "fullName": "owner/repo-2"
          }
        ]
      }

      """)
    XCTAssertEqual(attached.stderr, "")
    let separate = try wayfarer(
      ["search", "--json", "stars,fullName", "repo", "--limit", "2"], environment: environment)
    XCTAssertEqual(separate.status, 0, separate.stderr)
    XCTAssertEqual(separate.stdout, attached.stdout, "--json FIELDS is --json=FIELDS; the query is still repo")
  }

  func test_repo_printsTheFieldsNamed_ofItsRecord() throws {
    let server = try gitHub()
    let run = try wayfarer(
      ["repo", "dtrupenn/Tetris", "--json", "topics,description"], environment: ["WAYFARER_GITHUB_URL": server.baseURL])
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertEqual(
      run.stdout,
      """
      {
        "schema_version": 1,
        "repository": {
          "topics": [
            "game",
            "c"
          ],
          "description": "A C implementation of Tetris"
        }
      }

      """)
  }

  func test_anUnknownField_isRefusedWithStatus1_aNearMissAndTheFieldsThereAre_beforeAnyRequest() throws {
    let server = try gitHub()
    let environment = ["WAYFARER_GITHUB_URL": server.baseURL]
    let run = try wayfarer(["search", "repo", "--json=stars,fulName"], environment: environment)
    XCTAssertEqual(run.status, 1)
    XCTAssertEqual(run.stdout, "")
    XCTAssertEqual(
      run.stderr,
      "wayfarer: Unknown JSON field 'fulName' for wayfarer search. Did you mean fullName?\n"
        + "Available fields: \(repositoryFields)\n")
    let far = try wayfarer(["repo", "dtrupenn/Tetris", "--json=owner"], environment: environment)
    XCTAssertEqual(far.status, 1)
    XCTAssertEqual(far.stdout, "")
    XCTAssertEqual(
      far.stderr,
      "wayfarer: Unknown JSON field 'owner' for wayfarer repo.\nAvailable fields: \(repositoryFields)\n")
    XCTAssertTrue(server.requests.isEmpty, "refused before GitHub is asked")
  }

  func test_places_takeTheFieldsAsTheNextWord_andRefuseAnUnknownOneThere() throws {
    let run = try wayfarer(["places", "--near", "-23.5505,-46.6333", "--limit", "1", "--json", "distanceMetres,name"])
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertTrue(
      run.stdout.hasSuffix(
        """
          "places": [
            {
              "distanceMetres": 116,
              "name": "Catedral da Sé"
            }
          ]
        }

        """), run.stdout)
    let unknown = try wayfarer(["places", "--json", "nme"])
    XCTAssertEqual(unknown.status, 1)
    XCTAssertEqual(unknown.stdout, "")
    XCTAssertEqual(
      unknown.stderr,
      "wayfarer: Unknown JSON field 'nme' for wayfarer places. Did you mean name?\n"
        + "Available fields: id, name, category, address, city, latitude, longitude, phone, website, openingHours, distanceMetres\n"
    )
  }

  func test_aBareJSON_isAsBefore_byteForByte_evenBeforeAWordThatIsNoField() throws {
    let server = try gitHub()
    let search = try wayfarer(
      ["search", "--json", "repo", "--sort=stars", "--limit", "31"],
      environment: ["WAYFARER_GITHUB_URL": server.baseURL])
    XCTAssertEqual(search.status, 0, search.stderr)
    XCTAssertEqual(search.stdout, try golden("search.json"), "repo is the query, and every field is printed")
    let places = try wayfarer([
      "places", "--near", "-23.5505,-46.6333", "--category", "catering", "--limit", "3", "--json",
    ])
    XCTAssertEqual(places.stdout, try golden("places.json"))
  }

  func test_bookmarksList_picksEachKindsFields_andAskItsAnswers() throws {
    try WayfarerBinary.registerAda(home: home.path)
    let file = """
      {"format": "wayfarer-bookmarks", "version": 1, "places": [{"version": 3, "id": "p1", "name": "Sé",
       "category": "tourism.sights", "savedAt": "2026-11-01T10:00:00.000Z"}],
       "repositories": [{"version": 2, "fullName": "apple/swift", "savedAt": "2026-11-02T10:00:00.000Z"}]}
      """
    XCTAssertEqual(try wayfarer(["bookmarks", "import", "-"], input: [file]).status, 0)
    let list = try wayfarer(["bookmarks", "--json=savedAt,name"])
    XCTAssertEqual(list.status, 0, list.stderr)
    XCTAssertEqual(
      list.stdout,
      """
      {
        "schema_version": 1,
        "places": [
          {
            "savedAt": "2026-11-01T10:00:00.000Z",
            "name": "Sé"
          }
        ],
        "repositories": [
          {
            "savedAt": "2026-11-02T10:00:00.000Z"
          }
        ]
      }

      """)

    let server = try makeLoopbackServer { _ in .json(AssistantFixtures.openAIReply("Whole reply.")) }
    let environment = ["WAYFARER_OPENAI_URL": server.baseURL + "/v1", "WAYFARER_OPENAI_MODEL": "llama3.2"]
    let asked = try wayfarer(["ask", "--json", "reply", "what", "is", "this"], environment: environment)
    XCTAssertEqual(asked.status, 0, asked.stderr)
    XCTAssertEqual(asked.stdout, "{\n  \"schema_version\": 1,\n  \"reply\": \"Whole reply.\"\n}\n")
  }

  func test_help_listsTheFieldsAndTheRule() throws {
    let help = try wayfarer(["help", "search"])
    XCTAssertEqual(help.status, 0, help.stderr)
    XCTAssertTrue(help.stdout.contains("[--json[=FIELDS]]"), help.stdout)
    XCTAssertTrue(
      help.stdout.contains(
        "JSON fields of each repository:\n  fullName, description, stars, forks, language, licence, topics, webURL,\n  defaultBranch\n"
      ), help.stdout)
    XCTAssertTrue(help.stdout.contains("otherwise that word is read\nas QUERY."), help.stdout)
  }
}
