extension PersonSection {
  /// The people of one section: a zero-based, random-access view into the people of a load.
  ///
  /// The sections that ``PersonSection/grouping(_:)`` makes share one immutable copy of the
  /// loaded people; each holds only the positions of its own people. Grouping then copies no
  /// `Person`, which for 100,000 people would be 100,000 retains of cold heap objects. It reads
  /// and compares like an array of `Person`, and encodes as one.
  ///
  /// ```swift
  /// let twenties = sections[1].people
  /// twenties[0].name  // the first person in their twenties, in source order
  /// Array(twenties)   // a plain `[Person]`, where one is needed
  /// ```
  /// In a test, build one from an array: `PersonSection.People([ada, grace])`.
  public struct People: RandomAccessCollection, Hashable, Codable, Sendable {
    // Every section of a load points at the same storage. Immutable, so sharing it across
    // sections, reactors and threads needs no copy-on-write and no lock.
    private final class Storage: Sendable {
      /// The loaded people, in source order.
      let people: [Person]
      /// Positions in `people`, grouped section after section; a section is a range of it.
      let order: [Int32]

      init(people: [Person], order: [Int32]) {
        self.people = people
        self.order = order
      }
    }

    private let storage: Storage
    /// This collection's part of `storage.order`.
    private let range: Range<Int>

    /// Creates a collection of these people, in this order.
    ///
    /// - Parameter people: The people.
    public init(_ people: [Person]) {
      // 32-bit positions halve the index memory; two billion people do not fit in memory anyway.
      precondition(people.count <= Int(Int32.max), "too many people for 32-bit positions")
      storage = Storage(people: people, order: Array(0..<Int32(people.count)))
      range = 0..<people.count
    }

    private init(storage: Storage, range: Range<Int>) {
      self.storage = storage
      self.range = range
    }

    /// The first position, always `0`.
    public var startIndex: Int { 0 }

    /// One past the last position: the number of people.
    public var endIndex: Int { range.count }

    /// The positions of the people, `0..<count`.
    public var indices: Range<Int> { 0..<range.count }

    /// The person at a position.
    ///
    /// - Parameter position: A position in `0..<count`.
    public subscript(position: Int) -> Person {
      // Checked here: an out-of-range position could still be inside `storage.order`, in
      // another section.
      precondition(position >= 0 && position < range.count, "PersonSection.People index out of range")
      return storage.people[Int(storage.order[range.lowerBound + position])]
    }

    /// Whether both hold equal people in the same order.
    ///
    /// Two views of the same section of the same load are equal without reading any person.
    ///
    /// - Parameters:
    ///   - lhs: People.
    ///   - rhs: Other people.
    /// - Returns: Whether they are element-wise equal.
    public static func == (lhs: People, rhs: People) -> Bool {
      if lhs.storage === rhs.storage && lhs.range == rhs.range { return true }
      return lhs.elementsEqual(rhs)
    }

    /// Hashes the people in order, as an array of them would.
    ///
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) {
      hasher.combine(count)
      for person in self {
        hasher.combine(person)
      }
    }

    /// Decodes a JSON array of people.
    ///
    /// - Parameter decoder: The decoder to read from.
    public init(from decoder: any Decoder) throws {
      self.init(try [Person](from: decoder))
    }

    /// Encodes the people as an array, exactly as `[Person]` does.
    ///
    /// - Parameter encoder: The encoder to write to.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.unkeyedContainer()
      for person in self {
        try container.encode(person)
      }
    }

    /// Splits people into sections by a key, in one shared storage, copying no person.
    ///
    /// A counting sort of positions: the caller has counted each key, this places every
    /// position in its key's range.
    ///
    /// - Parameters:
    ///   - people: The people, in source order.
    ///   - counts: How many people have each key; keys are `0..<counts.count`.
    ///   - key: The key of the person at a position of `people`.
    /// - Returns: For each key in ascending order, its people in source order.
    static func partitioning(_ people: [Person], counts: [Int], by key: (Int) -> Int) -> [People] {
      precondition(people.count <= Int(Int32.max), "too many people for 32-bit positions")
      var starts: [Int] = []
      starts.reserveCapacity(counts.count)
      var total = 0
      for count in counts {
        starts.append(total)
        total += count
      }
      precondition(total == people.count, "the counts do not add up to the people")
      var next = starts
      var order = [Int32](repeating: 0, count: people.count)
      for position in people.indices {
        let key = key(position)
        order[next[key]] = Int32(truncatingIfNeeded: position)
        next[key] += 1
      }
      let storage = Storage(people: people, order: order)
      return counts.indices.map { People(storage: storage, range: starts[$0]..<starts[$0] + counts[$0]) }
    }
  }
}
