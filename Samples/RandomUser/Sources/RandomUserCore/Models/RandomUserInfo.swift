/// The `info` object of a randomuser.me response: how to get the same page again.
public struct RandomUserInfo: Codable, Equatable, Sendable {
  /// The seed that reproduces this page when sent back as `seed=`.
  public var seed: String
  /// The number of results in the page.
  public var results: Int
  /// The 1-based page number.
  public var page: Int
  /// The API version that produced the page, for example `"1.4"`.
  public var version: String

  /// Creates paging metadata.
  ///
  /// - Parameters:
  ///   - seed: The seed that reproduces the page.
  ///   - results: The number of results in the page.
  ///   - page: The 1-based page number.
  ///   - version: The API version.
  public init(seed: String, results: Int, page: Int, version: String) {
    self.seed = seed
    self.results = results
    self.page = page
    self.version = version
  }
}
