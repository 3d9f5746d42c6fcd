import Registration

/// An app's "invite your team" sheet: registers each address once, in the order typed, and says for each what
/// happened. It knows only the `RegistrationService` protocol, so a test hands it a double.
struct TeamInviter: Sendable {
    private let registration: any RegistrationService

    init(registration: any RegistrationService) {
        self.registration = registration
    }

    /// One line per address for the sheet: `ann@example.com: invited`, or why not, in words. Closing the sheet
    /// (cancelling the task) stops at the address in flight.
    func invite(_ emails: [String]) async -> [String] {
        var lines: [String] = []
        var seen: Set<String> = []
        for email in emails where seen.insert(email.lowercased()).inserted {
            do throws(RegistrationError) {
                try await registration.register(email: email)
                lines.append("\(email): invited")
            } catch {
                lines.append("\(email): \(error)")
                if error == .cancelled { break }
            }
        }
        return lines
    }
}
