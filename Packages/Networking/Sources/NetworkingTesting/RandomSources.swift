import Essentials
public import Networking

/// A reproducible ``/Networking/RandomSource`` (SplitMix64): the same seed gives the same backoff delays on every run.
public final class SeededRandomSource: RandomSource, Sendable {
    private let state: LockedValue<UInt64>

    /// A source starting from `seed`.
    public init(seed: UInt64) {
        state = LockedValue(seed)
    }

    /// The next 64 bits.
    public func next() -> UInt64 {
        state.withLock { value in
            value &+= 0x9E37_79B9_7F4A_7C15
            var mixed = value
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            return mixed ^ (mixed >> 31)
        }
    }
}

/// A ``/Networking/RandomSource`` that yields chosen fractions of the jitter range, in order and then repeating: with
/// `[0.5]`, every full-jitter backoff is exactly half its ceiling.
public final class ScriptedRandomSource: RandomSource, Sendable {
    private let values: [UInt64]
    private let index = LockedValue(0)

    /// A source cycling through `fractions` (each clamped to [0, 1); an empty list means 0).
    public init(fractions: [Double]) {
        values = (fractions.isEmpty ? [0] : fractions).map { fraction in
            let clamped = min(max(fraction, 0), 1)
            let scaled = min(clamped * 0x1.0p53, 0x1.0p53 - 1)
            return UInt64(scaled) << 11
        }
    }

    /// The bits of the next scripted fraction.
    public func next() -> UInt64 {
        index.withLock { position in
            defer { position = (position + 1) % values.count }
            return values[position]
        }
    }
}
