import Commands
import Diagnostics
import ErrorSentences

/// The feature flags, read from and written to the person's settings.
@MainActor
final class SettingsViewModel {
  enum State: Equatable {
    case loaded([FeatureFlagState])
    /// The flags could not be read; `reason` describes the error.
    case failed(reason: String)
  }

  /// What came of `toggle`.
  enum ToggleResult: Equatable {
    /// Saved: the flag titled `title` is now `isOn`.
    case toggled(title: String, isOn: Bool)
    /// No flag is numbered or keyed `reference` (as typed); there are
    /// `count` flags, keyed `keys`.
    case unknown(reference: String, count: Int, keys: [String])
    /// The store refused the change; `reason` describes the error.
    case notSaved(title: String, reason: String)
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
      state = .failed(reason: ErrorSentence.reason(for: error))
    }
  }

  /// Flips the flag given by number (1-based) or key (any case).
  func toggle(_ reference: String) -> ToggleResult {
    let flags = flags
    let match =
      Int(reference).flatMap { RowNumber.item($0, of: flags) }
      ?? flags.first { $0.key == reference.lowercased() }
    guard let flag = match else {
      return .unknown(reference: reference, count: flags.count, keys: flags.map(\.key))
    }
    do {
      try settings.setFeatureFlag(flag.key, isOn: !flag.isOn)
    } catch {
      return .notSaved(title: flag.title, reason: ErrorSentence.reason(for: error))
    }
    reload()
    return .toggled(title: flag.title, isOn: !flag.isOn)
  }
}
