public import Registration

/// A ``/Registration/RegistrationService`` double that answers from a script and records every email it was asked to
/// register.
public actor ScriptedRegistrationService: RegistrationService {
    private var script: [RegistrationError?]
    /// The emails received so far, in call order.
    public private(set) var registeredEmails: [String] = []

    /// Answers the n-th call with the n-th element of `script` (`nil` succeeds); calls beyond it succeed.
    public init(script: [RegistrationError?] = []) {
        self.script = script
    }

    /// Records `email` and answers with the next scripted outcome.
    public func register(email: String) throws(RegistrationError) {
        registeredEmails.append(email)
        guard !script.isEmpty, let error = script.removeFirst() else { return }
        throw error
    }
}
