/// Makes the values of a generated test, its actions and the durations its clock advances by,
/// from random choices that the test's seed fixes.
///
/// A generator is built from factories (``constant(_:)``, ``element(of:)``, ``int(in:)``,
/// ``allCases``) and combinators (``oneOf(_:)-([Generator<Value>])``, ``map(_:)``,
/// ``zip(_:_:)``, ``weighted(_:)``). Every value it makes has a simplest form, which a
/// failing run shrinks toward: the first listed element or alternative, the number nearest zero
/// in a range, the shortest duration.
///
/// ```swift
/// let actions: Generator<DetailReactor.Action> = .oneOf(
///   Generator.int(in: -1...4).map(DetailReactor.Action.toggle).weighted(3),
///   Generator.int(in: -1...4).map(DetailReactor.Action.star).weighted(2),
///   .constant(.close)
/// )
/// ```
public struct Generator<Value> {
  /// Makes one value from the choices.
  let generate: (inout Choices) -> Value
  /// The simplest value of each alternative the generator has, which coverage reports as the
  /// cases it can make.
  let examples: () -> [Value]
  /// This generator's weight among the alternatives of a ``oneOf(_:)-([Generator<Value>])``.
  let weight: Int

  init(weight: Int = 1, examples: @escaping () -> [Value], generate: @escaping (inout Choices) -> Value) {
    self.weight = weight
    self.examples = examples
    self.generate = generate
  }

  // MARK: - Creating generators

  /// Always makes `value`.
  /// - Parameter value: The value.
  /// - Returns: The generator.
  public static func constant(_ value: Value) -> Generator {
    Generator(examples: { [value] }, generate: { _ in value })
  }

  /// Makes one of `values`, each as likely; a failure shrinks toward the first.
  /// - Parameter values: The values, simplest first; at least one.
  /// - Returns: The generator.
  public static func element(of values: [Value]) -> Generator {
    precondition(!values.isEmpty, "Generator.element(of:) needs at least one value")
    let count = UInt64(values.count)
    return Generator(examples: { values }, generate: { values[Int($0.draw(below: count))] })
  }

  /// Makes a value of one of `alternatives`, chosen by their weights (one each unless
  /// ``weighted(_:)`` says otherwise); a failure shrinks toward the first.
  /// - Parameter alternatives: The generators, simplest first; at least one.
  /// - Returns: The generator.
  public static func oneOf(_ alternatives: [Generator]) -> Generator {
    precondition(!alternatives.isEmpty, "Generator.oneOf needs at least one alternative")
    precondition(alternatives.allSatisfy { $0.weight > 0 }, "Generator weights must be positive")
    let total = UInt64(alternatives.reduce(0) { $0 + $1.weight })
    let ends = alternatives.reduce(into: [UInt64]()) { ends, alternative in
      ends.append((ends.last ?? 0) + UInt64(alternative.weight))
    }
    return Generator(
      examples: { alternatives.flatMap { $0.examples() } },
      generate: { choices in
        let drawn = choices.draw(below: total)
        var index = 0
        while ends[index] <= drawn { index += 1 }
        return alternatives[index].generate(&choices)
      })
  }

  /// Makes a value of one of `alternatives`; see ``oneOf(_:)-([Generator<Value>])``.
  /// - Parameter alternatives: The generators, simplest first; at least one.
  /// - Returns: The generator.
  public static func oneOf(_ alternatives: Generator...) -> Generator {
    oneOf(alternatives)
  }

  // MARK: - Composing generators

  /// This generator with another weight among the alternatives of
  /// ``oneOf(_:)-([Generator<Value>])``: an alternative of weight 3 is chosen three times as
  /// often as one of weight 1.
  /// - Parameter weight: The weight, at least 1.
  /// - Returns: The weighted generator.
  public func weighted(_ weight: Int) -> Generator {
    Generator(weight: weight, examples: examples, generate: generate)
  }

  /// Makes this generator's values transformed, for example an action from its payload.
  /// - Parameter transform: Makes the new value; it should be pure, as a replay calls it again.
  /// - Returns: The generator.
  public func map<Other>(_ transform: @escaping (Value) -> Other) -> Generator<Other> {
    let generate = self.generate
    let examples = self.examples
    return Generator<Other>(
      weight: weight, examples: { examples().map(transform) },
      generate: { transform(generate(&$0)) })
  }

  /// Makes a value from one of this generator's and one of `other`'s, for an action with two
  /// payloads.
  /// - Parameters:
  ///   - other: The generator of the second value.
  ///   - combine: Makes the new value; it should be pure.
  /// - Returns: The generator.
  public func zip<Other, Combined>(
    _ other: Generator<Other>, _ combine: @escaping (Value, Other) -> Combined
  ) -> Generator<Combined> {
    let first = self
    return Generator<Combined>(
      weight: weight,
      examples: {
        guard let simplest = other.examples().first else { return [] }
        return first.examples().map { combine($0, simplest) }
      },
      generate: { choices in
        let value = first.generate(&choices)
        return combine(value, other.generate(&choices))
      })
  }
}

extension Generator where Value == Int {
  /// Makes a number in `range`; a failure shrinks toward zero, or the bound nearest it.
  /// - Parameter range: The numbers.
  /// - Returns: The generator.
  public static func int(in range: ClosedRange<Int>) -> Generator {
    let anchor = Swift.min(Swift.max(0, range.lowerBound), range.upperBound)
    let above = UInt64(bitPattern: Int64(range.upperBound &- anchor))
    let below = UInt64(bitPattern: Int64(anchor &- range.lowerBound))
    let count = above &+ below &+ 1
    return Generator(
      examples: { [anchor] },
      generate: { choices in
        // Zero (or the nearest bound) first, then alternately one above and one below, then
        // the longer side alone: a smaller choice is a number nearer zero.
        let drawn = choices.draw(below: count == 0 ? .max : count)
        guard drawn > 0 else { return anchor }
        let paired = Swift.min(above, below)
        if drawn <= 2 &* paired {
          let distance = Int(truncatingIfNeeded: (drawn &+ 1) / 2)
          return drawn % 2 == 1 ? anchor &+ distance : anchor &- distance
        }
        let rest = Int(truncatingIfNeeded: drawn &- paired)
        return above > below ? anchor &+ rest : anchor &- rest
      })
  }
}

extension Generator where Value == Bool {
  /// Makes `false` or `true`; a failure shrinks toward `false`.
  public static var bool: Generator {
    element(of: [false, true])
  }
}

extension Generator where Value == Duration {
  /// Makes a duration in `range`, a whole number of `unit`s after its lower bound; a failure
  /// shrinks toward the shortest.
  /// - Parameters:
  ///   - range: The durations.
  ///   - unit: The step between two durations it can make.
  /// - Returns: The generator.
  public static func duration(in range: ClosedRange<Duration>, by unit: Duration) -> Generator {
    precondition(unit > .zero, "Generator.duration(in:by:) needs a positive unit")
    let steps = Int((range.upperBound - range.lowerBound) / unit)
    return Generator<Int>.int(in: 0...steps).map { range.lowerBound + unit * $0 }
  }
}

extension Generator where Value: CaseIterable {
  /// Makes each case of `Value`, in declaration order; a failure shrinks toward the first. The
  /// default generator of an action that is `CaseIterable`.
  public static var allCases: Generator {
    element(of: Array(Value.allCases))
  }
}
