import Foundation
import ReactorFlow

// A recorded session of the main screen (`randomuser --record`) holds its actions (`Codable` where
// they are declared) and its mutations.

extension MainReactor.Mutation: Codable {
  private enum CodingKeys: String, CodingKey {
    case startLoading, setSections, setError, setDetail, setFavourites, rejectRoute
  }

  /// Decodes a mutation. A pushed detail screen is a reactor, which a recording does not hold:
  /// decoding one fails (the CLI records only runs without `--interactive`).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    if let count = try container.decodeIfPresent(Int.self, forKey: .startLoading) {
      self = .startLoading(count: count)
    } else if let sections = try container.decodeIfPresent([PersonSection].self, forKey: .setSections) {
      self = .setSections(sections)
    } else if let error = try container.decodeIfPresent(DescribedError.self, forKey: .setError) {
      self = .setError(error)
    } else if let title = try container.decodeIfPresent(String?.self, forKey: .setDetail) {
      guard title == nil else {
        throw DecodingError.dataCorruptedError(
          forKey: .setDetail, in: container,
          debugDescription: "a recording cannot push the detail screen \(title ?? "")")
      }
      self = .setDetail(nil)
    } else if let favourites = try container.decodeIfPresent(Set<Person.ID>.self, forKey: .setFavourites) {
      self = .setFavourites(favourites)
    } else if let error = try container.decodeIfPresent(RouteError.self, forKey: .rejectRoute) {
      self = .rejectRoute(error)
    } else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath, debugDescription: "not a mutation of MainReactor"))
    }
  }

  /// Encodes the mutation; a pushed detail screen as its title.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .startLoading(let count): try container.encode(count, forKey: .startLoading)
    case .setSections(let sections): try container.encode(sections, forKey: .setSections)
    case .setError(let error): try container.encode(error, forKey: .setError)
    case .setDetail(let detail):
      try container.encode(detail.map { $0.reactor.title }, forKey: .setDetail)
    case .setFavourites(let favourites):
      try container.encode(favourites.sorted(), forKey: .setFavourites)
    case .rejectRoute(let error): try container.encode(error, forKey: .rejectRoute)
    }
  }
}

// The recorded states: with a `Codable` state, a recording holds each state as its JSON and a
// replay compares it with `==`.

extension MainReactor.State: Codable {
  private enum CodingKeys: String, CodingKey {
    case load, sections, error, lastRequestedCount, detail, routeError
  }

  /// Where the sections' load is: `sections` and `error` hold what it keeps.
  private enum Load: String, Codable {
    case idle, loading, loaded, failed
  }

  /// Decodes a state. A pushed detail screen is a reactor, which a recording does not hold:
  /// decoding one fails, as for ``MainReactor/Mutation``.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init()
    let sections = try container.decodeIfPresent([PersonSection].self, forKey: .sections)
    switch try container.decode(Load.self, forKey: .load) {
    case .idle: self.sections = .idle
    case .loading: self.sections = .loading(previous: sections)
    case .loaded:
      guard let sections else {
        throw DecodingError.keyNotFound(
          CodingKeys.sections,
          DecodingError.Context(
            codingPath: container.codingPath, debugDescription: "loaded sections are missing"))
      }
      self.sections = .loaded(sections)
    case .failed:
      self.sections = .failed(try container.decode(DescribedError.self, forKey: .error), previous: sections)
    }
    lastRequestedCount = try container.decodeIfPresent(Int.self, forKey: .lastRequestedCount)
    routeError = try container.decodeIfPresent(RouteError.self, forKey: .routeError)
    if let title = try container.decodeIfPresent(String.self, forKey: .detail) {
      throw DecodingError.dataCorruptedError(
        forKey: .detail, in: container, debugDescription: "a recording cannot push the detail screen \(title)"
      )
    }
  }

  /// Encodes the state; a pushed detail screen as its title.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    let load: Load =
      switch sections {
      case .idle: .idle
      case .loading: .loading
      case .loaded: .loaded
      case .failed: .failed
      }
    try container.encode(load, forKey: .load)
    try container.encodeIfPresent(sections.value, forKey: .sections)
    try container.encodeIfPresent(sections.error, forKey: .error)
    try container.encodeIfPresent(lastRequestedCount, forKey: .lastRequestedCount)
    try container.encodeIfPresent(routeError, forKey: .routeError)
    try container.encodeIfPresent(detail.map { $0.reactor.title }, forKey: .detail)
  }
}
