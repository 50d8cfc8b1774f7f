import Foundation

/// The form rules and their messages, shared by Login and Register.
enum FieldRules {
  static let required = "This field is required"
  static let invalidEmail = "Please enter a valid e-mail address"
  static let shortPassword = "Password must be at least \(minimumPasswordLength) characters"
  static let passwordsDiffer = "Passwords do not match"
  static let minimumPasswordLength = 8
  static let controlCharacters = "Must not contain control characters (such as Esc or NUL)"
  /// RFC 5321's limits: 254 characters in all, 64 before the @.
  static let longestEmail = 254
  static let longestEmailLocalPart = 64
  static let longEmail = "E-mail must be at most \(longestEmail) characters, \(longestEmailLocalPart) before the @"
  static let longestName = 100
  static let longName = "Must be at most \(longestName) characters"
  /// Long passphrases are welcome; a megabyte pasted by mistake is not.
  static let longestPassword = 1_024
  static let longPassword = "Password must be at most \(longestPassword) characters"

  static func trimmed(_ text: String) -> String {
    text.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  static func requiredError(_ value: String) -> String? {
    value.isEmpty ? required : nil
  }

  /// A name or surname: required, printable, at most 100 characters.
  static func nameError(_ name: String) -> String? {
    if name.isEmpty { return required }
    if hasControlCharacters(name) { return controlCharacters }
    return name.count > longestName ? longName : nil
  }

  static func emailError(_ email: String) -> String? {
    if email.isEmpty { return required }
    if hasControlCharacters(email) { return controlCharacters }
    let localPart = email.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
    if email.count > longestEmail || localPart.count > longestEmailLocalPart { return longEmail }
    return isEmail(email) ? nil : invalidEmail
  }

  static func passwordError(_ password: String) -> String? {
    if password.isEmpty { return required }
    if hasControlCharacters(password) { return controlCharacters }
    if password.count > longestPassword { return longPassword }
    return password.count < minimumPasswordLength ? shortPassword : nil
  }

  /// C0 and C1 controls, DEL, and the bidirectional overrides that reorder
  /// what is shown: none belongs in a name, an e-mail or a password, and NUL
  /// would cut what C code stores. (Joiners stay: names in some scripts
  /// need them.)
  static func hasControlCharacters(_ text: String) -> Bool {
    text.unicodeScalars.contains { scalar in
      scalar.properties.generalCategory == .control || (0x202A...0x202E).contains(scalar.value)
        || (0x2066...0x2069).contains(scalar.value)
    }
  }

  /// `local@domain.tld`: one @, something before it, a dot inside the
  /// domain, no spaces.
  static func isEmail(_ text: String) -> Bool {
    let parts = text.split(separator: "@", omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[0].isEmpty, !text.contains(where: \.isWhitespace) else { return false }
    let domain = parts[1]
    guard let dot = domain.lastIndex(of: "."), dot != domain.startIndex else { return false }
    return domain.index(after: dot) != domain.endIndex && !domain.hasPrefix(".") && !domain.contains("..")
  }
}
