// swift-tools-version: 6.0
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// The shared kernel: small value types and pure functions that two or more packages (or features) need, so that
/// no package keeps its own copy. It depends on nothing but the toolchain and holds no domain protocols.
let package = Package(
    name: "Essentials",
    platforms: [.iOS(.v16), .macOS(.v13)],
    products: [
        .library(name: "Essentials", targets: ["Essentials"]),
        .library(name: "EssentialsTesting", targets: ["EssentialsTesting"]),
    ],
    targets: [
        .target(name: "Essentials", swiftSettings: swiftSettings),
        .target(name: "EssentialsTesting", dependencies: ["Essentials"], swiftSettings: swiftSettings),
        .testTarget(
            name: "EssentialsTests",
            dependencies: ["Essentials", "EssentialsTesting"],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
