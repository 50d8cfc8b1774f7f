import Foundation
import Secrets

/// Every key and token Wayfarer could meet, hidden from all output before
/// anything is printed.
///
/// The configuration hides the values it takes. These are all the others a
/// person may type back at Wayfarer: a second variable for the same key
/// (`GH_TOKEN` beside `GITHUB_TOKEN`), a config line the environment
/// overrides, a line named twice, a file that is refused (not the
/// person's alone, not UTF-8, too large). A refusal echoes what was typed,
/// and each of those printed the key in full.
enum EverySecret {
  /// The largest part of the config file read for keys: past the file's own
  /// limit, so that a file refused for its size is read for them too.
  static let largestRead = 1 << 20

  /// Hides the key variables set in `environment`, and the values of the
  /// key lines of the config file at `configPath` (none when nil: no folder
  /// could be found, and the environment's are hidden all the same).
  static func hide(environment: [String: String], configPath: String?) {
    let names = Configuration.secretVariableNames
    for name in names {
      if let value = environment[name] { hide(value, naming: name) }
    }
    guard let configPath, let text = regularFileText(at: configPath) else { return }
    // Read as the file reads its lines, but every one: CR LF ends a line
    // here too, and a line the file refuses or overrides is still typed.
    let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    for (index, line) in lines.enumerated() {
      guard case .entry(let name, let value) = ConfigFile.parse(String(line)), names.contains(name) else { continue }
      hide(value, naming: ConfigFile.source(of: name, line: index + 1))
    }
  }

  /// `value` hidden as it is and trimmed (a token the checks refuse for a
  /// line break at its end is still typed without it).
  private static func hide(_ value: String, naming source: String) {
    SecretText.hide(value, naming: source)
    let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
    if trimmed != value { SecretText.hide(trimmed, naming: source) }
  }

  /// The first ``largestRead`` bytes of the regular file at `path`, as text
  /// (bytes that are not UTF-8 replaced); nil for anything else.
  ///
  /// Opened without blocking: a FIFO in its place must not stop the launch.
  private static func regularFileText(at path: String) -> String? {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
    var bytes = [UInt8](repeating: 0, count: min(Int(status.st_size), largestRead))
    let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    guard count > 0 else { return nil }
    return String(decoding: bytes[..<count], as: UTF8.self)
  }
}
