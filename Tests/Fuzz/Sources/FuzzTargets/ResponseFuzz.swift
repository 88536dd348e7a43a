import Foundation
import RandomUserCore
import ReactorFlow

@testable import randomuser

/// A randomuser.me response body, decoded as every source does (`RandomUserDecoder`, at most the
/// API's largest page) and grouped into sections as `MainReactor` groups it. A body that is not a
/// page is one error of one line. Whatever the server sends, nothing randomuser would print of it
/// drives the terminal: the summary, the section list, each section's screen and each person's
/// details (names, places, e-mail, phone, picture), or the error line.
@MainActor
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
      try checkErrorLine(DescribedError(error))
      return
    }
    // The live client refuses a page without people, as the API never sends one.
    guard !people.isEmpty else {
      try checkErrorLine(DescribedError(PeopleClientError.noPeople(requested: 1)))
      return
    }
    let sections = PersonSection.grouping(people)
    let grouped = sections.reduce(0) { $0 + $1.people.count }
    guard grouped == people.count else {
      throw FuzzFailure("\(people.count) people decoded, \(grouped) in sections")
    }
    try checkPrinted(sections)
  }

  /// The error as `CommandRunner` reports a failed load: one line, which drives nothing.
  private static func checkErrorLine(_ error: DescribedError) throws(FuzzFailure) {
    let line = CommandRunner.errorLine(error.description)
    try ScriptedConsole.checkNothingDrivesTheTerminal(in: line, named: "the error line")
    guard line.firstIndex(of: "\n") == line.index(before: line.endIndex) else {
      throw FuzzFailure("the error is not one line: \(line.debugDescription)")
    }
  }

  /// What the text output and the interactive screens print of the people.
  private static func checkPrinted(_ sections: [PersonSection]) throws(FuzzFailure) {
    var state = MainReactor.State()
    state.sections = .loaded(sections)
    try ScriptedConsole.checkNothingDrivesTheTerminal(
      in: SectionPrinter.text(state, source: "randomuser.me"), named: "the text output")
    try ScriptedConsole.checkNothingDrivesTheTerminal(
      in: SectionPrinter.sectionList(sections), named: "the section list")
    for section in sections {
      // One screen per section, its first row expanded; every other person's details below.
      let screen = DetailReactor.State(title: section.title, people: section.people, expandedIndex: 0)
      try ScriptedConsole.checkNothingDrivesTheTerminal(
        in: SectionPrinter.detail(screen), named: "the screen of \(section.title)")
      for person in section.people.dropFirst() {
        try ScriptedConsole.checkNothingDrivesTheTerminal(
          in: SectionPrinter.details(of: person, indent: "  "), named: "the details of \(person.id)")
      }
    }
  }
}
