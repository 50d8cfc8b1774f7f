import Foundation
import Locking
import TerminalText

@testable import PreLogin

@MainActor
final class RouterSpy: PreLoginRouting {
  enum Message: Equatable {
    case showLogin, showRegister, closeForm, finish
  }

  private(set) var messages: [Message] = []

  func showLogin() { messages.append(.showLogin) }
  func showRegister() { messages.append(.showRegister) }
  func closeForm() { messages.append(.closeForm) }
  func finish() { messages.append(.finish) }
}

@MainActor
final class SessionSpy: PreLoginSessionStoring {
  private(set) var markedAccounts: [String] = []
  var failure: (any Error)?

  func markLoggedIn(accountID: String) throws {
    if let failure { throw failure }
    markedAccounts.append(accountID)
  }
}

/// A store's failure, with a sentence as SQLite's errors have.
struct StubError: Error, CustomStringConvertible, LocalizedError {
  var description: String { "the disk is full" }
  var errorDescription: String? { description }
}

/// Accounts that answer as told and record what they were asked.
final class AccountsStub: PreLoginAuthenticating, Sendable {
  enum Call: Equatable {
    case authenticate(email: String, password: String)
    case register(Registration)
  }

  private struct State {
    var calls: [Call] = []
    var authentication = AuthenticationResult.authenticated(accountID: "1", email: "ada@example.com")
    var registration = RegistrationResult.registered(accountID: "1")
    var fails = false
  }

  private let state = Locked(State())

  var calls: [Call] { state.withLock { $0.calls } }

  func answer(_ authentication: AuthenticationResult) { state.withLock { $0.authentication = authentication } }
  func answer(_ registration: RegistrationResult) { state.withLock { $0.registration = registration } }
  func failEverything() { state.withLock { $0.fails = true } }

  func authenticate(email: String, password: String) async throws -> AuthenticationResult {
    try respond(to: .authenticate(email: email, password: password)) { $0.authentication }
  }

  func register(_ registration: Registration) async throws -> RegistrationResult {
    try respond(to: .register(registration)) { $0.registration }
  }

  private func respond<Answer>(to call: Call, with answer: (State) -> Answer) throws -> Answer {
    try state.withLock { state in
      state.calls.append(call)
      if state.fails { throw StubError() }
      return answer(state)
    }
  }
}

@MainActor
final class InMemoryAttempts: PreLoginAttemptsStoring {
  private(set) var records: [String: FailedAttempts] = [:]

  /// Keyed by the e-mail in lower case, as App's store compares them.
  func reserveAttempt(for email: String, at date: Date, decide: (FailedAttempts) -> AttemptDecision) throws
    -> AttemptDecision
  {
    let key = email.lowercased()
    if let record = records[key], case .wait(let remaining) = decide(record) {
      return .wait(remaining)
    }
    records[key] = FailedAttempts(count: (records[key]?.count ?? 0) + 1, last: date)
    return .proceed
  }

  func failedAttempts(for email: String) throws -> FailedAttempts? {
    records[email.lowercased()]
  }

  func clearFailedAttempts(for email: String) throws {
    records[email.lowercased()] = nil
  }
}

/// A clock tests move by hand.
final class TestClock: Sendable {
  private let current = Locked(Date(timeIntervalSince1970: 1_800_000_000))

  var now: Date { current.withLock { $0 } }

  func advance(by seconds: TimeInterval) {
    current.withLock { $0 = $0.addingTimeInterval(seconds) }
  }
}

/// Accounts kept in memory, honouring the same contract as App's store
/// (StoreContracts): e-mails compare in any case, passwords must match.
final class InMemoryAccounts: PreLoginAuthenticating, Sendable {
  private struct Account {
    var id: String
    var password: String
  }

  private let accounts = Locked<[String: Account]>([:])

  func authenticate(email: String, password: String) async throws -> AuthenticationResult {
    guard let account = accounts.withLock({ $0[email.lowercased()] }), account.password == password else {
      return .rejected
    }
    return .authenticated(accountID: account.id, email: email.lowercased())
  }

  func register(_ registration: Registration) async throws -> RegistrationResult {
    accounts.withLock { accounts in
      let key = registration.email.lowercased()
      guard accounts[key] == nil else { return .emailTaken }
      let id = String(accounts.count + 1)
      accounts[key] = Account(id: id, password: registration.password)
      return .registered(accountID: id)
    }
  }
}
