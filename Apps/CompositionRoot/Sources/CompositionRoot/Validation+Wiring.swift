extension LedgerFactory {
    /// The email validator every feature that takes an address uses.
    public func makeEmailValidator() -> any EmailValidating {
        EmailValidator()
    }
}
