// Reaches inside the modules (@testable), which only a debug build allows.
#if DEBUG
  import Foundation
  import JSON
  import Networking
  import ServiceAccess

  @testable import Explore
  @testable import Home

  extension FuzzTarget {
    /// The JSON reader itself: parse, then read every node as every kind.
    static let json = FuzzTarget(name: "json", summary: "the JSON reader, every node read") { bytes in
      guard let document = try? JSONDocument(bytes: bytes) else { return }
      var pending = [document.root]
      var visited = 0
      while let node = pending.popLast(), visited < 100_000 {
        visited += 1
        _ = (node.kind, node.isNull, node.bool, node.string, node.double, node.int, node.byteOffset, node.count)
        if let offset = node.byteOffset { require(offset >= 0 && offset <= bytes.count, "a node outside the bytes") }
        pending += node.array ?? []
        pending += node.members?.map(\.value) ?? []
      }
    }

    /// Geoapify's places, details, geocoding and error bodies, mapped as Home maps them.
    static let geoapify = FuzzTarget(name: "geoapify", summary: "Geoapify's bodies and the place mapper") { bytes in
      let data = Data(bytes)
      if let collection = FeatureCollectionDTO.decoded(from: data) {
        let origin = Coordinate(latitude: 48.1374, longitude: 11.5755)
        let (places, dropped) = PlaceMapper.places(from: collection, origin: origin)
        require(places.count + dropped <= collection.features.count, "more places than features")
        for place in places {
          require(
            abs(place.coordinate.latitude) <= 90 && abs(place.coordinate.longitude) <= 180, "a place off the Earth")
          require(place.distance.map { $0.isFinite && $0 >= 0 } ?? true, "a distance that cannot be")
        }
        _ = PlaceMapper.details(from: collection)
      }
      if let results = GeocodingResultsDTO.decoded(from: data) { _ = PlaceMapper.cities(from: results) }
      _ = GeoapifyErrorDTO.decoded(from: data)
    }

    /// GitHub's search, repository, README and error bodies, mapped as Explore maps them.
    static let github = FuzzTarget(name: "github", summary: "GitHub's bodies and the repository mapper") { bytes in
      let data = Data(bytes)
      if let page = SearchResultsDTO.decoded(from: data) {
        for item in page.items {
          guard let repository = RepositoryMapper.repository(from: item) else { continue }
          require(RepositoryName(repository.fullName) != nil, "a repository whose name breaks GitHub's rules")
          require(repository.webURL.hasPrefix("https://github.com/"), "a web address on another host")
        }
      }
      if let record = RepositoryDTO.decoded(from: data) { _ = RepositoryMapper.repository(from: record) }
      if let readme = ReadmeDTO.decoded(from: data) { _ = RepositoryMapper.readme(from: readme) }
      _ = GitHubErrorDTO.decoded(from: data)
    }

    /// Gemini's replies, stream pieces and errors.
    static let gemini = FuzzTarget(name: "gemini", summary: "Gemini's replies, pieces and errors") { bytes in
      let data = Data(bytes)
      if let reply = GeminiFormat.Response.decoded(from: data) {
        _ = (reply.text, reply.usage, reply.problem, reply.isLast, reply.reachedLengthLimit)
      }
      _ = GeminiFormat.errorEvent(data)
      // A stream piece's scan answers as the document or not at all.
      let text = String(decoding: bytes, as: UTF8.self)
      if let scanned = GeminiFormat.Response.scanned(fromText: text) {
        require(
          scanned == GeminiFormat.Response.decoded(fromText: text), "a scanned piece the document reads otherwise")
      }
      let key = Secret(value: "AIzaFuzzKey12345", source: "GEMINI_API_KEY")
      for status in [400, 404, 429, 500, 503] {
        _ = GeminiFormat.error(status: status, body: data, model: "m", key: key)
      }
    }

    /// An OpenAI-compatible server's replies, stream pieces, model lists and errors.
    static let openAI = FuzzTarget(name: "openai", summary: "OpenAI-compatible replies, models and errors") { bytes in
      let data = Data(bytes)
      if let reply = OpenAIFormat.Response.decoded(from: data) {
        _ = (reply.text, reply.usage, reply.problem, reply.isLast, reply.reachedLengthLimit)
      }
      if let models = OpenAIFormat.ModelList.decoded(from: data) {
        require(models.ids.allSatisfy(AssistantModelName.isValid), "a model name that breaks the rule")
      }
      _ = OpenAIFormat.errorEvent(data)
      for status in [401, 404, 429, 500, 503] {
        _ = OpenAIFormat.error(status: status, body: data, model: "m", key: nil)
      }
    }
  }
#endif
