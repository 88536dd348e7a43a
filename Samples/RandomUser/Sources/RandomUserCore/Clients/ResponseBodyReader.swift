import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Reads one HTTP response body as it arrives (`URLSession.data(for:)` would hold any body whole)
/// and stops at a size limit. It tells a connection that never answered (`transport`) from one
/// that broke in the middle of the body (`interrupted`).
final class ResponseBodyReader: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  // `@unchecked Sendable`: every mutable property is only touched with `lock` held.
  private let lock = NSLock()
  private let limit: Int
  private var body = Data()
  private var hasResponse = false
  /// The response's `Content-Encoding` other than `identity`, if any.
  private var contentEncoding: String?
  private var failure: PeopleClientError?
  /// `URLSession`'s own timeout, which ends a transfer only if the client's clock did not.
  private var backstop = Duration.zero
  private var continuation: CheckedContinuation<Data, any Error>?

  /// Creates a reader for one request whose body may not exceed `limit` bytes.
  init(limit: Int) {
    self.limit = limit
  }

  /// Whether the response has started (its status and headers arrived), so that a timeout can
  /// tell a server that never answered from one whose body arrives too slowly.
  var didReceiveResponse: Bool {
    lock.withLock { hasResponse }
  }

  /// Sends `request` on a session of its own and returns the body of a 2xx response. Call it once.
  func body(of request: URLRequest, configuration: URLSessionConfiguration) async throws -> Data {
    let reader = self
    lock.withLock { backstop = .seconds(configuration.timeoutIntervalForRequest) }
    let session = URLSession(configuration: configuration, delegate: reader, delegateQueue: nil)
    defer { session.finishTasksAndInvalidate() }  // The session keeps its delegate until then.
    let task = session.dataTask(with: request)
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        reader.lock.withLock { reader.continuation = continuation }
        task.resume()
      }
    } onCancel: {
      task.cancel()
    }
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    let status = (response as? HTTPURLResponse)?.statusCode ?? 0
    let refusal: PeopleClientError? =
      if !(200..<300).contains(status) { .httpStatus(status) } else if response.expectedContentLength > limit
      {
        .tooLarge(limit: limit)
      } else { nil }
    let encoding = (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Encoding")
    lock.withLock {
      (hasResponse, failure) = (true, refusal)
      contentEncoding = encoding.flatMap { $0.lowercased() == "identity" || $0.isEmpty ? nil : $0 }
    }
    completionHandler(refusal == nil ? .allow : .cancel)
    if let refusal { fail(dataTask, refusal) }
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let isOverLimit = lock.withLock {
      guard failure == nil else { return false }
      guard body.count + data.count <= limit else {
        (failure, body) = (.tooLarge(limit: limit), Data())
        return true
      }
      body.append(data)
      return false
    }
    if isOverLimit { fail(dataTask, .tooLarge(limit: limit)) }
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    lock.lock()
    let (waiting, result) = (continuation, outcome(error))
    continuation = nil
    lock.unlock()
    waiting?.resume(with: result)
  }

  /// Answers at once, then cancels: FoundationNetworking is slow to act on a cancel (on loopback,
  /// hundreds of megabytes may arrive meanwhile), so nobody waits for it; late chunks are dropped.
  private func fail(_ task: URLSessionTask, _ error: PeopleClientError) {
    lock.lock()
    let waiting = continuation
    continuation = nil
    lock.unlock()
    waiting?.resume(throwing: error)
    task.cancel()
  }

  /// The result of a finished transfer; called with `lock` held.
  private func outcome(_ error: (any Error)?) -> Result<Data, any Error> {
    if let failure { return .failure(failure) }
    guard let error else { return .success(body) }
    guard let urlError = error as? URLError else { return .failure(PeopleClientError.transport("\(error)")) }
    switch urlError.code {
    case .cancelled: return .failure(CancellationError())
    case .timedOut:
      // URLSession's own timeout, a backstop one second past the client's (see `LivePeopleClient`).
      return .failure(hasResponse ? PeopleClientError.tooSlow(limit: backstop) : .timedOut(limit: backstop))
    default:
      // On Linux the useful text is in the underlying libcurl error.
      let underlying = (urlError as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
      let message =
        "\(underlying?.localizedDescription ?? urlError.localizedDescription) (URLError \(urlError.code.rawValue))"
      // A body that is not what its `Content-Encoding` says is the server's fault, not the
      // connection's: Apple's URLSession says so with its own codes, Linux's only with libcurl's
      // text under an unknown error, which a broken connection never gives.
      if let contentEncoding,
        [.cannotDecodeContentData, .cannotDecodeRawData, .unknown].contains(urlError.code)
      {
        return .failure(
          PeopleClientError.undecodable(
            "the body is not what its header Content-Encoding \(contentEncoding) says: \(message)"))
      }
      return .failure(hasResponse ? PeopleClientError.interrupted(message) : .transport(message))
    }
  }
}
