import Secrets

/// One value of a `JSONDocument`, read on demand.
///
/// Every accessor answers
/// `nil` when the value is of another kind, so readers of loosely specified
/// services decide field by field what is required.
public struct JSONNode: Sendable {
  public enum Kind: Sendable, Equatable {
    case null, bool, number, string, array, object
  }

  let document: JSONDocument
  let index: Int

  private var entry: TapeEntry { document.tape[index] }

  public var kind: Kind {
    switch entry.kind {
    case .null: .null
    case .true, .false: .bool
    case .number: .number
    case .string, .escapedString: .string
    case .array: .array
    case .object: .object
    }
  }

  public var isNull: Bool { entry.kind == .null }

  public var bool: Bool? {
    switch entry.kind {
    case .true: true
    case .false: false
    default: nil
    }
  }

  public var string: String? {
    let entry = entry
    guard entry.kind == .string || entry.kind == .escapedString else { return nil }
    return document.bytes.withUnsafeBufferPointer {
      let text = UnsafeBufferPointer(rebasing: $0[Int(entry.start)..<Int(entry.end)])
      // An escaped key (`\u0067hp_…`) is whole only once unescaped.
      return entry.kind == .string
        ? String(decoding: text, as: UTF8.self) : SecretText.hiding(in: JSONText.unescaped(text))
    }
  }

  public var double: Double? {
    let entry = entry
    guard entry.kind == .number else { return nil }
    return document.bytes.withUnsafeBufferPointer {
      JSONText.double(UnsafeBufferPointer(rebasing: $0[Int(entry.start)..<Int(entry.end)]))
    }
  }

  /// The number if it is a whole one that fits (`3`, `3.0`, `3e2`).
  public var int: Int? { double.flatMap { Int(exactly: $0) } }

  /// Where the value is in the document, for saying where a reader found
  /// it wrong: a scalar's first byte (a string's quote); a container's
  /// first member or element, nil when it is empty.
  public var byteOffset: Int? {
    let entry = entry
    switch entry.kind {
    case .string, .escapedString: return Int(entry.start) - 1
    case .array, .object:
      guard index + 1 < Int(entry.end) else { return nil }
      return JSONNode(document: document, index: index + 1).byteOffset
    default: return Int(entry.start)
    }
  }

  /// The 1-based line of `offset` in the document (lines end with `\n`).
  public func line(ofByte offset: Int) -> Int {
    JSONDocument.line(ofByte: offset, in: document.bytes)
  }

  /// The number of elements or members of a container; nil for a scalar.
  public var count: Int? { entry.kind.isContainer ? Int(entry.start) : nil }

  /// The elements of an array, in order.
  public var array: [JSONNode]? {
    guard entry.kind == .array else { return nil }
    var elements: [JSONNode] = []
    elements.reserveCapacity(Int(entry.start))
    var child = index + 1
    let end = Int(entry.end)
    while child < end {
      elements.append(JSONNode(document: document, index: child))
      child = document.end(of: child)
    }
    return elements
  }

  /// The members of an object, in document order (repeated keys included).
  public var members: [(key: String, value: JSONNode)]? {
    guard entry.kind == .object else { return nil }
    var members: [(key: String, value: JSONNode)] = []
    members.reserveCapacity(Int(entry.start))
    var key = index + 1
    let end = Int(entry.end)
    while key < end {
      let value = JSONNode(document: document, index: key + 1)
      members.append((JSONNode(document: document, index: key).string ?? "", value))
      key = document.end(of: key + 1)
    }
    return members
  }

  /// The value of the object's first member named `key`; nil when there is
  /// none or this is not an object.
  ///
  /// Keys are compared byte for byte.
  public subscript(key: String) -> JSONNode? {
    guard entry.kind == .object else { return nil }
    var key = key
    return key.withUTF8 { document.member(of: index, named: $0) }.map { JSONNode(document: document, index: $0) }
  }
}
