import Foundation

/// The form rules, shared by Login and Register: each check answers the
/// field's problem, or nil when the answer is acceptable.
enum FieldRules {
  static let minimumPasswordLength = 8
  /// RFC 5321's limits: 254 characters in all, 64 before the @.
  static let longestEmail = 254
  static let longestEmailLocalPart = 64
  static let longestName = 100
  /// Long passphrases are welcome; a megabyte pasted by mistake is not.
  static let longestPassword = 1_024

  static func trimmed(_ text: String) -> String {
    text.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// A name or surname: required, printable, at most 100 characters.
  static func nameProblem(_ name: String) -> FieldProblem? {
    if name.isEmpty { return .required }
    if hasControlCharacters(name) { return .controlCharacters }
    return name.count > longestName ? .tooLong(limit: longestName) : nil
  }

  static func emailProblem(_ email: String) -> FieldProblem? {
    if email.isEmpty { return .required }
    if hasControlCharacters(email) { return .controlCharacters }
    let localPart = email.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
    if email.count > longestEmail || localPart.count > longestEmailLocalPart {
      return .emailTooLong(limit: longestEmail, localPartLimit: longestEmailLocalPart)
    }
    return isEmail(email) ? nil : .invalidEmail
  }

  static func passwordProblem(_ password: String) -> FieldProblem? {
    if password.isEmpty { return .required }
    if hasControlCharacters(password) { return .controlCharacters }
    if password.count > longestPassword { return .passwordTooLong(limit: longestPassword) }
    return password.count < minimumPasswordLength ? .passwordTooShort(minimum: minimumPasswordLength) : nil
  }

  /// The password typed again: required, and the same.
  static func confirmationProblem(_ confirmation: String, password: String) -> FieldProblem? {
    if confirmation.isEmpty { return .required }
    return confirmation == password ? nil : .passwordsDiffer
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
