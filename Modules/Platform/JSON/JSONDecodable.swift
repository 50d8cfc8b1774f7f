import Foundation

/// A service's response shape, read from a parsed document: only the fields
/// it names become Swift values.
///
/// Nil when the document lacks what the shape
/// cannot do without (a place list's `features`, say).
public protocol JSONDecodable {
  init?(json: JSONNode)
}

extension JSONDecodable {
  /// `data` parsed and read as this shape, or nil when it is not JSON or
  /// not this shape.
  ///
  /// Each service turns nil into its own sentence ("Geoapify
  /// sent a response Wayfarer could not read"), so none repeats the parsing.
  public static func decoded(from data: Data) -> Self? {
    guard let document = try? JSONDocument(data) else { return nil }
    return Self(json: document.root)
  }

  /// `text` (an event's data, say) parsed and read as this shape: its
  /// bytes copied once, where going through `Data` copied them twice.
  public static func decoded(fromText text: String) -> Self? {
    guard let document = try? JSONDocument(bytes: Array(text.utf8)) else { return nil }
    return Self(json: document.root)
  }
}
