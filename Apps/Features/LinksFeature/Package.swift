// swift-tools-version: 6.0
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// The app's links: every screen a link can open, the route table in both directions, and which links are trusted.
/// A feature module imports the domain packages' API modules only (never a backend, never another feature);
/// its tests use the packages' test kits. `Apps/CompositionRoot` constructs it with live backends.
let package = Package(
    name: "LinksFeature",
    platforms: [.iOS(.v16), .macOS(.v13)],
    products: [
        .library(name: "LinksFeature", targets: ["LinksFeature"])
    ],
    dependencies: [
        .package(path: "../../../Packages/Navigation")
    ],
    targets: [
        .target(
            name: "LinksFeature",
            dependencies: [
                .product(name: "Navigation", package: "Navigation")
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "LinksFeatureTests",
            dependencies: [
                "LinksFeature",
                .product(name: "Navigation", package: "Navigation"),
                .product(name: "NavigationTesting", package: "Navigation"),
            ],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
