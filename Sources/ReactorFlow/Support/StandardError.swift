#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(ucrt)
  import ucrt
#endif

#if canImport(Darwin)
  private let systemWrite = Darwin.write
#elseif canImport(Musl)
  private let systemWrite = Musl.write
#else
  private let systemWrite = Glibc.write
#endif

/// Writes diagnostics to the process's standard error, without Foundation.
enum StandardError {
  static func write(_ message: String) {
    var message = message
    message.withUTF8 { bytes in
      guard let base = bytes.baseAddress else { return }
      var offset = 0
      while offset < bytes.count {
        let written = systemWrite(2, base + offset, bytes.count - offset)
        guard written > 0 else { return }
        offset += written
      }
    }
  }
}
