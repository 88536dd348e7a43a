extension PersonSection {
  /// The people of one section: a zero-based, random-access view into the people of a load.
  ///
  /// The sections of a load share its array of people and each holds the positions of its own, so
  /// grouping copies no `Person` (for 100,000 people, about a million retains). It reads, compares
  /// and encodes like `[Person]`; `PersonSection.People([ada, grace])` makes one in a test.
  public struct People: RandomAccessCollection, Hashable, Codable, Sendable, CustomReflectable {
    private let all: [Person]
    /// Positions in `all`; 32 bits halve the memory, and two billion people do not fit anyway.
    private let positions: ArraySlice<Int32>

    /// Creates a collection of these people, in this order.
    public init(_ people: [Person]) {
      precondition(people.count <= Int(Int32.max), "too many people for 32-bit positions")
      self.init(all: people, positions: ArraySlice(0..<Int32(people.count)))
    }

    private init(all: [Person], positions: ArraySlice<Int32>) {
      self.all = all
      self.positions = positions
    }

    /// The first position, always `0`.
    public var startIndex: Int { 0 }

    /// One past the last position: the number of people.
    public var endIndex: Int { positions.count }

    /// The person at a position in `0..<count`.
    public subscript(position: Int) -> Person {
      // Checked here: an out-of-range position could still be inside `all`, in another section.
      precondition(position >= 0 && position < positions.count, "PersonSection.People index out of range")
      return all[Int(positions[positions.startIndex + position])]
    }

    /// Reflects as the people it holds, like `[Person]`: a dump, a test's diff or a recorded state
    /// shows the people, not the shared storage (which differs between equal collections).
    public var customMirror: Mirror {
      Mirror(self, unlabeledChildren: Array(self), displayStyle: .collection)
    }

    /// Equal people in the same order; two views of one section are equal without reading a person.
    public static func == (lhs: People, rhs: People) -> Bool {
      lhs.count == rhs.count
        && ((lhs.positions == rhs.positions && lhs.all == rhs.all) || lhs.elementsEqual(rhs))
    }

    /// Hashes the people in order, as an array of them would.
    public func hash(into hasher: inout Hasher) {
      hasher.combine(count)
      for person in self { hasher.combine(person) }
    }

    /// Decodes a JSON array of people.
    public init(from decoder: any Decoder) throws {
      self.init(try [Person](from: decoder))
    }

    /// Encodes the people as a JSON array, as `[Person]` does.
    public func encode(to encoder: any Encoder) throws {
      try Array(self).encode(to: encoder)
    }

    /// Splits people by key (`key(position)` in `0..<counts.count`, `counts[k]` people with key `k`)
    /// with a counting sort of their positions: for each key in order, its people in source order.
    static func partitioning(_ people: [Person], counts: [Int], by key: (Int) -> Int) -> [People] {
      precondition(people.count <= Int(Int32.max), "too many people for 32-bit positions")
      let starts = counts.reduce(into: [0]) { $0.append($0[$0.count - 1] + $1) }
      precondition(starts[counts.count] == people.count, "the counts do not add up to the people")
      var next = starts
      var order = [Int32](repeating: 0, count: people.count)
      for position in people.indices {
        let key = key(position)
        order[next[key]] = Int32(truncatingIfNeeded: position)
        next[key] += 1
      }
      return counts.indices.map { People(all: people, positions: order[starts[$0]..<starts[$0 + 1]]) }
    }
  }
}
