// swift-tools-version: 6.0
import PackageDescription

// The root manifest: it depends on every local package by path, declares the `ledger` app, and runs every
// package's test suite, so that `swift test` here tests the whole repository. Each package also builds and
// tests alone with `swift test --package-path Packages/<Name>`; `Scripts/check-architecture` fails when a test
// target exists that this manifest does not run, or when a suite here lacks a dependency its own manifest has.

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// The test suite of a package under `Packages/`, run from its own folder, using the named products of that package
/// and the shared kernel's (which every package may use).
func suite(of package: String, using products: [String]) -> Target {
    .testTarget(
        name: "\(package)Tests",
        dependencies: products.map { .product(name: $0, package: package) }
            + (package == "Essentials"
                ? []
                : [
                    .product(name: "Essentials", package: "Essentials"),
                    .product(name: "EssentialsTesting", package: "Essentials"),
                ]),
        path: "Packages/\(package)/Tests/\(package)Tests",
        swiftSettings: swiftSettings
    )
}

/// The test suite of a feature under `Apps/Features/`, run from its own folder, with the feature, the packages it
/// uses, the test kits of those its tests fake, and the platform's CommandKit with its test kit (every feature's
/// commands are tested with it).
func suite(ofFeature feature: String, using packages: [String], kits: [String]) -> Target {
    .testTarget(
        name: "\(feature)Tests",
        dependencies: [.product(name: feature, package: feature)]
            + packages.map { .product(name: $0, package: $0) }
            + kits.map { .product(name: "\($0)Testing", package: $0) }
            + [
                .product(name: "CommandKit", package: "CommandKit"),
                .product(name: "CommandKitTesting", package: "CommandKit"),
            ],
        path: "Apps/Features/\(feature)/Tests/\(feature)Tests",
        swiftSettings: swiftSettings
    )
}

/// The end-to-end suite of a feature: its commands run through the built `ledger` on a real data folder (and the
/// reference server), kept in the feature's folder (`Tests/<Feature>EndToEndTests`) because the commands are the
/// feature's; only the root build has the app to run.
func endToEnd(ofFeature feature: String, kits: [String] = []) -> Target {
    .testTarget(
        name: "\(feature)EndToEndTests",
        dependencies: ["Ledger", "LedgerTestSupport", .product(name: "DevServer", package: "DevServer")]
            + kits.map { .product(name: "\($0)Testing", package: $0) },
        path: "Apps/Features/\(feature)/Tests/\(feature)EndToEndTests",
        swiftSettings: swiftSettings
    )
}

