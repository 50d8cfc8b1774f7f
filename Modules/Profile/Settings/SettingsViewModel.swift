import TerminalKit

/// The feature flags, read from and written to the person's settings.
@MainActor
final class SettingsViewModel {
  enum State: Equatable {
    case loaded([FeatureFlagState])
    case failed(String)
  }

  private(set) var state: State = .loaded([])
  private let settings: any ProfileSettingsStoring
  private let lifetime = Lifetime(SettingsViewModel.self)

  init(settings: any ProfileSettingsStoring) {
    self.settings = settings
    reload()
  }

  var flags: [FeatureFlagState] {
    if case .loaded(let flags) = state { return flags }
    return []
  }

  func reload() {
    do {
      state = .loaded(try settings.featureFlags())
    } catch {
      state = .failed("Could not read your settings: \(error).")
    }
  }

  /// Flips the flag given by number (1-based) or key. Returns a sentence
  /// saying what happened.
  func toggle(_ reference: String) -> (succeeded: Bool, message: String) {
    let flags = flags
    let match =
      Int(reference).flatMap { flags.item(numbered: $0) }
      ?? flags.first { $0.key == reference.lowercased() }
    guard let flag = match else {
      let keys = flags.map(\.key).joined(separator: ", ")
      return (
        false,
        "There is no setting '\(TextSanitizer.clean(reference, limit: 40))'. Use a number from 1 to \(flags.count) or one of: \(keys)."
      )
    }
    do {
      try settings.setFeatureFlag(flag.key, isOn: !flag.isOn)
    } catch {
      return (false, "Could not save \(flag.title): \(error). The setting is unchanged.")
    }
    reload()
    return (true, "\(flag.title) is now \(flag.isOn ? "off" : "on").")
  }
}
