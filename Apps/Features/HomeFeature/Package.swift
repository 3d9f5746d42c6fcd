// swift-tools-version: 6.0
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// The server-driven home screen: the section types it knows, loading, offline copy, dismissed sections, badges (a
/// Navigation `BadgeCleaner` that remembers what was seen), and the home-sections resource of the Ledger API.
/// A feature module imports the domain packages' API modules, the shared kernel and the platform's CommandKit
/// only (never a backend, never another feature); its tests use the test kits. `Apps/CompositionRoot` constructs it with live backends.
let package = Package(
    name: "HomeFeature",
    platforms: [.iOS(.v16), .macOS(.v13)],
    products: [
        .library(name: "HomeFeature", targets: ["HomeFeature"])
    ],
    dependencies: [
        .package(path: "../../../Packages/SectionsRegistry"),
        .package(path: "../../../Packages/Navigation"),
        .package(path: "../../../Packages/Networking"),
        .package(path: "../../../Packages/Storage"),
        .package(path: "../../../Packages/Rendering"),
        .package(path: "../../CommandKit"),
    ],
    targets: [
        .target(
            name: "HomeFeature",
            dependencies: [
                .product(name: "SectionsRegistry", package: "SectionsRegistry"),
                .product(name: "Navigation", package: "Navigation"),
                .product(name: "Networking", package: "Networking"),
                .product(name: "Storage", package: "Storage"),
                .product(name: "Rendering", package: "Rendering"),
                .product(name: "CommandKit", package: "CommandKit"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "HomeFeatureTests",
            dependencies: [
                "HomeFeature",
                .product(name: "SectionsRegistry", package: "SectionsRegistry"),
                .product(name: "Networking", package: "Networking"),
                .product(name: "Storage", package: "Storage"),
                .product(name: "Rendering", package: "Rendering"),
                .product(name: "SectionsRegistryTesting", package: "SectionsRegistry"),
                .product(name: "NetworkingTesting", package: "Networking"),
                .product(name: "StorageTesting", package: "Storage"),
                .product(name: "CommandKit", package: "CommandKit"),
                .product(name: "CommandKitTesting", package: "CommandKit"),
            ],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
