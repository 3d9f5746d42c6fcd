import Dispatch
public import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why the dev-server could not be started or driven.
public enum DevServerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `Scripts/dev-server` was not found; lists where it was looked for.
    case scriptNotFound(searched: [String])
    /// No `python3` on `PATH`.
    case pythonNotFound(path: String)
    /// The process could not be launched.
    case launchFailed(String)
    /// The server exited or printed something unexpected instead of its port; carries what it printed.
    case startupFailed(output: String)
    /// A control or stats call got no answer; carries what the system said.
    case controlFailed(String)
    /// A control or stats call got an unexpected answer.
    case unexpectedAnswer(status: Int, body: String)

    /// What went wrong and how to fix it.
    public var description: String {
        switch self {
        case .scriptNotFound(let searched):
            "dev-server script not found; pass its path, set LEDGER_DEV_SERVER, or run from the repository "
                + "(looked at: \(searched.joined(separator: ", ")))"
        case .pythonNotFound(let path):
            "python3 is required to run Scripts/dev-server but is not on PATH (\(path)); install it "
                + "(Scripts/test installs it on Debian and Ubuntu)"
        case .launchFailed(let reason): "could not launch the dev-server: \(reason)"
        case .startupFailed(let output): "the dev-server did not start: \(output)"
        case .controlFailed(let error): "a dev-server control call failed: \(error)"
        case .unexpectedAnswer(let status, let body): "the dev-server answered \(status): \(body)"
        }
    }
}

/// Switches for `POST /_control` (see `Scripts/dev-server --help`).
public struct DevServerControl: Encodable, Sendable {
    /// The next `count` requests matching `path` and `method` answer `status` (with `Retry-After`).
    public struct Failure: Encodable, Sendable {
        /// How many requests fail.
        public var count: Int
        /// The status they get.
        public var status: Int
        /// The `Retry-After` value, verbatim (seconds or an HTTP date).
        public var retryAfter: String?
        /// Only requests to this path.
        public var path: String?
        /// Only requests with this method.
        public var method: String?

        /// Creates a failure rule.
        public init(
            count: Int = 1, status: Int = 503, retryAfter: String? = nil, path: String? = nil, method: String? = nil
        ) {
            self.count = count
            self.status = status
            self.retryAfter = retryAfter
            self.path = path
            self.method = method
        }

        enum CodingKeys: String, CodingKey {
            case count, status, path, method
            case retryAfter = "retry_after"
        }
    }

    /// A hostile reply to matching requests, instead of their answer: what a broken or malicious server sends.
    public struct Hostile: Encodable, Sendable {
        /// What the server sends.
        public enum Reply: String, Encodable, Sendable {
            /// `status` (301, 302, 303, 307, 308) with `location`.
            case redirect
            /// A small gzip body that inflates to `inflatedBytes`.
            case gzipBomb = "gzip_bomb"
            /// A chunked body that never ends.
            case endlessChunked = "endless_chunked"
            /// A declared `Content-Length` of `declaredBytes`, then zeros for as long as they are read.
            case hugeLength = "huge_length"
            /// A small answer, one byte every `intervalMilliseconds`.
            case drip
            /// Less than the declared `Content-Length`, then the connection closed.
            case truncated
            /// The real answer with terminal escapes, a forged line and a direction override in every string.
            case escapes
            /// `text` as it is, with `status`.
            case body
        }

        /// What the server sends.
        public var reply: Reply
        /// Only requests to this path.
        public var path: String?
        /// Only requests with this method.
        public var method: String?
        /// Only the next this many requests; every matching one when nil.
        public var count: Int?
        /// The status of a redirect or a body.
        public var status: Int?
        /// Where a redirect points.
        public var location: String?
        /// How large a gzip bomb inflates.
        public var inflatedBytes: Int?
        /// The `Content-Length` a huge answer declares.
        public var declaredBytes: Int?
        /// The pause between a drip's bytes.
        public var intervalMilliseconds: Int?
        /// The text of a body.
        public var text: String?

        /// Creates a rule; only the fields its reply reads are sent.
        public init(
            _ reply: Reply, path: String? = nil, method: String? = nil, count: Int? = nil, status: Int? = nil,
            location: String? = nil, inflatedBytes: Int? = nil, declaredBytes: Int? = nil,
            intervalMilliseconds: Int? = nil, text: String? = nil
        ) {
            self.reply = reply
            self.path = path
            self.method = method
            self.count = count
            self.status = status
            self.location = location
            self.inflatedBytes = inflatedBytes
            self.declaredBytes = declaredBytes
            self.intervalMilliseconds = intervalMilliseconds
            self.text = text
        }

