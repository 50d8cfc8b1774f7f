import Commands
import ErrorSentences
import Foundation
import JSON
import TextSafety

/// `wayfarer places`: Home's nearby places from the shell, as rows or as
/// the bookmarks file's records with their distance.
enum PlacesShellCommand {
  static func spec(fields: [String]) -> ShellCommandSpec {
    ShellCommandSpec(
      ["places"], summary: "List places near a point or a city (Geoapify, or the offline catalog)",
      options: [
        ShellOption(
          "--near",
          Parameter("LAT,LON", .word, meaning: "LAT,LON is a position in decimal degrees, like -23.55,-46.63"),
          summary: "Around this position (default: WAYFARER_LOCATION, else São Paulo)"),
        ShellOption("--city", Parameter("NAME", .word, meaning: "NAME is a city's name"), summary: "Around this city"),
        ShellOption(
          "--category",
          Parameter("C", .choice(NearbySearch.categories), meaning: Phrase.list(NearbySearch.categories, "or")),
          summary: "Only places of this kind"),
        .limit(of: "places", defaultCount: 20),
        .json(fields: fields, of: "each place"),
      ],
      examples: [
        "wayfarer places --city Lisbon --category catering", "wayfarer places --near 38.71,-9.14 --json",
        "wayfarer places --json=name,distanceMetres",
      ])
  }

  /// A place as `--json` writes it: the bookmarks file's record, then how
  /// far it is from the centre.
  static func record(_ placeRecord: JSONFields<FavoritePlace>) -> JSONFields<Place> {
    placeRecord.of { (place: Place) in place.favorite() }.adding([
      JSONField("distanceMetres", number: { $0.distance.flatMap { Int(exactly: $0.rounded()) } })
    ])
  }

  static func command(record: JSONFields<Place>, dependencies: @escaping @MainActor () -> HomeShellDependencies?)
    -> ShellCommand
  {
    let spec = Self.spec(fields: record.names)
    return ShellCommand(spec) { arguments, io in
      if arguments.value("--near") != nil, arguments.value("--city") != nil {
        io.say("Give --near or --city, not both.\nUsage: \(spec.usage)")
        return .usage
      }
      guard let dependencies = dependencies() else { return .failure }
      let repository = HomeBuilder.repository(geoapify: dependencies.geoapify, environment: dependencies.environment)
      guard let center = await center(arguments, dependencies: dependencies, repository: repository, io: io) else {
        return arguments.value("--near") != nil ? .usage : .failure
      }
      let places: [Place]
      do {
        places = try await nearby(
          center.coordinate, category: arguments.value("--category"), limit: arguments.number("--limit") ?? 20,
          in: repository)
      } catch {
        io.say("Places could not be loaded: \(ErrorSentence.standalone(ErrorSentence.reason(for: error)))")
        return .failure
      }
      if arguments.wantsJSON {
        io.write(bytes: json(places, center: center, record: record, picked: arguments.jsonFields))
      } else if places.isEmpty {
        io.say("No places found near \(TextSanitizer.clean(center.name, limit: 80)).")
      } else {
        io.write(ShellRows.lines(places.map(row), aligned: io.outputIsTerminal))
      }
      return .success
    }
  }

  /// Where to look: `--near`, `--city`, WAYFARER_LOCATION or São Paulo;
  /// nil after saying why none could be used.
  @MainActor
  static func center(
    _ arguments: ShellArguments, dependencies: HomeShellDependencies, repository: any PlacesRepository,
    io: any ShellIO
  ) async -> (coordinate: Coordinate, name: String)? {
    if let near = arguments.value("--near") {
      // Decimal degrees only: Double() alone would take 0x10, inf or nan.
      let decimal = Set("0123456789+-.")
      let parts = near.split(separator: ",", omittingEmptySubsequences: false).map {
        $0.allSatisfy(decimal.contains) ? Double($0) : nil
      }
      guard parts.count == 2, let coordinate = Coordinate(validLatitude: parts[0], longitude: parts[1]) else {
        io.say(
          "--near: \(TextSanitizer.clean(near, limit: 40)) is not a position on the map; give LAT,LON in decimal degrees, latitude −90 to 90 and longitude −180 to 180, like -23.55,-46.63."
        )
        return nil
      }
      return (coordinate, coordinate.text)
    }
    if let city = arguments.value("--city") {
      do {
        guard let found = try await repository.cities(named: city).cities.first else {
          io.say("No city called \(TextSanitizer.visible(city, limit: 60)) was found.")
          return nil
        }
        return (found.coordinate, City.name(found.name, in: found.country))
      } catch {
        io.say("The city could not be looked up: \(ErrorSentence.standalone(ErrorSentence.reason(for: error)))")
        return nil
      }
    }
    if let fixed = dependencies.fixedLocation.flatMap({
      Coordinate(validLatitude: $0.latitude, longitude: $0.longitude)
    }) {
      return (fixed, "WAYFARER_LOCATION (\(fixed.text))")
    }
    return (.saoPaulo, "São Paulo (default)")
  }

  /// Pages of places near `center` until `limit` of them (of `category`
  /// when given) or the last page, nearest first.
  static func nearby(_ center: Coordinate, category: String?, limit: Int, in repository: any PlacesRepository)
    async throws -> [Place]
  {
    var places: [Place] = []
    var offset = 0
    // Bounded: a service that keeps answering full pages of other kinds
    // is asked at most ten times.
    for _ in 0..<10 where places.count < limit {
      let page = try await repository.places(
        near: center, offset: offset, limit: NearbySearch.pageSize, refresh: false)
      places += page.places.filter { category == nil || $0.category == category }
      offset += page.fetched
      if !page.mayHaveMore || page.fetched == 0 { break }
    }
    return Array(places.sorted { ($0.distance ?? .infinity) < ($1.distance ?? .infinity) }.prefix(limit))
  }

  static func row(_ place: Place) -> [String] {
    [
      TextSanitizer.clean(place.name, limit: 80), TextSanitizer.clean(place.category, limit: 40),
      Formatting.distance(place.distance),
      TextSanitizer.clean(place.city ?? "", limit: 60),
    ]
  }

  /// `{"schema_version": 1, "center", "places": [records + distanceMetres]}`,
  /// each place whole or of the `picked` fields.
  static func json(
    _ places: [Place], center: (coordinate: Coordinate, name: String), record: JSONFields<Place>, picked: [String]?
  ) -> [UInt8] {
    var writer = JSONWriter(pretty: true)
    writer.object { object in
      object.member("schema_version", ShellJSON.schemaVersion)
      object.key("center")
      object.object { point in
        point.member("name", center.name)
        point.member("latitude", center.coordinate.latitude)
        point.member("longitude", center.coordinate.longitude)
      }
      object.key("places")
      object.array { list in
        for place in places { record.write(place, picked: picked, to: &list) }
      }
    }
    return writer.bytes + [UInt8(ascii: "\n")]
  }
}
