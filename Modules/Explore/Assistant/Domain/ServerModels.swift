/// The models each backend's server lists, asked for once per chat: the
/// header's model, `/model`'s list and check, and Tab's names all read it.
///
/// One request per backend: a caller that comes while it is on its way
/// waits for the same answer.
@MainActor
final class ServerModels {
  private var lists: [AssistantBackendKind: [String]] = [:]
  /// Backends whose list was asked for and not had: Tab does not ask again.
  private var failed: Set<AssistantBackendKind> = []
  private var pending: [AssistantBackendKind: Task<[String], any Error>] = [:]

  /// `backend`'s list, asked of its server the first time (a failure is
  /// asked again by the next caller: `/model` after a server came up).
  ///
  /// Cancelling the caller cancels the request.
  func list(of backend: any ChatBackend) async throws -> [String] {
    let kind = backend.kind
    if let list = lists[kind] { return list }
    let task = pending[kind] ?? Task { try await backend.listModels() }
    pending[kind] = task
    defer { pending[kind] = nil }
    do {
      let list = try await withTaskCancellationHandler {
        try await task.value
      } onCancel: {
        task.cancel()
      }
      lists[kind] = list
      failed.remove(kind)
      return list
    } catch {
      failed.insert(kind)
      throw error
    }
  }

  /// Asks for `backend`'s list without waiting for it (Tab's names).
  func prefetch(_ backend: any ChatBackend) {
    guard !wasAsked(backend.kind), pending[backend.kind] == nil else { return }
    Task { _ = try? await list(of: backend) }
  }

  /// The list of `kind`, if it was had.
  func known(_ kind: AssistantBackendKind) -> [String]? { lists[kind] }

  /// Whether `kind`'s list was asked for and answered (had, or failed).
  func wasAsked(_ kind: AssistantBackendKind) -> Bool { lists[kind] != nil || failed.contains(kind) }
}
