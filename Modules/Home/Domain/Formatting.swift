import Foundation

/// How Home writes distances and categories.
enum Formatting {
  /// `350 m`, `1.2 km`, `48 km`; empty for no distance or one that is
  /// not a distance at all (negative, infinite, beyond the far side of the
  /// Earth), so a bad number can never stop the drawing.
  static func distance(_ metres: Double?) -> String {
    guard let metres, metres.isFinite, metres >= 0, metres <= Coordinate.longestDistance else { return "" }
    if metres < 1_000 { return "\(Int(metres.rounded())) m" }
    if metres < 10_000 {
      let tenths = Int((metres / 100).rounded())
      return "\(tenths / 10).\(tenths % 10) km"
    }
    return "\(Int((metres / 1_000).rounded())) km"
  }
}
