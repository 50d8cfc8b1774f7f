// The sentences the Profile screen prints for what its view model reports.

extension ProfileViewModel.LogoutResult {
  /// Said after `logout`, as a success or an error.
  var sentence: String {
    switch self {
    case .loggedOut: "Logged out."
    case .failed(let reason): "Could not log out: \(reason). You are still logged in."
    }
  }
}
