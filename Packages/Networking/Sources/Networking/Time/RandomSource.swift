/// Random bits for backoff jitter; injected so a test with a seeded source gets exact delays.
public protocol RandomSource: Sendable {
    /// 64 random bits.
    func next() -> UInt64
}

/// The system's cryptographically secure generator.
public struct SystemRandomSource: RandomSource {
    /// Creates the system source.
    public init() {}

    /// 64 bits from `SystemRandomNumberGenerator`.
    public func next() -> UInt64 {
        var generator = SystemRandomNumberGenerator()
        return generator.next()
    }
}

extension RandomSource {
    /// A uniformly distributed fraction in [0, 1), from the top 53 bits (the precision of a Double).
    func nextFraction() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }
}
