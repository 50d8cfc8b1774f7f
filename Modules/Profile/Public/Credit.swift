/// Something Wayfarer is built on or shows, with its licence, as About lists it.
public struct Credit: Equatable, Sendable {
  public let name: String
  public let licence: String

  public init(name: String, licence: String) {
    self.name = name
    self.licence = licence
  }
}
