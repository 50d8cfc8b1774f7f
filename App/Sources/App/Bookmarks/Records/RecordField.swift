import Foundation
import JSON
import TextSafety

/// One member of a record: its key, how it is read and how it is written.
///
/// Declared once per field, in the record's type; reading applies its checks.
struct RecordField<Record>: Sendable {
  let key: String
  /// Reads the member's value (nil when absent) into the record.
  let read: @Sendable (inout Record, JSONNode?) throws(RecordProblem) -> Void
  /// Writes the member, or leaves it out when the record has no value.
  let write: @Sendable (Record, inout JSONWriter) -> Void
}

extension RecordField {
  /// Text that must be there, checked.
  ///
  /// Cleaned of escape and control sequences, trimmed, not empty, at most
  /// `limit` characters, and passing `check` (which says what it is not, or
  /// nil). With a `default`, it may be left out (absent, null or empty), and
  /// is then that.
  static func requiredText(
    _ key: String, _ path: any WritableKeyPath<Record, String> & Sendable, limit: Int, default: String? = nil,
    check: @escaping @Sendable (String) -> String? = { _ in nil }
  ) -> RecordField {
    RecordField(
      key: key,
      read: { record, node throws(RecordProblem) in
        guard let text = try Self.text(node, key: key, limit: limit) else {
          guard let `default` else {
            throw node == nil || node?.isNull == true ? .missing(key) : RecordProblem(key: key, reason: "is empty")
          }
          record[keyPath: path] = `default`
          return
        }
        if let problem = check(text) { throw RecordProblem(key: key, reason: problem) }
        record[keyPath: path] = text
      },
      write: { record, writer in writer.member(key, record[keyPath: path]) })
  }

  /// Text that may be left out (absent, null or empty: nil), checked as
  /// ``requiredText(_:_:limit:check:)`` is when there.
  static func text(
    _ key: String, _ path: any WritableKeyPath<Record, String?> & Sendable, limit: Int,
    check: @escaping @Sendable (String) -> String? = { _ in nil }
  ) -> RecordField {
    RecordField(
      key: key,
      read: { record, node throws(RecordProblem) in
        let text = try Self.text(node, key: key, limit: limit)
        if let text, let problem = check(text) { throw RecordProblem(key: key, reason: problem) }
        record[keyPath: path] = text
      },
      write: { record, writer in writer.member(key, record[keyPath: path]) })
  }

  /// A list of at most `limit` texts of at most `each` characters, cleaned;
  /// empty ones are dropped.
  static func texts(_ key: String, _ path: any WritableKeyPath<Record, [String]> & Sendable, limit: Int, each: Int)
    -> RecordField
  {
    RecordField(
      key: key,
      read: { record, node throws(RecordProblem) in
        guard let node, !node.isNull else {
          record[keyPath: path] = []
          return
        }
        guard let elements = node.array, elements.count <= limit else {
          throw RecordProblem(key: key, reason: "is not a list of at most \(limit) words")
        }
        var texts: [String] = []
        for element in elements {
          guard let raw = element.string else {
            throw RecordProblem(key: key, reason: "holds something other than text")
          }
          let text = TextSanitizer.clean(raw).trimmingCharacters(in: .whitespaces)
          guard text.count <= each else {
            throw RecordProblem(key: key, reason: "holds one longer than \(each) characters")
          }
          if !text.isEmpty { texts.append(text) }
        }
        record[keyPath: path] = texts
      },
      write: { record, writer in writer.member(key, record[keyPath: path]) })
  }

  /// A number from `-limit` to `limit` (90 for a latitude, 180 for a longitude).
  static func coordinate(_ key: String, _ path: any WritableKeyPath<Record, Double?> & Sendable, limit: Int)
    -> RecordField
  {
    RecordField(
      key: key,
      read: { record, node throws(RecordProblem) in
        guard let node, !node.isNull else {
          record[keyPath: path] = nil
          return
        }
        guard let number = node.double, number.isFinite, abs(number) <= Double(limit) else {
          throw RecordProblem(key: key, reason: "is not a number from -\(limit) to \(limit)")
        }
        record[keyPath: path] = number
      },
      write: { record, writer in writer.member(key, record[keyPath: path]) })
  }

  /// A count (stars, forks): a whole number from 0 to ten billion.
  static func count(_ key: String, _ path: any WritableKeyPath<Record, Int?> & Sendable) -> RecordField {
    RecordField(
      key: key,
      read: { record, node throws(RecordProblem) in
        guard let node, !node.isNull else {
          record[keyPath: path] = nil
          return
        }
        guard let count = node.int, (0...10_000_000_000).contains(count) else {
          throw RecordProblem(key: key, reason: "is not a whole number from 0")
        }
        record[keyPath: path] = count
      },
      write: { record, writer in writer.member(key, record[keyPath: path]) })
  }

  /// The text of `node` cleaned, trimmed and bounded; nil when absent, null or empty.
  private static func text(_ node: JSONNode?, key: String, limit: Int) throws(RecordProblem) -> String? {
    guard let node, !node.isNull else { return nil }
    guard let raw = node.string else { throw RecordProblem(key: key, reason: "is not text") }
    let text = TextSanitizer.clean(raw).trimmingCharacters(in: .whitespaces)
    guard text.count <= limit else { throw RecordProblem(key: key, reason: "is longer than \(limit) characters") }
    return text.isEmpty ? nil : text
  }
}
