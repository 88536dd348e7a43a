import XCTest

extension XCTestCase {
  /// Waits, at most `timeout` seconds, until some task has started waiting on `latch`; fails
  /// with `description` otherwise.
  @MainActor
  func waitForArrival(at latch: Latch, _ description: String, timeout: TimeInterval = 5) async {
    let arrived = expectation(description: description)
    let watcher = Task {
      await latch.nextArrival()
      arrived.fulfill()
    }
    await fulfillment(of: [arrived], timeout: timeout)
    watcher.cancel()
  }
}
