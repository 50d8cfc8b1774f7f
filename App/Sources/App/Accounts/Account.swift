import Foundation
import Profile

/// A registered person.
package struct Account: Equatable, Sendable, ProfileAccountProviding {
  var id: String
  var name: String
  var surname: String
  package var email: String
  package var memberSince: Date

  package var fullName: String { "\(name) \(surname)" }
}

/// Accounts as App needs them besides what PreLogin asks: look one up by id.
package protocol AccountDirectory: Sendable {
  func account(id: String) throws -> Account?
}
