import Essentials
public import Foundation
public import Networking

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a ``ScriptedLoopbackServer`` could not start.
public enum ScriptedLoopbackServerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A system call needed to listen on 127.0.0.1 failed; `step` names it and `code` is its `errno`.
    case cannotListen(step: String, code: Int32)

    /// What failed, with the system's explanation.
    public var description: String {
        switch self {
        case .cannotListen(let step, let code):
            "The loopback server could not listen on 127.0.0.1: \(step) failed (\(String(cString: strerror(code))))."
        }
    }
}

/// A real HTTP/1.1 server on 127.0.0.1 that answers from a script, for tests and benchmarks that must go over a
/// socket: the transport, connection reuse, cancellation reaching the wire, large bodies, de-duplication that
/// only a real server can count.
///
/// It binds a free port, answers each route (method and path) from its script — replies in order, then a
/// fallback reply or handler — and records every request on arrival, before any delay or hold, so a test can
/// wait for a request to reach the server (`waitForRequests`) instead of sleeping. A reply can be delayed or held
/// until ``releaseHeldReplies()``; a held reply whose client goes away is counted as abandoned, which is how a test
/// sees that a cancellation closed the connection. Connections are kept alive (HTTP/1.1) and served concurrently,
/// one thread each. ``stop()`` closes the listener and every connection, ends holds and delays at once, and returns
/// when every thread has finished. An unrouted request gets 404.
///
/// Malformed requests get 400, a head over 64 KiB gets 431, a body over `maximumBodyBytes` gets 413, and the
/// connection is closed after each of those. Request bodies may be sent with `Content-Length` or chunked;
/// `Expect: 100-continue` is honoured. Responses always carry a `Content-Length` computed from the body.
public final class ScriptedLoopbackServer: Sendable {
    /// One scripted answer.
    public struct Reply: Hashable, Sendable {
        /// The status code.
        public var status: Int
        /// Header fields; `Content-Length`, `Transfer-Encoding` and `Connection` are set by the server
        /// (`Connection: close` here closes the connection after this reply).
        public var headers: HTTPHeaders
        /// The body (not sent for HEAD requests, 1xx, 204 and 304).
        public var body: Data
        /// How long to wait before answering; a stop or the client going away ends the wait.
        public var delay: Duration
        /// Whether the reply waits for ``releaseHeldReplies()`` (after its delay); without a release it is never
        /// sent: the connection stays open until the client leaves or the server stops.
        public var isHeld: Bool
        /// How the reply goes on the wire: well formed, or broken the way a faulty or hostile server breaks it.
        public var delivery: Delivery = .wellFormed

        /// How a reply goes on the wire. Every way but `.wellFormed` is something a client must survive: the
        /// transport's error paths and limits are tested against them.
        public enum Delivery: Hashable, Sendable {
            /// A status line, the headers with a `Content-Length` computed from the body, and the body.
            case wellFormed
            /// The headers announce the whole body, only its first `afterBodyBytes` bytes follow, then the
            /// connection closes: a server that died mid-answer.
            case truncated(afterBodyBytes: Int)
            /// The headers announce the whole body, its first `afterBodyBytes` bytes follow, then the connection
            /// is reset (a TCP RST rather than an orderly close).
            case reset(afterBodyBytes: Int)
            /// `line` instead of the status line (no CR LF in it; the server adds one), then the headers and the
            /// body as usual, then the connection closes: an answer that is not HTTP.
            case statusLine(String)
            /// `Content-Length: length` whatever the body's size, then the body, and the connection stays open
            /// until the client leaves or the server stops: a huge announced body that never comes.
            case declaredLength(Int)
            /// `Transfer-Encoding: chunked` and chunk after chunk of `chunkBytes` bytes (the body repeated, or
            /// zeros for an empty body), one every `interval` (zero: as fast as the socket takes them), until the
            /// client leaves or the server stops: an endless body, or with a long interval a drip.
            case endlessChunks(chunkBytes: Int, interval: Duration)
            /// `Transfer-Encoding: chunked` and `count` chunks of `chunkBytes` bytes (as for `endlessChunks`) as
            /// fast as the socket takes them, then the end of the body: a flood that ends, so that a test whose
            /// client stops reading early is not held up by it.
            case chunks(count: Int, chunkBytes: Int)
        }

        /// Creates a reply.
        public init(
            status: Int = 200, headers: HTTPHeaders = [:], body: Data = Data(), delay: Duration = .zero,
            isHeld: Bool = false
        ) {
            self.status = status
            self.headers = headers
            self.body = body
            self.delay = delay
            self.isHeld = isHeld
        }

