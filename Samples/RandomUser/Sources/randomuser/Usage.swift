/// The help text of the `randomuser` command.
enum Usage {
  /// The synopsis, printed after every usage error.
  static let synopsis = """
    usage: randomuser [--count N] [--seed S] [--live | --url URL] [--timeout SECONDS]
                      [--json | --interactive [--state FILE | --no-state]]
                      [--open ROUTE] [--trace FILE] [--record FILE] [--help]
           randomuser --replay FILE [--trace FILE]
    """

  /// The full help, printed by `--help`.
  static let help = """
    randomuser: load random people and show them by age decade.

    \(synopsis)

    By default 100 people come from the embedded offline source, the same ones on every run.
    Ages are as of today for every source: randomuser.me sends each person's age on the day of
    the request, and the offline people, whose dates of birth are fixed, are aged to today.

    Options:
      -n, --count N        How many people to load, 1 to 5000 (default 100).
      -s, --seed S         Seed for reproducible people (offline default: "reactorflow").
          --live           Load from https://randomuser.me/api/ instead of the offline source.
          --url URL        Load from any server that speaks the randomuser.me format
                           (http or https; on Linux, not an IPv6 address such as [::1]).
          --timeout SECS   How long a live load may take, more than 0 and at most 600
                           seconds (default 15).
          --json           Print the sections as JSON; every key is always present, null
                           when unknown (the sample's README has the schema).
      -i, --interactive    Browse the sections: open one, expand a person, star them, go
                           back, reload.
          --state FILE     Keep the favourites (--interactive) in FILE instead of the
                           default, $XDG_STATE_HOME/randomuser/favourites.json (or, without
                           it, ~/.local/state/... on Linux, ~/Library/Application Support/...
                           on macOS).
          --no-state       Keep the favourites for this session only.
          --open ROUTE     Start in a section, with one of its people expanded: 30s opens the
                           30s, 30s/2 also expands its second person (a deep link). A route to
                           a section or a person that was not loaded is an error.
          --trace FILE     Write a timeline of what the reactors did: FILE.json in the Trace
                           Event Format (open it in ui.perfetto.dev or chrome://tracing),
                           FILE.svg, a picture, or FILE.html, a page that steps through the
                           session with the state at each step (open it in a browser).
          --record FILE    Also save the session (what the reactor did) to FILE.
          --replay FILE    Print a saved session again, exactly, without loading anything.
      -h, --help           Show this help.

    Exit status: 0 on success, 1 when the load failed or found nobody (in --interactive: every
    load), when the route of --open leads nowhere, or when the output could not be written, 2
    for a bad command line.
    """
}
