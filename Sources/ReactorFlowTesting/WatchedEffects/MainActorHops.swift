#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Counts the times code asks for the main actor's executor, which every hop onto the main actor
/// does, through the Swift runtime's hook for it (`swift_task_getMainExecutor_hook`), so that a
/// test can tell when effect work on the main actor has stopped.
///
/// An effect that calls a main-actor client (in a module whose default isolation is the main
/// actor, every client protocol is one) runs part of its body on the main actor. Under the task
/// executor preference that ``EffectExecutor`` gives effect bodies, the runtime does not run a
/// hop from the main actor to the main actor in place: it queues the task on the main actor
/// again, once per `await` of main-actor code, so a client can make a chain of main-actor jobs of
/// any length that never passes through ``EffectExecutor``, and a round trip through the main
/// queue only moves past one link of it. The runtime's enqueue hook for the main executor is not
/// called for these jobs; most links do ask for the main actor's executor, through this hook,
/// before they queue the next, so consecutive round trips that see no request, and nothing run on
/// the watched executor, show that the chain has ended (``EffectExecutor/mainActorRoundTrips``).
///
/// The hook is one global of the runtime: the previous value is kept and called, so another
/// library's hook still runs, and the executor returned is always the runtime's own.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
enum MainActorHops {
  typealias Original = @convention(thin) () -> UnownedSerialExecutor
  typealias Hook = @convention(thin) (Original) -> UnownedSerialExecutor

  /// The executor told of each hop; written once, before the hook is installed.
  nonisolated(unsafe) private static var executor: EffectExecutor?
  /// The hook that was installed before this one, called in its place.
  nonisolated(unsafe) private static var previous: Hook?

  /// Installs the hook, once per process: from then on `executor` is told of every request for
  /// the main actor's executor. Where the runtime has no such hook, nothing is counted and the
  /// waits rely on their round trips alone.
  static func install(reporting executor: EffectExecutor) {
    guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "swift_task_getMainExecutor_hook") else {
      return
    }
    let slot = symbol.assumingMemoryBound(to: Hook?.self)
    self.executor = executor
    previous = slot.pointee
    slot.pointee = { original in
      MainActorHops.executor?.mainActorRequested()
      guard let previous = MainActorHops.previous else { return original() }
      return previous(original)
    }
  }
}
