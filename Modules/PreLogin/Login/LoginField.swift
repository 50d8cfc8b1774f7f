/// The login form's fields, in the order they are asked.
enum LoginField: CaseIterable {
  case email
  case password
}
