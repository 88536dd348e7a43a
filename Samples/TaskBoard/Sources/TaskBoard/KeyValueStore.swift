import Foundation

/// Where the app keeps its data: bytes by key (UserDefaults or a file in the app).
nonisolated protocol KeyValueStore: Sendable {
  func data(forKey key: String) async throws -> Data?
  func setData(_ data: Data, forKey key: String) async throws
}

/// A store in memory: the value for previews and the demo, and the live value's stand-in on
/// Linux, where the sample has no app sandbox to write to.
actor MemoryKeyValueStore: KeyValueStore {
  private var values: [String: Data]

  init(values: [String: Data] = [:]) {
    self.values = values
  }

  func data(forKey key: String) -> Data? { values[key] }

  func setData(_ data: Data, forKey key: String) {
    values[key] = data
  }
}
