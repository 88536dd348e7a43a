#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Android)
  import Android
#elseif canImport(WinSDK)
  import WinSDK
#endif

/// A value and the lock that protects it, in one allocation: the only lock of ReactorFlow and
/// ReactorFlowTesting (hence `package`).
///
/// The value is the header of a `ManagedBuffer` and the lock its one element, as in
/// swift-async-algorithms' `ManagedCriticalState`: one allocation and one pointer hop, where a lock
/// object holding a separately allocated lock next to the value took three and two.
/// `Synchronization.Mutex` would be the natural choice, but it needs macOS 15 / iOS 18 and the
/// package supports macOS 13 / iOS 16; `SystemLock` is the platform's own lock instead.
package struct Locked<Value> {
  let buffer: ManagedBuffer<Value, SystemLock.Primitive>

  /// Wraps `value`.
  package init(_ value: Value) {
    buffer = Storage.create(minimumCapacity: 1) { buffer in
      buffer.withUnsafeMutablePointerToElements { lock in SystemLock.initialize(lock) }
      return value
    }
  }

  /// Runs `body` with exclusive access to the value. Never call back into the same lock.
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    try buffer.withUnsafeMutablePointers { value, lock in
      SystemLock.lock(lock)
      defer { SystemLock.unlock(lock) }
      return try body(&value.pointee)
    }
  }

  /// The buffer's class, which destroys the lock; `ManagedBuffer` destroys the value.
  final class Storage: ManagedBuffer<Value, SystemLock.Primitive> {
    deinit {
      withUnsafeMutablePointerToElements { lock in SystemLock.deinitialize(lock) }
    }
  }
}

// The lock protects the value: every read and write goes through `withLock`, and the buffer
// reference never changes. The value itself only crosses isolation domains when it is `Sendable`.
extension Locked: @unchecked Sendable where Value: Sendable {}

/// The platform's own lock, stored in place by ``Locked`` (it must not move once initialized),
/// with the same four operations on every platform.
enum SystemLock {
  #if canImport(Darwin)
    /// The lock's storage.
    typealias Primitive = os_unfair_lock

    /// Makes the lock at `lock` ready to use.
    static func initialize(_ lock: UnsafeMutablePointer<Primitive>) {
      lock.initialize(to: os_unfair_lock())
    }

    /// Waits for the lock and takes it.
    static func lock(_ lock: UnsafeMutablePointer<Primitive>) { os_unfair_lock_lock(lock) }

    /// Releases the lock.
    static func unlock(_ lock: UnsafeMutablePointer<Primitive>) { os_unfair_lock_unlock(lock) }

    /// Releases what the lock holds, before its memory is freed.
    static func deinitialize(_ lock: UnsafeMutablePointer<Primitive>) {}
  #elseif canImport(Glibc) || canImport(Musl) || canImport(Android)
    /// The lock's storage.
    typealias Primitive = pthread_mutex_t

    /// Makes the lock at `lock` ready to use.
    static func initialize(_ lock: UnsafeMutablePointer<Primitive>) {
      lock.initialize(to: pthread_mutex_t())
      pthread_mutex_init(lock, nil)
    }

    /// Waits for the lock and takes it.
    static func lock(_ lock: UnsafeMutablePointer<Primitive>) { pthread_mutex_lock(lock) }

    /// Releases the lock.
    static func unlock(_ lock: UnsafeMutablePointer<Primitive>) { pthread_mutex_unlock(lock) }

    /// Releases what the lock holds, before its memory is freed.
    static func deinitialize(_ lock: UnsafeMutablePointer<Primitive>) {
      pthread_mutex_destroy(lock)
    }
  #elseif canImport(WinSDK)
    /// The lock's storage.
    typealias Primitive = SRWLOCK

    /// Makes the lock at `lock` ready to use.
    static func initialize(_ lock: UnsafeMutablePointer<Primitive>) {
      lock.initialize(to: SRWLOCK())
      InitializeSRWLock(lock)
    }

    /// Waits for the lock and takes it.
    static func lock(_ lock: UnsafeMutablePointer<Primitive>) { AcquireSRWLockExclusive(lock) }

    /// Releases the lock.
    static func unlock(_ lock: UnsafeMutablePointer<Primitive>) { ReleaseSRWLockExclusive(lock) }

    /// Releases what the lock holds, before its memory is freed.
    static func deinitialize(_ lock: UnsafeMutablePointer<Primitive>) {}
  #elseif canImport(WASILibc)
    /// The lock's storage: none, as a WASI process runs one thread.
    typealias Primitive = Void

    /// Makes the lock at `lock` ready to use.
    static func initialize(_ lock: UnsafeMutablePointer<Primitive>) { lock.initialize(to: ()) }

    /// Waits for the lock and takes it.
    static func lock(_ lock: UnsafeMutablePointer<Primitive>) {}

    /// Releases the lock.
    static func unlock(_ lock: UnsafeMutablePointer<Primitive>) {}

    /// Releases what the lock holds, before its memory is freed.
    static func deinitialize(_ lock: UnsafeMutablePointer<Primitive>) {}
  #else
    #error("ReactorFlow has no lock for this platform.")
  #endif
}
