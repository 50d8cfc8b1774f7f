import ErrorSentences
import Foundation
import Storage
import TextSafety

/// The config file: `NAME = value` lines in Wayfarer's config folder.
///
/// Lines are named as the environment variables are (an environment
/// variable wins over a line); `#` starts a comment. Written whole and
/// atomically, mode 0600.
struct ConfigFile: Equatable {
  /// One `NAME = value` line that was taken, and where it stood.
  struct Entry: Equatable {
    var name: String
    var value: String
    /// 1-based, for warnings.
    var line: Int
  }

  /// The file's lines as read, comments kept, so `set` changes only its own.
  private(set) var lines: [String]
  private(set) var entries: [Entry]
  /// One sentence per line that could not be used, naming the line.
  private(set) var warnings: [String]

  static let largestBytes = 64 << 10

  /// The names a line may set: every variable with a parser (not the
  /// folders' variables, which decide where this file is).
  static var settableNames: [String] {
    Configuration.variables.filter { $0.parse != nil }.flatMap(\.names)
  }

  init(text: String, path: String) {
    lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    entries = []
    warnings = []
    for (index, line) in lines.enumerated() {
      switch Self.parse(line) {
      case .blank: continue
      case .entry(let name, let value):
        if let problem = Self.problem(name: name, value: value) {
          warnings.append("\(TextSanitizer.clean(path)) line \(index + 1): \(problem); the line is ignored.")
        } else {
          entries.append(Entry(name: name, value: value, line: index + 1))
        }
      case .malformed:
        warnings.append(
          "\(TextSanitizer.clean(path)) line \(index + 1) is not NAME = value or a # comment; the line is ignored.")
      }
    }
  }

  /// The values for ``Configuration/read(_:file:clock:)``: the last line of
  /// each name.
  var values: [String: String] {
    entries.reduce(into: [:]) { $0[$1.name] = $1.value }
  }

  /// How a line's value is named where a sentence would show it:
  /// `GITHUB_TOKEN (config line 3)`.
  static func source(of name: String, line: Int) -> String {
    "\(name) (config line \(line))"
  }

  enum Line: Equatable {
    case blank
    case entry(name: String, value: String)
    case malformed
  }

  /// One line as the file reads it: `NAME = value` (quotes taken off the
  /// value), a blank or comment line, or neither.
  static func parse(_ line: String) -> Line {
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    if trimmed.isEmpty || trimmed.hasPrefix("#") { return .blank }
    guard let equals = trimmed.firstIndex(of: "=") else { return .malformed }
    let name = trimmed[..<equals].trimmingCharacters(in: .whitespaces)
    var value = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)
    if value.count >= 2, let quote = value.first, quote == "\"" || quote == "'", value.last == quote {
      value = String(value.dropFirst().dropLast())
    }
    guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber || $0 == "_") }) else {
      return .malformed
    }
    return .entry(name: name, value: value)
  }

  /// Why `name = value` cannot be used, checked as the environment's
  /// variable is; nil when it can.
  static func problem(name: String, value: String) -> String? {
    guard settableNames.contains(name) else {
      return "\(TextSanitizer.visible(name, limit: 40)) is not a setting (wayfarer config list shows them)"
    }
    if value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
      return "\(name) has control characters"
    }
    if value.isEmpty { return "\(name) is empty" }
    if value.unicodeScalars.count > 4_096 { return "\(name) is longer than 4096 characters" }
    if name.hasSuffix("_URL"), Configuration.serviceURL(value) == nil {
      return "\(name) must be an http:// or https:// URL"
    }
    let read = Configuration.read([name: value])
    if let warning = read.warnings.first { return warning.hasSuffix(".") ? String(warning.dropLast()) : warning }
    return nil
  }

  /// The file with `name` set to `value` (its last line for the name
  /// replaced, or a line added), or unset when `value` is nil.
  func setting(_ name: String, to value: String?) -> ConfigFile {
    var lines = lines
    let own = entries.filter { $0.name == name }.map { $0.line - 1 }
    if let value {
      let line = "\(name) = \(value)"
      if let last = own.last {
        lines[last] = line
        for index in own.dropLast().reversed() { lines.remove(at: index) }
      } else {
        lines.append(line)
      }
    } else {
      for index in own.reversed() { lines.remove(at: index) }
    }
    return ConfigFile(text: lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n"), path: "")
  }

  var text: String { lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n" }
}

extension ConfigFile {
  /// The file at `path`: empty when there is none; refused (with a warning)
  /// when it is not the user's own or others may change it, since it says
  /// where keys are sent.
  static func read(at path: String) -> ConfigFile {
    // A folder above it that others can change could swap the file for one
    // of theirs: refused, as the app's own folders are.
    if let untrusted = Directories.untrustedAncestor(of: path) {
      var refused = ConfigFile(text: "", path: path)
      refused.warnings.append("\(ErrorSentence.reason(for: untrusted)); \(TextSanitizer.clean(path)) is ignored.")
      return refused
    }
    var status = stat()
    if lstat(path, &status) == 0 {
      if status.st_uid != getuid() || status.st_mode & 0o022 != 0 {
        var refused = ConfigFile(text: "", path: path)
        refused.warnings.append(
          "\(TextSanitizer.clean(path)) is not yours alone (it belongs to another user or others may change it), so it is ignored; it says where keys are sent. chmod 600 it, or remove it."
        )
        return refused
      }
    }
    do {
      guard let bytes = try AtomicFile.read(path, maxBytes: largestBytes) else {
        return ConfigFile(text: "", path: path)
      }
      guard let text = String(validating: bytes, as: UTF8.self) else {
        var unreadable = ConfigFile(text: "", path: path)
        unreadable.warnings.append("\(TextSanitizer.clean(path)) is not UTF-8 text, so it is ignored.")
        return unreadable
      }
      return ConfigFile(text: text, path: path)
    } catch {
      var unreadable = ConfigFile(text: "", path: path)
      unreadable.warnings.append(
        "\(TextSanitizer.clean(path)) cannot be read (\(ErrorSentence.reason(for: error))), so it is ignored.")
      return unreadable
    }
  }

  func write(to path: String) throws {
    try AtomicFile.write(Array(text.utf8), to: path, mode: 0o600)
  }
}
