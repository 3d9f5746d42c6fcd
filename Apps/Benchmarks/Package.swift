// swift-tools-version: 6.0
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// Release-mode benchmarks: one file of cases per package, run by `Scripts/bench`. Never part of the test run.
let package = Package(
    name: "Benchmarks",
    platforms: [.iOS(.v16), .macOS(.v13)],
    dependencies: [
        .package(path: "../../Packages/Essentials"),
        .package(path: "../../Packages/Validation"),
        .package(path: "../../Packages/Rendering"),
        .package(path: "../../Packages/Storage"),
        .package(path: "../../Packages/Networking"),
        .package(path: "../../Packages/Registration"),
        .package(path: "../../Packages/Navigation"),
        .package(path: "../../Packages/SectionsRegistry"),
    ],
    targets: [
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
            swiftSettings: swiftSettings
        )
    ],
    swiftLanguageModes: [.v6]
)
