import ReactorFlow
import ReactorFlowTestSupport

/// What happened, in order, across a parent and its children.
@MainActor
final class EventLog {
  private(set) var events: [String] = []

  func append(_ event: String) {
    events.append(event)
  }
}

/// A child: a count, an effect that runs until it is cancelled, and outputs.
@MainActor
final class ItemReactor: OutputReactor {
  enum Action: Sendable { case increment, startForever, remove }
  enum Mutation: Sendable, Equatable { case increment, requestRemoval }
  enum Output: Sendable, Equatable {
    /// Announced with the count the state has after the increment.
    case didIncrement(Int)
    case didRequestRemoval
  }
  struct State: Equatable, Sendable { var count = 0 }

  let initialState = State()
  let runtime = Runtime()
  let effectCancelled: Gate<Void>

  init(effectCancelled: Gate<Void> = Gate()) {
    self.effectCancelled = effectCancelled
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .increment:
      return .send(.increment)
    case .remove:
      return .send(.requestRemoval)
    case .startForever:
      return .run { [effectCancelled] _ in
        do {
          try await suspendUntilCancelled()
        } catch {
          effectCancelled.open()
        }
      }
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .increment: state.count += 1
    case .requestRemoval: break
    }
    return state
  }

  func output(for mutation: Mutation) -> Output? {
    switch mutation {
    case .increment: .didIncrement(currentState.count)
    case .requestRemoval: .didRequestRemoval
    }
  }
}

/// A parent with every kind of child: a keyed collection, an optional destination and a stack.
@MainActor
final class ShelfReactor: Reactor {
  enum Action: Sendable {
    case add(Int)
    case remove(Int)
    case showDetail
    case hideDetail
    case push
    case pop
    case popTo(Int)
    case row(Int, ItemReactor.Output)
    case detail(ItemReactor.Output)
    case log(String)
    /// Sends `log("before")`, then `.remove` to the row, then `log("after")`, while processing.
    case removeRowWhileProcessing(Int)
  }

  enum Mutation: Sendable {
    case add(Int, Child<ItemReactor>)
    case remove(Int)
    case setDetail(Child<ItemReactor>?)
    case push(Child<ItemReactor>)
    case pop
    case popTo(Int)
    case log(String)
  }

  struct State: Equatable, Sendable {
    var rows = Children<Int, ItemReactor>()
    var detail: Child<ItemReactor>?
    var path = ChildStack<ItemReactor>()
    var log: [String] = []
  }

  let initialState = State()
  let runtime = Runtime()
  let events: EventLog
  /// Makes each child; a test keeps weak references to them.
  let makeRow: @MainActor () -> ItemReactor

  init(events: EventLog = EventLog(), makeRow: @escaping @MainActor () -> ItemReactor = { ItemReactor() }) {
    self.events = events
    self.makeRow = makeRow
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .add(let id):
      return .send(.add(id, adopt(makeRow()) { .row(id, $0) }))
    case .remove(let id):
      return .send(.remove(id))
    case .showDetail:
      return .send(.setDetail(adopt(makeRow()) { .detail($0) }))
    case .hideDetail:
      return .send(.setDetail(nil))
    case .push:
      return .send(.push(Child(makeRow())))
    case .pop:
      return .send(.pop)
    case .popTo(let count):
      return .send(.popTo(count))
    case .row(let id, let output):
      events.append("parent received \(output) from row \(id)")
      switch output {
      case .didRequestRemoval: return .send(.remove(id))
      case .didIncrement(let count): return .send(.log("row \(id) is at \(count)"))
      }
    case .detail(let output):
      events.append("parent received \(output) from the detail")
      return output == .didRequestRemoval ? .send(.setDetail(nil)) : .none
    case .log(let text):
      return .send(.log(text))
    case .removeRowWhileProcessing(let id):
      send(.log("before"))
      currentState.rows[id: id]?.send(.remove)
      send(.log("after"))
      return .none
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .add(let id, let row): state.rows.append(row, id: id)
    case .remove(let id): state.rows.remove(id: id)
    case .setDetail(let detail): state.detail = detail
    case .push(let child): state.path.push(child)
    case .pop: state.path.pop()
    case .popTo(let count): state.path.pop(toCount: count)
    case .log(let text): state.log.append(text)
    }
    return state
  }
}
