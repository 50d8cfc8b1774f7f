/// Why a field's answer was refused.
///
/// The form screen words it.
enum FieldProblem: Equatable {
  case required
  /// Controls, DEL or a bidirectional override (see `FieldRules.hasControlCharacters`).
  case controlCharacters
  /// A name or surname longer than `limit` characters.
  case tooLong(limit: Int)
  /// Over `limit` characters in all, or over `localPartLimit` before the @.
  case emailTooLong(limit: Int, localPartLimit: Int)
  case invalidEmail
  case passwordTooShort(minimum: Int)
  case passwordTooLong(limit: Int)
  /// The confirmation is not the password.
  case passwordsDiffer
  /// The e-mail belongs to an account already.
  case alreadyRegistered
}
