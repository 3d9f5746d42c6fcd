// swift-tools-version: 6.0
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// The one place that knows every package: it depends on all of them and wires them together.
let package = Package(
    name: "CompositionRoot",
    platforms: [.iOS(.v16), .macOS(.v13)],
    products: [
        .library(name: "CompositionRoot", targets: ["CompositionRoot"])
    ],
    dependencies: [
        .package(path: "../../Packages/Validation"),
        .package(path: "../../Packages/Rendering"),
        .package(path: "../../Packages/Storage"),
        .package(path: "../../Packages/Networking"),
        .package(path: "../../Packages/Registration"),
        .package(path: "../../Packages/Navigation"),
        .package(path: "../../Packages/SectionsRegistry"),
    ],
    targets: [
        .target(
            name: "CompositionRoot",
            dependencies: [
                .product(name: "Validation", package: "Validation"),
                .product(name: "Rendering", package: "Rendering"),
                .product(name: "Storage", package: "Storage"),
                .product(name: "StorageSQLite", package: "Storage"),
                .product(name: "Networking", package: "Networking"),
                .product(name: "Registration", package: "Registration"),
                .product(name: "Navigation", package: "Navigation"),
                .product(name: "SectionsRegistry", package: "SectionsRegistry"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CompositionRootTests",
            dependencies: [
                "CompositionRoot",
                .product(name: "NetworkingTesting", package: "Networking"),
            ],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
