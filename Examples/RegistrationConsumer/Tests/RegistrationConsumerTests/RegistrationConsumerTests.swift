import Registration
import Testing

@Test func aBlockedDomainIsRefusedAndAnotherPasses() async throws {
    let service = BlockedDomainsRegistrationService(blocked: try DomainList(parsing: ["throwaway.example"]))
    await #expect(throws: RegistrationError.domainNotAllowed(domain: "throwaway.example")) {
        try await service.register(email: "ann@throwaway.example")
    }
    try await service.register(email: "ann@example.com")
}
