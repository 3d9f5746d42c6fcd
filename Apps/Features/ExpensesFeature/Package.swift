// swift-tools-version: 6.0
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// Recording, importing, exporting and reporting expenses: the expense screens' models and flows, and their
/// commands in `ledger`. A feature module imports the domain packages' API modules, the shared kernel and the
/// platform's CommandKit only (never a backend, never another feature); its tests use the test kits.
/// `Apps/CompositionRoot` constructs it with live backends.
let package = Package(
    name: "ExpensesFeature",
    platforms: [.iOS(.v16), .macOS(.v13)],
    products: [
        .library(name: "ExpensesFeature", targets: ["ExpensesFeature"])
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
            name: "ExpensesFeature",
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
            name: "ExpensesFeatureTests",
            dependencies: [
                "ExpensesFeature",
                .product(name: "Essentials", package: "Essentials"),
                .product(name: "Validation", package: "Validation"),
                .product(name: "Storage", package: "Storage"),
                .product(name: "Rendering", package: "Rendering"),
                .product(name: "CommandKit", package: "CommandKit"),
                .product(name: "ValidationTesting", package: "Validation"),
                .product(name: "StorageTesting", package: "Storage"),
                .product(name: "CommandKitTesting", package: "CommandKit"),
            ],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
