import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 that serves canned responses, for testing the live client
/// for real without the internet.
///
/// Each connection gets one response, then the server closes it. `stop()` (or `deinit`) wakes
/// every thread at once, including one in the middle of a slow response, and waits for them.
///
/// ```swift
/// let server = try LoopbackHTTPServer(response: .json(body))
/// defer { server.stop() }
/// let client = LivePeopleClient(baseURL: server.baseURL, timeout: .milliseconds(500))
/// ```
final class LoopbackHTTPServer: @unchecked Sendable {
  // `@unchecked Sendable`: the mutable state (`script`, `recordedRequests`, `isStopped`) is only
  // touched with `lock` held; the descriptors are set once in `init`.

  /// What the server answers.
  indirect enum Response: Sendable {
    /// `200 OK` with a JSON body.
    case json(Data)
    /// Any status with a body.
    case status(Int, body: Data)
    /// `200 OK` whose `Content-Length` promises `declaredLength` bytes, then only `body`, then close.
    case truncated(Data, declaredLength: Int)
    /// Waits `delay` (on the server thread, interrupted by `stop()`), then answers.
    case delayed(Duration, then: Response)
    /// Waits until ``release()`` (or `stop()`), then answers.
    case held(then: Response)
    /// `200 OK` promising `declaredLength` bytes, sends `body`, then resets the connection (RST).
    case reset(Data, declaredLength: Int)
    /// `200 OK` without a `Content-Length`, then `chunk` again and again until the client leaves.
    case endless(chunk: Data)
    /// `200 OK` promising `declaredLength` bytes, sends `body`, then sends nothing more until the
    /// server stops: a body that trickles in slower than any timeout.
    case stalled(Data, declaredLength: Int)
    /// `200 OK` with `body` as it is, whatever `contentEncoding` (such as `gzip`) says it is.
    case encoded(Data, contentEncoding: String)
  }

  /// The port the server listens on.
  let port: UInt16
  /// The target of each request, as it arrives: await it to know a request reached the server.
  let received: AsyncStream<String>

  private let listener: Int32
  private let wakeRead: Int32
  private let wakeWrite: Int32
  private let releaseRead: Int32
  private let releaseWrite: Int32
  private let receivedContinuation: AsyncStream<String>.Continuation
  private let threads = DispatchGroup()
  private let lock = NSLock()
  /// The answers to the next connections, in order; the last one answers every later connection.
  private var script: [Response]
  private var recordedRequests: [String] = []
  private var isStopped = false

  /// Starts listening on an ephemeral port of 127.0.0.1.
  ///
  /// - Parameter response: What to answer until ``response`` is changed.
  /// - Throws: ``SocketError`` when the socket cannot be set up.
  convenience init(response: Response) throws {
    try self.init(responses: [response])
  }

  /// Starts listening, answering the first connection with the first response, and so on; the
  /// last response answers every later connection.
  init(responses: [Response]) throws {
    script = responses
    (received, receivedContinuation) = AsyncStream.makeStream(of: String.self)
    let (listener, port) = try Self.bindLoopback(listen: true)
    var wake: [Int32] = [0, 0]
    var release: [Int32] = [0, 0]
    guard pipe(&wake) == 0, pipe(&release) == 0 else {
      close(listener)
      throw SocketError(operation: "pipe")
    }
    self.listener = listener
    self.port = port
    wakeRead = wake[0]
    wakeWrite = wake[1]
    releaseRead = release[0]
    releaseWrite = release[1]
    threads.enter()
    Thread { [self] in
      acceptLoop()
      threads.leave()
    }.start()
  }

  deinit {
    stop()
    close(listener)
    close(wakeRead)
    close(wakeWrite)
    close(releaseRead)
    close(releaseWrite)
  }

  /// `http://127.0.0.1:<port>/api/`.
  var baseURL: URL {
    URL(string: "http://127.0.0.1:\(port)/api/") ?? URL(fileURLWithPath: "/")
  }

  /// What the server answers to the next connections.
  var response: Response {
    get { lock.withLock { script[0] } }
    set { lock.withLock { script = [newValue] } }
  }

