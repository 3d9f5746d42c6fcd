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
    ],
    targets: [
        .target(name: "Networking", swiftSettings: swiftSettings),
        .target(name: "NetworkingTesting", dependencies: ["Networking"], swiftSettings: swiftSettings),
        .testTarget(
            name: "NetworkingTests",
            dependencies: ["Networking", "NetworkingTesting"],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
