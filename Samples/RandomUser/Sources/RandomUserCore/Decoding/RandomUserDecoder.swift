import Foundation

/// Turns a randomuser.me response body into people: the one decoding path of every source.
///
/// `JSONDecoder` on ``RandomUserResponse``, for API versions 1.0 to 1.4: a missing country is `nil`,
/// a missing age is counted from the date of birth to `now`, and dates keep their milliseconds.
/// `try RandomUserDecoder().people(from: data)`.
public struct RandomUserDecoder: Sendable {
  /// The instant ages are counted to when the response has none (API versions 1.0 and 1.1).
  public var now: Date

  /// Creates a decoder that counts missing ages to `now`.
  public init(now: Date = Date()) {
    self.now = now
  }

  /// Decodes a response body into people, in its order; throws ``PeopleClientError/undecodable(_:)``
  /// with a one-line reason, or `tooManyPeople` when the page holds more than `limit`.
  public func people(from data: Data, atMost limit: Int? = nil) throws(PeopleClientError) -> [Person] {
    let results = try response(from: data).results
    if let limit, results.count > limit {
      throw .tooManyPeople(requested: limit, received: results.count)
    }
    return try results.indices.map { index throws(PeopleClientError) in
      try person(results[index], at: index)
    }
  }

  /// Decodes a response body into the wire models.
  func response(from data: Data) throws(PeopleClientError) -> RandomUserResponse {
    do {
      return try JSONDecoder().decode(RandomUserResponse.self, from: data)
    } catch let error as DecodingError {
      throw .undecodable(Self.reason(error, in: data))
    } catch {
      throw .undecodable(String(describing: error))
    }
  }

  private func person(_ result: RandomUserResponse.Result, at index: Int) throws(PeopleClientError) -> Person
  {
    let (date, sentAge): (OneOf<String, Int>, Int?) =
      switch result.dob {
      case .first(let dated): (.first(dated.date), dated.age)
      case .second(let bare): (bare, nil)
      }
    guard let dateOfBirth = Self.date(date) else { throw .undecodable("results[\(index)].dob is not a date") }
    let age = sentAge ?? Self.calendar.dateComponents([.year], from: dateOfBirth, to: now).year ?? 0
    return Person(
      id: result.login.uuid ?? result.login.username, name: "\(result.name.first) \(result.name.last)",
      age: age, gender: result.gender, email: result.email, country: result.location.country,
      city: result.location.city, phone: result.phone, dateOfBirth: dateOfBirth,
      pictureURL: URL(string: result.picture.large))
  }

  /// The Gregorian calendar in UTC.
  static let calendar: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = .gmt
    return calendar
  }()
  /// ISO 8601, with or without fractional seconds (parsing accepts both).
  static let iso8601 = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
  /// Version 1.1's `"1983-07-14 07:29:45"`, taken as UTC.
  private static let spaced = Date.ISO8601FormatStyle(dateTimeSeparator: .space, timeZone: .gmt)
    .year().month().day().time(includingFractionalSeconds: false)

  /// Why `JSONDecoder` refused `data` as a whole when `JSONSerialization` shows that the
  /// syntax is fine, or a number alone is out of range; `nil` when it is not JSON.
  package static func topLevelReason(_ data: Data) -> String? {
    do {
      _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
      return "a number is out of range for its field, or not a whole number where one is needed"
    } catch {
      let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
      return detail?.hasPrefix("Number ") == true ? "a number is out of range (\(detail ?? ""))" : nil
    }
  }

  /// The instant a `dob` or `registered` date names, in any version's format.
  static func date(_ value: OneOf<String, Int>) -> Date? {
    switch value {
    case .first(let text): (try? iso8601.parse(text)) ?? (try? spaced.parse(text))
    case .second(let seconds): Date(timeIntervalSince1970: TimeInterval(seconds))
    }
  }

  /// A one-line reason with the value's path, for example `missing key results[1].email` or
  /// `the top level is an array, not an object`: JSON words, never Swift type names.
  ///
  /// `data` is what was decoded: on Linux, `JSONDecoder` reports a number that does not fit its
  /// field (`1e20` for an `Int`) as "not valid JSON" with no path, which the data tells apart.
  package static func reason(_ error: DecodingError, in data: Data) -> String {
    func path(_ keys: [any CodingKey]) -> String {
      let path = keys.reduce("") { path, key in
        key.intValue.map { path + "[\($0)]" }
          ?? (path.isEmpty ? key.stringValue : path + "." + key.stringValue)
      }
      return path.isEmpty ? "the top level" : path
    }
    switch error {
    case .keyNotFound(let key, let context): return "missing key \(path(context.codingPath + [key]))"
    case .valueNotFound(let type, let context):
      return "\(path(context.codingPath)) is null, not \(kind(type))"
    case .typeMismatch(let type, let context):
      let found = foundKind(context.debugDescription).map { " is \($0)," } ?? ""
      return "\(path(context.codingPath))\(found) not \(kind(type))"
    case .dataCorrupted(let context):
      let detail = (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey] as? String
      let reason = context.debugDescription + (detail.map { " (\($0))" } ?? "")
      if context.codingPath.isEmpty, let found = topLevelReason(data) { return found }
      return context.codingPath.isEmpty ? reason : "\(path(context.codingPath)): \(reason)"
    @unknown default: return String(describing: error)
    }
  }

  /// What a value of Swift type `type` is called in JSON: "an object", "a string", "a number"...
  private static func kind(_ type: Any.Type) -> String {
    switch type {
    case is String.Type: "a string"
    case is Bool.Type: "a boolean"
    case is Int.Type, is Double.Type, is Float.Type: "a number"
    case is any Collection.Type:
      // `[String: Any]` (what a keyed container expects) and `[Any]` (an unkeyed one).
      "\(type)".hasPrefix("Dictionary") ? "an object" : "an array"
    default: "an object"
    }
  }

  /// The JSON kind a decoding error says it found ("...but found an array instead."), if it says.
  private static func foundKind(_ description: String) -> String? {
    guard let start = description.range(of: "but found "),
      let end = description.range(of: " instead", range: start.upperBound..<description.endIndex)
    else { return nil }
    let found = description[start.upperBound..<end.lowerBound]
    switch found.lowercased() {
    case "a dictionary", "dictionary", "an object", "object": return "an object"
    case "an array", "array": return "an array"
    case "a string", "string": return "a string"
    case "a number", "number": return "a number"
    case "a bool", "bool", "a boolean", "boolean": return "a boolean"
    case "null", "a null value": return "null"
    default: return nil
    }
  }
}
