import Foundation
import RandomUserCore

/// A randomuser.me response body, decoded as every source does (`RandomUserDecoder`, at most the
/// API's largest page) and grouped into sections as `MainReactor` groups it. A body that is not a
/// page is one error of one line.
enum ResponseFuzz {
  /// A fixed "now", so that an input decodes the same way on every run.
  private static let decoder = RandomUserDecoder(now: Date(timeIntervalSince1970: 1_750_000_000))

  static func check(_ data: Data) throws(FuzzFailure) {
    let people: [Person]
    do {
      people = try decoder.people(from: data, atMost: PeopleClientLimits.allowedCounts.upperBound)
    } catch {
      guard !error.description.contains("\n") else {
        throw FuzzFailure("the error is more than one line: \(error.description.debugDescription)")
      }
      return
    }
    let sections = PersonSection.grouping(people)
    let grouped = sections.reduce(0) { $0 + $1.people.count }
    guard grouped == people.count else {
      throw FuzzFailure("\(people.count) people decoded, \(grouped) in sections")
    }
  }
}