        enum CodingKeys: String, CodingKey {
            case reply, path, method, count, status, location, text
            case inflatedBytes = "inflated_bytes"
            case declaredBytes = "declared_bytes"
            case intervalMilliseconds = "interval_ms"
        }
    }

    /// Delay every API response by this many milliseconds.
    public var latencyMilliseconds: Int?
    /// Inject failures.
    public var fail: Failure?
    /// Hold (true) or release (false) every API request.
    public var hang: Bool?
    /// Expire every access token issued so far.
    public var expireTokens: Bool?
    /// Answer matching requests with a hostile reply.
    public var hostile: Hostile?

    /// Creates a control call; nil fields are left as they are.
    public init(
        latencyMilliseconds: Int? = nil, fail: Failure? = nil, hang: Bool? = nil, expireTokens: Bool? = nil,
        hostile: Hostile? = nil
    ) {
        self.latencyMilliseconds = latencyMilliseconds
        self.fail = fail
        self.hang = hang
        self.expireTokens = expireTokens
        self.hostile = hostile
    }

    enum CodingKeys: String, CodingKey {
        case fail, hang, hostile
        case latencyMilliseconds = "latency_ms"
        case expireTokens = "expire_tokens"
    }
}

/// Request counts that really reached the server (`GET /_stats`).
public struct DevServerStats: Decodable, Hashable, Sendable {
    /// All counted requests.
    public var total: Int
    /// Per path (`/v1/me`).
    public var paths: [String: Int]
    /// Per method and path (`GET /v1/me`).
    public var routes: [String: Int]
    /// Per status (`"200"`).
    public var statuses: [String: Int]
    /// Per path, the requests that carried credentials (`Authorization` or `Cookie`).
    public var authorized: [String: Int]

    /// The count for `path` (0 when none arrived).
    public func count(_ path: String) -> Int {
        paths[path] ?? 0
    }
}

/// A running `Scripts/dev-server` on a free loopback port, for the demo and for integration tests.
///
/// `start` finds the script (explicit path, then `LEDGER_DEV_SERVER`, then `Scripts/dev-server` above the
/// calling file), launches it with `python3 --port 0`, reads the port from its first line, and keeps draining
/// its output. `stop` sends SIGTERM and waits; `deinit` sends SIGTERM too, as a safety net. Prefer `run`, which
/// stops the server however the body ends.
public final class DevServer: Sendable {
    // Real time on purpose (a process start, its exit, a loopback call: milliseconds no clock can speed up).
    /// How long `start` waits for the server's first line (its port): generous, starts take well under a second.
    static let startupLimit: Duration = .seconds(120)
    /// How long `stop` waits after SIGTERM before it sends SIGKILL.
    static let stopLimit: Duration = .seconds(30)
    /// How long a control or statistics call waits for the server's answer.
    static let controlLimit: Duration = .seconds(60)

    /// `http://127.0.0.1:<port>`.
    public let baseURL: URL
    /// The port the server chose.
    public let port: Int
    private let process: ServerProcess

    private init(baseURL: URL, port: Int, process: ServerProcess) {
        self.baseURL = baseURL
        self.port = port
        self.process = process
    }

    deinit {
        process.terminate()
    }

