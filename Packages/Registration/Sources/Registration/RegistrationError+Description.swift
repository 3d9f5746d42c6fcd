import Essentials
public import Foundation

extension RegistrationError: CustomStringConvertible, LocalizedError {
    /// What went wrong and what to do, as sentences a registration screen can show (`"\(error)"` prints them);
    /// code switches on the case (or ``kind``) instead. A server's own wording stays in
    /// ``ServerFailure/reason``, for logs: it is never shown to people.
    public var description: String {
        switch self {
        case .invalidEmail(let codes) where codes.contains(RegistrationError.unreadableDomainCode):
            return "The domain of this email address cannot be read, so the address cannot register."
        case .invalidEmail:
            return "This email address is not accepted. Check it for typos; an address looks like name@example.com."
        case .domainNotAllowed(let domain):
            return "Addresses at \(ReadableText.quoted(domain)) cannot register."
        case .alreadyRegistered:
            return "This email address already has an account. Sign in instead."
        case .rateLimited(let retryAfter?):
            return "There were too many attempts. Try again \(Self.after(retryAfter))."
        case .rateLimited(nil):
            return "There were too many attempts. Try again later."
        case .server(let failure):
            let status = failure.statusCode.map { " (HTTP \($0))" } ?? ""
            return "The registration service could not be reached or failed\(status). Try again later."
        case .cancelled:
            return "The registration was cancelled before an answer arrived."
        }
    }

    /// The same sentences, for `localizedDescription`.
    public var errorDescription: String? { description }

    /// `in 30 seconds`, `in 3 minutes`, `in 2 hours` (rounded up, so the wait is never too short), or `in a moment`.
    private static func after(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        guard seconds > 0 || attoseconds > 0 else { return "in a moment" }
        let wholeSeconds = seconds + (attoseconds > 0 ? 1 : 0)
        if wholeSeconds < 120 { return "in " + ReadableText.count(Int(wholeSeconds), "second") }
        let minutes = (wholeSeconds + 59) / 60
        if minutes < 120 { return "in " + ReadableText.count(Int(minutes), "minute") }
        let hours = (wholeSeconds + 3_599) / 3_600
        return "in " + ReadableText.count(Int(clamping: hours), "hour")
    }
}

extension DomainPolicyError: CustomStringConvertible, LocalizedError {
    /// Which entries cannot be domains, as a sentence for the person who wrote the list.
    public var description: String {
        switch self {
        case .invalidDomains(let entries):
            switch entries.count {
            case 0:
                "A domain list has an entry that is not a domain."
            case 1:
                "The entry \(Self.quoted(entries)) of a domain list is not a domain, such as example.com."
            default:
                "The entries \(Self.quoted(entries)) of a domain list are not domains, such as example.com."
            }
        }
    }

    /// The same sentence, for `localizedDescription`.
    public var errorDescription: String? { description }

    private static func quoted(_ entries: [String]) -> String {
        ReadableText.list(entries.map { ReadableText.quoted($0) })
    }
}

extension RegistrationPipelineError: CustomStringConvertible, LocalizedError {
    /// What is wrong with the list of steps, as a sentence for the person who wrote the composition root.
    public var description: String {
        switch self {
        case .noSteps:
            return "A registration pipeline needs at least one step."
        case .invalidStepNames(let names):
            let subject =
                switch names.count {
                case 0: "A step name is"
                case 1: "The step name \(Self.quoted(names)) is"
                default: "The step names \(Self.quoted(names)) are"
                }
            return "\(subject) empty or only white space; every step needs a name."
        case .duplicateStepNames(let names):
            let subject =
                switch names.count {
                case 0: "A step name belongs"
                case 1: "The step name \(Self.quoted(names)) belongs"
                default: "The step names \(Self.quoted(names)) each belong"
                }
            return "\(subject) to more than one step; every step needs a name of its own."
        }
    }

    /// The same sentence, for `localizedDescription`.
    public var errorDescription: String? { description }

    private static func quoted(_ names: [String]) -> String {
        ReadableText.list(names.map { ReadableText.quoted($0) })
    }
}
