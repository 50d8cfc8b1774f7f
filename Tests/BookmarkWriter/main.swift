import AppHarness
import Foundation

// bookmark-writer DATABASE ACCOUNT_ID PREFIX COUNT: see BookmarkWriter.
let arguments = CommandLine.arguments
guard arguments.count == 5, let count = Int(arguments[4]), count > 0 else {
  FileHandle.standardError.write(Data("usage: bookmark-writer DATABASE ACCOUNT_ID PREFIX COUNT\n".utf8))
  exit(2)
}
do {
  try BookmarkWriter.run(databasePath: arguments[1], accountID: arguments[2], prefix: arguments[3], count: count)
} catch {
  FileHandle.standardError.write(Data("bookmark-writer: \(error)\n".utf8))
  exit(1)
}
