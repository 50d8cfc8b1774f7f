// swift-format-ignore-file: AlwaysUseLowerCamelCase

// (the fields are named as the service's JSON names them)
import TestSupport
import XCTest

@testable import Home

@MainActor
final class PlaceDetailViewModelTests: XCTestCase {
  func makeSUT(file: StaticString = #filePath, line: UInt = #line) -> (
    PlaceDetailViewModel, RepositorySpy, FavoritesSpy, FlagsStub
  ) {
    let repository = RepositorySpy()
    let favorites = FavoritesSpy()
    let flags = FlagsStub()
    let viewModel = PlaceDetailViewModel(
      place: .sample("p1", name: "Guido al Duomo"), repository: repository, favorites: favorites, flags: flags)
    for object in [viewModel, favorites, flags] as [AnyObject] { trackForMemoryLeaks(object, file: file, line: line) }
    return (viewModel, repository, favorites, flags)
  }

  func test_details_loadOnce() async {
    let (viewModel, repository, _, _) = makeSUT()
    repository.detailsResult = .success(PlaceDetails(wheelchair: "yes", timezone: "Europe/Berlin"))

    await viewModel.loadDetails()
    await viewModel.loadDetails()

    XCTAssertEqual(viewModel.details, .loaded(PlaceDetails(wheelchair: "yes", timezone: "Europe/Berlin")))
    XCTAssertEqual(repository.calls, [.details("p1")])
  }

  /// `web` takes a website a browser can open: `https://` before a bare
  /// `www.…`; none for a value that is not one word.
  func test_website_isAnAddressABrowserTakes() {
    for (given, expected) in [
      ("https://example.org", "https://example.org"), ("www.example.org", "https://www.example.org"),
      ("  ", nil), ("call us", nil), ("http://a.b/\u{1B}[2J", nil),
    ] as [(String, String?)] {
      var place = Place.sample("p1", name: "Guido al Duomo")
      place.website = given
      let viewModel = PlaceDetailViewModel(
        place: place, repository: RepositorySpy(), favorites: FavoritesSpy(), flags: FlagsStub())
      XCTAssertEqual(viewModel.website, expected, given)
      let screen = PlaceDetailScreen(viewModel: viewModel)
      XCTAssertEqual(screen.commands.map(\.name).contains("web"), expected != nil, given)
      XCTAssertEqual(
        viewModel.facts.contains { $0.key == "Website" }, expected != nil,
        "a website is shown only when it is one web can open (a reviewer saw one shown that web said was none): \(given)"
      )
    }
  }

  func test_aDetailsFailure_leavesTheBasicFacts() async {
    let (viewModel, repository, _, _) = makeSUT()
    repository.detailsResult = .failure(
      Failure(description: "Geoapify did not accept the request (HTTP 400: Invalid Place ID)."))

    await viewModel.loadDetails()

    XCTAssertEqual(
      viewModel.details,
      .unavailable(
        .failed(reason: "Geoapify did not accept the request (HTTP 400: Invalid Place ID).", isKeyProblem: false)))
    XCTAssertEqual(
      viewModel.facts.map(\.key), ["Category", "Address", "City", "Distance", "Opening hours", "Phone", "Website"])
  }

  func test_favorite_savesTheWholePlace_thenRemovesIt() async {
    let (viewModel, repository, favorites, _) = makeSUT()
    repository.detailsResult = .success(PlaceDetails(wheelchair: "yes"))
    await viewModel.loadDetails()

    let saved = viewModel.toggleFavorite()
    XCTAssertEqual(saved, .saved(name: "Guido al Duomo"))
    XCTAssertEqual(PlaceDetailWording.sentence(for: saved), "Saved Guido al Duomo to your bookmarks.")
    XCTAssertEqual(
      favorites.saved["p1"],
      FavoritePlace(
        id: "p1", name: "Guido al Duomo", categoryKey: "catering.cafe", address: viewModel.place?.address,
        city: "Munich", latitude: 48.1, longitude: 11.5, phone: "+49 1", website: "https://example.org",
        openingHours: "Mo-Fr 09:00-17:00"))
    XCTAssertTrue(viewModel.isFavorite)

    XCTAssertEqual(
      PlaceDetailWording.sentence(for: viewModel.toggleFavorite()), "Removed Guido al Duomo from your bookmarks.")
    XCTAssertNil(favorites.saved["p1"])
  }

  func test_favorite_failing_orSwitchedOff_saysSo() async {
    let (viewModel, _, favorites, flags) = makeSUT()
    favorites.failure = Failure(description: "disk full")
    XCTAssertEqual(
      PlaceDetailWording.sentence(for: viewModel.toggleFavorite()),
      "Could not save favorite. Please try again. (disk full)")
    flags.areFavoritesEnabled = false
    XCTAssertEqual(
      PlaceDetailWording.sentence(for: viewModel.toggleFavorite()),
      "Favorites are off. Turn them on in Profile › Settings (toggle favorites).")
  }
}

extension PlaceDetailViewModelTests {
  func test_theMostSpecificCategory_isShownReadably() async {
    XCTAssertEqual(
      PlaceDetailViewModel.readable(category: "tourism.sights.place_of_worship"), "tourism › sights › place of worship")
    let (viewModel, _, _, _) = makeSUT()
    XCTAssertEqual(viewModel.facts.first?.value, "catering › cafe")
  }
}
