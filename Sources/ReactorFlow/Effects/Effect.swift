/// The work that `mutate(action:)` asks the reactor to do, as a value.
///
/// An effect is built only from factories (``none``, ``send(_:)-(Element)``,
/// ``run(priority:operation:catch:fileID:line:)``, ``task(priority:operation:fileID:line:)``, ``sequence(_:fileID:line:)``,
/// ``cancel(id:)``) and combinators (``merge(_:)-(Effect<Element>...)``,
/// ``concatenate(_:)-(Effect<Element>...)``, ``cancellable(id:cancelInFlight:)``, ``map(_:)``,
/// ``catch(_:)``, ``prepend(_:)``, ``debounce(id:for:clock:)-(_,_,C)``, ``throttle(id:for:clock:)-(_,_,C)``).
///
/// The synchronous part of an effect (`.send` and everything before the first asynchronous piece of
/// a concatenation) is reduced before `send(_:)` returns. The rest runs in a task that is a child of
/// the reactor: it is cancelled when the reactor is released.
///
/// ```swift
/// func mutate(action: Action) -> Effect<Mutation> {
///   switch action {
///   case .increment:
///     return .send(.increaseValue)
///   case .load(let count):
///     return .run { [client] send in
///       await send(.setPeople(try await client.fetchPeople(count: count)))
///     } catch: { error, send in
///       await send(.setError("\(error)"))
///     }
///     .prepend(.setLoading(true))
///     .cancellable(id: "load", cancelInFlight: true)
///   }
/// }
/// ```
public struct Effect<Element: Sendable>: Sendable {
  /// What an asynchronous effect does with an error its work threw: it can send elements that
  /// describe the failure. Like the work, it runs off the main actor.
  public typealias Catch =
    @concurrent @Sendable (_ error: any Error, _ send: Send<Element>) async -> Void

  /// The work of an asynchronous effect. It is `@concurrent`: it runs off the main actor, on the
  /// global concurrent executor, whatever the closure's form (see ``run(priority:operation:catch:fileID:line:)``).
  public typealias Body = @concurrent @Sendable (_ send: Send<Element>) async throws -> Void

  @usableFromInline
  enum Operation: Sendable {
    case none
    case element(Element)
    case elements([Element])
    // The priority's raw value, not a `TaskPriority`: that type comes from a module built for
    // library evolution, so its layout is known only at run time, and holding it made every
    // `Effect` go through runtime value witnesses.
    case run(priority: UInt8?, Body)
    case merge([Effect])
    case concatenate([Effect])
    case cancellable(EffectID, cancelInFlight: Bool, Effect)
    case cancel(EffectID)
    case catching(Effect, @Sendable (any Error) -> Effect)
    case throttle(EffectID, sleep: @Sendable () async throws -> Void, Effect)
    /// Made on the main actor when it is reached, from the state at that moment.
    case deferred(@MainActor @Sendable () -> Effect)
    /// The first effect, then the second one even if the first failed or was cancelled.
    case finally(Effect, Effect)
    /// Registers `deliver` with a source that calls it synchronously, on the main actor, for as
    /// long as `owner` (the reactor) lives (``SharedValue/changes(_:fileID:line:)``); `deliver`
    /// returns `false` once the reactor is gone.
    case subscribe(
      @MainActor @Sendable (_ owner: AnyObject, _ deliver: @escaping @MainActor (Element) -> Bool) -> Void)
  }

  /// Every operation other than `.none`, one `.send` and a `.cancel`, behind one reference.
  @usableFromInline
  final class Box: EffectStorage, @unchecked Sendable {
    @usableFromInline let operation: Operation

    @usableFromInline
    init(_ operation: Operation, site: EffectSite? = nil) {
      self.operation = operation
      super.init(site: site)
    }
  }

  // Two plain fields rather than one enum: `.none` and `.send(x)`, what `mutate` returns for most
  // actions, are then an optional element and a nil reference, copied and destroyed inline rather
  // than through outlined generic value witnesses (CONTRIBUTING.md, Performance idioms).

