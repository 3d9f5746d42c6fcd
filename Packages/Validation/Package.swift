// swift-tools-version: 6.0
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "Validation",
    platforms: [.iOS(.v16), .macOS(.v13)],
    products: [
        .library(name: "Validation", targets: ["Validation"]),
        .library(name: "ValidationTesting", targets: ["ValidationTesting"]),
    ],
    targets: [
        .target(name: "Validation", swiftSettings: swiftSettings),
        .target(name: "ValidationTesting", dependencies: ["Validation"], swiftSettings: swiftSettings),
        .testTarget(
            name: "ValidationTests",
            dependencies: ["Validation", "ValidationTesting"],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
