import Foundation
import Testing

@testable import DevServer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// Real time on purpose: a real server process on loopback, bounded by the kit's generous limits (DevServer.swift).
@Suite("DevServer: starting and driving the reference server")
struct DevServerTests {
    private func get(_ url: URL) async throws -> (Int, Data) {
        let (data, response) = try await URLSession(configuration: .ephemeral).data(from: url)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
    }

    @Test func aServerStartsOnAFreeLoopbackPortAnswersAndStops() async throws {
        let server = try await DevServer.start()
        #expect(server.baseURL.host == "127.0.0.1" && server.port > 0)
        let (status, body) = try await get(server.url("/v1/health"))
        #expect(status == 200 && String(decoding: body, as: UTF8.self).contains("ok"))
        #expect(try await server.stats().count("/v1/health") == 1)
        try await server.reset()
        #expect(try await server.stats().count("/v1/health") == 0)
        let exit = await server.stop()
        #expect(exit == 0 || exit == 15)
        #expect(await server.stop() == exit)
    }

    @Test func controlSwitchesChangeWhatTheServerAnswers() async throws {
        try await DevServer.run { server in
            try await server.control(DevServerControl(fail: .init(count: 1, status: 503, path: "/v1/health")))
            #expect(try await get(server.url("/v1/health")).0 == 503)
            #expect(try await get(server.url("/v1/health")).0 == 200)
        }
    }

    @Test func anUnknownControlSwitchIsRefusedWithTheServersAnswer() async throws {
        try await DevServer.run { server in
            await #expect {
                try await server.control(DevServerControl(latencyMilliseconds: -5))
            } throws: { error in
                guard case .unexpectedAnswer(let status, let body)? = error as? DevServerError else { return false }
                return status == 422 && body.contains("latency_ms")
            }
        }
    }

    @Test func aScriptThatIsNotThereIsATypedErrorNamingWhereItLooked() async throws {
        let missing = "/nonexistent/dev-server-\(UUID().uuidString)"
        await #expect(throws: DevServerError.scriptNotFound(searched: [missing])) {
            try await DevServer.start(script: missing)
        }
    }
}
