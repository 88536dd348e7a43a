import Foundation
import RandomUserCore
import ReactorFlowTesting

/// People after a second on a test clock, from the offline source on a fixed day; an odd count
/// fails. A generated run thus meets slow, overlapping and failing loads, the same for the same
/// steps.
struct ClockedPeopleClient: PeopleClient {
  static let day = Date(timeIntervalSince1970: 1_735_689_600)

  let clock: TestClock

  func fetchPeople(count: Int, seed: String?) async throws -> [Person] {
    try await clock.sleep(for: .seconds(1))
    guard count % 2 == 0 else {
      throw PeopleClientError.transport("the scripted network fails odd counts")
    }
    return try await OfflinePeopleClient(now: { Self.day }).fetchPeople(count: count, seed: seed)
  }
}
