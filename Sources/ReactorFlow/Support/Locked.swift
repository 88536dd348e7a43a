#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value and the lock that protects it, in one allocation: the only lock of ReactorFlow and
/// ReactorFlowTesting (hence `package`).
///
/// The value is the header of a `ManagedBuffer` and the mutex its one element, as in
/// swift-async-algorithms' `ManagedCriticalState`: one allocation and one pointer hop, where a lock
/// object holding a separately allocated mutex next to the value took three and two.
/// `Synchronization.Mutex` would be the natural choice, but it needs macOS 15 / iOS 18 and the
/// package supports macOS 13 / iOS 16.
@usableFromInline
package struct Locked<Value> {
  @usableFromInline let buffer: ManagedBuffer<Value, pthread_mutex_t>

  /// Wraps `value`.
  @inlinable
  package init(_ value: Value) {
    buffer = Storage.create(minimumCapacity: 1) { buffer in
      buffer.withUnsafeMutablePointerToElements { mutex in
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
      }
      return value
    }
  }

  /// Runs `body` with exclusive access to the value. Never call back into the same lock.
  @inlinable
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    try buffer.withUnsafeMutablePointers { value, mutex in
      pthread_mutex_lock(mutex)
      defer { pthread_mutex_unlock(mutex) }
      return try body(&value.pointee)
    }
  }

  /// The buffer's class, which destroys the mutex; `ManagedBuffer` destroys the value.
  @usableFromInline
  final class Storage: ManagedBuffer<Value, pthread_mutex_t> {
    deinit {
      _ = withUnsafeMutablePointerToElements { mutex in pthread_mutex_destroy(mutex) }
    }
  }
}

// The mutex protects the value: every read and write goes through `withLock`, and the buffer
// reference never changes. The value itself only crosses isolation domains when it is `Sendable`.
extension Locked: @unchecked Sendable where Value: Sendable {}
