// swift-tools-version: 6.0
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// Recording, importing, exporting and reporting expenses: the expense screens' models and flows.
/// A feature module imports the domain packages' API modules only (never a backend, never another feature);
/// its tests use the packages' test kits. `Apps/CompositionRoot` constructs it with live backends.
let package = Package(
    name: "ExpensesFeature",
    platforms: [.iOS(.v16), .macOS(.v13)],
    products: [
        .library(name: "ExpensesFeature", targets: ["ExpensesFeature"])
    ],
    dependencies: [
        .package(path: "../../../Packages/Validation"),
        .package(path: "../../../Packages/Storage"),
        .package(path: "../../../Packages/Rendering"),
    ],
    targets: [
        .target(
            name: "ExpensesFeature",
            dependencies: [
                .product(name: "Validation", package: "Validation"),
                .product(name: "Storage", package: "Storage"),
                .product(name: "Rendering", package: "Rendering"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ExpensesFeatureTests",
            dependencies: [
                "ExpensesFeature",
                .product(name: "Validation", package: "Validation"),
                .product(name: "Storage", package: "Storage"),
                .product(name: "Rendering", package: "Rendering"),
                .product(name: "ValidationTesting", package: "Validation"),
                .product(name: "StorageTesting", package: "Storage"),
            ],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
