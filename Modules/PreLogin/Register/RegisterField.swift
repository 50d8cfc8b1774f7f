/// The registration form's fields, in the order they are asked.
enum RegisterField: CaseIterable {
  case name
  case surname
  case email
  case password
  /// The password typed a second time.
  case confirm
}
