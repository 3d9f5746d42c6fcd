// swift-tools-version: 6.0
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// The user's settings: their company as invoices print it, default currency, locale, first day of the week and
/// time zone; read by every command, edited by a settings screen (`ledger config`), validated before they are kept.
/// A feature module imports the domain packages' API modules, the shared kernel and the platform's CommandKit
/// only (never a backend, never another feature); its tests use the test kits. `Apps/CompositionRoot` constructs it with live backends.
let package = Package(
    name: "SettingsFeature",
    platforms: [.iOS(.v16), .macOS(.v13)],
    products: [
        .library(name: "SettingsFeature", targets: ["SettingsFeature"])
    ],
    dependencies: [
        .package(path: "../../../Packages/Essentials"),
        .package(path: "../../../Packages/Validation"),
        .package(path: "../../../Packages/Storage"),
        .package(path: "../../../Packages/Rendering"),
        .package(path: "../../CommandKit"),
    ],
    targets: [
        .target(
            name: "SettingsFeature",
            dependencies: [
                .product(name: "Essentials", package: "Essentials"),
                .product(name: "Validation", package: "Validation"),
                .product(name: "Storage", package: "Storage"),
                .product(name: "Rendering", package: "Rendering"),
                .product(name: "CommandKit", package: "CommandKit"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "SettingsFeatureTests",
            dependencies: [
                "SettingsFeature",
                .product(name: "Essentials", package: "Essentials"),
                .product(name: "Validation", package: "Validation"),
                .product(name: "Storage", package: "Storage"),
                .product(name: "ValidationTesting", package: "Validation"),
                .product(name: "StorageTesting", package: "Storage"),
                .product(name: "CommandKit", package: "CommandKit"),
                .product(name: "CommandKitTesting", package: "CommandKit"),
            ],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
