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
enum StandardError {
  static func write(_ message: String) {
    var message = message
    message.withUTF8 { write($0) }
  }

  static func write(_ bytes: UnsafeBufferPointer<UInt8>) {
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

/// Bytes on their way to standard error, gathered so that several lines take one write, in
/// storage kept from write to write. What is still gathered when the buffer goes is written then.
final class StandardErrorBuffer {
  /// Writes the bytes gathered where a test reads them; `nil` for standard error, which is
  /// written without a closure's call.
  private let write: ((UnsafeBufferPointer<UInt8>) -> Void)?
  // Unchecked, which saves an exclusivity check on every piece: its owner uses it from one
  // isolation, and no access is held across a call out of this class.
  @exclusivity(unchecked) private var storage: UnsafeMutablePointer<UInt8>
  @exclusivity(unchecked) private var capacity: Int
  @exclusivity(unchecked) private var count = 0

  init(capacity: Int = 512, write: ((UnsafeBufferPointer<UInt8>) -> Void)? = nil) {
    self.write = write
    self.capacity = capacity
    storage = .allocate(capacity: capacity)
  }

  deinit {
    flush()
    storage.deallocate()
  }

  /// Adds `string`'s UTF-8 bytes.
  func append(_ string: String) {
    // Read in place when the string is native or small, which a line's pieces are.
    let done = string.utf8.withContiguousStorageIfAvailable { append($0) } != nil
    if !done {
      var string = string
      string.withUTF8 { append($0) }
    }
  }

  /// Adds `bytes`.
  func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let base = bytes.baseAddress else { return }
    reserve(bytes.count)
    (storage + count).initialize(from: base, count: bytes.count)
    count += bytes.count
  }

  /// Adds one byte.
  @inline(__always)
  func append(byte: UInt8) {
    reserve(1)
    storage[count] = byte
    count += 1
  }

  /// Adds an integer's decimal digits, as its `description` writes them.
  func appendDecimal(_ value: Int64) {
    appendDecimal(value.magnitude, negative: value < 0)
  }

  /// Adds the decimal digits of `magnitude`, after a minus sign if `negative`.
  func appendDecimal(_ magnitude: UInt64, negative: Bool) {
    reserve(DecimalDigits.maximumCount)
    count &+= DecimalDigits.write(magnitude, negative: negative, to: storage + count)
  }

  /// Writes the bytes gathered, and empties the buffer.
  func flush() {
    guard count > 0 else { return }
    let bytes = UnsafeBufferPointer(start: UnsafePointer(storage), count: count)
    if let write {
      write(bytes)
    } else {
      StandardError.write(bytes)
    }
    count = 0
  }

  @inline(__always)
  private func reserve(_ extra: Int) {
    if count + extra > capacity { grow(to: count + extra) }
  }

  private func grow(to needed: Int) {
    let larger = max(capacity * 2, needed)
    let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
    grown.initialize(from: storage, count: count)
    storage.deallocate()
    storage = grown
    capacity = larger
  }
}

/// An integer's decimal digits, as its `description` writes them, written here: the standard
/// library's description runs unspecialized (see CONTRIBUTING.md). For the change log's lines, as
/// bytes (`StandardErrorBuffer`) and as strings (`StateLayout.Leaf`).
enum DecimalDigits {
  /// The most bytes `write` takes: 20 digits and a sign.
  static let maximumCount = 21

  /// Writes the decimal digits of `magnitude`, after a minus sign if `negative`, at `bytes`,
  /// which has room for ``maximumCount`` bytes.
  /// - Returns: How many bytes it wrote.
  @inline(__always)
  static func write(_ magnitude: UInt64, negative: Bool, to bytes: UnsafeMutablePointer<UInt8>)
    -> Int
  {
    // Wrapping arithmetic, since none of it can overflow.
    var end = 0
    if negative {
      bytes[end] = UInt8(ascii: "-")
      end &+= 1
    }
    var digits = 1
    var power: UInt64 = 10
    while digits < 20, magnitude >= power {
      digits &+= 1
      power &*= 10
    }
    end &+= digits
    // Two digits per division, from the end, read from a table of the pairs "00" to "99".
    let pairs = digitPairs.utf8Start
    var rest = magnitude
    var index = end
    while rest >= 100 {
      let quotient = rest / 100
      let pair = Int(truncatingIfNeeded: rest &- quotient &* 100) &* 2
      index &-= 2
      bytes[index] = pairs[pair]
      bytes[index &+ 1] = pairs[pair &+ 1]
      rest = quotient
    }
    if rest >= 10 {
      let pair = Int(truncatingIfNeeded: rest) &* 2
      bytes[index &- 2] = pairs[pair]
      bytes[index &- 1] = pairs[pair &+ 1]
    } else {
      bytes[index &- 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest)
    }
    return end
  }

  /// The decimal digits of `magnitude`, after a minus sign if `negative`, as a string.
  static func string(_ magnitude: UInt64, negative: Bool) -> String {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumCount) { buffer in
      guard let start = buffer.baseAddress else { return "" }
      let count = write(magnitude, negative: negative, to: start)
      return String(decoding: UnsafeMutableBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
    }
  }

  /// The decimal pairs "00" to "99", one after the other.
  private static let digitPairs: StaticString = """
    00010203040506070809101112131415161718192021222324252627282930313233343536373839\
    40414243444546474849505152535455565758596061626364656667686970717273747576777879\
    8081828384858687888990919293949596979899
    """
}
