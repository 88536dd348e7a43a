/// Why a ``PeopleClient`` could not deliver people.
///
/// Each case carries enough to print a one-line message (see `description`).
public enum PeopleClientError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The request never got a response: no connection, a refused connection, a bad host.
  case transport(String)
  /// The response started but the connection broke before its end (reset, or closed early).
  case interrupted(String)
  /// The server did not start to answer within the client's timeout, `limit`.
  case timedOut(limit: Duration)
  /// The server started to answer, but the body had not all arrived when the timeout, `limit`, ran
  /// out (a server that trickles its body).
  case tooSlow(limit: Duration)
  /// The server answered with a status outside 200...299.
  case httpStatus(Int)
  /// The body is larger than ``PeopleClientLimits/maximumBodySize``; the rest was not read.
  case tooLarge(limit: Int)
  /// The page holds more people than were requested.
  case tooManyPeople(requested: Int, received: Int)
  /// The page holds nobody, though `requested` people (at least one) were asked for.
  case noPeople(requested: Int)
  /// The body arrived but is not a randomuser.me response.
  case undecodable(String)
  /// The request itself is invalid, for example a count outside 1...5000.
  case invalidRequest(String)

  /// A one-line, human-readable explanation.
  public var description: String {
    switch self {
    case .transport(let reason): "could not reach the server: \(reason)"
    case .interrupted(let reason): "the connection broke while the response was arriving: \(reason)"
    case .timedOut(let limit): "the server did not answer within the timeout of \(Self.seconds(limit))"
    case .tooSlow(let limit):
      "the server answered, but the response was still arriving when the timeout of "
        + "\(Self.seconds(limit)) ran out"
    case .httpStatus(let status): "the server answered with HTTP status \(status)"
    case .tooLarge(let limit):
      "the response is larger than the limit of \(Self.grouped(limit)) bytes; the rest was not read"
    case .tooManyPeople(let requested, let received):
      "the server sent \(received) \(received == 1 ? "person" : "people") for a request of \(requested)"
    case .noPeople(let requested): "the server sent no people for a request of \(requested)"
    case .undecodable(let reason): "the response is not randomuser.me JSON: \(reason)"
    case .invalidRequest(let reason): "invalid request: \(reason)"
    }
  }

  /// `10,240,000`: digits in groups of three, the same in every locale.
  static func grouped(_ number: Int) -> String {
    let digits = Array(String(number.magnitude))
    var out = number < 0 ? "-" : ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { out += "," }
      out.append(digit)
    }
    return out
  }

  /// `15 seconds`, `1 second`, `0.3 seconds`: a duration to the millisecond, as `--timeout` takes it.
  static func seconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let milliseconds = seconds * 1000 + (attoseconds + 500_000_000_000_000) / 1_000_000_000_000_000
    var text = String(milliseconds / 1000)
    if milliseconds % 1000 != 0 {
      let fraction = String(milliseconds % 1000)
      text += "." + String(repeating: "0", count: 3 - fraction.count) + fraction
      while text.hasSuffix("0") { text.removeLast() }
    }
    return text + (milliseconds == 1000 ? " second" : " seconds")
  }
}
