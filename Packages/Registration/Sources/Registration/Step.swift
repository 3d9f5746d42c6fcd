extension RegistrationService {
    /// Runs this service as one step of a composition: never starts when the task is already cancelled, so
    /// cancelling a flow stops it before its next step even when the previous step ignored cancellation.
    func runStep(email: String) async throws(RegistrationError) {
        try RegistrationError.checkCancellation()
        try await register(email: email)
    }
}
