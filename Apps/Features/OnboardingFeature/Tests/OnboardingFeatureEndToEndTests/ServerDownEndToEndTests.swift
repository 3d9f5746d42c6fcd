import DevServer
import Foundation
import LedgerTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A loopback address where nothing listens: a port the system gave this process, closed again before use.
private func closedLoopbackPort() throws -> URL {
    #if canImport(Glibc)
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
    let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    try #require(descriptor >= 0, "no socket")
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
            bind(descriptor, socketAddress, length) == 0 && getsockname(descriptor, socketAddress, &length) == 0
        }
    }
    try #require(bound, "no loopback port")
    let port = Int(UInt16(bigEndian: address.sin_port))
    return try #require(URL(string: "http://127.0.0.1:\(port)"))
}

// Real time on purpose: the built app's shipped HTTP limits dwarf a refused loopback connection.
/// With the server down, the account commands say that the server could not be reached, with its address and how to
/// name another, and exit 69; they never blame the sign-in.
@Suite("Onboarding: the account commands with the server down, end to end")
struct ServerDownEndToEndTests {
    @Test func whoamiAndLoginNameTheServerThatCouldNotBeReached() async throws {
        let server = try await DevServer.shared()
        let workspace = try LedgerWorkspace(apiURL: server.baseURL)
        let email = uniqueEmail()
        #expect(try await workspace.run(["register", email]).status == 0)
        let closed = try closedLoopbackPort()
        for arguments in [["whoami"], ["login", email]] {
            let result = try await workspace.run(arguments, api: closed)
            #expect(result.status == 69, "\(arguments): \(result.standardError)")
            #expect(
                result.standardError.hasPrefix(
                    "ledger: the Ledger API at \(closed.absoluteString) could not be reached"),
                "\(arguments): \(result.standardError)")
            #expect(result.standardError.contains("hint: Is the server running?"), "\(result.standardError)")
            #expect(result.standardError.contains("--api-url"), "\(result.standardError)")
            #expect(!result.standardError.contains("sign-in"), "\(arguments): \(result.standardError)")
            #expect(ReadableError.problems(result, arguments).isEmpty, "\(ReadableError.problems(result, arguments))")
        }
        let unknown = try await workspace.run(["login", uniqueEmail()])
        #expect(unknown.status == 65 && unknown.standardError.contains("no account has the address"))
    }
}
