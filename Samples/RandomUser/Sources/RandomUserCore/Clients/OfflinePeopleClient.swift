import Foundation

/// The embedded source of people: no network, the same people for the same seed.
///
/// It encodes the page randomuser.me would send (version 1.4) with `JSONEncoder` and decodes it
/// with the same ``RandomUserDecoder`` as ``LivePeopleClient``. People are aged 18 to 90 on
/// 1 January of `referenceYear`: `MainReactor(client: OfflinePeopleClient())`.
public struct OfflinePeopleClient: PeopleClient {
  /// The seed used when the caller passes `nil`, so that a plain run is reproducible.
  public static let defaultSeed = "reactorflow"

  /// The year on whose first day the generated ages hold.
  public let referenceYear: Int

  /// Creates the source; a fixed year rather than "now" keeps a seed's people the same every day.
  public init(referenceYear: Int = 2025) {
    self.referenceYear = referenceYear
  }

  /// The JSON body randomuser.me would send for `count` people (any count from 0 up) and `seed`
  /// (``defaultSeed`` for `nil`), the same bytes every time; a negative count is `invalidRequest`.
  public func responseData(count: Int, seed: String?) throws(PeopleClientError) -> Data {
    guard count >= 0 else { throw .invalidRequest("count must not be negative, got \(count)") }
    let encoder = JSONEncoder()
    // Sorted keys: the same bytes on every platform, whatever order a JSONEncoder writes keys in.
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let page = OfflinePage(seed: seed ?? Self.defaultSeed, referenceYear: referenceYear).response(
      count: count)
    do { return try encoder.encode(page) } catch {
      throw .invalidRequest("could not encode the page: \(error)")
    }
  }

  /// Makes exactly `count` people (any count from 0 up) for `seed` (``defaultSeed`` for `nil`) and
  /// decodes them like a live response; the same people for the same seed.
  public func fetchPeople(count: Int, seed: String?) async throws -> [Person] {
    try Task.checkCancellation()
    let data = try responseData(count: count, seed: seed)
    try Task.checkCancellation()
    return try RandomUserDecoder().people(from: data, atMost: count)
  }
}
