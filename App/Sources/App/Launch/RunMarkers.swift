import Foundation
import Storage

#if canImport(Glibc)
  import Glibc
#endif

/// Whether every Wayfarer that used these files before ended cleanly.
///
/// Each run leaves a marker named for its process (`running/12345`) while
/// it runs and removes it when it ends; a marker whose process is gone is
/// a run that crashed or was killed. Only then is the whole database read
/// through SQLite's check at launch, which at every launch cost as much as
/// everything else the launch does once a database holds thousands of rows.
/// Two Wayfarers at once each keep their own marker.
struct RunMarkers {
  let folder: String
  /// This run's marker, removed by ``end()``.
  let own: String

  init(folder: String) {
    self.folder = folder
    own = folder + "/\(getpid())"
  }

  /// Marks this run, and says whether one before it ended without removing
  /// its marker (whose markers are removed now: the check that follows
  /// covers them).
  func begin() -> Bool {
    var wasUnclean = false
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    for name in names {
      guard let pid = Int32(name), pid > 0, pid != getpid() else { continue }
      if kill(pid, 0) == 0 || errno == EPERM { continue }  // still running
      wasUnclean = true
      try? AtomicFile.remove(folder + "/" + name)
    }
    try? AtomicFile.write([], to: own, mode: 0o600)
    return wasUnclean
  }

  /// This run ends cleanly.
  func end() {
    try? AtomicFile.remove(own)
  }
}
