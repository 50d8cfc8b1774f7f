import Foundation
import Secrets
import Storage

/// The first page of places on disk for five minutes, keyed by coordinates
/// rounded to about 100 m, so a relaunch or a return shows places at once.
///
/// A file holds one line `saved-at EPOCH`, then the response body as it came.
struct FirstPageCache: Sendable {
  static let lifetime: TimeInterval = 5 * 60

  let directory: String
  let now: @Sendable () -> Date

  func path(for center: Coordinate) -> String {
    directory + String(format: "/places-%.3f_%.3f.json", center.latitude, center.longitude)
  }

  /// The cached body and when it was saved, if younger than five minutes.
  func load(near center: Coordinate) -> (body: Data, savedAt: Date)? {
    guard let bytes = try? AtomicFile.read(path(for: center)),
      let newline = bytes.firstIndex(of: UInt8(ascii: "\n"))
    else { return nil }
    let header = String(decoding: bytes[..<newline], as: UTF8.self)
    guard header.hasPrefix("saved-at "), let epoch = Double(header.dropFirst("saved-at ".count)) else { return nil }
    let savedAt = Date(timeIntervalSince1970: epoch)
    let age = now().timeIntervalSince(savedAt)
    guard age >= 0, age < Self.lifetime else { return nil }
    return (Data(bytes[(newline + 1)...]), savedAt)
  }

  /// Saves `body`; a cache that cannot be written is only a slower next time.
  func save(_ body: Data, near center: Coordinate) {
    let header = Array("saved-at \(now().timeIntervalSince1970)\n".utf8)
    try? Directories.prepare(directory)
    var bytes = header + Array(body)
    SecretText.hide(in: &bytes)  // a key the server echoed stays out of the file
    try? AtomicFile.write(bytes, to: path(for: center))
  }
}
