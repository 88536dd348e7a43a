/// One page of the randomuser.me API, exactly as it travels over the wire.
///
/// Both the live client and the offline source produce this JSON and decode it with
/// ``RandomUserDecoder``, so the sample exercises one decoding path whatever the source.
///
/// ```json
/// { "results": [ { "gender": "female", "name": { ... }, ... } ],
///   "info": { "seed": "56d27f4a53bd5441", "results": 1, "page": 1, "version": "1.4" } }
/// ```
public struct RandomUserResponse: Codable, Equatable, Sendable {
  /// The people of this page, in the order the server sent them.
  public var results: [RandomUserResult]
  /// The paging metadata, including the seed that reproduces this page.
  public var info: RandomUserInfo

  /// Creates a response from its parts.
  ///
  /// - Parameters:
  ///   - results: The people of the page.
  ///   - info: The paging metadata.
  public init(results: [RandomUserResult], info: RandomUserInfo) {
    self.results = results
    self.info = info
  }
}
