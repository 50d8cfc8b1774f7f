import Foundation

/// How Home writes distances and categories.
enum Formatting {
  static func distance(_ metres: Double?) -> String {
    guard let metres else { return "" }
    if metres < 1_000 { return "\(Int(metres.rounded())) m" }
    if metres < 10_000 {
      let tenths = Int((metres / 100).rounded())
      return "\(tenths / 10).\(tenths % 10) km"
    }
    return "\(Int((metres / 1_000).rounded())) km"
  }
}
