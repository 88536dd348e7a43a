import RandomUserCore

/// The `--interactive` loop: reads one command per line and drives the same reactors as an app.
///
/// In the list, `open` sends `showDetail`; in a detail, `toggle` sends the detail reactor's
/// `toggle`, `star` its `star` (confirmed once the favourites are on disk, and said to be not
/// saved otherwise), and `back` sends it `close`, whose output makes `MainReactor` remove the
/// detail;
/// `reload` and `retry` load again. The views of
/// ``InteractiveScreen`` show the state. Works the same with a terminal or piped input; the end of
/// input quits. Every line goes through ``TerminalInput/sanitized(_:)`` first, so no escape
/// sequence or control character a terminal sends is ever read as a command or written back.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@MainActor
struct InteractiveSession {
  let loader: Loader
  let console: Console
  let screen: InteractiveScreen
  /// The favourites and their file, if the session keeps them.
  let store: FavouritesStore?
  /// Whether any load has succeeded: the exit status is a failure when none has.
  var hasLoaded = false

  private var reactor: MainReactor { loader.reactor }

  private static let help = """
    Commands:
      list                 Show the sections (or, in a section, its people).
      open <n | title>     Open a section by number or title, for example 'open 2' or 'open 20s'.
      toggle <n>           In a section, expand person n, or collapse them if expanded.
      star <n>             In a section, star person n, or unstar them if starred.
      back                 Close the section and return to the list.
      reload [count]       Load again, optionally another number of people.
      retry                Repeat the last load after it failed.
      help                 Show this help.
      quit                 Leave.
    A bare number opens that section in the list, or toggles that person in a section.
    """

  /// Loads `count` people and opens `route` if any, then reads commands until `quit` or the end
  /// of input. Errors are shown and the loop goes on, but a session in which every load failed
  /// ends as a failure, and so does one whose route leads nowhere, at once.
  mutating func run(count: Int, opening route: MainReactor.Route? = nil) async -> ExitStatus {
    console.write("Interactive mode. Type 'help' for the commands, 'quit' to leave.\n")
    await load(count)
    if let route, hasLoaded {
      reactor.send(.open(route))
      if let error = reactor.currentState.routeError {
        console.writeError(CommandRunner.errorLine(error.description))
        return .failure
      }
      console.write(screen.text)
    }
    while true {
      console.write(prompt)
      guard let typed = console.readLine() else {
        console.write("\n")
        break
      }
      let line = TerminalInput.sanitized(typed)
      if !console.isInputTerminal {
        console.write(line + "\n")
      }
      let words = line.split(whereSeparator: \.isWhitespace).map(String.init)
      guard let command = words.first?.lowercased() else { continue }
      let argument = words.dropFirst().joined(separator: " ")
      guard await perform(command, argument) else { break }
    }
    return hasLoaded ? .success : .failure
  }

  private var prompt: String {
    reactor.currentState.detail.map { "randomuser \($0.currentState.title)> " } ?? "randomuser> "
  }

  /// Performs one command; returns `false` to quit.
  private mutating func perform(_ command: String, _ argument: String) async -> Bool {
    switch command {
    case "quit", "q", "exit":
      return false
    case "help", "h", "?":
      console.write(Self.help + "\n")
    case "list", "ls", "l":
      console.write(screen.text)
    case "open", "o":
      open(argument)
    case "toggle", "t":
      toggle(argument)
    case "star", "s":
      await star(argument)
    case "back", "b":
      back()
    case "reload", "r":
      await reload(argument)
    case "retry":
      await retry()
    default:
      if Int(command) != nil, argument.isEmpty {
        if reactor.currentState.detail == nil { open(command) } else { toggle(command) }
      } else {
        console.write(
          "Unknown command '\(TerminalInput.excerpt(command))'. Type 'help' for the commands.\n")
      }
    }
    return true
  }

  /// Loads (or retries) and reports the outcome.
  private mutating func load(_ count: Int, retry: Bool = false) async {
    await loader.load(count: count, retry: retry)
    let state = reactor.currentState
    let people = "\(state.peopleCount) \(state.peopleCount == 1 ? "person" : "people")"
    if let error = state.sections.error {
      console.write("Load failed: \(SectionPrinter.shown(error.description))\nType 'retry' to try again.\n")
      if state.sections.value?.isEmpty == false { console.write("Showing the previous \(people).\n") }
      return
    }
    hasLoaded = true
    console.write("Loaded \(people) (\(SectionPrinter.shown(loader.sourceDescription))).\n")
    console.write(screen.text)
  }

