import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A pseudo-terminal: the command under test gets the slave side as its terminal, the test reads
/// what it shows and types on the master side.
final class PseudoTerminal: @unchecked Sendable {
  // `@unchecked Sendable`: the descriptors are set once in `init`; `shown` is only used by the
  // test's own thread.
  let master: Int32
  let slave: Int32
  /// Everything read from the master so far.
  private(set) var shown = ""

  init() throws {
    master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
    guard master >= 0, let name = Self.unlockedSlaveName(master) else {
      throw LoopbackHTTPServer.SocketError(operation: "open /dev/ptmx")
    }
    slave = open(name, O_RDWR | O_NOCTTY)
    guard slave >= 0 else { throw LoopbackHTTPServer.SocketError(operation: "open pty slave") }
  }

  deinit {
    close(slave)
    close(master)
  }

  /// Unlocks the slave of `master` and returns its path (`grantpt`, `unlockpt` and `ptsname`,
  /// which the Swift module of the C library does not export on Linux).
  private static func unlockedSlaveName(_ master: Int32) -> String? {
    #if os(Linux)
      var unlock: Int32 = 0
      var number: UInt32 = 0
      guard ioctl(master, 0x4004_5431 /* TIOCSPTLCK */, &unlock) == 0,
        ioctl(master, 0x8004_5430 /* TIOCGPTN */, &number) == 0
      else { return nil }
      return "/dev/pts/\(number)"
    #else
      guard grantpt(master) == 0, unlockpt(master) == 0, let name = ptsname(master) else { return nil }
      return String(cString: name)
    #endif
  }

  /// The slave side, for a `Process`.
  var slaveHandle: FileHandle { FileHandle(fileDescriptor: slave, closeOnDealloc: false) }

  /// Whether the terminal echoes typed keys right now.
  var echoes: Bool {
    var settings = termios()
    tcgetattr(slave, &settings)
    return settings.c_lflag & tcflag_t(ECHO) != 0
  }

  /// Types `text` as if on the keyboard.
  func type(_ text: String) {
    _ = text.withCString { write(master, $0, strlen($0)) }
  }

  /// Reads what the terminal shows until `text` has appeared (`true`), or `timeout` seconds
  /// pass without it (`false`). Waits on `poll`, woken by each write of the command.
  func read(until text: String, timeout: TimeInterval = 10) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !shown.contains(text) {
      let remaining = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
      var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
      guard remaining > 0, poll(&descriptor, 1, remaining) > 0 else { return false }
      let count = Foundation.read(master, &buffer, buffer.count)
      guard count > 0 else { return false }
      shown += String(decoding: buffer[0..<count], as: UTF8.self)
    }
    return true
  }
}
