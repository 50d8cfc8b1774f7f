/// Geoapify's response shapes (Places, Place Details, Geocoding), as
/// documented; every field that can be missing or null is optional.
struct FeatureCollectionDTO: Decodable {
  var features: [FeatureDTO]
}

struct FeatureDTO: Decodable {
  var properties: PropertiesDTO
  var geometry: GeometryDTO?
}

struct PropertiesDTO: Decodable {
  var name: String?
  var country: String?
  var city: String?
  var street: String?
  var housenumber: String?
  var postcode: String?
  var formatted: String?
  var address_line2: String?
  var lat: Double?
  var lon: Double?
  var categories: [String]?
  var distance: Double?
  var place_id: String?
  var datasource: DatasourceDTO?
  // Place Details
  var contact: ContactDTO?
  var website: String?
  var opening_hours: String?
  var facilities: FacilitiesDTO?
  var fee: FlexibleText?
  var wiki_and_media: WikiDTO?
  var timezone: TimezoneDTO?

  struct DatasourceDTO: Decodable {
    var raw: RawDTO?
  }

  struct RawDTO: Decodable {
    var phone: String?
    var website: String?
    var opening_hours: String?
  }

  struct ContactDTO: Decodable {
    var phone: String?
    var email: String?
  }

  struct FacilitiesDTO: Decodable {
    var wheelchair: FlexibleText?
  }

  struct WikiDTO: Decodable {
    var wikipedia: String?
  }

  struct TimezoneDTO: Decodable {
    var name: String?
  }
}

/// A field Geoapify sends as a boolean, a number or a string, depending on
/// the source (`fee: true`, `wheelchair: "limited"`).
struct FlexibleText: Decodable, Equatable {
  var text: String

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let flag = try? container.decode(Bool.self) {
      text = flag ? "yes" : "no"
    } else if let number = try? container.decode(Double.self) {
      text = number == number.rounded() ? String(Int(number)) : String(number)
    } else {
      text = try container.decode(String.self)
    }
  }
}

/// A GeoJSON geometry: a Point's `[lon, lat]`, or the first point of a
/// Polygon (details may come as one) or other nested shapes.
struct GeometryDTO: Decodable {
  var type: String
  var firstPoint: Coordinate?

  private enum Keys: String, CodingKey { case type, coordinates }

  private indirect enum Nested: Decodable {
    case number(Double)
    case list([Nested])

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let number = try? container.decode(Double.self) {
        self = .number(number)
      } else {
        self = .list(try container.decode([Nested].self))
      }
    }

    var firstPair: (Double, Double)? {
      guard case .list(let items) = self else { return nil }
      if items.count >= 2, case .number(let lon) = items[0], case .number(let lat) = items[1] { return (lon, lat) }
      return items.first?.firstPair
    }
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Keys.self)
    type = try container.decode(String.self, forKey: .type)
    let nested = try container.decodeIfPresent(Nested.self, forKey: .coordinates)
    firstPoint = nested?.firstPair.map { Coordinate(latitude: $0.1, longitude: $0.0) }
  }
}

/// Geocoding with `format=json`.
struct GeocodingResultsDTO: Decodable {
  var results: [ResultDTO]

  struct ResultDTO: Decodable {
    var formatted: String?
    var city: String?
    var name: String?
    var country: String?
    var lat: Double?
    var lon: Double?
  }
}

/// Geoapify's error body: `{"statusCode":401,"error":"Unauthorized","message":"Invalid apiKey"}`.
struct GeoapifyErrorDTO: Decodable {
  var statusCode: Int?
  var error: String?
  var message: String?
}