    /// Starts a server, runs `body` with it, and stops it whether `body` returns or throws.
    @discardableResult
    public static func run<Result>(
        script: String? = nil,
        file: String = #filePath,
        _ body: (DevServer) async throws -> Result
    ) async throws -> Result {
        let server = try await start(script: script, file: file)
        do {
            let result = try await body(server)
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }

    /// One server per test process, started on first use and stopped when the process exits. For tests that
    /// neither change its control switches nor read its statistics (those need a server of their own): starting
    /// Python costs a noticeable fraction of a second on a busy machine.
    public static func shared(file: String = #filePath) async throws(DevServerError) -> DevServer {
        do {
            return try await sharedServer.server(file: file)
        } catch let error as DevServerError {
            throw error
        } catch {
            throw .launchFailed(String(describing: error))
        }
    }

    /// Starts a server on a free port.
    public static func start(
        script: String? = nil, file: String = #filePath
    ) async throws(DevServerError)
        -> DevServer
    {
        let scriptPath = try scriptPath(explicit: script, file: file)
        let python = try locatePython()
        let process = try ServerProcess.launch(python: python, script: scriptPath)
        let line = await process.firstLine(timeout: startupLimit)
        let prefix = "listening on http://127.0.0.1:"
        guard let line, line.hasPrefix(prefix), let port = Int(line.dropFirst(prefix.count)),
            let url = URL(string: "http://127.0.0.1:\(port)")
        else {
            process.terminate()
            throw .startupFailed(output: ([line ?? "<no output>"] + [process.errorOutput]).joined(separator: "\n"))
        }
        return DevServer(baseURL: url, port: port, process: process)
    }

    /// Stops the server with SIGTERM and waits for it to exit (SIGKILL after `stopLimit`). Returns the exit
    /// status; calling it again returns the same status.
    @discardableResult
    public func stop() async -> Int32 {
        await process.stop()
    }

    /// Applies control switches; returns the server's control state as JSON bytes.
    @discardableResult
    public func control(_ control: DevServerControl) async throws(DevServerError) -> Data {
        let body: Data
        do {
            body = try JSONEncoder().encode(control)
        } catch {
            throw .launchFailed("cannot encode control: \(error)")
        }
        return try await call("POST", "/_control", body: body)
    }

    /// Clears latency, failures, hang and statistics; with `data`, also users, tokens and invoices.
    public func reset(data: Bool = false) async throws(DevServerError) {
        _ = try await call("POST", "/_control/reset", body: Data(#"{"data": \#(data)}"#.utf8))
    }

    /// The request counts so far.
    public func stats() async throws(DevServerError) -> DevServerStats {
        let body = try await call("GET", "/_stats", body: nil)
        do {
            return try JSONDecoder().decode(DevServerStats.self, from: body)
        } catch {
            throw .unexpectedAnswer(status: 200, body: String(decoding: body, as: UTF8.self))
        }
    }

    /// The URL of `path` on this server.
    public func url(_ path: String) -> URL {
        baseURL.appendingPathComponent(String(path.drop { $0 == "/" }))
    }

    private func call(_ method: String, _ path: String, body: Data?) async throws(DevServerError) -> Data {
        var request = URLRequest(url: url(path), timeoutInterval: Self.seconds(Self.controlLimit))
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = body
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await Self.session.data(for: request)
        } catch {
            throw .controlFailed(String(describing: error))
        }
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard status == 200 else {
            throw .unexpectedAnswer(status: status, body: String(decoding: data, as: UTF8.self))
        }
        return data
    }

    private static let session = URLSession(configuration: .ephemeral)

    /// `duration` in seconds, for the APIs that take a `TimeInterval`.
    static func seconds(_ duration: Duration) -> TimeInterval {
        let (seconds, attoseconds) = duration.components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }

    /// Where `start` finds the script: `explicit` when given (it must exist), else `LEDGER_DEV_SERVER`, else the
    /// first `Scripts/dev-server` in a folder above `file` (the caller's source file) or above this kit's source.
    public static func scriptPath(explicit: String? = nil, file: String = #filePath) throws(DevServerError) -> String {
        var searched: [String] = []
        let environment = ProcessInfo.processInfo.environment["LEDGER_DEV_SERVER"]
        for candidate in [explicit, environment].compactMap({ $0 }).filter({ !$0.isEmpty }) {
            if FileManager.default.isReadableFile(atPath: candidate) { return candidate }
            searched.append(candidate)
            if candidate == explicit { throw .scriptNotFound(searched: searched) }
        }
        for start in [file, #filePath] {
            var directory = URL(fileURLWithPath: start).deletingLastPathComponent()
            while directory.path != "/" && !directory.path.isEmpty {
                let candidate = directory.appendingPathComponent("Scripts/dev-server").path
                if FileManager.default.isReadableFile(atPath: candidate) { return candidate }
                directory = directory.deletingLastPathComponent()
            }
            searched.append("Scripts/dev-server above \(start)")
        }
        throw .scriptNotFound(searched: searched)
    }

    static func locatePython() throws(DevServerError) -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/python3"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw .pythonNotFound(path: path)
    }
}

private let sharedServer = SharedServer()

/// Starts the shared server once; a failed start is forgotten so the next caller tries again.
private actor SharedServer {
    private var starting: Task<DevServer, any Error>?

    func server(file: String) async throws -> DevServer {
        if let starting { return try await starting.value }
        let task = Task { () async throws -> DevServer in try await DevServer.start(file: file) }
        starting = task
        do {
            return try await task.value
        } catch {
            starting = nil
            throw error
        }
    }
}

/// The child process and the threads draining its output.
private final class ServerProcess: @unchecked Sendable {
    private struct State {
        var firstLine: String??
        var lineWaiter: CheckedContinuation<String?, Never>?
        var errorTail = Data()
        var exitStatus: Int32?
        var exitWaiters: [CheckedContinuation<Int32, Never>] = []
    }