        /// A reply with `status`, optional headers and a text body.
        public static func status(_ status: Int, headers: HTTPHeaders = [:], body: String = "") -> Reply {
            Reply(status: status, headers: headers, body: Data(body.utf8))
        }

        /// A server that never answers: the request is held until the client leaves or the server stops (a
        /// ``releaseHeldReplies()`` sends an empty 200).
        public static let hang = Reply(isHeld: true)

        /// This reply, held until ``releaseHeldReplies()``.
        public func held() -> Reply {
            var copy = self
            copy.isHeld = true
            return copy
        }

        /// This reply, sent after `delay`.
        public func delayed(by delay: Duration) -> Reply {
            var copy = self
            copy.delay = delay
            return copy
        }

        /// This reply, put on the wire as `delivery` says.
        public func delivered(_ delivery: Delivery) -> Reply {
            var copy = self
            copy.delivery = delivery
            return copy
        }

        /// A redirect: `status` (301, 302, 303, 307, 308) with `Location: location`.
        public static func redirect(_ status: Int, to location: String) -> Reply {
            .status(status, headers: ["Location": location])
        }

        /// A well-formed `Content-Encoding: gzip` reply whose body inflates to `inflatedBytes` zero bytes, about
        /// 160 times its own size (a gzip bomb, for testing a client's limit on decoded bodies; small ones test
        /// that compressed answers still arrive whole).
        public static func gzipOfZeros(_ inflatedBytes: Int, status: Int = 200) -> Reply {
            Reply(status: status, headers: ["Content-Encoding": "gzip"], body: Gzip.zeros(max(0, inflatedBytes)))
        }
    }

    /// A request as it arrived.
    public struct ReceivedRequest: Hashable, Sendable {
        /// The method token.
        public var method: HTTPMethod
        /// The request target as sent (`/items?page=2`).
        public var target: String
        /// The target without its query, still percent-encoded.
        public var path: String
        /// The query items, percent-decoded, in order.
        public var queryItems: [URLQueryItem]
        /// The header fields in order.
        public var headers: HTTPHeaders
        /// The body bytes (empty without a body).
        public var body: Data
        /// Which connection carried it, numbered from 1 in order of acceptance.
        public var connection: Int

        /// Creates a value (the server makes them; tests may build expected ones).
        public init(
            method: HTTPMethod, target: String, headers: HTTPHeaders = [:], body: Data = Data(), connection: Int = 1
        ) {
            self.method = method
            self.target = target
            let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
            path = parts.first.map(String.init) ?? target
            queryItems = URLComponents(string: target)?.queryItems ?? []
            self.headers = headers
            self.body = body
            self.connection = connection
        }

        /// The first value of the query item `name`.
        public func query(_ name: String) -> String? {
            queryItems.first { $0.name == name }?.value
        }
    }

    /// `http://127.0.0.1:<port>`.
    public let baseURL: URL
    /// The port the system chose.
    public let port: Int
    private let core: ServerCore

    private init(core: ServerCore) {
        self.core = core
        port = core.port
        baseURL = URL(string: "http://127.0.0.1:\(core.port)") ?? URL(fileURLWithPath: "/")
    }

    /// Stops the server without waiting, as a safety net for a test that forgot to.
    deinit {
        core.beginStop()
    }

    /// Starts a server on a free loopback port.
    ///
    /// - Parameter maximumBodyBytes: larger request bodies are refused with 413.
    public static func start(
        maximumBodyBytes: Int = 64 << 20
    ) throws(ScriptedLoopbackServerError)
        -> ScriptedLoopbackServer
    {
        ScriptedLoopbackServer(core: try ServerCore.listen(maximumBodyBytes: max(0, maximumBodyBytes)))
    }

