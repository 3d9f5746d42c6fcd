// swift-tools-version: 6.0
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "Navigation",
    platforms: [.iOS(.v16), .macOS(.v13)],
    products: [
        .library(name: "Navigation", targets: ["Navigation"]),
        .library(name: "NavigationTesting", targets: ["NavigationTesting"]),
    ],
    targets: [
        .target(name: "Navigation", swiftSettings: swiftSettings),
        .target(name: "NavigationTesting", dependencies: ["Navigation"], swiftSettings: swiftSettings),
        .testTarget(
            name: "NavigationTests",
            dependencies: ["Navigation", "NavigationTesting"],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
