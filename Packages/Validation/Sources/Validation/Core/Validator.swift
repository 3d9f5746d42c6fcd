/// A pure function from a value to every failure found in it (not just the first).
///
/// Validators are values: they hold no state, run on any thread, and compose with `&&`, `||`, `!`,
/// `optional`, ``required(_:)``, ``forEachElement()`` and ``field(_:_:_:)`` into the validator of a whole form.
/// An empty result means the value is valid.
public struct Validator<Value>: Sendable {
    private let body: @Sendable (Value) -> [ValidationFailure]

    /// Wraps a function that returns every failure found in a value.
    public init(_ body: @escaping @Sendable (Value) -> [ValidationFailure]) {
        self.body = body
    }

    /// Every failure found in `value`; empty when it is valid.
    public func validate(_ value: Value) -> [ValidationFailure] {
        body(value)
    }

    /// Whether `value` has no failures.
    public func isValid(_ value: Value) -> Bool {
        body(value).isEmpty
    }

    /// Returns `value` when it is valid, so a caller can write `let draft = try validator.validated(input)`
    /// and keep going with a value it knows is good.
    public func validated(_ value: Value) throws(ValidationError) -> Value {
        let failures = body(value)
        guard failures.isEmpty else { throw ValidationError(failures: failures) }
        return value
    }
}

extension ValidationCode {
    /// A negated validator (`!validator`) found its inner validator satisfied.
    public static let unexpectedlyValid = ValidationCode(rawValue: "validation.unexpectedlyValid")
}

extension Validator {
    /// Accepts every value; the neutral element of `&&` and a placeholder while a form grows.
    public static var valid: Validator {
        Validator { _ in [] }
    }

    /// Fails with `code` (at the value itself) whenever `isValid` returns `false`.
    public static func rule(_ code: ValidationCode, _ isValid: @escaping @Sendable (Value) -> Bool) -> Validator {
        Validator { value in isValid(value) ? [] : [ValidationFailure(code: code)] }
    }

    /// All of `validators` must pass; reports the failures of every one of them, in order.
    public static func all(_ validators: [Validator]) -> Validator {
        Validator { value in validators.flatMap { $0.validate(value) } }
    }

    /// At least one alternative must pass. Alternatives run in order and stop at the first that passes;
    /// when none does, the failures of every alternative are reported so the user sees each way to fix it.
    public static func any(_ first: Validator, _ others: Validator...) -> Validator {
        let alternatives = [first] + others
        return Validator { value in
            var failures: [ValidationFailure] = []
            for alternative in alternatives {
                let found = alternative.validate(value)
                if found.isEmpty { return [] }
                failures += found
            }
            return failures
        }
    }

    /// All-of: the failures of both sides, so one pass over a form shows every problem.
    public static func && (lhs: Validator, rhs: Validator) -> Validator {
        Validator { value in
            let left = lhs.validate(value)
            let right = rhs.validate(value)
            // Valid values are the common case; skip building a new array when one side found nothing.
            if left.isEmpty { return right }
            return right.isEmpty ? left : left + right
        }
    }

    /// Any-of: passes when either side passes; `rhs` runs only when `lhs` fails.
    public static func || (lhs: Validator, rhs: Validator) -> Validator {
        any(lhs, rhs)
    }

    /// Not: fails with ``ValidationCode/unexpectedlyValid`` when `validator` passes. Use ``not(_:)`` to say why.
    public static prefix func ! (validator: Validator) -> Validator {
        validator.not(.unexpectedlyValid)
    }

    /// Fails with `code` when this validator passes, and passes when it fails.
    public func not(_ code: ValidationCode) -> Validator {
        Validator { value in validate(value).isEmpty ? [ValidationFailure(code: code)] : [] }
    }

    /// Runs `next` only when this validator passes, for checks that make no sense on a value already known
    /// to be broken (comparing a price that is NaN, say).
    public func then(_ next: Validator) -> Validator {
        Validator { value in
            let failures = validate(value)
            return failures.isEmpty ? next.validate(value) : failures
        }
    }

    /// Runs this validator only for values where `condition` holds; other values pass.
    public func when(_ condition: @escaping @Sendable (Value) -> Bool) -> Validator {
        Validator { value in condition(value) ? validate(value) : [] }
    }

    /// Prefixes every failure's path with `component`, as if the value were a field of that name.
    public func at(_ component: String) -> Validator {
        Validator { value in
            let failures = validate(value)
            return failures.isEmpty ? failures : failures.map { $0.nested(under: component) }
        }
    }

    /// Optional: `nil` passes, a present value must pass this validator.
    public var optional: Validator<Value?> {
        Validator<Value?> { value in value.map(validate) ?? [] }
    }

    /// Required: `nil` fails with `missing`, a present value must pass this validator.
    public func required(_ missing: ValidationCode) -> Validator<Value?> {
        Validator<Value?> { value in
            guard let value else { return [ValidationFailure(code: missing)] }
            return validate(value)
        }
    }

    /// Each element: validates every element of a collection, prefixing paths with the element's
    /// position (`[2].quantity`).
    public func forEachElement<Elements: Collection & Sendable>() -> Validator<Elements>
    where Elements.Element == Value {
        Validator<Elements> { elements in
            var failures: [ValidationFailure] = []
            for (offset, element) in elements.enumerated() {
                let found = validate(element)
                if found.isEmpty { continue }
                failures += found.map { $0.nested(under: ValidationPath.index(offset)) }
            }
            return failures
        }
    }

    /// Each element, naming each failure's element by `id` as well as by position, so a form can find the
    /// row even after the user reorders it.
    public func forEachElement<Elements: Collection & Sendable>(
        identifiedBy id: @escaping @Sendable (Value) -> String
    ) -> Validator<Elements> where Elements.Element == Value {
        Validator<Elements> { elements in
            var failures: [ValidationFailure] = []
            for (offset, element) in elements.enumerated() {
                let found = validate(element)
                if found.isEmpty { continue }
                let elementID = id(element)
                failures += found.map { $0.nested(under: ValidationPath.index(offset)).identified(by: elementID) }
            }
            return failures
        }
    }

    /// Keyed: validates one field of the value, read by `get` (a key path such as `\.clientName` works),
    /// with every failure's path prefixed by `name`.
    public static func field<Field>(
        _ name: String,
        _ get: @escaping @Sendable (Value) -> Field,
        _ validator: Validator<Field>
    ) -> Validator {
        Validator { value in
            let failures = validator.validate(get(value))
            return failures.isEmpty ? failures : failures.map { $0.nested(under: name) }
        }
    }
}
