public import Registration

/// A working in-memory account registry: the first registration of an address succeeds, every later one fails
/// with `alreadyRegistered`, as the server does. Compose it with other doubles to model a request whose account
/// is created before its answer arrives (`fake.appending(suspending)`).
public actor FakeRegistrationService: RegistrationService {
    /// The addresses that have an account, in the order they were registered.
    public private(set) var accounts: [String] = []
    private var known: Set<String> = []

    /// Creates a registry; `existing` addresses already have accounts.
    public init(existing: [String] = []) {
        for email in existing where known.insert(email).inserted { accounts.append(email) }
    }

    /// Creates the account for `email`, or throws `alreadyRegistered` when it exists; the address is compared
    /// exactly as given.
    public func register(email: String) throws(RegistrationError) {
        guard known.insert(email).inserted else { throw .alreadyRegistered }
        accounts.append(email)
    }
}
