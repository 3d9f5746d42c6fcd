// swift-tools-version: 6.0
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "Rendering",
    platforms: [.iOS(.v16), .macOS(.v13)],
    products: [
        .library(name: "Rendering", targets: ["Rendering"]),
        .library(name: "RenderingTesting", targets: ["RenderingTesting"]),
    ],
    targets: [
        .target(name: "Rendering", swiftSettings: swiftSettings),
        .target(name: "RenderingTesting", dependencies: ["Rendering"], swiftSettings: swiftSettings),
        .testTarget(
            name: "RenderingTests",
            dependencies: ["Rendering", "RenderingTesting"],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
