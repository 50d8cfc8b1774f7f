import Foundation
import Profile

/// A registered person.
struct Account: Equatable, Sendable, ProfileAccountProviding {
  var id: String
  var name: String
  var surname: String
  var email: String
  var memberSince: Date

  var fullName: String { "\(name) \(surname)" }
}

/// Accounts as App needs them besides what PreLogin asks: look one up by id.
protocol AccountDirectory: Sendable {
  func account(id: String) throws -> Account?
}