let package = Package(
    name: "LedgerMonorepo",
    platforms: [.iOS(.v16), .macOS(.v13)],
    products: [
        .executable(name: "ledger", targets: ["Ledger"])
    ],
    dependencies: [
        .package(path: "Packages/Essentials"),
        .package(path: "Packages/Validation"),
        .package(path: "Packages/Rendering"),
        .package(path: "Packages/Storage"),
        .package(path: "Packages/Networking"),
        .package(path: "Packages/Registration"),
        .package(path: "Packages/Navigation"),
        .package(path: "Packages/SectionsRegistry"),
        .package(path: "Apps/Features/ExpensesFeature"),
        .package(path: "Apps/Features/InvoicesFeature"),
        .package(path: "Apps/Features/OnboardingFeature"),
        .package(path: "Apps/Features/HomeFeature"),
        .package(path: "Apps/Features/LinksFeature"),
        .package(path: "Apps/Features/SettingsFeature"),
        .package(path: "Apps/CommandKit"),
        .package(path: "Apps/CompositionRoot"),
        .package(path: "Apps/DevServer"),
    ],
    targets: [
        .executableTarget(
            name: "Ledger",
            dependencies: [
                .product(name: "CompositionRoot", package: "CompositionRoot"),
                .product(name: "CommandKit", package: "CommandKit"),
                .product(name: "Essentials", package: "Essentials"),
                .product(name: "DevServer", package: "DevServer"),
            ],
            path: "Apps/Ledger/Sources/Ledger",
            swiftSettings: swiftSettings
        ),
        // The benchmarks' sources, compiled (in debug) with everything else so a change that breaks them fails the
        // build; `Scripts/bench` builds and runs them in release from their own manifest, Apps/Benchmarks.
        .executableTarget(
            name: "Benchmarks",
            dependencies: [
                .product(name: "Essentials", package: "Essentials"),
                .product(name: "EssentialsTesting", package: "Essentials"),
                .product(name: "Validation", package: "Validation"),
                .product(name: "Rendering", package: "Rendering"),
                .product(name: "RenderingZlib", package: "Rendering"),
                .product(name: "Storage", package: "Storage"),
                .product(name: "StorageSQLite", package: "Storage"),
                .product(name: "Networking", package: "Networking"),
                .product(name: "NetworkingTesting", package: "Networking"),
                .product(name: "NetworkingURLSession", package: "Networking"),
                .product(name: "Registration", package: "Registration"),
                .product(name: "Navigation", package: "Navigation"),
                .product(name: "SectionsRegistry", package: "SectionsRegistry"),
            ],
            path: "Apps/Benchmarks/Sources/Benchmarks",
            swiftSettings: swiftSettings
        ),
        // Runs the built `ledger` for the end-to-end suites: the shell's own and each feature's.
        .target(name: "LedgerTestSupport", path: "Apps/Ledger/TestSupport", swiftSettings: swiftSettings),
        .testTarget(
            name: "LedgerTests",
            dependencies: ["Ledger", "LedgerTestSupport", .product(name: "DevServer", package: "DevServer")],
            path: "Apps/Ledger/Tests/LedgerTests",
            swiftSettings: swiftSettings
        ),
        endToEnd(ofFeature: "ExpensesFeature"),
        endToEnd(ofFeature: "InvoicesFeature"),
        endToEnd(ofFeature: "OnboardingFeature"),
        endToEnd(ofFeature: "HomeFeature"),
        endToEnd(ofFeature: "LinksFeature"),
        endToEnd(ofFeature: "SettingsFeature", kits: ["Rendering"]),
        .testTarget(
            name: "CompositionRootTests",
            dependencies: [
                .product(name: "CompositionRoot", package: "CompositionRoot"),
                .product(name: "DevServer", package: "DevServer"),
                .product(name: "RenderingTesting", package: "Rendering"),
                .product(name: "Essentials", package: "Essentials"),
                .product(name: "Storage", package: "Storage"),
                .product(name: "Registration", package: "Registration"),
                .product(name: "Validation", package: "Validation"),
                .product(name: "ExpensesFeature", package: "ExpensesFeature"),
                .product(name: "InvoicesFeature", package: "InvoicesFeature"),
                .product(name: "HomeFeature", package: "HomeFeature"),
                .product(name: "SettingsFeature", package: "SettingsFeature"),
            ],
            path: "Apps/CompositionRoot/Tests/CompositionRootTests",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "DevServerTests",
            dependencies: [.product(name: "DevServer", package: "DevServer")],
            path: "Apps/DevServer/Tests/DevServerTests",
            swiftSettings: swiftSettings
        ),
        suite(of: "Essentials", using: ["Essentials", "EssentialsTesting"]),
        .testTarget(
            name: "CommandKitTests",
            dependencies: [
                .product(name: "CommandKit", package: "CommandKit"),
                .product(name: "CommandKitTesting", package: "CommandKit"),
                .product(name: "Essentials", package: "Essentials"),
                .product(name: "Validation", package: "Validation"),
                .product(name: "Storage", package: "Storage"),
            ],
            path: "Apps/CommandKit/Tests/CommandKitTests",
            swiftSettings: swiftSettings
        ),
        suite(of: "Validation", using: ["Validation", "ValidationTesting"]),
        suite(of: "Rendering", using: ["Rendering", "RenderingTesting", "RenderingZlib"]),
        suite(of: "Storage", using: ["Storage", "StorageTesting", "StorageSQLite", "StorageFileSystem"]),
        suite(of: "Networking", using: ["Networking", "NetworkingTesting", "NetworkingURLSession"]),
        suite(of: "Registration", using: ["Registration", "RegistrationTesting"]),
        suite(of: "Navigation", using: ["Navigation", "NavigationTesting"]),
        suite(of: "SectionsRegistry", using: ["SectionsRegistry", "SectionsRegistryTesting"]),
        suite(
            ofFeature: "ExpensesFeature", using: ["Essentials", "Validation", "Storage", "Rendering"],
            kits: ["Validation", "Storage"]),
        suite(
            ofFeature: "InvoicesFeature", using: ["Essentials", "Validation", "Rendering", "Storage", "Networking"],
            kits: ["Essentials", "Validation", "Rendering", "Storage", "Networking"]),
        suite(
            ofFeature: "OnboardingFeature", using: ["Validation", "Registration", "Networking"],
            kits: ["Validation", "Registration", "Networking"]),
        suite(
            ofFeature: "HomeFeature", using: ["SectionsRegistry", "Networking", "Storage", "Rendering"],
            kits: ["SectionsRegistry", "Networking", "Storage"]),
        suite(ofFeature: "LinksFeature", using: ["Navigation"], kits: ["Navigation"]),
        suite(
            ofFeature: "SettingsFeature", using: ["Validation", "Storage", "Essentials"],
            kits: ["Validation", "Storage"]),
    ],
    swiftLanguageModes: [.v6]
)

// `LEDGER_SUITES=LedgerTests,ValidationTests swift build --build-tests` declares only the named test suites (the
// app and the benchmarks stay), so a build for the suites a change affects compiles and links nothing else:
// Scripts/test --affected and Scripts/replay set it. Unset, or naming any suite this manifest does not have, every
// suite stays: a misspelt name costs time, never a suite that silently does not run.
if let selected = Context.environment["LEDGER_SUITES"] {
    let names = Set(selected.split(separator: ",").map(String.init))
    let suites = Set(package.targets.filter { $0.type == .test }.map(\.name))
    if !names.isEmpty, names.isSubset(of: suites) {
        package.targets.removeAll { $0.type == .test && !names.contains($0.name) }
    }
}