    // Foundation's `Process` is not Sendable; it is only touched under `state`'s lock or before launch.
    private let process: Process
    /// The write end of the server's stdin, never written: when this process ends, however abruptly, the
    /// server reads end of file and stops, so no test run leaves a server behind.
    private let lifeline: FileHandle
    private let state = Locked(State())

    private init(process: Process, lifeline: FileHandle) {
        self.process = process
        self.lifeline = lifeline
    }

    static func launch(python: String, script: String) throws(DevServerError) -> ServerProcess {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script, "--port", "0", "--exit-when-stdin-closes"]
        let output = Pipe()
        let errors = Pipe()
        let lifeline = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = lifeline
        let server = ServerProcess(process: process, lifeline: lifeline.fileHandleForWriting)
        process.terminationHandler = { finished in server.exited(finished.terminationStatus) }
        do {
            try process.run()
        } catch {
            throw .launchFailed("\(python) \(script): \(error)")
        }
        server.drain(output.fileHandleForReading, firstLine: true)
        server.drain(errors.fileHandleForReading, firstLine: false)
        return server
    }

    /// What the server wrote to stderr lately, for diagnostics.
    var errorOutput: String {
        state.withLock { String(decoding: $0.errorTail, as: UTF8.self) }
    }

    /// The first stdout line, or nil when the process ended (or `timeout` passed) without one.
    func firstLine(timeout: Duration) async -> String? {
        DispatchQueue.global().asyncAfter(deadline: .now() + DevServer.seconds(timeout)) {
            [weak self] in self?.deliverFirstLine(nil)
        }
        return await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> String?? in
                if let line = state.firstLine { return line }
                state.lineWaiter = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    func terminate() {
        let running = state.withLock { $0.exitStatus == nil }
        if running && process.isRunning { process.terminate() }
    }

    func stop() async -> Int32 {
        terminate()
        let pid = process.processIdentifier
        DispatchQueue.global().asyncAfter(deadline: .now() + DevServer.seconds(DevServer.stopLimit)) { [weak self] in
            if let self, state.withLock({ $0.exitStatus == nil }) { kill(pid, SIGKILL) }
        }
        return await withCheckedContinuation { continuation in
            let status = state.withLock { state -> Int32? in
                if state.exitStatus == nil { state.exitWaiters.append(continuation) }
                return state.exitStatus
            }
            if let status { continuation.resume(returning: status) }
        }
    }

    private func exited(_ status: Int32) {
        let waiters = state.withLock { state in
            state.exitStatus = status
            defer { state.exitWaiters = [] }
            return state.exitWaiters
        }
        for waiter in waiters { waiter.resume(returning: status) }
        deliverFirstLine(nil)
    }

    private func deliverFirstLine(_ line: String?) {
        let waiter = state.withLock { state -> CheckedContinuation<String?, Never>? in
            guard state.firstLine == nil else { return nil }
            state.firstLine = .some(line)
            defer { state.lineWaiter = nil }
            return state.lineWaiter
        }
        waiter?.resume(returning: line)
    }

    /// Reads `handle` on a dedicated thread until end of file, so the server never blocks on a full pipe.
    private func drain(_ handle: FileHandle, firstLine: Bool) {
        let thread = Thread { [self] in
            var pending = Data()
            var lineDelivered = !firstLine
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                if !lineDelivered {
                    pending.append(chunk)
                    if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                        deliverFirstLine(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
                        lineDelivered = true
                        pending = Data()
                    }
                } else if !firstLine {
                    state.withLock { state in
                        state.errorTail.append(chunk)
                        if state.errorTail.count > 16_384 { state.errorTail = state.errorTail.suffix(16_384) }
                    }
                }
            }
            if !lineDelivered { deliverFirstLine(pending.isEmpty ? nil : String(decoding: pending, as: UTF8.self)) }
        }
        thread.start()
    }
}

/// State behind an `NSLock`, for the few fields the process callbacks and the waiting tasks share; the same small
/// type every package of the repository has.
final class Locked<State>: @unchecked Sendable {
    private let lock = NSLock()
    private var state: State

    init(_ state: State) {
        self.state = state
    }

    /// Runs `body` with exclusive access to the state. `body` must not suspend, block or call back into this lock.
    func withLock<Result, Failure: Error>(
        _ body: (inout State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
