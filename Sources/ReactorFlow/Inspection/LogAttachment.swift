/// What a change log keeps for the one reactor it is attached to (``Reactor/logChanges(to:)``):
/// the start of the reactor's lines of state changes and its state's layout, and, for a log that
/// writes bytes, the lines of recent actions and mutations and the starts of each field's lines,
/// as bytes.
///
/// Kept by the attachment rather than by the log or by the state's type, so that nothing else (a
/// reactor of the same state type logged in between) can change them from one use to the next;
/// and since the attachment logs one reactor, whose action and mutation types are known where it
/// is made, a kept line is found by its value's bytes and kind alone. Used on the main actor
/// only, by the log's calls.
@usableFromInline
final class LogAttachment {
  /// What a kept line is found by: its value's bytes and what the line shows besides.
  @usableFromInline
  struct Key {
    @usableFromInline let bytes: (UInt64, UInt64)
    @usableFromInline let kind: RecentLines.Kind

    /// The key of `value`'s line, or `nil` when the value is not plain data of a few bytes.
    @inlinable
    init?<Value>(_ value: Value, kind: RecentLines.Kind) {
      guard _isPOD(Value.self), MemoryLayout<Value>.size <= MemoryLayout<(UInt64, UInt64)>.size else {
        return nil
      }
      var bytes: (UInt64, UInt64) = (0, 0)
      withUnsafeMutableBytes(of: &bytes) { bytes in
        withUnsafeBytes(of: value) { bytes.copyMemory(from: $0) }
      }
      self.bytes = bytes
      self.kind = kind
    }
  }

  /// A kept line: plain data, so that looking one up retains nothing.
  private struct Entry {
    let key: Key
    let line: UnsafeMutableBufferPointer<UInt8>
  }

  /// The start of the reactor's lines of state changes.
  let prefix: String
  /// Whether the log writes bytes, and so keeps its lines here as bytes.
  @usableFromInline let keepsBytes: Bool
  // Unchecked, which saves an exclusivity check per access on every event: used from the main
  // actor only, with no access held across a call out.
  /// The state's layout, `.some(nil)` for a state outlined whole, `nil` until looked up.
  @exclusivity(unchecked) var layout: StateLayout??
  /// The starts of the lines of each field of `layout`, once it is known.
  @exclusivity(unchecked) private var starts: StateLayout.LineStarts?
  /// The kept lines, at most `capacity` of them; beyond it, the oldest go.
  private let entries: UnsafeMutablePointer<Entry>
  @exclusivity(unchecked) private var count = 0
  /// Where the next line goes once `entries` is full.
  @exclusivity(unchecked) private var next = 0
  /// Enough for a screen's actions and mutations.
  private static let capacity = 64

  @usableFromInline
  init(name: String, keepsBytes: Bool) {
    prefix = "[\(name)]     "
    self.keepsBytes = keepsBytes
    entries = .allocate(capacity: keepsBytes ? Self.capacity : 0)
  }

  deinit {
    starts?.deallocate()
    for index in 0..<count { entries[index].line.deallocate() }
    entries.deallocate()
  }

  /// The line kept for `key`, if any; it lasts until the next `keep`.
  @inline(__always)
  func line(for key: Key) -> UnsafeBufferPointer<UInt8>? {
    var index = 0
    while index < count {
      let entry = entries[index]
      if entry.key.bytes == key.bytes && entry.key.kind == key.kind {
        return UnsafeBufferPointer(entry.line)
      }
      index &+= 1
    }
    return nil
  }

  /// Keeps `line`'s bytes, with its line break, for `key`.
  func keep(_ line: String, for key: Key) {
    let utf8 = Array(line.utf8) + [UInt8(ascii: "\n")]
    let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: utf8.count)
    _ = bytes.initialize(from: utf8)
    let entry = Entry(key: key, line: bytes)
    if count < Self.capacity {
      (entries + count).initialize(to: entry)
      count += 1
    } else {
      entries[next].line.deallocate()
      entries[next] = entry
      next = (next + 1) % Self.capacity
    }
  }

  /// The starts of the lines of each field of `layout`, made the first time.
  func lineStarts(of layout: StateLayout) -> StateLayout.LineStarts {
    if let starts { return starts }
    let made = layout.lineStarts(prefix: prefix)
    starts = made
    return made
  }
}