  /// The element of a `.send(x)`; `nil` for every other effect.
  @usableFromInline let sent: Element?
  /// Every other operation, in a ``Box``, or a ``CancelBox`` for a `.cancel`; `nil` for `.none`
  /// and a `.send(x)`.
  @usableFromInline let box: EffectStorage?

  @inlinable
  init(sent element: Element) {
    self.sent = element
    self.box = nil
  }

  @inlinable
  init(operation: Operation) {
    self.sent = nil
    switch operation {
    case .none: self.box = nil
    case .cancel(let id): self.box = CancelBox(id)
    default: self.box = Box(operation)
    }
  }

  /// An asynchronous effect built at `site`.
  @inlinable
  init(operation: Operation, site: EffectSite?) {
    self.sent = nil
    self.box = Box(operation, site: site)
  }

  /// What the effect does, as one value (inlinable: an unspecialized read looks up the metadata
  /// of `Operation` for the concrete element).
  @inlinable
  var operation: Operation {
    if let box {
      if type(of: box) == CancelBox.self { return .cancel(unsafeDowncast(box, to: CancelBox.self).id) }
      return unsafeDowncast(box, to: Box.self).operation
    }
    if let sent { return .element(sent) }
    return .none
  }

  /// Whether this is ``none``: no element and no operation.
  @inlinable
  var isNone: Bool { sent == nil && box == nil }
}

/// What an effect holds behind its one reference: a generic ``Effect/Box``, or a ``CancelBox``.
///
/// A `.cancel` gets a box that is not generic: a generic box's deinit runs unspecialized and asks
/// the runtime for its `Operation`'s metadata (a few hundred instructions) to destroy it, paid at
/// every cancel; this one's knows its field's layout. Unchecked: each subclass holds only
/// immutable, sendable values.
@usableFromInline
class EffectStorage: @unchecked Sendable {
  /// Where an asynchronous effect was built, for inspection (``InspectedEffect``).
  @usableFromInline let site: EffectSite?

  init(site: EffectSite?) {
    self.site = site
  }
}

/// The identifier of a `.cancel` effect.
@usableFromInline
final class CancelBox: EffectStorage, @unchecked Sendable {
  @usableFromInline let id: EffectID

  @usableFromInline
  init(_ id: EffectID) {
    self.id = id
    super.init(site: nil)
  }
}

// MARK: - Creating effects

extension Effect {
  /// An effect that does nothing.
  @inlinable
  public static var none: Effect { Effect(operation: .none) }

  /// An effect that reduces one element synchronously, before `send(_:)` returns.
  /// - Parameter element: The mutation to reduce.
  @inlinable
  public static func send(_ element: Element) -> Effect {
    Effect(sent: element)
  }

  /// An effect that reduces several elements synchronously, in order, before `send(_:)` returns.
  /// - Parameter elements: The mutations to reduce, first to last.
  @inlinable
  public static func send(_ elements: Element...) -> Effect {
    Effect(operation: .elements(elements))
  }

