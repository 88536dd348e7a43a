import Foundation
import RandomUserCore
import ReactorFlow

/// The favourites of the interactive mode, and the file that keeps them (`--state`,
/// `--no-state`).
///
/// A star is confirmed only when ``save()`` finds it on disk, that is after the file was renamed
/// into place: a star that the session printed survives a crash or a `kill -9` right after. A
/// file that cannot be decoded is kept aside (`favourites.json.bad-1`), with one warning line, and
/// the session starts without favourites. A file that cannot be read at all (or is not a regular
/// file) is left as it is, with one warning line, and the session keeps its stars in memory only;
/// so does a second session while another one runs on the same file.
@MainActor
struct FavouritesStore {
  /// The value the reactors share.
  let favourites: Favourites
  /// The file behind it, or `nil` with `--no-state`.
  let persistence: FilePersistence<Set<Person.ID>>?

  /// Opens the favourites that `options` names, and reports a bad file on `console`.
  init(options: Options, console: Console, clock: any Clock<Duration>) {
    let path: String
    switch options.stateFile {
    case .none:
      favourites = Favourites([])
      persistence = nil
      return
    case .path(let given):
      path = given
    case .standard:
      path = Self.defaultPath(environment: ProcessInfo.processInfo.environment)
      Self.createFolders((path as NSString).deletingLastPathComponent)
    }
    let persistence = FilePersistence(
      Self.storage(path: path), default: [], clock: clock, delay: .milliseconds(500)
    ) { error in
      // The path may come from the command line: one line, through the filter of typed lines.
      let line = TerminalInput.sanitized(error.description)
      if case .readFailed = error {
        console.writeError("randomuser: warning: \(line); stars are kept for this session only\n")
      } else {
        console.writeError("randomuser: warning: \(line)\n")
      }
    }
    self.persistence = persistence
    favourites = persistence.shared
  }

  /// Writes what is not written yet, and returns once it is on disk or its write failed.
  /// - Returns: Why the latest change is not on disk, or `nil` when it is (or when the session
  ///   keeps no file).
  @discardableResult
  func save() async -> String? {
    guard let persistence else { return nil }
    await persistence.flush()
    guard persistence.hasUnsavedChanges else { return nil }
    guard persistence.savesChanges else {
      if case .inUse = persistence.lastError {
        return "\(persistence.storage.path) is in use by another session"
      }
      return "\(persistence.storage.path) could not be read when the session started"
    }
    return persistence.lastError.map { "\($0)" } ?? "\(persistence.storage.path) is not written yet"
  }

  /// The state file at `path`, in the current format. A file of each earlier format is kept in
  /// the tests (`Tests/RandomUserTests/Fixtures/favourites-format-N.json`): raising the format
  /// needs a `FileMigration` from the previous one.
  static func storage(path: String) -> FileStorage<Set<Person.ID>> {
    FileStorage(path: path, format: 1, migrations: [])
  }

  /// Creates the folders of `directory` that are missing, for the user only (0700), as the XDG
  /// base directory specification asks. A folder that cannot be created shows at the first save,
  /// which then says that the star is not saved, and why.
  static func createFolders(_ directory: String) {
    var current = directory.hasPrefix("/") ? "" : "."
    for component in directory.split(separator: "/") {
      current += "/\(component)"
      mkdir(current, 0o700)
    }
  }

  /// `$XDG_STATE_HOME/randomuser/favourites.json`; without it, `~/.local/state/randomuser/` on
  /// Linux and `~/Library/Application Support/randomuser/` on macOS.
  static func defaultPath(environment: [String: String]) -> String {
    if let stateHome = environment["XDG_STATE_HOME"], stateHome.hasPrefix("/") {
      return "\(stateHome)/randomuser/favourites.json"
    }
    let home = environment["HOME"] ?? NSHomeDirectory()
    #if os(macOS)
      return "\(home)/Library/Application Support/randomuser/favourites.json"
    #else
      return "\(home)/.local/state/randomuser/favourites.json"
    #endif
  }
}
