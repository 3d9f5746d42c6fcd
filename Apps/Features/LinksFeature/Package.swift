// swift-tools-version: 6.0
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// The app's links: the route table in both directions over the screens every feature registers, which links are
/// trusted, and the `open` and `link` commands. A feature module imports the domain packages' API modules, the
/// shared kernel and the platform's CommandKit only (never a backend, never another feature); its tests use the
/// test kits.
let package = Package(
    name: "LinksFeature",
    platforms: [.iOS(.v16), .macOS(.v13)],
    products: [
        .library(name: "LinksFeature", targets: ["LinksFeature"])
    ],
    dependencies: [
        .package(path: "../../../Packages/Navigation"),
        .package(path: "../../CommandKit"),
    ],
    targets: [
        .target(
            name: "LinksFeature",
            dependencies: [
                .product(name: "Navigation", package: "Navigation"),
                .product(name: "CommandKit", package: "CommandKit"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "LinksFeatureTests",
            dependencies: [
                "LinksFeature",
                .product(name: "Navigation", package: "Navigation"),
                .product(name: "NavigationTesting", package: "Navigation"),
                .product(name: "CommandKit", package: "CommandKit"),
                .product(name: "CommandKitTesting", package: "CommandKit"),
            ],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
