/// A reason a hand-written scanner records; its declaration order is the order failures are reported in.
protocol FailureReason: CaseIterable, RawRepresentable where RawValue == Int {
    /// The public code the reason is reported as.
    var code: ValidationCode { get }
}

/// A set of reasons as a bit mask: recording one is a single OR, so a scanner's hot loop never allocates
/// and a reason found a million times is still reported once.
struct FailureSet<Reason: FailureReason>: Equatable {
    private var bits: UInt64 = 0

    var isEmpty: Bool { bits == 0 }

    mutating func insert(_ reason: Reason) {
        bits |= 1 << UInt64(reason.rawValue)
    }

    /// Records `reason` when `condition` holds, without a branch: the email scanner derives its conditions by
    /// bit arithmetic and records them all.
    @inline(__always)
    mutating func insert(_ reason: Reason, if condition: Bool) {
        bits |= UInt64(condition ? 1 : 0) << UInt64(reason.rawValue)
    }

    mutating func formUnion(_ other: FailureSet) {
        bits |= other.bits
    }

    func contains(_ reason: Reason) -> Bool {
        bits & (1 << UInt64(reason.rawValue)) != 0
    }

    /// How many reasons the set holds.
    var count: Int { bits.nonzeroBitCount }

    /// The raw value of the first reason in declaration order; the set must not be empty.
    var lowestRawValue: Int { bits.trailingZeroBitCount }

    /// The set without its first reason.
    var removingLowest: FailureSet {
        var copy = self
        copy.bits &= bits &- 1
        return copy
    }

    /// The reason, when the set holds exactly one.
    var onlyReason: Reason? {
        bits.nonzeroBitCount == 1 ? Reason(rawValue: bits.trailingZeroBitCount) : nil
    }

    /// The reasons in declaration order.
    var reasons: [Reason] {
        Reason.allCases.filter(contains)
    }

    /// The reasons as failures of the value itself, in declaration order, walking the set bits only.
    var failures: [ValidationFailure] {
        var failures: [ValidationFailure] = []
        failures.reserveCapacity(bits.nonzeroBitCount)
        var remaining = bits
        while remaining != 0 {
            let rawValue = remaining.trailingZeroBitCount
            remaining &= remaining - 1
            if let reason = Reason(rawValue: rawValue) { failures.append(ValidationFailure(code: reason.code)) }
        }
        return failures
    }
}
