import Foundation

/// A time as services and Wayfarer's own files write it (RFC 3339, the
/// profile of ISO 8601 the web uses): `2026-11-29T20:41:07Z`, a fraction
/// of a second if any, `Z` or an offset such as `+01:00`.
///
/// Every field is checked against the calendar: Foundation's parser rolls
/// `2026-02-30T25:61:61Z` over into March, which for a time read from
/// outside is a wrong time rather than a refused one.
public enum Timestamp {
  /// `text` as a date, or nil when it is not such a time.
  public static func date(from text: String) -> Date? {
    var bytes = Array(text.utf8)
    guard (20...40).contains(bytes.count) else { return nil }
    bytes = bytes.map { $0 == UInt8(ascii: "t") || $0 == UInt8(ascii: "z") ? $0 - 32 : $0 }
    guard let year = number(bytes, 0, 4), bytes[4] == UInt8(ascii: "-"), let month = number(bytes, 5, 2),
      bytes[7] == UInt8(ascii: "-"), let day = number(bytes, 8, 2), bytes[10] == UInt8(ascii: "T"),
      let hour = number(bytes, 11, 2), bytes[13] == UInt8(ascii: ":"), let minute = number(bytes, 14, 2),
      bytes[16] == UInt8(ascii: ":"), let second = number(bytes, 17, 2),
      (1...12).contains(month), (1...daysIn(month, of: year)).contains(day), hour < 24, minute < 60, second < 60
    else { return nil }
    var index = 19
    var fraction = 0.0
    if bytes[index] == UInt8(ascii: ".") {
      let digits = bytes[(index + 1)...].prefix { (0x30...0x39).contains($0) }
      guard (1...9).contains(digits.count) else { return nil }
      fraction = Double("0." + String(decoding: digits, as: UTF8.self)) ?? 0
      index += 1 + digits.count
    }
    guard let offset = offsetSeconds(bytes, from: index) else { return nil }
    let days = daysSinceEpoch(year: year, month: month, day: day)
    let seconds = Double(days * 86_400 + hour * 3_600 + minute * 60 + second - offset) + fraction
    return Date(timeIntervalSince1970: seconds)
  }

  /// `Z`, or `+HH:MM` / `-HH:MM` ending the text, as seconds east of UTC.
  private static func offsetSeconds(_ bytes: [UInt8], from index: Int) -> Int? {
    if bytes.count == index + 1, bytes[index] == UInt8(ascii: "Z") { return 0 }
    guard bytes.count == index + 6, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-"),
      let hours = number(bytes, index + 1, 2), bytes[index + 3] == UInt8(ascii: ":"),
      let minutes = number(bytes, index + 4, 2), hours < 24, minutes < 60
    else { return nil }
    let seconds = hours * 3_600 + minutes * 60
    return bytes[index] == UInt8(ascii: "-") ? -seconds : seconds
  }

  /// The decimal number in `count` digits at `start`; nil past the end or
  /// for anything but digits.
  private static func number(_ bytes: [UInt8], _ start: Int, _ count: Int) -> Int? {
    guard start + count <= bytes.count else { return nil }
    var value = 0
    for byte in bytes[start..<(start + count)] {
      guard (0x30...0x39).contains(byte) else { return nil }
      value = value * 10 + Int(byte - 0x30)
    }
    return value
  }

  private static func daysIn(_ month: Int, of year: Int) -> Int {
    switch month {
    case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Days from 1970-01-01 to the date (Howard Hinnant's days_from_civil).
  private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
    let shifted = month <= 2 ? year - 1 : year
    let era = (shifted >= 0 ? shifted : shifted - 399) / 400
    let yearOfEra = shifted - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// `date` as Wayfarer writes times, in UTC to the nearest millisecond:
  /// `2026-11-29T20:41:07.250Z`, which ``date(from:)`` reads back.
  ///
  /// With `fraction` false, to the second, with no fraction
  /// (`2026-11-29T20:41:07Z`, as Foundation's `.iso8601` writes and reads).
  /// Years outside 0–9999 (a clock gone wrong) are written as the nearest of
  /// those, so the text always has this shape.
  public static func text(for date: Date, fraction: Bool = true) -> String {
    var text: [UInt8] = []
    text.reserveCapacity(24)
    append(date, fraction: fraction, to: &text)
    return String(decoding: text, as: UTF8.self)
  }

  /// The bytes of ``text(for:fraction:)``, added to `text`: a file that
  /// writes one time per record writes them into itself, with no string
  /// made of each.
  static func append(_ date: Date, fraction: Bool, to text: inout [UInt8]) {
    let limit = 253_402_300_799.999  // 9999-12-31T23:59:59.999Z
    let given = date.timeIntervalSince1970
    let seconds = given.isNaN ? 0 : min(max(given, -62_167_219_200), limit)
    let milliseconds = fraction ? Int((seconds * 1_000).rounded()) : Int(seconds.rounded(.down)) * 1_000
    let (day, millisecondOfDay) = floorDivision(milliseconds, 86_400_000)
    let (year, month, dayOfMonth) = civil(fromDays: day)
    let secondOfDay = millisecondOfDay / 1_000
    // Digits into 24 bytes on the stack, added at once: joining a dozen
    // small strings was 5 % of an export, a list of the parts and a byte
    // added at a time (with its checks) most of what remained.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
      var time = TimeDigits(buffer: buffer)
      time.add(year, width: 4, then: "-")
      time.add(month, width: 2, then: "-")
      time.add(dayOfMonth, width: 2, then: "T")
      time.add(secondOfDay / 3_600, width: 2, then: ":")
      time.add(secondOfDay / 60 % 60, width: 2, then: ":")
      time.add(secondOfDay % 60, width: 2, then: fraction ? "." : "Z")
      if fraction { time.add(millisecondOfDay % 1_000, width: 3, then: "Z") }
      text.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[0..<time.count]))
    }
  }

  /// Quotient and remainder rounding toward minus infinity (times before 1970).
  private static func floorDivision(_ value: Int, _ divisor: Int) -> (Int, Int) {
    let remainder = value % divisor
    return remainder < 0 ? (value / divisor - 1, remainder + divisor) : (value / divisor, remainder)
  }

  /// The date `days` after 1970-01-01 (Howard Hinnant's civil_from_days).
  private static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthShifted = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthShifted + 2) / 5 + 1
    let month = monthShifted < 10 ? monthShifted + 3 : monthShifted - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}

/// A time's digits written into a buffer of 24 bytes: every part has its
/// width (the year is held to 0–9999), so the whole fits.
private struct TimeDigits {
  let buffer: UnsafeMutableBufferPointer<UInt8>
  var count = 0

  /// `number`'s last `width` digits, zeros before it, then `after`.
  mutating func add(_ number: Int, width: Int, then after: Unicode.Scalar) {
    guard count + width < buffer.count else { return }
    var rest = max(number, 0)
    for place in stride(from: count + width - 1, through: count, by: -1) {
      buffer[place] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
      rest /= 10
    }
    buffer[count + width] = UInt8(ascii: after)
    count += width + 1
  }
}
