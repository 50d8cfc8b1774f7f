import App
import Foundation
import Home

/// Saves places one by one through App's own store, saying after each that
/// it was saved: what the crash tests run in processes of their own, at
/// once and killed mid-run, to check that a confirmed save is never lost.
public enum BookmarkWriter {
  /// Saves `count` places `PREFIX-1`…`PREFIX-count` for account `accountID`
  /// of the database at `databasePath`, each in its own transaction, and
  /// writes `saved N` to standard output once save N is committed.
  public static func run(databasePath: String, accountID: String, prefix: String, count: Int) throws {
    let store = PlaceBookmarks(database: AppDatabase.at(databasePath), accountID: accountID)
    for number in 1...max(1, count) {
      try store.save(
        FavoritePlace(
          id: "\(prefix)-\(number)", name: "\(prefix) place \(number)", categoryKey: "tourism.sights",
          address: "Street \(number)", city: "Writer City", latitude: -23.5, longitude: -46.6, phone: nil,
          website: nil, openingHours: nil))
      // Written straight to the descriptor: nothing confirmed waits in a buffer.
      FileHandle.standardOutput.write(Data("saved \(number)\n".utf8))
    }
  }
}
