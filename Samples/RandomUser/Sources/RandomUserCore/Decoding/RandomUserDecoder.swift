import Foundation

/// Turns a randomuser.me response body into people: the one decoding path every source uses.
///
/// It reads the JSON with a strict schema-driven scanner rather than `JSONDecoder`, which is
/// several times slower on large pages; the models stay `Codable`, so `JSONDecoder` works on
/// them too and the tests check that both agree.
///
/// ```swift
/// let people = try RandomUserDecoder().people(from: data)
/// ```
public struct RandomUserDecoder: Sendable {
  /// Creates a decoder.
  public init() {}

  /// Decodes a response body into the full models.
  ///
  /// - Parameter data: The body of a randomuser.me response.
  /// - Returns: The decoded response.
  /// - Throws: ``PeopleClientError/undecodable(_:)`` with a one-line reason and byte offset.
  public func response(from data: Data) throws(PeopleClientError) -> RandomUserResponse {
    try scan(data) { scanner throws(JSONScanner.Failure) in try RandomUserResponse(scanning: &scanner) }
  }

  /// Decodes a response body straight into people: what both clients use.
  ///
  /// The result equals `response(from:).results.compactMap(Person.init(result:))`, but only
  /// the fields a ``Person`` has are turned into values, which makes large pages about twice
  /// as fast. The rest of the body is still checked to be valid JSON.
  ///
  /// - Parameter data: The body of a randomuser.me response.
  /// - Returns: The people, in the order of the response.
  /// - Throws: ``PeopleClientError/undecodable(_:)`` when the body is not a randomuser.me
  ///   response or a date of birth is not an ISO 8601 timestamp.
  public func people(from data: Data) throws(PeopleClientError) -> [Person] {
    try scan(data) { scanner throws(JSONScanner.Failure) in
      try scanner.responsePage(element: Person.init(scanning:)).results
    }
  }

  private func scan<Value>(
    _ data: Data, _ read: (inout JSONScanner) throws(JSONScanner.Failure) -> Value
  ) throws(PeopleClientError) -> Value {
    let result: Result<Value, JSONScanner.Failure> = data.withUnsafeBytes { raw in
      var scanner = JSONScanner(bytes: raw.bindMemory(to: UInt8.self))
      do throws(JSONScanner.Failure) {
        let value = try read(&scanner)
        try scanner.end()
        return .success(value)
      } catch {
        return .failure(error)
      }
    }
    switch result {
    case .success(let value):
      return value
    case .failure(let failure):
      throw .undecodable("\(failure.message) at byte \(failure.offset) of \(data.count)")
    }
  }
}
