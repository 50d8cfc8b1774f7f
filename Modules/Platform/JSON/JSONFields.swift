/// One member of the records a `--json` document holds: its name and how
/// it is written from a `Value`.
public struct JSONField<Value>: Sendable {
  /// The member's key, and what `--json=FIELDS` names it by.
  public let name: String
  private let body: @Sendable (Value, inout JSONWriter) -> Void

  /// - Parameters:
  ///   - name: The member's key.
  ///   - write: Writes the member, key and value, or nothing when the
  ///     value has none (JSONWriter's `member` leaves out a nil).
  public init(_ name: String, write: @escaping @Sendable (Value, inout JSONWriter) -> Void) {
    self.name = name
    body = write
  }

  public func write(_ value: Value, to writer: inout JSONWriter) {
    body(value, &writer)
  }

  /// The same member, of the `Value` that `part` finds in a `Whole`.
  public func of<Whole>(_ part: @escaping @Sendable (Whole) -> Value) -> JSONField<Whole> {
    let body = body
    return JSONField<Whole>(name) { whole, writer in body(part(whole), &writer) }
  }
}

extension JSONField {
  /// A member whose value is text, left out when nil.
  public init(_ name: String, text: @escaping @Sendable (Value) -> String?) {
    self.init(name) { value, writer in writer.member(name, text(value)) }
  }

  /// A member whose value is a whole number, left out when nil.
  public init(_ name: String, number: @escaping @Sendable (Value) -> Int?) {
    self.init(name) { value, writer in writer.member(name, number(value)) }
  }
}

/// The members of the records a `--json` document holds, declared once:
/// a bare `--json` writes them all in this order, `--json=FIELDS` picks
/// some by name, and help, errors, completion and the manual list
/// ``names``.
public struct JSONFields<Value>: Sendable {
  /// Written first in a whole record (the bookmarks file's record
  /// version); a record of picked fields has only those.
  public let version: Int?
  public let fields: [JSONField<Value>]

  public init(version: Int? = nil, _ fields: [JSONField<Value>]) {
    self.version = version
    self.fields = fields
  }

  public var names: [String] { fields.map(\.name) }

  /// These fields, then `more`.
  public func adding(_ more: [JSONField<Value>]) -> JSONFields {
    JSONFields(version: version, fields + more)
  }

  /// The same fields, of the `Value` that `part` finds in a `Whole`.
  public func of<Whole>(_ part: @escaping @Sendable (Whole) -> Value) -> JSONFields<Whole> {
    JSONFields<Whole>(version: version, fields.map { $0.of(part) })
  }

  /// `value` as an object: see ``writeMembers(of:picked:to:)``.
  public func write(_ value: Value, picked: [String]?, to writer: inout JSONWriter) {
    writer.object { object in writeMembers(of: value, picked: picked, to: &object) }
  }

  /// `value`'s members, into the object being written: with `picked` nil
  /// the whole record (its version, then every field), else the fields
  /// `picked` names, in its order; a name none of these fields has is
  /// passed over (a kind of bookmark without it).
  public func writeMembers(of value: Value, picked: [String]?, to object: inout JSONWriter) {
    guard let picked else {
      object.members(of: value, version: version, fields)
      return
    }
    for name in picked {
      fields.first { $0.name == name }?.write(value, to: &object)
    }
  }
}

extension JSONWriter {
  /// A whole record's members: `version` first when there is one, then
  /// each field in order.
  ///
  /// The bookmarks file's records are written here too, so an export and
  /// a bare `--json` give one shape.
  public mutating func members<Value, Fields: Sequence<JSONField<Value>>>(
    of value: Value, version: Int?, _ fields: Fields
  ) {
    member("version", version)
    for field in fields { field.write(value, to: &self) }
  }
}
