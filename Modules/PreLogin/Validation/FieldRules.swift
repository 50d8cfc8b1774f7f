import Foundation

/// The form rules and their messages, shared by Login and Register.
enum FieldRules {
  static let required = "This field is required"
  static let invalidEmail = "Please enter a valid e-mail address"
  static let shortPassword = "Password must be at least \(minimumPasswordLength) characters"
  static let passwordsDiffer = "Passwords do not match"
  static let minimumPasswordLength = 8

  static func trimmed(_ text: String) -> String {
    text.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  static func requiredError(_ value: String) -> String? {
    value.isEmpty ? required : nil
  }

  static func emailError(_ email: String) -> String? {
    if email.isEmpty { return required }
    return isEmail(email) ? nil : invalidEmail
  }

  static func passwordError(_ password: String) -> String? {
    if password.isEmpty { return required }
    return password.count < minimumPasswordLength ? shortPassword : nil
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