  /// Lets every `.held` response go on, now and later.
  func release() {
    var byte: UInt8 = 1
    _ = write(releaseWrite, &byte, 1)
  }

  /// The request targets received so far, for example `/api/?results=20&seed=abc`.
  var requests: [String] {
    lock.withLock { recordedRequests }
  }

  /// Stops accepting, interrupts slow responses, and waits (at most two seconds) for every
  /// server thread to end. Calling it again does nothing.
  func stop() {
    let wasStopped = lock.withLock {
      defer { isStopped = true }
      return isStopped
    }
    guard !wasStopped else { return }
    // The byte is never read: the pipe stays readable, so every `poll` wakes up now and later.
    var byte: UInt8 = 1
    _ = write(wakeWrite, &byte, 1)
    _ = threads.wait(timeout: .now() + 2)
    receivedContinuation.finish()
  }

  /// A port on 127.0.0.1 that nothing listens on (bound, then closed): connecting is refused.
  static func refusedPort() throws -> UInt16 {
    let (socket, port) = try bindLoopback(listen: false)
    close(socket)
    return port
  }

  /// A socket failure while setting up the server.
  struct SocketError: Error, CustomStringConvertible {
    let operation: String
    let code = errno
    var description: String { "\(operation) failed: \(String(cString: strerror(code)))" }
  }

  // MARK: - Server threads

  private func acceptLoop() {
    while waitReadable(listener, timeoutMilliseconds: -1) {
      let connection = accept(listener, nil, nil)
      guard connection >= 0 else { continue }
      threads.enter()
      Thread { [self] in
        serve(connection)
        close(connection)
        threads.leave()
      }.start()
    }
  }

  private func serve(_ connection: Int32) {
    #if canImport(Darwin)
      var one: Int32 = 1
      setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
    #endif
    guard let target = readRequestTarget(connection) else { return }
    let response = lock.withLock {
      recordedRequests.append(target)
      return script.count > 1 ? script.removeFirst() : script[0]
    }
    receivedContinuation.yield(target)
    answer(connection, with: response)
  }

