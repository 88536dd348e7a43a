import Foundation
import RandomUserCore

/// A hand-written `PeopleClient` mock: records its calls and answers each as scripted.
///
/// Every call is also published on ``calls``, so a test can await "the fetch has started"
/// instead of sleeping.
final class ScriptedPeopleClient: PeopleClient, @unchecked Sendable {
  // `@unchecked Sendable`: `script` and `recorded` are only touched with `lock` held.

  /// How to answer a call.
  enum Answer: Sendable {
    /// People from the offline source, for the requested count and seed.
    case people
    /// Throw this error.
    case failure(PeopleClientError)
    /// Never answer; end with `CancellationError` when the calling task is cancelled.
    case suspendUntilCancelled
  }

  /// One call: the arguments the client received.
  struct Call: Equatable, Sendable {
    let count: Int
    let seed: String?
  }

  /// The calls, as they start.
  let calls: AsyncStream<Call>

  private let callsContinuation: AsyncStream<Call>.Continuation
  private let lock = NSLock()
  private var script: [Answer]
  private var recorded: [Call] = []
  private var fallback: Answer

  /// Creates a client that answers the first calls with `script`, then always with `fallback`.
  init(_ script: [Answer] = [], then fallback: Answer = .people) {
    self.script = script
    self.fallback = fallback
    (calls, callsContinuation) = AsyncStream.makeStream(of: Call.self)
  }

  /// The calls so far.
  var recordedCalls: [Call] {
    lock.withLock { recorded }
  }

  /// Changes the answer to every later call.
  func answerFromNowOn(_ answer: Answer) {
    lock.withLock {
      script = []
      fallback = answer
    }
  }

  func fetchPeople(count: Int, seed: String?) async throws -> [Person] {
    let call = Call(count: count, seed: seed)
    let answer = lock.withLock {
      recorded.append(call)
      return script.isEmpty ? fallback : script.removeFirst()
    }
    callsContinuation.yield(call)
    switch answer {
    case .people:
      return try await OfflinePeopleClient().fetchPeople(count: count, seed: seed)
    case .failure(let error):
      throw error
    case .suspendUntilCancelled:
      // An `AsyncStream` that never finishes ends its iteration when the task is cancelled.
      let (never, keepAlive) = AsyncStream.makeStream(of: Void.self)
      for await _ in never {}
      withExtendedLifetime(keepAlive) {}
      throw CancellationError()
    }
  }
}
