import Foundation

/// Appends JSON tokens to a growable byte buffer that becomes a `Data` without a copy.
///
/// The offline source writes pages with it directly, because building 100,000 results as values
/// and running `JSONEncoder` is several times slower; copying with `memcpy` into a `malloc`ed
/// buffer is in turn about twice as fast as appending to an `Array` element by element.
struct JSONByteWriter: ~Copyable {
  private var start: UnsafeMutablePointer<UInt8>
  private var count = 0
  private var capacity: Int

  init(capacity: Int) {
    self.capacity = max(64, capacity)
    guard let memory = malloc(self.capacity) else { fatalError("out of memory for a \(capacity)-byte page") }
    start = memory.assumingMemoryBound(to: UInt8.self)
  }

  deinit {
    free(start)
  }

  /// Hands the bytes over to a `Data` that frees them.
  consuming func data() -> Data {
    let data = Data(bytesNoCopy: start, count: count, deallocator: .free)
    discard self
    return data
  }

  /// Appends trusted JSON text (punctuation and keys) as is.
  mutating func raw(_ text: StaticString) {
    append(text.utf8Start, text.utf8CodeUnitCount)
  }

  /// Appends a string literal, quoted and escaped.
  mutating func string(_ text: String) {
    byte(0x22)
    for unit in text.utf8 {
      switch unit {
      case 0x22, 0x5C:
        byte(0x5C)
        byte(unit)
      case 0x00..<0x20:
        raw("\\u00")
        hexDigit(unit >> 4)
        hexDigit(unit & 0xF)
      default:
        byte(unit)
      }
    }
    byte(0x22)
  }

  /// Appends already-escaped UTF-8 (words from the offline bank), quoted.
  mutating func quoted(_ utf8: [UInt8]) {
    byte(0x22)
    unquoted(utf8)
    byte(0x22)
  }

  /// Appends UTF-8 that is already escaped, without quotes.
  mutating func unquoted(_ utf8: [UInt8]) {
    utf8.withUnsafeBufferPointer { buffer in
      if let base = buffer.baseAddress {
        append(base, buffer.count)
      }
    }
  }

  /// Appends an integer.
  mutating func int(_ value: Int) {
    if value < 0 {
      byte(0x2D)
    }
    let magnitude = value.magnitude
    var divisor: UInt = 1
    while magnitude / divisor >= 10 {
      divisor *= 10
    }
    while divisor > 0 {
      byte(0x30 + UInt8(magnitude / divisor % 10))
      divisor /= 10
    }
  }

  /// Appends a zero-padded integer of exactly `width` digits (`width` must fit the value).
  mutating func padded(_ value: Int, width: Int) {
    reserve(width)
    var rest = value
    for index in stride(from: width - 1, through: 0, by: -1) {
      start[count + index] = 0x30 + UInt8(rest % 10)
      rest /= 10
    }
    count += width
  }

  /// Appends one lowercase hexadecimal digit, for a value in `0..<16`.
  mutating func hexDigit(_ value: UInt8) {
    byte(value < 10 ? 0x30 + value : 0x57 + value)
  }

  /// Appends one byte.
  mutating func byte(_ value: UInt8) {
    reserve(1)
    start[count] = value
    count += 1
  }

  private mutating func append(_ source: UnsafePointer<UInt8>, _ length: Int) {
    reserve(length)
    (start + count).update(from: source, count: length)
    count += length
  }

  private mutating func reserve(_ length: Int) {
    guard count + length > capacity else { return }
    capacity = max(capacity * 2, count + length)
    guard let memory = realloc(start, capacity) else {
      fatalError("out of memory for a \(capacity)-byte page")
    }
    start = memory.assumingMemoryBound(to: UInt8.self)
  }
}
