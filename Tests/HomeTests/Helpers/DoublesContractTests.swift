import HomeContracts
import XCTest

@testable import Home

/// The doubles Home's tests stand on keep the same promises as App's real
/// stores (AppTests runs the same contracts against those).
@MainActor
final class DoublesContractTests: XCTestCase {
  func test_locationsSpy_keepsTheCityChoiceContract() async throws {
    try HomeLocationStoringContract.verify("LocationsSpy", make: { LocationsSpy() }, reopen: { $0 })
  }

  func test_favoritesSpy_keepsTheFavoritesContract() async throws {
    try HomeFavoritesStoringContract.verify("FavoritesSpy", make: { FavoritesSpy() }, reopen: { $0 })
  }
}
