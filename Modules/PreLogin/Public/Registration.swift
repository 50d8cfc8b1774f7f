/// What a person gives to create an account: trimmed and validated by the
/// registration form.
public struct Registration: Equatable, Sendable {
  public let name: String
  public let surname: String
  /// As typed; the implementation compares e-mails case-insensitively.
  public let email: String
  public let password: String

  public init(name: String, surname: String, email: String, password: String) {
    self.name = name
    self.surname = surname
    self.email = email
    self.password = password
  }
}

extension Registration: CustomStringConvertible {
  /// Everything but the password, so that logging a registration cannot leak it.
  public var description: String {
    "Registration(name: \(name), surname: \(surname), email: \(email), password: hidden)"
  }
}
