// swift-tools-version: 6.0
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// The single factory: it depends on every feature and on the packages whose live backends it constructs, and
/// wires them together. Nothing else on the app side constructs a backend.
let package = Package(
    name: "CompositionRoot",
    platforms: [.iOS(.v16), .macOS(.v13)],
    products: [
        .library(name: "CompositionRoot", targets: ["CompositionRoot"])
    ],
    dependencies: [
        .package(path: "../../Packages/Essentials"),
        .package(path: "../../Packages/Validation"),
        .package(path: "../../Packages/Rendering"),
        .package(path: "../../Packages/Storage"),
        .package(path: "../../Packages/Networking"),
        .package(path: "../../Packages/Registration"),
        .package(path: "../../Packages/Navigation"),
        .package(path: "../../Packages/SectionsRegistry"),
        .package(path: "../Features/ExpensesFeature"),
        .package(path: "../Features/InvoicesFeature"),
        .package(path: "../Features/OnboardingFeature"),
        .package(path: "../Features/HomeFeature"),
        .package(path: "../Features/LinksFeature"),
        .package(path: "../Features/SettingsFeature"),
        .package(path: "../CommandKit"),
        .package(path: "../DevServer"),
    ],
    targets: [
        .target(
            name: "CompositionRoot",
            dependencies: [
                .product(name: "Essentials", package: "Essentials"),
                .product(name: "CommandKit", package: "CommandKit"),
                .product(name: "Validation", package: "Validation"),
                .product(name: "Rendering", package: "Rendering"),
                .product(name: "RenderingZlib", package: "Rendering"),
                .product(name: "Storage", package: "Storage"),
                .product(name: "StorageSQLite", package: "Storage"),
                .product(name: "StorageFileSystem", package: "Storage"),
                .product(name: "Networking", package: "Networking"),
                .product(name: "NetworkingURLSession", package: "Networking"),
                .product(name: "Registration", package: "Registration"),
                .product(name: "Navigation", package: "Navigation"),
                .product(name: "SectionsRegistry", package: "SectionsRegistry"),
                .product(name: "ExpensesFeature", package: "ExpensesFeature"),
                .product(name: "InvoicesFeature", package: "InvoicesFeature"),
                .product(name: "OnboardingFeature", package: "OnboardingFeature"),
                .product(name: "HomeFeature", package: "HomeFeature"),
                .product(name: "LinksFeature", package: "LinksFeature"),
                .product(name: "SettingsFeature", package: "SettingsFeature"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CompositionRootTests",
            dependencies: [
                "CompositionRoot",
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
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
