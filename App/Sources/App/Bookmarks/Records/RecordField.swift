import Foundation
import JSON
import TextSafety

/// How a record is read: the same checks, two answers to a value that fails.
enum RecordReading: Sendable {
  /// An import: a value that breaks a rule refuses the record, with a
  /// sentence that says which and why (the file is someone else's to fix).
  case strict
  /// What Wayfarer itself saved or is saving (a database row, a feature's
  /// save, an older version's row): text is cleaned and cut to its bound,
  /// an optional value that breaks its rule is left out. Only a required
  /// field that cannot be had refuses it. Nothing saved is lost to a bound
  /// or a rule a later version tightened.
  case fitting
}

/// One member of a record: its key, how it is read and how it is written.
///
/// Declared once per field, in the record's type; reading applies its checks.
/// Each reaches its property through a getter and a setter, not a key path:
/// key paths through `any WritableKeyPath` were a sixth of an export's
/// reading and writing (generic metadata and projection on every use).
struct RecordField<Record>: Sendable {
  let key: String
  /// Reads the member's value (nil when absent) into the record.
  let read: @Sendable (inout Record, JSONNode?, RecordReading) throws(RecordProblem) -> Void
  /// Writes the member, or leaves it out when the record has no value.
  let write: @Sendable (Record, inout JSONWriter) -> Void

  /// The field as a member of `--json`'s records.
  var json: JSONField<Record> { JSONField(key, write: write) }
}

extension RecordField {
  /// Text that must be there, checked.
  ///
  /// Cleaned of escape and control sequences, trimmed, not empty, at most
  /// `limit` characters, and passing `check` (which says what it is not, or
  /// nil). With a `default`, it may be left out (absent, null or empty),
  /// and is then that. Fitting, one that fails `check` is mended by `mend`
  /// if that makes it pass, else it is the default.
  static func requiredText(
    _ key: String, _ get: @escaping @Sendable (Record) -> String,
    _ set: @escaping @Sendable (inout Record, String) -> Void,
    limit: Int, default: String? = nil,
    mend: @escaping @Sendable (String) -> String = { $0 }, check: @escaping @Sendable (String) -> String? = { _ in nil }
  ) -> RecordField {
    RecordField(
      key: key,
      read: { record, node, reading throws(RecordProblem) in
        let text = try Self.text(node, key: key, limit: limit, reading: reading)
        if let text, let problem = check(text) {
          guard reading == .fitting else { throw RecordProblem(key: key, reason: problem) }
          if check(mend(text)) == nil {
            set(&record, mend(text))
            return
          }
          guard let `default` else { throw RecordProblem(key: key, reason: problem) }
          set(&record, `default`)
          return
        }
        guard let text = text ?? `default` else {
          throw node == nil || node?.isNull == true ? .missing(key) : RecordProblem(key: key, reason: "is empty")
        }
        set(&record, text)
      },
      write: { record, writer in writer.member(key, get(record)) })
  }

  /// Text that may be left out (absent, null or empty: nil), checked as
  /// ``requiredText(_:_:limit:default:mend:check:)`` is when there; fitting, one
  /// that fails `check` is left out.
  static func text(
    _ key: String, _ get: @escaping @Sendable (Record) -> String?,
    _ set: @escaping @Sendable (inout Record, String?) -> Void, limit: Int,
    check: @escaping @Sendable (String) -> String? = { _ in nil }
  ) -> RecordField {
    RecordField(
      key: key,
      read: { record, node, reading throws(RecordProblem) in
        let text = try Self.text(node, key: key, limit: limit, reading: reading)
        if let text, let problem = check(text) {
          guard reading == .fitting else { throw RecordProblem(key: key, reason: problem) }
          set(&record, nil)
          return
        }
        set(&record, text)
      },
      write: { record, writer in writer.member(key, get(record)) })
  }

