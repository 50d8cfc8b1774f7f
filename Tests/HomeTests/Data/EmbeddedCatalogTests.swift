import XCTest

@testable import Home

/// The catalog's two readable files, embedded by #embed, decode whole: a
/// bad regeneration (or an embed cut short) is caught here.
final class EmbeddedCatalogTests: XCTestCase {
  func test_theEmbeddedCatalog_decodesTo65PlacesAnd6204Cities() {
    let catalog = OfflineCatalogRepository.catalog
    XCTAssertEqual(catalog.places.count, 65)
    XCTAssertEqual(Set(catalog.places.map(\.id)).count, 65, "ids are unique")
    XCTAssertEqual(Set(catalog.features.keys), Set(catalog.places.map(\.id)), "every place has its details")
    XCTAssertTrue(catalog.places.contains { $0.name == "Pinacoteca de São Paulo" }, "UTF-8 kept")

    let cities = OfflineCatalogRepository.cityList
    XCTAssertEqual(cities.count, 6204)
    XCTAssertTrue(cities.contains { $0.city.name == "Subotica" && $0.city.country == "Serbia" }, "the last lines too")
  }
}
