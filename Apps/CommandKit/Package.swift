// swift-tools-version: 6.0
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// The platform's small command protocol: what a feature implements to put its commands into `ledger` (a command
/// group with its commands, the screens its links open and its part of the demo), and what those commands are
/// made of (arguments, the console, errors with exit statuses, tables). The features own their commands; the app
/// (`Apps/Ledger`) only dispatches to them. It changes rarely.
let package = Package(
    name: "CommandKit",
    platforms: [.iOS(.v16), .macOS(.v13)],
    products: [
        .library(name: "CommandKit", targets: ["CommandKit"]),
        .library(name: "CommandKitTesting", targets: ["CommandKitTesting"]),
    ],
    dependencies: [
        .package(path: "../../Packages/Essentials"),
        .package(path: "../../Packages/Validation"),
        .package(path: "../../Packages/Storage"),
        .package(path: "../../Packages/Rendering"),
    ],
    targets: [
        .target(
            name: "CommandKit",
            dependencies: [
                .product(name: "Essentials", package: "Essentials"),
                .product(name: "Validation", package: "Validation"),
                .product(name: "Storage", package: "Storage"),
                .product(name: "Rendering", package: "Rendering"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "CommandKitTesting",
            dependencies: ["CommandKit", .product(name: "Essentials", package: "Essentials")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CommandKitTests",
            dependencies: [
                "CommandKit", "CommandKitTesting",
                .product(name: "Essentials", package: "Essentials"),
                .product(name: "Validation", package: "Validation"),
                .product(name: "Storage", package: "Storage"),
            ],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