  /// A list of at most `limit` texts of at most `each` characters, cleaned;
  /// empty ones are dropped (fitting: the rest cut to the bounds).
  static func texts(
    _ key: String, _ get: @escaping @Sendable (Record) -> [String],
    _ set: @escaping @Sendable (inout Record, [String]) -> Void, limit: Int, each: Int
  ) -> RecordField {
    RecordField(
      key: key,
      read: { record, node, reading throws(RecordProblem) in
        guard let node, !node.isNull else {
          set(&record, [])
          return
        }
        guard var elements = node.array, elements.count <= limit || reading == .fitting else {
          throw RecordProblem(key: key, reason: "is not a list of at most \(limit) words")
        }
        elements = Array(elements.prefix(limit))
        var texts: [String] = []
        for element in elements {
          guard let raw = element.string else {
            guard reading == .fitting else { throw RecordProblem(key: key, reason: "holds something other than text") }
            continue
          }
          var text = trimmed(TextSanitizer.clean(raw))
          if text.utf8.count > each, text.count > each {
            guard reading == .fitting else {
              throw RecordProblem(key: key, reason: "holds one longer than \(each) characters")
            }
            text = String(text.prefix(each))
          }
          if !text.isEmpty { texts.append(text) }
        }
        set(&record, texts)
      },
      write: { record, writer in writer.member(key, get(record)) })
  }

  /// A number from `-limit` to `limit` (90 for a latitude, 180 for a
  /// longitude); fitting, one out of range is left out.
  static func coordinate(
    _ key: String, _ get: @escaping @Sendable (Record) -> Double?,
    _ set: @escaping @Sendable (inout Record, Double?) -> Void, limit: Int
  ) -> RecordField {
    RecordField(
      key: key,
      read: { record, node, reading throws(RecordProblem) in
        guard let node, !node.isNull else {
          set(&record, nil)
          return
        }
        guard let number = node.double, number.isFinite, abs(number) <= Double(limit) else {
          guard reading == .fitting else {
            throw RecordProblem(key: key, reason: "is not a number from -\(limit) to \(limit)")
          }
          set(&record, nil)
          return
        }
        set(&record, number)
      },
      write: { record, writer in writer.member(key, get(record)) })
  }

  /// A count (stars, forks): a whole number from 0 to ten billion; fitting,
  /// anything else is left out.
  static func count(
    _ key: String, _ get: @escaping @Sendable (Record) -> Int?, _ set: @escaping @Sendable (inout Record, Int?) -> Void
  ) -> RecordField {
    RecordField(
      key: key,
      read: { record, node, reading throws(RecordProblem) in
        guard let node, !node.isNull else {
          set(&record, nil)
          return
        }
        guard let count = node.int, (0...10_000_000_000).contains(count) else {
          guard reading == .fitting else { throw RecordProblem(key: key, reason: "is not a whole number from 0") }
          set(&record, nil)
          return
        }
        set(&record, count)
      },
      write: { record, writer in writer.member(key, get(record)) })
  }

  /// The text of `node` cleaned, trimmed and bounded (fitting: cut to the
  /// bound); nil when absent, null or empty.
  private static func text(_ node: JSONNode?, key: String, limit: Int, reading: RecordReading) throws(RecordProblem)
    -> String?
  {
    guard let node, !node.isNull else { return nil }
    guard let raw = node.string else {
      guard reading == .fitting, let number = node.double else { throw RecordProblem(key: key, reason: "is not text") }
      return number.description
    }
    // Trimmed without Foundation (its bridging was a quarter of an export),
    // and counted in characters only when the bytes could be too many.
    var text = trimmed(TextSanitizer.clean(raw))
    if text.utf8.count > limit, text.count > limit {
      guard reading == .fitting else { throw RecordProblem(key: key, reason: "is longer than \(limit) characters") }
      text = Trimming.whitespace(String(text.prefix(limit)))
    }
    return text.isEmpty ? nil : text
  }

  /// `text` without whitespace at either end.
  ///
  /// Text that begins and ends with a visible ASCII character (nearly all)
  /// is given back as it is: Trimming walks and copies the scalars, a tenth
  /// of reading a record.
  private static func trimmed(_ text: String) -> String {
    let utf8 = text.utf8
    guard let first = utf8.first, let last = utf8.last, (0x21..<0x7F).contains(first), (0x21..<0x7F).contains(last)
    else { return Trimming.whitespace(text) }
    return text
  }
}
