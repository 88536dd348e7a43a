/// Why a ``PeopleClient`` could not deliver people.
///
/// Each case carries enough to print a one-line message (see `description`).
public enum PeopleClientError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The request never got a response: no connection, a refused connection, a bad host.
  case transport(String)
  /// The response started but the connection broke before its end (reset, or closed early).
  case interrupted(String)
  /// The server did not answer within the client's timeout.
  case timedOut
  /// The server answered with a status outside 200...299.
  case httpStatus(Int)
  /// The body is larger than ``PeopleClientLimits/maximumBodySize``; the rest was not read.
  case tooLarge(limit: Int)
  /// The page holds more people than were requested.
  case tooManyPeople(requested: Int, received: Int)
  /// The body arrived but is not a randomuser.me response.
  case undecodable(String)
  /// The request itself is invalid, for example a count outside 1...5000.
  case invalidRequest(String)

  /// A one-line, human-readable explanation.
  public var description: String {
    switch self {
    case .transport(let reason): "could not reach the server: \(reason)"
    case .interrupted(let reason): "the connection broke while the response was arriving: \(reason)"
    case .timedOut: "the server did not answer in time"
    case .httpStatus(let status): "the server answered with HTTP status \(status)"
    case .tooLarge(let limit): "the response is larger than the \(limit)-byte limit; the rest was not read"
    case .tooManyPeople(let requested, let received):
      "the server sent \(received) \(received == 1 ? "person" : "people") for a request of \(requested)"
    case .undecodable(let reason): "the response is not randomuser.me JSON: \(reason)"
    case .invalidRequest(let reason): "invalid request: \(reason)"
    }
  }
}
