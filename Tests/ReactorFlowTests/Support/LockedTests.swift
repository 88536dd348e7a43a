import Dispatch
import Foundation
import XCTest

@testable import ReactorFlow

/// `Locked` is the one lock of the package: every runtime, clock and tester structure relies on
/// it, so a lock that does not exclude must fail here, by name, rather than as a crash or a hang
/// somewhere else.
final class LockedTests: XCTestCase {
  func test_withLock_fromManyThreadsAtOnce_losesNoUpdate() {
    // given
    let counter = Locked(0)
    let threads = 4
    let increments = 50_000

    // when
    DispatchQueue.concurrentPerform(iterations: threads) { _ in
      for _ in 0..<increments {
        counter.withLock { value in
          // A read and a write apart, with a yield between them, so that an unlocked update is
          // lost at once even on a machine with one free core.
          let read = value
          if read % 64 == 0 { sched_yield() }
          value = read + 1
        }
      }
    }

    // then
    XCTAssertEqual(counter.withLock { $0 }, threads * increments, "Locked let two threads in at once")
  }

  func test_withLock_returnsTheBodysResult_andKeepsTheChange() {
    // given
    let names = Locked(["a"])

    // when
    let count = names.withLock { names in
      names.append("b")
      return names.count
    }

    // then
    XCTAssertEqual(count, 2)
    XCTAssertEqual(names.withLock { $0 }, ["a", "b"])
  }

  func test_withLock_bodyThrows_releasesTheLock() {
    // given
    struct Failure: Error {}
    let value = Locked(1)

    // when
    XCTAssertThrowsError(try value.withLock { _ in throw Failure() })

    // then: a second call would deadlock if the first kept the lock.
    XCTAssertEqual(value.withLock { $0 }, 1)
  }
}
