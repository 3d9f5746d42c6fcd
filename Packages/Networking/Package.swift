// swift-tools-version: 6.0
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "Networking",
    platforms: [.iOS(.v16), .macOS(.v13)],
    products: [
        .library(name: "Networking", targets: ["Networking"]),
        .library(name: "NetworkingTesting", targets: ["NetworkingTesting"]),
        .library(name: "NetworkingURLSession", targets: ["NetworkingURLSession"]),
    ],
    targets: [
        .target(name: "Networking", swiftSettings: swiftSettings),
        .target(name: "NetworkingTesting", dependencies: ["Networking"], swiftSettings: swiftSettings),
        // The live backend: the URLSession transport. Only the composition root constructs it.
        .target(name: "NetworkingURLSession", dependencies: ["Networking"], swiftSettings: swiftSettings),
        .testTarget(
            name: "NetworkingTests",
            dependencies: ["Networking", "NetworkingTesting", "NetworkingURLSession"],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
