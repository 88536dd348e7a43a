#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A mutual-exclusion lock over `pthread_mutex_t`, usable on every platform the package supports
/// (`Synchronization.Mutex` needs newer Apple systems than the package's minimum).
@usableFromInline
final class Lock: @unchecked Sendable {
  // `@unchecked Sendable`: the mutex is the synchronization; the pointer itself never changes.
  @usableFromInline
  let mutex: UnsafeMutablePointer<pthread_mutex_t>

  @usableFromInline
  init() {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  @inlinable
  func lock() {
    pthread_mutex_lock(mutex)
  }

  @inlinable
  func unlock() {
    pthread_mutex_unlock(mutex)
  }
}
