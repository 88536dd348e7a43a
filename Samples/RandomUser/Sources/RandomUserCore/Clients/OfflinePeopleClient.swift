import Foundation

/// The embedded source of people: no network, the same people for the same seed.
///
/// It encodes the page randomuser.me would send (version 1.4) with `JSONEncoder` and decodes it
/// with the same ``RandomUserDecoder`` as ``LivePeopleClient``. A person's dates of birth and of
/// registration are fixed by the seed; their ages are counted to `now`, as randomuser.me counts
/// them to the day of the request, so every source shows ages as of today:
/// `MainReactor(client: OfflinePeopleClient())`. A test injects the day:
/// `OfflinePeopleClient(now: { fixedDate })`.
public struct OfflinePeopleClient: PeopleClient {
  /// The seed used when the caller passes `nil`, so that a plain run is reproducible.
  public static let defaultSeed = "reactorflow"

  private let now: @Sendable () -> Date

  /// Creates the source; `now` gives the instant ages are counted to (the current time by default).
  public init(now: @escaping @Sendable () -> Date = { Date() }) {
    self.now = now
  }

  /// The JSON body randomuser.me would send for `count` people (any count from 0 up) and `seed`
  /// (``defaultSeed`` for `nil`), with ages as of `now`; the same bytes for the same day.
  /// A negative count is `invalidRequest`.
  public func responseData(count: Int, seed: String?) throws(PeopleClientError) -> Data {
    guard count >= 0 else { throw .invalidRequest("count must not be negative, got \(count)") }
    let encoder = JSONEncoder()
    // Sorted keys: the same bytes on every platform, whatever order a JSONEncoder writes keys in.
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let page = OfflinePage(seed: seed ?? Self.defaultSeed, now: now()).response(count: count)
    do { return try encoder.encode(page) } catch {
      throw .invalidRequest("could not encode the page: \(error)")
    }
  }

  /// Makes exactly `count` people (any count from 0 up) for `seed` (``defaultSeed`` for `nil`) and
  /// decodes them like a live response; the same people for the same seed, aged as of `now`.
  public func fetchPeople(count: Int, seed: String?) async throws -> [Person] {
    try Task.checkCancellation()
    let data = try responseData(count: count, seed: seed)
    try Task.checkCancellation()
    return try RandomUserDecoder().people(from: data, atMost: count)
  }
}