    /// Starts a server, runs `body` with it, and stops it however `body` ends.
    @discardableResult
    public static func run<Result>(_ body: (ScriptedLoopbackServer) async throws -> Result) async throws -> Result {
        let server = try start()
        do {
            let result = try await body(server)
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }

    /// The URL of `pathAndQuery` (`/items?page=2`) on this server.
    public func url(_ pathAndQuery: String) -> URL {
        let suffix = pathAndQuery.hasPrefix("/") ? pathAndQuery : "/" + pathAndQuery
        return URL(string: baseURL.absoluteString + suffix) ?? baseURL.appendingPathComponent(pathAndQuery)
    }

    /// Scripts `method` `path`: the n-th request gets the n-th of `replies`, later ones `fallback`. Replaces any
    /// earlier script of that route.
    public func route(_ method: HTTPMethod, _ path: String, _ replies: [Reply] = [], then fallback: Reply) {
        core.setRoute(RouteKey(method: method, path: path), Route(queue: replies, fallback: .reply(fallback)))
    }

    /// Scripts `method` `path`: the n-th request gets the n-th of `replies`, later ones what `handler` answers.
    /// The handler runs on the connection's thread; keep it quick and guard shared state with a lock.
    public func route(
        _ method: HTTPMethod,
        _ path: String,
        _ replies: [Reply] = [],
        then handler: @escaping @Sendable (ReceivedRequest) -> Reply
    ) {
        core.setRoute(RouteKey(method: method, path: path), Route(queue: replies, fallback: .handler(handler)))
    }

    /// Every request so far, in arrival order.
    public var requests: [ReceivedRequest] { core.snapshot { $0.requests } }

    /// The requests so far whose path is `path`.
    public func requests(to path: String) -> [ReceivedRequest] {
        requests.filter { $0.path == path }
    }

    /// Connections accepted so far (keep-alive reuse shows as fewer connections than requests).
    public var connectionsAccepted: Int { core.snapshot { $0.accepted } }

    /// Replies held now, waiting for ``releaseHeldReplies()``.
    public var heldReplies: Int { core.snapshot { $0.held.count } }

    /// Held or delayed replies whose client closed the connection before they were sent, and endless or
    /// never-completed replies (``Reply/Delivery``) whose client closed the connection.
    public var abandonedReplies: Int { core.snapshot { $0.abandoned } }

    /// Body bytes written to clients so far, over every reply (chunk framing not counted).
    public var bodyBytesSent: Int { core.snapshot { $0.bodyBytesSent } }

    /// Sends every reply held now (later held replies wait for the next release).
    public func releaseHeldReplies() {
        core.releaseHeld()
    }

    /// Suspends until at least `count` requests (to `path`, when given) have arrived.
    public func waitForRequests(_ count: Int, to path: String? = nil) async {
        await core.wait(for: .requests(path: path), count: count)
    }

    /// Suspends until at least `count` replies are held at once.
    public func waitForHeldReplies(_ count: Int) async {
        await core.wait(for: .held, count: count)
    }

    /// Suspends until at least `count` held or delayed replies were abandoned by their clients.
    public func waitForAbandonedReplies(_ count: Int) async {
        await core.wait(for: .abandoned, count: count)
    }

    /// Suspends until at least `count` body bytes have been written to clients: how a test knows that a client
    /// is in the middle of receiving an answer.
    public func waitForBodyBytesSent(_ count: Int) async {
        await core.wait(for: .bodyBytes, count: count)
    }

    /// Stops listening, closes every connection (ending holds and delays), and returns once every thread of the
    /// server has finished. Calling it again returns at once.
    public func stop() async {
        core.beginStop()
        await core.waitUntilStopped()
    }
}

private struct RouteKey: Hashable {
    let method: HTTPMethod
    let path: String
}

private struct Route {
    enum Fallback {
        case reply(ScriptedLoopbackServer.Reply)
        case handler(@Sendable (ScriptedLoopbackServer.ReceivedRequest) -> ScriptedLoopbackServer.Reply)
    }

    var queue: [ScriptedLoopbackServer.Reply]
    var fallback: Fallback
}

/// What a `wait...` call waits for.
private enum Awaited: Equatable {
    case requests(path: String?)
    case held
    case abandoned
    case bodyBytes
}

/// The sockets, the script and the bookkeeping, shared by the accept thread and the connection threads.
private final class ServerCore: Sendable {
    struct Waiter {
        let awaited: Awaited
        let count: Int
        let continuation: CheckedContinuation<Void, Never>
    }

    struct State {
        var routes: [RouteKey: Route] = [:]
        var requests: [ScriptedLoopbackServer.ReceivedRequest] = []
        var accepted = 0
        var abandoned = 0
        var bodyBytesSent = 0
        /// Open connections by number; `stop` shuts them down under the lock, and a connection leaves this table
        /// under the lock before its descriptor is closed, so a reused descriptor is never shut down.
        var connections: [Int: Int32] = [:]
        /// Held replies by id: the write end of the pipe that releases each.
        var held: [Int: Int32] = [:]
        var nextHoldID = 0
        var waiters: [Waiter] = []
        var stopping = false
        var threads = 0
        var stopWaiters: [CheckedContinuation<Void, Never>] = []
        var closed = false
    }

    let port: Int
    let listener: Int32
    /// Written once on stop and never read, so it stays readable and wakes every `poll` that includes it.
    let wakeRead: Int32
    let wakeWrite: Int32
    let maximumBodyBytes: Int
    private let state = LockedValue(State())

