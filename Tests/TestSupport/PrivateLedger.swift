import Diagnostics

/// Runs `body` with a ledger of its own as ``LifetimeLedger/current``.
///
/// Every tracked object made in `body`, or in a `Task {}` it starts, is
/// counted in that ledger and nowhere else, and released there whenever it
/// goes: a test asserting on counts never sees another test's objects, even
/// when tests run at the same time in one process.
///
///     try await withPrivateLedger { ledger in
///       ...
///       XCTAssertEqual(ledger.row(for: "HomeRouter")?.alive, 0)
///     }
///
/// - Parameters:
///   - isolation: The actor the test runs on (the caller's).
///   - body: The test, given its ledger to assert on.
/// - Returns: What `body` returns.
public func withPrivateLedger<Result>(
  isolation: isolated (any Actor)? = #isolation,
  _ body: (LifetimeLedger) async throws -> Result
) async rethrows -> Result {
  let ledger = LifetimeLedger()
  return try await LifetimeLedger.$current.withValue(ledger) { try await body(ledger) }
}