  private func answer(_ connection: Int32, with response: Response) {
    switch response {
    case .json(let body):
      send(connection, head(status: 200, contentLength: body.count) + body)
    case .status(let status, let body):
      send(connection, head(status: status, contentLength: body.count) + body)
    case .truncated(let body, let declaredLength):
      send(connection, head(status: 200, contentLength: declaredLength) + body)
    case .reset(let body, let declaredLength):
      send(connection, head(status: 200, contentLength: declaredLength) + body, finish: false)
      // Linger 0: `close` then sends RST instead of FIN.
      var linger = Foundation.linger(l_onoff: 1, l_linger: 0)
      setsockopt(connection, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Foundation.linger>.size))
    case .stalled(let body, let declaredLength):
      guard send(connection, head(status: 200, contentLength: declaredLength) + body, finish: false) else {
        return
      }
      _ = waitReadable(wakeRead, timeoutMilliseconds: -1, watchWake: false)
    case .encoded(let body, let contentEncoding):
      send(
        connection,
        head(status: 200, contentLength: body.count, extraHeaders: "Content-Encoding: \(contentEncoding)\r\n")
          + body)
    case .endless(let chunk):
      guard send(connection, head(status: 200, contentLength: nil), finish: false) else { return }
      while waitWritable(connection), send(connection, chunk, finish: false) {}
    case .held(let next):
      var descriptors = [
        pollfd(fd: releaseRead, events: Int16(POLLIN), revents: 0),
        pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
      ]
      while poll(&descriptors, 2, -1) < 0, errno == EINTR {}
      guard descriptors[1].revents == 0 else { return }
      answer(connection, with: next)
    case .delayed(let delay, let next):
      let (seconds, attoseconds) = delay.components
      let milliseconds = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000)
      // Returns early, without answering, when the server stops.
      guard !waitReadable(wakeRead, timeoutMilliseconds: milliseconds, watchWake: false) else { return }
      answer(connection, with: next)
    }
  }

  /// Reads the request head (bounded in size and time) and returns its target.
  private func readRequestTarget(_ connection: Int32) -> String? {
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    let terminator: [UInt8] = Array("\r\n\r\n".utf8)
    while received.count < 64 * 1024 {
      guard waitReadable(connection, timeoutMilliseconds: 5000) else { return nil }
      let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
      guard count > 0 else { return nil }
      received.append(contentsOf: buffer[0..<count])
      if received.count >= 4,
        received.indices.dropLast(3).contains(where: { received[$0..<$0 + 4].elementsEqual(terminator) })
      {
        let requestLine = String(decoding: received.prefix { $0 != 0x0D }, as: UTF8.self)
        let parts = requestLine.split(separator: " ")
        return parts.count >= 2 ? String(parts[1]) : nil
      }
    }
    return nil
  }

  private func head(status: Int, contentLength: Int?, extraHeaders: String = "") -> Data {
    let reason = status == 200 ? "OK" : status == 500 ? "Internal Server Error" : "Status"
    let text =
      "HTTP/1.1 \(status) \(reason)\r\nContent-Type: application/json\r\n" + extraHeaders
      + (contentLength.map { "Content-Length: \($0)\r\n" } ?? "") + "Connection: close\r\n\r\n"
    return Data(text.utf8)
  }

  /// Sends all of `data`; returns whether it could (not when the client left).
  @discardableResult
  private func send(_ connection: Int32, _ data: Data, finish: Bool = true) -> Bool {
    #if canImport(Darwin)
      let flags: Int32 = 0
    #else
      let flags = Int32(MSG_NOSIGNAL)
    #endif
    let sentAll = data.withUnsafeBytes { raw -> Bool in
      guard let base = raw.baseAddress else { return true }
      var offset = 0
      while offset < raw.count {
        let sent = Foundation.send(connection, base + offset, raw.count - offset, flags)
        guard sent > 0 else { return false }
        offset += sent
      }
      return true
    }
    if finish {
      shutdown(connection, Int32(SHUT_WR))
    }
    return sentAll
  }

  /// Waits until `connection` can take more bytes (`true`), or the server stops (`false`).
  private func waitWritable(_ connection: Int32) -> Bool {
    var descriptors = [
      pollfd(fd: connection, events: Int16(POLLOUT), revents: 0),
      pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
    ]
    while poll(&descriptors, 2, -1) < 0, errno == EINTR {}
    return descriptors[1].revents == 0 && descriptors[0].revents & Int16(POLLOUT) != 0
  }

  /// Waits until `descriptor` is readable (`true`), or the timeout passes or the server stops
  /// (`false`). With `watchWake: false`, `descriptor` is the wake pipe itself.
  private func waitReadable(_ descriptor: Int32, timeoutMilliseconds: Int32, watchWake: Bool = true) -> Bool {
    var descriptors = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
    if watchWake {
      descriptors.append(pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0))
    }
    while true {
      let ready = poll(&descriptors, nfds_t(descriptors.count), timeoutMilliseconds)
      if ready < 0, errno == EINTR { continue }
      guard ready > 0 else { return false }
      if watchWake, descriptors[1].revents != 0 { return false }
      return descriptors[0].revents != 0
    }
  }

  private static func bindLoopback(listen shouldListen: Bool) throws -> (Int32, UInt16) {
    #if canImport(Darwin)
      let socketType = SOCK_STREAM
    #else
      let socketType = Int32(SOCK_STREAM.rawValue)
    #endif
    let descriptor = socket(AF_INET, socketType, 0)
    guard descriptor >= 0 else { throw SocketError(operation: "socket") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
    }
    guard bound == 0 else {
      close(descriptor)
      throw SocketError(operation: "bind")
    }
    if shouldListen {
      guard listen(descriptor, 16) == 0 else {
        close(descriptor)
        throw SocketError(operation: "listen")
      }
    }
    let named = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
    }
    guard named == 0 else {
      close(descriptor)
      throw SocketError(operation: "getsockname")
    }
    return (descriptor, UInt16(bigEndian: address.sin_port))
  }
}