    private init(port: Int, listener: Int32, wake: (Int32, Int32), maximumBodyBytes: Int) {
        self.port = port
        self.listener = listener
        wakeRead = wake.0
        wakeWrite = wake.1
        self.maximumBodyBytes = maximumBodyBytes
    }

    static func listen(maximumBodyBytes: Int) throws(ScriptedLoopbackServerError) -> ServerCore {
        let listener = Socket.makeStream()
        guard listener >= 0 else { throw .cannotListen(step: "socket", code: errno) }
        var reuse: Int32 = 1
        _ = setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = Socket.loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, systemListen(listener, 128) == 0 else {
            let code = errno
            _ = close(listener)
            throw .cannotListen(step: bound == 0 ? "listen" : "bind", code: code)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        var pipeEnds: [Int32] = [-1, -1]
        guard named == 0, pipe(&pipeEnds) == 0 else {
            let code = errno
            _ = close(listener)
            throw .cannotListen(step: named == 0 ? "pipe" : "getsockname", code: code)
        }
        Socket.setNonBlocking(listener, true)
        let core = ServerCore(
            port: Int(UInt16(bigEndian: address.sin_port)), listener: listener, wake: (pipeEnds[0], pipeEnds[1]),
            maximumBodyBytes: maximumBodyBytes)
        core.state.withLock { $0.threads = 1 }
        core.spawn { core.acceptLoop() }
        return core
    }

    func snapshot<Value>(_ read: (State) -> Value) -> Value {
        state.withLock { read($0) }
    }

    func setRoute(_ key: RouteKey, _ route: Route) {
        state.withLock { $0.routes[key] = route }
    }

    // MARK: Stopping

    func beginStop() {
        let first = state.withLock { state -> Bool in
            guard !state.stopping else { return false }
            state.stopping = true
            for fd in state.connections.values { _ = shutdown(fd, Int32(SHUT_RDWR)) }
            return true
        }
        guard first else { return }
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    func waitUntilStopped() async {
        await withCheckedContinuation { continuation in
            let done = state.withLock { state -> Bool in
                if state.threads == 0 { return true }
                state.stopWaiters.append(continuation)
                return false
            }
            if done { continuation.resume() }
        }
    }

    /// Called by each thread as it ends; the last one after a stop closes the shared descriptors.
    private func threadEnded() {
        let (waiters, closeNow) = state.withLock { state -> ([CheckedContinuation<Void, Never>], Bool) in
            state.threads -= 1
            guard state.threads == 0, state.stopping else { return ([], false) }
            let closeNow = !state.closed
            state.closed = true
            defer { state.stopWaiters = [] }
            return (state.stopWaiters, closeNow)
        }
        if closeNow {
            _ = close(listener)
            _ = close(wakeRead)
            _ = close(wakeWrite)
        }
        for waiter in waiters { waiter.resume() }
    }

    private func spawn(_ body: @escaping @Sendable () -> Void) {
        let thread = Thread { [self] in
            body()
            threadEnded()
        }
        thread.stackSize = 512 * 1024
        thread.start()
    }

    // MARK: Waiting

    func wait(for awaited: Awaited, count: Int) async {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Bool in
                if Self.count(awaited, in: state) >= count { return true }
                state.waiters.append(Waiter(awaited: awaited, count: count, continuation: continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    private static func count(_ awaited: Awaited, in state: State) -> Int {
        switch awaited {
        case .requests(let path?): state.requests.reduce(0) { $0 + ($1.path == path ? 1 : 0) }
        case .requests(nil): state.requests.count
        case .held: state.held.count
        case .abandoned: state.abandoned
        case .bodyBytes: state.bodyBytesSent
        }
    }

    /// Updates the state and resumes the waiters it satisfies, outside the lock.
    private func update<Value>(_ change: (inout State) -> Value) -> Value {
        let (value, ready) = state.withLock { state -> (Value, [CheckedContinuation<Void, Never>]) in
            let value = change(&state)
            var ready: [CheckedContinuation<Void, Never>] = []
            var waiting: [Waiter] = []
            for waiter in state.waiters {
                if Self.count(waiter.awaited, in: state) >= waiter.count {
                    ready.append(waiter.continuation)
                } else {
                    waiting.append(waiter)
                }
            }
            state.waiters = waiting
            return (value, ready)
        }
        for continuation in ready { continuation.resume() }
        return value
    }

    // MARK: Accepting

    private func acceptLoop() {
        while true {
            let events = Socket.poll([listener, wakeRead], timeout: nil)
            if events[1] != 0 || state.withLock({ $0.stopping }) { return }
            guard events[0] != 0 else { continue }
            let fd = accept(listener, nil, nil)
            guard fd >= 0 else { continue }  // EAGAIN (the client left first), EINTR, ...
            Socket.configureAccepted(fd)
            let number = state.withLock { state -> Int? in
                guard !state.stopping else { return nil }
                state.accepted += 1
                state.connections[state.accepted] = fd
                state.threads += 1
                return state.accepted
            }
            guard let number else {
                _ = close(fd)
                return
            }
            spawn { [self] in
                var connection = Connection(core: self, fd: fd, number: number)
                connection.serve()
                state.withLock { _ = $0.connections.removeValue(forKey: number) }
                _ = close(fd)
            }
        }
    }

    // MARK: Serving

    /// Records `request` and picks its reply.
    func record(_ request: ScriptedLoopbackServer.ReceivedRequest) -> ScriptedLoopbackServer.Reply {
        let fallback = update { state -> Route.Fallback in
            state.requests.append(request)
            let key = RouteKey(method: request.method, path: request.path)
            guard var route = state.routes[key] else { return .reply(.status(404)) }
            if !route.queue.isEmpty {
                let reply = route.queue.removeFirst()
                state.routes[key] = route
                return .reply(reply)
            }
            return route.fallback
        }
        switch fallback {
        case .reply(let reply): return reply
        case .handler(let handler): return handler(request)
        }
    }

    /// Registers a hold; nil when the server is stopping.
    func beginHold() -> (id: Int, release: Int32)? {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        let id = update { state -> Int? in
            guard !state.stopping else { return nil }
            state.nextHoldID += 1
            state.held[state.nextHoldID] = ends[1]
            return state.nextHoldID
        }
        guard let id else {
            _ = close(ends[0])
            _ = close(ends[1])
            return nil
        }
        return (id, ends[0])
    }

    func endHold(id: Int, release: Int32) {
        let writeEnd = update { $0.held.removeValue(forKey: id) }
        if let writeEnd { _ = close(writeEnd) }
        _ = close(release)
    }

    func releaseHeld() {
        update { state in
            for fd in state.held.values {
                var byte: UInt8 = 1
                _ = write(fd, &byte, 1)
                _ = close(fd)
            }
            state.held = [:]
        }
    }

    func abandon() {
        update { $0.abandoned += 1 }
    }

    func sentBody(_ count: Int) {
        guard count > 0 else { return }
        update { $0.bodyBytesSent += count }
    }
}

/// One connection: reads requests one after another (keep-alive) and answers each.
private struct Connection {
    let core: ServerCore
    let fd: Int32
    let number: Int
    private var buffer: [UInt8] = []
    private var chunk = [UInt8](repeating: 0, count: 64 * 1024)

    init(core: ServerCore, fd: Int32, number: Int) {
        self.core = core
        self.fd = fd
        self.number = number
    }

    private static let maximumHeadBytes = 64 * 1024

    private enum Parsed {
        case request(ScriptedLoopbackServer.ReceivedRequest, keepAlive: Bool)
        case reject(status: Int)
        case closed
    }

    mutating func serve() {
        while true {
            switch readRequest() {
            case .closed:
                return
            case .reject(let status):
                _ = send(ScriptedLoopbackServer.Reply.status(status), method: .get, keepAlive: false)
                return lingeringClose()
            case .request(let request, let keepAlive):
                var reply = core.record(request)
                guard wait(reply.delay) else { return core.abandon() }
                if reply.isHeld {
                    guard let hold = core.beginHold() else { return }
                    let released = waitForRelease(hold.release)
                    core.endHold(id: hold.id, release: hold.release)
                    guard released else { return core.abandon() }
                    reply.isHeld = false
                }
                let closes =
                    !keepAlive || reply.headers["Connection"]?.lowercased() == "close" || reply.delivery != .wellFormed
                guard send(reply, method: request.method, keepAlive: !closes), !closes else { return }
            }
        }
    }

    /// Ends the answer with FIN and reads what the client still sends (up to 1 MiB) until it closes: closing
    /// with unread input would reset the connection, and the client could lose the answer it has not read yet.
    private mutating func lingeringClose() {
        _ = shutdown(fd, Int32(SHUT_WR))
        var drained = buffer.count
        buffer = []
        while drained < 1 << 20, fill() {
            drained += buffer.count
            buffer = []
        }
    }

    // MARK: Reading

    /// Reads more bytes into the buffer; false on end of file, error or stop.
    private mutating func fill() -> Bool {
        let events = Socket.poll([fd, core.wakeRead], timeout: nil)
        if events[1] != 0 { return false }
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return false }
        buffer.append(contentsOf: chunk[0..<count])
        return true
    }

    private mutating func readRequest() -> Parsed {
        var headEnd: Int?
        var scanned = 0
        while headEnd == nil {
            headEnd = Self.find([13, 10, 13, 10], in: buffer, from: max(0, scanned - 3))
            if headEnd != nil { break }
            scanned = buffer.count
            if buffer.count > Self.maximumHeadBytes { return .reject(status: 431) }
            guard fill() else { return .closed }
        }
        guard let headEnd, headEnd <= Self.maximumHeadBytes else { return .reject(status: 431) }
        let head = String(decoding: buffer[0..<headEnd], as: UTF8.self)
        buffer.removeFirst(headEnd + 4)
        var lines = head.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ", omittingEmptySubsequences: false)
        guard requestLine.count == 3, !requestLine[0].isEmpty, requestLine[1].hasPrefix("/"),
            requestLine[2] == "HTTP/1.1" || requestLine[2] == "HTTP/1.0"
        else { return .reject(status: 400) }
        var headers = HTTPHeaders()
        for line in lines {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex,
                !line[..<colon].contains(where: { $0 == " " || $0 == "\t" })
            else { return .reject(status: 400) }
            headers.add(
                name: String(line[..<colon]),
                value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        let method = HTTPMethod(rawValue: String(requestLine[0]))
        let connectionHeader = headers["Connection"]?.lowercased() ?? ""
        let keepAlive = requestLine[2] == "HTTP/1.1" ? connectionHeader != "close" : connectionHeader == "keep-alive"
        let continues = headers["Expect"]?.lowercased() == "100-continue"
        let body: [UInt8]
        if headers["Transfer-Encoding"]?.lowercased() == "chunked" {
            if continues { _ = writeAll(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)) }
            switch readChunkedBody() {
            case .success(let bytes): body = bytes
            case .failure(let rejection): return rejection.parsed
            }
        } else {
            let lengths = Set(headers.values(for: "Content-Length"))
            guard lengths.count <= 1 else { return .reject(status: 400) }
            let length: Int
            if let text = lengths.first {
                guard let value = Int(text), value >= 0, text.utf8.allSatisfy({ (48...57).contains($0) }) else {
                    return .reject(status: 400)
                }
                length = value
            } else {
                length = 0
            }
            guard length <= core.maximumBodyBytes else { return .reject(status: 413) }
            if continues && length > 0 && buffer.isEmpty {
                _ = writeAll(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
            }
            while buffer.count < length {
                guard fill() else { return .closed }
            }
            body = Array(buffer[0..<length])
            buffer.removeFirst(length)
        }
        let request = ScriptedLoopbackServer.ReceivedRequest(
            method: method, target: String(requestLine[1]), headers: headers, body: Data(body), connection: number)
        return .request(request, keepAlive: keepAlive)
    }

    private struct Rejection: Error {
        let parsed: Parsed
    }

    private mutating func readChunkedBody() -> Result<[UInt8], Rejection> {
        var body: [UInt8] = []
        while true {
            guard let lineEnd = readLine() else { return .failure(Rejection(parsed: .closed)) }
            let sizeText =
                String(decoding: buffer[0..<lineEnd], as: UTF8.self)
                .split(separator: ";", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            buffer.removeFirst(lineEnd + 2)
            guard !sizeText.isEmpty, sizeText.count <= 16, let size = Int(sizeText, radix: 16), size >= 0 else {
                return .failure(Rejection(parsed: .reject(status: 400)))
            }
            if size == 0 {
                // Trailer fields, if any, end with an empty line.
                while true {
                    guard let end = readLine() else { return .failure(Rejection(parsed: .closed)) }
                    buffer.removeFirst(end + 2)
                    if end == 0 { return .success(body) }
                }
            }
            guard body.count + size <= core.maximumBodyBytes else {
                return .failure(Rejection(parsed: .reject(status: 413)))
            }
            while buffer.count < size + 2 {
                guard fill() else { return .failure(Rejection(parsed: .closed)) }
            }
            guard buffer[size] == 13, buffer[size + 1] == 10 else {
                return .failure(Rejection(parsed: .reject(status: 400)))
            }
            body.append(contentsOf: buffer[0..<size])
            buffer.removeFirst(size + 2)
        }
    }

    /// The index of the next CRLF in the buffer, reading more as needed; nil when the connection ends.
    private mutating func readLine() -> Int? {
        var scanned = 0
        while true {
            if let end = Self.find([13, 10], in: buffer, from: max(0, scanned - 1)) { return end }
            scanned = buffer.count
            guard buffer.count <= Self.maximumHeadBytes, fill() else { return nil }
        }
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        var index = start
        while index <= haystack.count - needle.count {
            if haystack[index] == needle[0] && Array(haystack[index..<index + needle.count]) == needle {
                return index
            }
            index += 1
        }
        return nil
    }

    // MARK: Waiting

    /// Waits `delay`; false when the client left or the server stopped first.
    private func wait(_ delay: Duration) -> Bool {
        guard delay > .zero else { return true }
        let deadline = ContinuousClock.now + delay
        var watchesClient = true
        while true {
            let remaining = deadline - ContinuousClock.now
            if remaining <= .zero { return true }
            let (seconds, attoseconds) = remaining.components
            let milliseconds = Int32(
                clamping: seconds.multipliedReportingOverflow(by: 1000).overflow
                    ? Int64.max : seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
            let events = Socket.poll(watchesClient ? [core.wakeRead, fd] : [core.wakeRead], timeout: milliseconds)
            if events[0] != 0 { return false }
            if watchesClient && events[1] != 0 {
                if clientLeft() { return false }
                watchesClient = false  // a pipelined request is waiting: stop watching until this reply is sent
            }
        }
    }

    /// Waits until `release` is written; false when the client left or the server stopped first.
    private func waitForRelease(_ release: Int32) -> Bool {
        var watchesClient = true
        while true {
            let watched = watchesClient ? [core.wakeRead, release, fd] : [core.wakeRead, release]
            let events = Socket.poll(watched, timeout: nil)
            if events[0] != 0 { return false }
            if events[1] != 0 { return true }
            if watchesClient && events[2] != 0 {
                if clientLeft() { return false }
                watchesClient = false
            }
        }
    }

    /// Waits until the client closes the connection (true) or the server stops (false).
    private func waitUntilTheClientLeaves() -> Bool {
        var watchesClient = true
        while true {
            let events = Socket.poll(watchesClient ? [core.wakeRead, fd] : [core.wakeRead], timeout: nil)
            if events[0] != 0 { return false }
            if watchesClient && events[1] != 0 {
                if clientLeft() { return true }
                watchesClient = false
            }
        }
    }

    /// Whether the peer closed the connection (as opposed to sending more data).
    private func clientLeft() -> Bool {
        var byte: UInt8 = 0
        let count = recv(fd, &byte, 1, Int32(MSG_PEEK) | Socket.dontWait)
        return count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
    }

    // MARK: Writing

    /// Writes `reply` as its delivery says; false when the connection must end (the client left, or the delivery
    /// ends it).
    private func send(_ reply: ScriptedLoopbackServer.Reply, method: HTTPMethod, keepAlive: Bool) -> Bool {
        let bodyless = (100..<200).contains(reply.status) || reply.status == 204 || reply.status == 304
        var head: String
        if case .statusLine(let line) = reply.delivery {
            head = line + "\r\n"
        } else {
            head = "HTTP/1.1 \(reply.status) \(Self.reason(reply.status))\r\n"
        }
        for field in reply.headers {
            switch field.name.lowercased() {
            case "content-length", "transfer-encoding", "connection": continue
            default: head += "\(field.name): \(field.value)\r\n"
            }
        }
        switch reply.delivery {
        case .endlessChunks, .chunks: head += "Transfer-Encoding: chunked\r\n"
        case .declaredLength(let length): head += "Content-Length: \(length)\r\n"
        default: if !bodyless { head += "Content-Length: \(reply.body.count)\r\n" }
        }
        head += keepAlive ? "\r\n" : "Connection: close\r\n\r\n"
        let sendsBody = !bodyless && method != .head
        switch reply.delivery {
        case .wellFormed, .statusLine:
            return writeHeadAndBody(head, sendsBody ? reply.body : Data())
        case .truncated(let count):
            _ = writeHeadAndBody(head, sendsBody ? reply.body.prefix(max(0, count)) : Data())
            return false
        case .reset(let count):
            _ = writeHeadAndBody(head, sendsBody ? reply.body.prefix(max(0, count)) : Data())
            // Closing with a zero linger time resets the connection instead of ending it in order.
            var abort = linger(l_onoff: 1, l_linger: 0)
            _ = setsockopt(fd, SOL_SOCKET, SO_LINGER, &abort, socklen_t(MemoryLayout<linger>.size))
            return false
        case .declaredLength:
            if writeHeadAndBody(head, sendsBody ? reply.body : Data()), waitUntilTheClientLeaves() {
                core.abandon()
            }
            return false
        case .endlessChunks(let size, let interval):
            guard writeAll(Array(head.utf8)) else { return false }
            if sendsBody { _ = sendChunks(of: reply.body, size: max(1, size), every: interval, count: nil) }
            return false
        case .chunks(let count, let size):
            guard writeAll(Array(head.utf8)) else { return false }
            if sendsBody, sendChunks(of: reply.body, size: max(1, size), every: .zero, count: max(0, count)) {
                _ = writeAll(Array("0\r\n\r\n".utf8))
            }
            return false
        }
    }

    private func writeHeadAndBody(_ head: String, _ body: Data) -> Bool {
        var bytes = Array(head.utf8)
        if body.count <= 64 * 1024 {
            bytes.append(contentsOf: body)
            guard writeAll(bytes) else { return false }
        } else {
            guard writeAll(bytes), body.withUnsafeBytes({ writeAll($0) }) else { return false }
        }
        core.sentBody(body.count)
        return true
    }

    /// Writes `count` chunks (nil: no end) of `pattern` (zeros when empty), stopping early when a write fails or
    /// the wait between two is cut short; counts the reply as abandoned when the client left. True when all
    /// `count` chunks were written.
    private func sendChunks(of pattern: Data, size: Int, every interval: Duration, count: Int?) -> Bool {
        let source = pattern.isEmpty ? [UInt8](repeating: 0, count: size) : Array(pattern)
        var payload = [UInt8]()
        payload.reserveCapacity(size)
        while payload.count < size { payload.append(source[payload.count % source.count]) }
        let chunk = Array(String(size, radix: 16).utf8) + [13, 10] + payload + [13, 10]
        var sent = 0
        while count.map({ sent < $0 }) ?? true {
            guard writeAll(chunk) else {
                if !core.snapshot({ $0.stopping }) { core.abandon() }
                return false
            }
            sent += 1
            core.sentBody(size)
            if interval > .zero {
                guard wait(interval) else {
                    if !core.snapshot({ $0.stopping }) { core.abandon() }
                    return false
                }
            } else if core.snapshot({ $0.stopping }) {
                return false
            }
        }
        return true
    }

    private func writeAll(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { writeAll($0) }
    }

    private func writeAll(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = systemSend(fd, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 413: "Content Too Large"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: "Status"
        }
    }
}

/// The few socket calls whose spelling differs between Glibc and Darwin.
private enum Socket {
    static func makeStream() -> Int32 {
        #if canImport(Darwin)
        socket(AF_INET, SOCK_STREAM, 0)
        #else
        socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
    }

    static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr = in_addr(s_addr: UInt32(INADDR_LOOPBACK).bigEndian)
        return address
    }

    static func setNonBlocking(_ fd: Int32, _ nonBlocking: Bool) {
        let flags = fcntl(fd, F_GETFL, 0)
        guard flags >= 0 else { return }
        _ = fcntl(fd, F_SETFL, nonBlocking ? flags | O_NONBLOCK : flags & ~O_NONBLOCK)
    }

    /// Blocking (Darwin hands out accepted sockets with the listener's flags), no Nagle delay, no SIGPIPE.
    static func configureAccepted(_ fd: Int32) {
        setNonBlocking(fd, false)
        var one: Int32 = 1
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        #if canImport(Darwin)
        _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    static var dontWait: Int32 { Int32(MSG_DONTWAIT) }

    /// The `revents` of each descriptor after waiting up to `timeout` milliseconds (nil: forever).
    static func poll(_ fds: [Int32], timeout: Int32?) -> [Int16] {
        var entries = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        while true {
            let result = entries.withUnsafeMutableBufferPointer {
                systemPoll($0.baseAddress, nfds_t($0.count), timeout ?? -1)
            }
            if result < 0 && errno == EINTR { continue }
            if result < 0 { return fds.map { _ in Int16(POLLERR) } }
            return entries.map(\.revents)
        }
    }
}

// The C functions, under names that members called `listen`, `send` and `poll` do not shadow.
private func systemListen(_ fd: Int32, _ backlog: Int32) -> Int32 {
    listen(fd, backlog)
}

private func systemSend(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Darwin)
    send(fd, bytes, count, 0)
    #else
    send(fd, bytes, count, Int32(MSG_NOSIGNAL))
    #endif
}

private func systemPoll(_ fds: UnsafeMutablePointer<pollfd>?, _ count: nfds_t, _ timeout: Int32) -> Int32 {
    poll(fds, count, timeout)
}
