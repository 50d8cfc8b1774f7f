#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#endif

/// A file operation that failed, with the path and the system's reason.
public struct FileError: Error, Equatable, CustomStringConvertible {
  public let operation: String
  public let path: String
  public let code: Int32
  /// Said instead of the system's text for `code`, where Wayfarer knows better.
  private let explanation: String?

  public init(_ operation: String, path: String, code: Int32 = errno, explanation: String? = nil) {
    self.operation = operation
    self.path = path
    self.code = code
    self.explanation = explanation
  }

  public var reason: String { explanation ?? String(cString: strerror(code)) }

  public var description: String { "could not \(operation) \(path): \(reason)" }
}

extension FileError: LocalizedError {
  public var errorDescription: String? { description }
}
