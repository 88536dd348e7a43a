#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Android)
  import Android
#elseif canImport(ucrt)
  import ucrt
#elseif canImport(WASILibc)
  import WASILibc
#endif

/// Writes diagnostics to the process's standard error, without Foundation.
package enum StandardError {
  /// Writes `message`, in as few writes as the system takes.
  package static func write(_ message: String) {
    var message = message
    message.withUTF8 { write($0) }
  }

  /// Writes `bytes`, in as few writes as the system takes.
  package static func write(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let base = bytes.baseAddress else { return }
    var offset = 0
    while offset < bytes.count {
      let written = writeToStandardError(base + offset, bytes.count - offset)
      guard written > 0 else { return }
      offset += written
    }
  }
}

/// Writes up to `count` bytes from `bytes` to file descriptor 2, and returns how many it wrote, or
/// 0 or less if it failed. Outside `StandardError`, whose `write` would hide the system's.
private func writeToStandardError(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int {
  #if canImport(ucrt)
    Int(_write(2, bytes, UInt32(clamping: count)))
  #else
    write(2, bytes, count)
  #endif
}
