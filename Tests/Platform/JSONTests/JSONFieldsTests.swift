import JSON
import XCTest

/// The fields `--json` writes whole and `--json=FIELDS` picks from.
final class JSONFieldsTests: XCTestCase {
  private struct Repository {
    var name: String
    var stars: Int?
  }

  private let fields = JSONFields<Repository>(
    version: 2, [JSONField("name", text: { $0.name }), JSONField("stars", number: { $0.stars })])

  private func written(_ value: Repository, picked: [String]?) -> String {
    var writer = JSONWriter()
    fields.write(value, picked: picked, to: &writer)
    return String(decoding: writer.bytes, as: UTF8.self)
  }

  func test_whole_isTheVersionThenEveryFieldInOrder_leavingOutNone() {
    XCTAssertEqual(fields.names, ["name", "stars"])
    XCTAssertEqual(written(Repository(name: "a/b", stars: 5), picked: nil), #"{"version":2,"name":"a/b","stars":5}"#)
    XCTAssertEqual(written(Repository(name: "a/b", stars: nil), picked: nil), #"{"version":2,"name":"a/b"}"#)
  }

  func test_picked_isThoseFieldsInTheOrderGiven_withoutTheVersion() {
    let repository = Repository(name: "a/b", stars: 5)
    XCTAssertEqual(written(repository, picked: ["stars", "name"]), #"{"stars":5,"name":"a/b"}"#)
    XCTAssertEqual(written(repository, picked: ["stars"]), #"{"stars":5}"#)
    XCTAssertEqual(written(repository, picked: ["savedAt", "name"]), #"{"name":"a/b"}"#, "one it lacks is passed over")
  }

  func test_ofAndAdding_giveTheSameFieldsOfAWhole_thenMore() {
    struct Found {
      var repository: Repository
      var rank: Int
    }
    let found = fields.of { (found: Found) in found.repository }.adding([JSONField("rank", number: { $0.rank })])
    XCTAssertEqual(found.names, ["name", "stars", "rank"])
    var writer = JSONWriter()
    found.write(Found(repository: Repository(name: "a/b", stars: 1), rank: 3), picked: ["rank", "name"], to: &writer)
    XCTAssertEqual(String(decoding: writer.bytes, as: UTF8.self), #"{"rank":3,"name":"a/b"}"#)
    var whole = JSONWriter()
    found.write(Found(repository: Repository(name: "a/b", stars: 1), rank: 3), picked: nil, to: &whole)
    XCTAssertEqual(String(decoding: whole.bytes, as: UTF8.self), #"{"version":2,"name":"a/b","stars":1,"rank":3}"#)
  }
}
