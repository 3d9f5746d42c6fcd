import Registration
import RegistrationTesting
import Testing

@Suite("Registration: scripted service")
struct ScriptedRegistrationServiceTests {
    @Test func answersFromTheScriptInOrder() async throws {
        let service = ScriptedRegistrationService(script: [.alreadyRegistered, nil])
        await #expect(throws: RegistrationError.alreadyRegistered) { try await service.register(email: "a@b.c") }
        try await service.register(email: "d@e.f")
        #expect(await service.registeredEmails == ["a@b.c", "d@e.f"])
    }
}
