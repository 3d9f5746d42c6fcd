// swift-tools-version: 6.0
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// The user's settings: their company as invoices print it, default currency, locale, first day of the week and
/// time zone; read by every command, edited by a settings screen (`ledger config`), validated before they are kept.
/// A feature module imports the domain packages' API modules only (never a backend, never another feature);
/// its tests use the packages' test kits. `Apps/CompositionRoot` constructs it with live backends.
let package = Package(
    name: "SettingsFeature",
    platforms: [.iOS(.v16), .macOS(.v13)],
    products: [
        .library(name: "SettingsFeature", targets: ["SettingsFeature"])
    ],
    dependencies: [
        .package(path: "../../../Packages/Validation"),
        .package(path: "../../../Packages/Storage"),
    ],
    targets: [
        .target(
            name: "SettingsFeature",
            dependencies: [
                .product(name: "Validation", package: "Validation"),
                .product(name: "Storage", package: "Storage"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "SettingsFeatureTests",
            dependencies: [
                "SettingsFeature",
                .product(name: "Validation", package: "Validation"),
                .product(name: "Storage", package: "Storage"),
                .product(name: "ValidationTesting", package: "Validation"),
                .product(name: "StorageTesting", package: "Storage"),
            ],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
