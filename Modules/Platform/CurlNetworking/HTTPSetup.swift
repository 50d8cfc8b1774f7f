internal import CCurl

/// Process-wide libcurl set-up.
public enum HTTPSetup {
  /// Runs `curl_global_init`; call it in `main` before other threads start
  /// (the client also makes sure it ran, for tests).
  public static func prepareProcess() {
    CurlWorker.prepareLibrary()
  }
}
