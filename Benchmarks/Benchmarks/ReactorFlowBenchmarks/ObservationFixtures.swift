// Shared with Benchmarks/InstructionCounts, whose
// Sources/instruction-counts/ObservationFixtures.swift is a symbolic link to this file: the
// instruction counts must measure the reactors the harness runs. Each executable compiles the file
// in its own module, so that the optimizer sees the reactors there as it does here (a module of
// their own would change what is inlined). Hence ReactorFlow's public API only and nothing of the
// harness's (`Benchmark`, `Sample`, `measured`): the tool also builds against other checkouts of
// ReactorFlow.
import Observation
import ReactorFlow

/// A reactor whose state has ten `Int` properties; `increment` changes only the first.
@MainActor
final class TenValues: Reactor {
  enum Action: Sendable { case increment }
  struct State: Equatable, Sendable {
    var value = 0
    var value1 = 1, value2 = 2, value3 = 3, value4 = 4, value5 = 5
    var value6 = 6, value7 = 7, value8 = 8, value9 = 9
  }

  let initialState = State()
  let runtime = Runtime()

  func reduce(state: State, mutation: Action) -> State {
    var state = state
    state.value += 1
    return state
  }
}

/// `observation-floor`: what a team writes without the bridge, a hand-written `@Observable` class
/// that owns the reactor and copies the one value its view shows from a key-path observer.
@MainActor
@Observable
final class HandWrittenModel {
  @ObservationIgnored let reactor = TenValues()
  private(set) var value = 0
  @ObservationIgnored private var token: ObservationToken?

  init() {
    token = reactor.observe(\.value) { [unowned self] in self.value = $0 }
  }

  func send(_ action: TenValues.Action) {
    reactor.send(action)
  }
}

/// `observation-tracked-change` and `observation-floor`: a view's cycle, repeated: read one value
/// inside `withObservationTracking`, then send the action that changes it, which invalidates the
/// read (the view would render again and read again).
@MainActor
final class TrackedChanges: Sendable {
  let read: @MainActor () -> Int
  let send: @MainActor () -> Void
  let invalidations = Tally()

  init(handWritten: Bool) {
    if handWritten {
      let model = HandWrittenModel()
      read = { model.value }
      send = { model.send(.increment) }
    } else {
      let model = ObservedReactor(TenValues())
      read = { model.value }
      send = { model.send(.increment) }
    }
  }

  /// `count` cycles; returns the sum of the values read.
  func run(_ count: Int) -> Int {
    let (read, send, invalidations) = (self.read, self.send, self.invalidations)
    let before = invalidations.sum
    var sum = 0
    for _ in 0..<count {
      sum &+= withObservationTracking {
        read()
      } onChange: {
        MainActor.assumeIsolated { invalidations.sum += 1 }
      }
      send()
    }
    let seen = invalidations.sum - before
    precondition(seen == count, "\(seen) invalidations for \(count) changes")
    return sum
  }
}
