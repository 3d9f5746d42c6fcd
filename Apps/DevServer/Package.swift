// swift-tools-version: 6.0
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// Starts and drives the reference API server (`Scripts/dev-server`) from Swift: for the app's demo and for the
/// tests of the composition root and the app, which need a real server on loopback. Foundation only.
let package = Package(
    name: "DevServer",
    platforms: [.iOS(.v16), .macOS(.v13)],
    products: [
        .library(name: "DevServer", targets: ["DevServer"])
    ],
    targets: [
        .target(name: "DevServer", swiftSettings: swiftSettings),
        .testTarget(name: "DevServerTests", dependencies: ["DevServer"], swiftSettings: swiftSettings),
    ],
    swiftLanguageModes: [.v6]
)
