import Foundation
import ReactorFlow
import ReactorFlowTools

/// A reactor whose state holds 100,000 `Int`s and their total: each action changes one element and
/// the total, the shape of a large state that a session recording must not copy at every step.
@MainActor
final class BigStateReactor: Reactor {
  enum Action: Sendable, Codable, Equatable { case bump(Int) }
  typealias Mutation = Action
  struct State: Sendable, Codable, Equatable {
    var items = [Int](repeating: 0, count: 100_000)
    var total = 0
  }

  let initialState = State()
  let runtime = Runtime()

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .bump(let index):
      state.items[index % state.items.count] += 1
      state.total += 1
    }
    return state
  }
}

/// A counter with a `Codable` state: the small recording, written with its states' JSON.
@MainActor
final class CodableCounter: Reactor {
  enum Action: Sendable, Codable, Equatable { case increment }
  enum Mutation: Sendable, Codable, Equatable { case increaseValue }
  struct State: Sendable, Codable, Equatable {
    var value = 0
    var isLoading = false
  }

  let initialState = State()
  let runtime = Runtime()

  func mutate(action: Action) -> Effect<Mutation> { .send(.increaseValue) }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    state.value += 1
    return state
  }
}

/// The bytes per step of the JSON of a recorded session of `count` steps (half
/// of them actions, half their mutations), for the large state and for the small counter. Prints
/// `recording-bytes <per step>` (the large state) and `recording-bytes-counter <per step>`.
@MainActor
func recordingBytes(_ count: Int) -> (large: Int, counter: Int) {
  func bytesPerStep<R: Reactor>(_ reactor: R, _ action: (Int) -> R.Action) -> Int
  where R.Action: Codable, R.Mutation: Codable {
    let recorder = reactor.recordSession(clock: ContinuousClock())
    for index in 0..<count / 2 { reactor.send(action(index)) }
    recorder.stop()
    let recording = recorder.recording
    precondition(recording.steps.count == count, "a step was not recorded")
    do {
      return try JSONEncoder().encode(recording).count / count
    } catch {
      preconditionFailure("the recording does not encode: \(error)")
    }
  }
  // Spread over the array, a step every 7,919 elements (a prime): no two steps next to each other.
  let large = bytesPerStep(BigStateReactor()) { .bump($0 &* 7_919) }
  let counter = bytesPerStep(CodableCounter()) { _ in .increment }
  return (large, counter)
}

/// `recording-bytes <N>`: prints `recording-bytes <per step>` for the large state and
/// `recording-bytes-counter <per step>` for the counter, each recorded for `N` steps.
/// .ci/instructions.sh holds them to thresholds.txt. An executable of its own, so that these
/// reactors do not change how the optimizer inlines the counted recording cases.
@main
enum RecordingBytes {
  @MainActor
  static func main() {
    let arguments = CommandLine.arguments
    guard arguments.count == 2, let count = Int(arguments[1]), count > 1, count % 2 == 0 else {
      print("usage: recording-bytes <N>   (N even, > 0: steps per recording)")
      exit(2)
    }
    let bytes = recordingBytes(count)
    print("recording-bytes \(bytes.large)")
    print("recording-bytes-counter \(bytes.counter)")
  }
}
