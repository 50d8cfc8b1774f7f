import Foundation

/// How Explore writes counts and times: the same in every locale, so piped
/// output is stable.
enum ExploreFormatting {
  /// `1,234,567`.
  static func count(_ number: Int) -> String {
    let digits = String(number.magnitude)
    var grouped = ""
    for (offset, digit) in digits.enumerated() {
      if offset > 0, (digits.count - offset) % 3 == 0 { grouped.append(",") }
      grouped.append(digit)
    }
    return number < 0 ? "-" + grouped : grouped
  }

  /// `1,234 stars`, `1 star`; nil for an unknown count.
  static func count(_ number: Int?, _ noun: String) -> String? {
    guard let number else { return nil }
    return "\(count(number)) \(noun)\(number == 1 ? "" : "s")"
  }

  /// `just now`, `5 minutes ago`, `2 days ago`, `3 months ago`, `4 years ago`;
  /// a time in the future (a clock apart) reads as `just now`.
  static func relative(_ date: Date, now: Date) -> String {
    let seconds = now.timeIntervalSince(date)
    guard seconds.isFinite, seconds >= 60 else { return "just now" }
    let units: [(seconds: Double, name: String)] = [
      (365 * 86_400, "year"), (30 * 86_400, "month"), (86_400, "day"), (3_600, "hour"), (60, "minute"),
    ]
    for unit in units where seconds >= unit.seconds {
      let amount = Int(min((seconds / unit.seconds).rounded(.down), 10_000))
      return "\(amount) \(unit.name)\(amount == 1 ? "" : "s") ago"
    }
    return "just now"
  }

  /// `2013-01-05`, in UTC.
  static func day(_ date: Date) -> String {
    let parts = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC") ?? .current, from: date)
    return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
  }
}
