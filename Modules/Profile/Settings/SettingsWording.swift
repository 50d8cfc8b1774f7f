import TextSafety

// The sentences Settings prints for what its view model reports.

extension SettingsViewModel.ToggleResult {
  /// Said after `toggle`, as a success or an error.
  var sentence: String {
    switch self {
    case .toggled(let title, let isOn):
      "\(title) is now \(isOn ? "on" : "off")."
    case .unknown(let reference, let count, let keys):
      // The reference is what was typed: cleaned and cut before it is echoed.
      "There is no setting '\(TextSanitizer.clean(reference, limit: 40))'. "
        + "Use a number from 1 to \(count) or one of: \(keys.joined(separator: ", "))."
    case .notSaved(let title, let reason):
      "Could not save \(title): \(reason). The setting is unchanged."
    }
  }
}

extension SettingsScreen {
  /// What `toggle` takes, for its usage.
  static func toggleMeaning(_ flags: [FeatureFlagState]?) -> String {
    guard let flags else { return "N is a setting's number, or NAME its name, as Settings lists them" }
    guard !flags.isEmpty else { return "N or NAME is a setting, and none could be read" }
    return "N is a setting's number, 1–\(flags.count), or NAME its name (\(flags.map(\.key).joined(separator: ", ")))"
  }

  /// Shown instead of the list when the flags could not be read.
  static func readFailureSentence(reason: String) -> String {
    "Could not read your settings: \(reason)."
  }
}