  private func open(_ argument: String) {
    let sections = reactor.currentState.sections.value ?? []
    let choices =
      sections.isEmpty
      ? "nothing is loaded" : "choose 1-\(sections.count) or a title such as \(sections[0].title)"
    guard !argument.isEmpty else {
      return console.write("Open which section? \(choices.prefix(1).uppercased() + choices.dropFirst()).\n")
    }
    let title: String? =
      if let number = Int(argument) {
        // Compared before subtracting: `number - 1` overflows for a typed `Int.min`.
        number >= 1 && number <= sections.count ? sections[number - 1].title : nil
      } else {
        sections.first { $0.title.lowercased() == argument.lowercased() }?.title
      }
    guard let title else {
      return console.write("No section '\(TerminalInput.excerpt(argument))': \(choices).\n")
    }
    reactor.send(.showDetail(title))
    console.write(screen.text)
  }

  private func toggle(_ argument: String) {
    guard let detail = reactor.currentState.detail else {
      return console.write("Open a section first, for example 'open 1'.\n")
    }
    let count = detail.currentState.people.count
    let choices = count == 1 ? "1" : "1-\(count)"
    guard !argument.isEmpty else {
      return console.write("Toggle which person? Choose \(choices), for example 'toggle 1'.\n")
    }
    guard let number = Int(argument), number >= 1, number <= count else {
      return console.write("No person '\(TerminalInput.excerpt(argument))': choose \(choices).\n")
    }
    detail.send(.toggle(number - 1))
    let person = detail.currentState.people[number - 1]
    console.write(
      detail.currentState.expandedIndex == number - 1
        ? "\(number). \(SectionPrinter.shown(person.name))\n"
          + SectionPrinter.details(of: person, indent: "   ")
        : "Collapsed \(number). \(SectionPrinter.shown(person.name)).\n")
  }

  private func star(_ argument: String) async {
    guard let detail = reactor.currentState.detail else {
      return console.write("Open a section first, for example 'open 1'.\n")
    }
    let count = detail.currentState.people.count
    let choices = count == 1 ? "1" : "1-\(count)"
    guard let number = Int(argument), number >= 1, number <= count else {
      return console.write(
        argument.isEmpty
          ? "Star which person? Choose \(choices), for example 'star 1'.\n"
          : "No person '\(TerminalInput.excerpt(argument))': choose \(choices).\n")
    }
    detail.send(.star(number - 1))
    // Confirmed only once on disk: a star the user saw printed survives a crash right after.
    let notSaved = await store?.save()
    let person = detail.currentState.people[number - 1]
    let isStarred = detail.currentState.favourites.contains(person.id)
    let name = SectionPrinter.shown(person.name)
    if let notSaved {
      // The reason names the state file, whose path may come from the command line.
      console.write(
        "\(number). \(name) is \(isStarred ? "starred" : "unstarred") for this session only: "
          + "not saved (\(TerminalInput.sanitized(notSaved))).\n")
    } else {
      console.write("\(isStarred ? "Starred" : "Unstarred") \(number). \(name).\n")
    }
  }

  private func back() {
    guard let detail = reactor.currentState.detail else {
      return console.write("Already at the list.\n")
    }
    // The detail announces that it closes; MainReactor, its owner, removes it.
    detail.send(.close)
    console.write(screen.text)
  }

  private mutating func reload(_ argument: String) async {
    let count = argument.isEmpty ? reactor.currentState.lastRequestedCount ?? 100 : Int(argument) ?? 0
    guard PeopleClientLimits.allowedCounts.contains(count) else {
      return console.write(
        "Can't reload '\(TerminalInput.excerpt(argument))': choose a number of people from 1 to 5000.\n")
    }
    // The pushed detail shows the old people: close it before replacing them.
    reactor.send(.dismissDetail)
    await load(count)
  }

  /// Repeats the last load, only after it failed (as the help says); `reload` loads again anyway.
  private mutating func retry() async {
    let state = reactor.currentState
    guard let count = state.lastRequestedCount else {
      return console.write("Nothing to retry yet.\n")
    }
    guard state.sections.error != nil else {
      return console.write("Nothing to retry: the last load worked. Type 'reload' to load again.\n")
    }
    reactor.send(.dismissDetail)
    await load(count, retry: true)
  }
}
