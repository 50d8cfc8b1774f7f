import Foundation

/// A fresh folder under the system's temporary folder, removed on `remove()`.
public struct TemporaryDirectory {
  public let url: URL

  public init(_ name: String = "wayfarer-tests") throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  public var path: String { url.path }

  public func file(_ name: String) -> String {
    url.appendingPathComponent(name).path
  }

  public func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}
