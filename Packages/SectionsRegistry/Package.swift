// swift-tools-version: 6.0
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "SectionsRegistry",
    platforms: [.iOS(.v16), .macOS(.v13)],
    products: [
        .library(name: "SectionsRegistry", targets: ["SectionsRegistry"]),
        .library(name: "SectionsRegistryTesting", targets: ["SectionsRegistryTesting"]),
    ],
    targets: [
        .target(name: "SectionsRegistry", swiftSettings: swiftSettings),
        .target(name: "SectionsRegistryTesting", dependencies: ["SectionsRegistry"], swiftSettings: swiftSettings),
        .testTarget(
            name: "SectionsRegistryTests",
            dependencies: ["SectionsRegistry", "SectionsRegistryTesting"],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
