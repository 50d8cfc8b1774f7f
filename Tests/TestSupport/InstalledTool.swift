import Foundation
import XCTest

/// A program the test bootstrap installs (bash, zsh, fish, mandoc, groff),
/// run with its output and errors read together.
public enum InstalledTool {
  /// The tool's path, or nil after failing the test with what installs it.
  public static func path(_ name: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
    let path = ["/usr/bin/\(name)", "/bin/\(name)"].first { FileManager.default.isExecutableFile(atPath: $0) }
    if path == nil { XCTFail("\(name) is not installed; Scripts/bootstrap.sh installs it", file: file, line: line) }
    return path
  }

  /// Runs `name` with `arguments` (and `environment` when given); its exit
  /// status and what it printed on both streams.
  public static func run(
    _ name: String, _ arguments: [String], environment: [String: String]? = nil, file: StaticString = #filePath,
    line: UInt = #line
  ) throws -> (status: Int32, output: String) {
    guard let path = path(name, file: file, line: line) else { return (-1, "") }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    if let environment { process.environment = environment }
    let out = Pipe()
    process.standardOutput = out
    process.standardError = out
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }
}
