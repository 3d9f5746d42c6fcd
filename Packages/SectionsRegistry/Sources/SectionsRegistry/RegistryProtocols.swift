/// Registers section modules: the one capability a feature's setup code needs.
public protocol Registry {
    /// Adds `module` under its type. A type that is already registered fails with `.duplicateType` unless
    /// `duplicates` is `.replace`.
    mutating func register<Mapper, Provider, Storage>(
        _ module: SectionModule<Mapper, Provider, Storage>,
        duplicates: DuplicateTypePolicy
    ) throws(SectionRegistryError)
}

extension Registry {
    /// Adds `module`, rejecting a type that is already registered: the one-line registration of a feature.
    public mutating func register<Mapper, Provider, Storage>(
        _ module: SectionModule<Mapper, Provider, Storage>
    ) throws(SectionRegistryError) {
        try register(module, duplicates: .reject)
    }
}

/// Finds the mapper of a section type: what screen assembly needs.
public protocol MapperRegistry: Sendable {
    /// The mapper registered for `type`, or nil for an unknown type.
    func mapper(for type: String) -> AnySectionMapper?
}

/// Finds the provider of a section type: what refreshing a section needs.
public protocol ProviderRegistry: Sendable {
    /// The provider registered for `type`, or nil for an unknown type.
    func provider(for type: String) -> (any SectionProvider)?
}

/// Finds the storage of a section type: what caching a section needs.
public protocol StorageRegistry: Sendable {
    /// The storage registered for `type`, or nil for an unknown type.
    func storage(for type: String) -> (any SectionStorage)?
}

/// Finds the listeners of a section type: what dispatching events needs.
public protocol ListenerRegistry: Sendable {
    /// The listeners registered for `type`, in registration order; empty for an unknown type.
    func listeners(for type: String) -> [any SectionListener]
}

/// Counts the registered section types: what a health check or a debug screen needs.
public protocol SectionCountRegistry: Sendable {
    /// How many section types are registered.
    var sectionCount: Int { get }
}

/// What to do when a module's type is already registered.
public enum DuplicateTypePolicy: Hashable, Sendable {
    /// Fail with ``SectionRegistryError/duplicateType(_:)``: two features claiming one type is a wiring mistake.
    case reject
    /// Replace the registered module, keeping its position; for deliberate overrides (tests, experiments).
    case replace
}

/// Why a module could not be registered.
public enum SectionRegistryError: Error, Hashable, Sendable {
    /// A module with this type is already registered and the policy is `.reject`.
    case duplicateType(String)
    /// The type string is empty, longer than ``SectionTypeName/maximumLength``, or uses characters other than
    /// ASCII letters, digits, `_`, `-` and `.`. Long names are shortened in the error.
    case invalidType(String)
}

/// The rules for a section type string.
public enum SectionTypeName {
    /// The longest type accepted; longer strings in a payload are treated as invalid, not looked up.
    public static let maximumLength = 64

    /// Whether `type` is a well-formed section type.
    public static func isValid(_ type: String) -> Bool {
        let utf8 = type.utf8
        guard !utf8.isEmpty, utf8.count <= maximumLength else { return false }
        return utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."):
                true
            default:
                false
            }
        }
    }
}