  /// An asynchronous effect that may send any number of elements.
  ///
  /// The closure runs in a task owned by the reactor, **off the main actor**: its type is
  /// `@concurrent`, so every form of closure (with or without a capture list, `[weak self]`,
  /// explicit parameter types) runs on the global concurrent executor, in every language mode and
  /// with any default isolation. Heavy work (decoding, grouping, parsing a file) belongs here, or
  /// in what the closure awaits; it never blocks the main actor. The reactor's own main-actor
  /// members are reached with `await`. (A function passed by name keeps its own isolation: a
  /// `@MainActor` method runs on the main actor, and so does a `nonisolated` async function in a
  /// module with `NonisolatedNonsendingByDefault`, as Xcode 26 app targets are; pass a
  /// `@concurrent` function, or call the function from a closure. See "Where code runs".)
  ///
  /// Each `await send(x)` hops to the main actor, reduces `x` there, and returns after `x` has
  /// been reduced. An error that the closure throws
  /// ends this effect only; without a `catch` handler it goes to the reactor's
  /// ``ReactorDefinition/recover(from:)`` hook.
  /// - Parameters:
  ///   - priority: The priority of the task that runs the effect.
  ///   - operation: The work; it receives a ``Send`` to deliver elements.
  ///   - handler: Called with any error other than `CancellationError` that `operation` throws;
  ///     it can send elements that describe the failure.
  ///   - fileID: Where the effect is built, for inspection (``InspectedEffect``); leave the default.
  ///   - line: The line where the effect is built; leave the default.
  @inlinable
  public static func run(
    priority: TaskPriority? = nil,
    operation: @escaping Body,
    catch handler: Catch? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Effect {
    let site = EffectSite(fileID: fileID, line: line)
    guard let handler else {
      return Effect(operation: .run(priority: priority?.rawValue, operation), site: site)
    }
    return Effect(
      operation: .run(priority: priority?.rawValue) { send in
        do {
          try await operation(send)
        } catch is CancellationError {
          throw CancellationError()
        } catch {
          await handler(error, send)
        }
      },
      site: site)
  }

  /// An asynchronous effect that produces exactly one element.
  /// - Parameters:
  ///   - priority: The priority of the task that runs the effect.
  ///   - operation: The work; its result is reduced when it returns.
  ///   - fileID: Where the effect is built, for inspection (``InspectedEffect``); leave the default.
  ///   - line: The line where the effect is built; leave the default.
  public static func task(
    priority: TaskPriority? = nil,
    operation: @concurrent @escaping @Sendable () async throws -> Element,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Effect {
    Effect(
      operation: .run(priority: priority?.rawValue) { send in await send(try await operation()) },
      site: EffectSite(fileID: fileID, line: line))
  }

  /// An effect that sends every element of an asynchronous sequence, in order.
  ///
  /// Use it to merge an external stream (a timer, a notification, a global store) into a reactor.
  /// The effect ends when the sequence ends; that does not end the reactor.
  /// - Parameters:
  ///   - sequence: The elements to send.
  ///   - fileID: Where the effect is built, for inspection (``InspectedEffect``); leave the default.
  ///   - line: The line where the effect is built; leave the default.
  public static func sequence<S: AsyncSequence & Sendable>(
    _ sequence: S, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Effect where S.Element == Element {
    Effect(
      operation: .run(priority: nil) { send in
        for try await element in sequence {
          await send(element)
        }
      },
      site: EffectSite(fileID: fileID, line: line))
  }

  /// An effect that cancels the running effects with the given identifier.
  /// - Parameter id: The identifier given to ``cancellable(id:cancelInFlight:)``.
  public static func cancel(id: some Hashable & Sendable) -> Effect {
    Effect(operation: .cancel(EffectID(id)))
  }
}

// MARK: - Composing effects

extension Effect {
  /// An effect that runs all the given effects at the same time.
  ///
  /// An error in one of them ends that one only.
  /// - Parameter effects: The effects to run.
  public static func merge(_ effects: Effect...) -> Effect {
    merge(effects)
  }

  /// An effect that runs all the given effects at the same time.
  /// - Parameter effects: The effects to run.
  public static func merge(_ effects: some Sequence<Effect>) -> Effect {
    Effect(operation: .merge(Array(effects)))
  }

  /// An effect that runs the given effects one after the other.
  ///
  /// Leading synchronous effects are reduced before `send(_:)` returns; the rest waits for each
  /// previous effect to finish. An error ends the whole concatenation.
  /// - Parameter effects: The effects to run, first to last.
  public static func concatenate(_ effects: Effect...) -> Effect {
    concatenate(effects)
  }

  /// An effect that runs the given effects one after the other.
  /// - Parameter effects: The effects to run, first to last.
  public static func concatenate(_ effects: some Sequence<Effect>) -> Effect {
    Effect(operation: .concatenate(Array(effects)))
  }

  /// Makes this effect cancellable with ``cancel(id:)``.
  ///
  /// - Parameters:
  ///   - id: The identifier to cancel the effect with.
  ///   - cancelInFlight: When `true`, starting this effect first cancels any running effect with
  ///     the same identifier, so that only the latest runs ("latest wins").
  /// - Returns: The cancellable effect.
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Effect {
    Effect(operation: .cancellable(EffectID(id), cancelInFlight: cancelInFlight, self))
  }

  /// Reduces `element` synchronously before this effect starts.
  ///
  /// The common "set a loading flag, then fetch" shape: `.run { ... }.prepend(.setLoading(true))`.
  /// - Parameter element: The element to send first.
  /// - Returns: The combined effect.
  public func prepend(_ element: Element) -> Effect {
    .concatenate(.send(element), self)
  }

  /// Runs `closing` after this effect ends, however it ends: finished, failed, or cancelled.
  ///
  /// The elements of `closing` are reduced even when this effect was cancelled (by
  /// ``cancel(id:)``, by `cancelInFlight`, or by ``ReactorTask/cancel()``), so a loading flag set at
  /// the start is always cleared. This is the counterpart of RxSwift's `take(until:)` followed by
  /// a closing element: the cancelled middle stops, the closing mutation still comes.
  /// ```swift
  /// case .loadNextPage:
  ///   return .concatenate(.send(.setLoadingNextPage(true)), fetchNextPage)
  ///     .finally(.send(.setLoadingNextPage(false)))
  ///     .cancellable(id: "page", cancelInFlight: true)
  /// ```
  /// Keep `closing` short (a `.send`, typically): it runs even after cancellation, so a long
  /// asynchronous closing piece would outlive the cancel. Only the reactor's release stops it.
  ///
  /// Cancelling a nested piece: `.cancel(id:)` of an inner ``cancellable(id:cancelInFlight:)``
  /// stops only that piece; the concatenation around it goes on with its next piece. Cancelling
  /// the outer effect stops every piece after the running one, except a `finally`'s `closing`.
  /// - Parameter closing: The effect to run last.
  /// - Returns: The combined effect.
  public func finally(_ closing: Effect) -> Effect {
    Effect(operation: .finally(self, closing))
  }

  /// Maps the errors of this effect to another effect, typically one that sends an error state.
  ///
  /// `CancellationError` is not passed to `handler`.
  /// - Parameter handler: Makes the effect to run in place of the failed one.
  /// - Returns: The effect with its errors handled.
  public func `catch`(_ handler: @escaping @Sendable (any Error) -> Effect) -> Effect {
    Effect(operation: .catching(self, handler))
  }

  /// Transforms the elements of this effect.
  ///
  /// Use it to embed a child's effect in a parent, or to share an effect between reactors.
  /// - Parameter transform: Maps each element.
  /// - Returns: An effect with the transformed elements.
  public func map<NewElement: Sendable>(
    _ transform: @escaping @Sendable (Element) -> NewElement
  ) -> Effect<NewElement> {
    switch operation {
    case .none:
      return .none
    case .element(let element):
      return .send(transform(element))
    case .elements(let elements):
      return Effect<NewElement>(operation: .elements(elements.map(transform)))
    case .run(let priority, let body):
      return Effect<NewElement>(
        operation: .run(priority: priority) { send in
          try await body(Send { element in send.deliver(transform(element)) })
        },
        site: box?.site)
    case .merge(let effects):
      return .merge(effects.map { $0.map(transform) })
    case .concatenate(let effects):
      return .concatenate(effects.map { $0.map(transform) })
    case .cancellable(let id, let cancelInFlight, let effect):
      return Effect<NewElement>(
        operation: .cancellable(id, cancelInFlight: cancelInFlight, effect.map(transform)))
    case .cancel(let id):
      return Effect<NewElement>(operation: .cancel(id))
    case .catching(let effect, let handler):
      return Effect<NewElement>(
        operation: .catching(effect.map(transform), { handler($0).map(transform) }))
    case .throttle(let id, let sleep, let effect):
      return Effect<NewElement>(operation: .throttle(id, sleep: sleep, effect.map(transform)))
    case .deferred(let make):
      return Effect<NewElement>(operation: .deferred { make().map(transform) })
    case .finally(let effect, let closing):
      return Effect<NewElement>(operation: .finally(effect.map(transform), closing.map(transform)))
    case .subscribe(let subscribe):
      return Effect<NewElement>(
        operation: .subscribe { owner, deliver in subscribe(owner) { deliver(transform($0)) } },
        site: box?.site)
    }
  }
}
