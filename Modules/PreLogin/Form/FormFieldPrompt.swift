/// How a form screen asks one field, shows it, and lets it be re-entered.
struct FormFieldPrompt: Equatable {
  /// The command that re-enters it alone (`email`).
  var command: String
  /// Its name beside the value once the form was sent (`E-mail`).
  var label: String
  /// The question (`E-mail: `).
  var prompt: String
  /// Read without echo, and shown as stars.
  var isSecret = false
}
