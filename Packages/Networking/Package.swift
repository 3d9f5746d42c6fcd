// swift-tools-version: 6.0
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// The shared kernel: the lock box the clients, decorators and test doubles keep their state in.
let essentials: Target.Dependency = .product(name: "Essentials", package: "Essentials")

let package = Package(
    name: "Networking",
    platforms: [.iOS(.v16), .macOS(.v13)],
    products: [
        .library(name: "Networking", targets: ["Networking"]),
        .library(name: "NetworkingTesting", targets: ["NetworkingTesting"]),
        .library(name: "NetworkingURLSession", targets: ["NetworkingURLSession"]),
    ],
    dependencies: [
        .package(path: "../Essentials")
    ],
    targets: [
        .target(name: "Networking", dependencies: [essentials], swiftSettings: swiftSettings),
        .target(name: "NetworkingTesting", dependencies: ["Networking", essentials], swiftSettings: swiftSettings),
        // The live backend: the URLSession transport. Only the composition root constructs it.
        .target(
            name: "NetworkingURLSession", dependencies: ["Networking", essentials], swiftSettings: swiftSettings),
        .testTarget(
            name: "NetworkingTests",
            dependencies: ["Networking", "NetworkingTesting", "NetworkingURLSession", essentials],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
