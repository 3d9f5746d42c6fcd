// swift-tools-version: 6.0
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// The invoice form (validate, render, store, upload, keep the local copy when the upload fails), the archive,
/// upload retries, duplicates and previews, and the invoices resource of the Ledger API.
/// A feature module imports the domain packages' API modules, the shared kernel and the platform's CommandKit
/// only (never a backend, never another feature); its tests use the test kits. `Apps/CompositionRoot` constructs it with live backends.
let package = Package(
    name: "InvoicesFeature",
    platforms: [.iOS(.v16), .macOS(.v13)],
    products: [
        .library(name: "InvoicesFeature", targets: ["InvoicesFeature"])
    ],
    dependencies: [
        .package(path: "../../../Packages/Essentials"),
        .package(path: "../../../Packages/Validation"),
        .package(path: "../../../Packages/Rendering"),
        .package(path: "../../../Packages/Storage"),
        .package(path: "../../../Packages/Networking"),
        .package(path: "../../CommandKit"),
    ],
    targets: [
        .target(
            name: "InvoicesFeature",
            dependencies: [
                .product(name: "Essentials", package: "Essentials"),
                .product(name: "Validation", package: "Validation"),
                .product(name: "Rendering", package: "Rendering"),
                .product(name: "Storage", package: "Storage"),
                .product(name: "Networking", package: "Networking"),
                .product(name: "CommandKit", package: "CommandKit"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "InvoicesFeatureTests",
            dependencies: [
                "InvoicesFeature",
                .product(name: "Essentials", package: "Essentials"),
                .product(name: "EssentialsTesting", package: "Essentials"),
                .product(name: "Validation", package: "Validation"),
                .product(name: "Rendering", package: "Rendering"),
                .product(name: "Storage", package: "Storage"),
                .product(name: "Networking", package: "Networking"),
                .product(name: "ValidationTesting", package: "Validation"),
                .product(name: "RenderingTesting", package: "Rendering"),
                .product(name: "StorageTesting", package: "Storage"),
                .product(name: "NetworkingTesting", package: "Networking"),
                .product(name: "CommandKit", package: "CommandKit"),
                .product(name: "CommandKitTesting", package: "CommandKit"),
            ],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
