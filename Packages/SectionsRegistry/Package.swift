// swift-tools-version: 6.0
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// The shared kernel: the lock box, readable text and the other small values every package shares.
let essentials: Target.Dependency = .product(name: "Essentials", package: "Essentials")
/// Its test kit: a reproducible random number generator, so test data is the same on every run.
let essentialsTesting: Target.Dependency = .product(name: "EssentialsTesting", package: "Essentials")

let package = Package(
    name: "SectionsRegistry",
    platforms: [.iOS(.v16), .macOS(.v13)],
    products: [
        .library(name: "SectionsRegistry", targets: ["SectionsRegistry"]),
        .library(name: "SectionsRegistryTesting", targets: ["SectionsRegistryTesting"]),
    ],
    dependencies: [
        .package(path: "../Essentials")
    ],
    targets: [
        .target(name: "SectionsRegistry", dependencies: [essentials], swiftSettings: swiftSettings),
        .target(
            name: "SectionsRegistryTesting", dependencies: ["SectionsRegistry", essentials],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "SectionsRegistryTests",
            dependencies: ["SectionsRegistry", "SectionsRegistryTesting", essentials, essentialsTesting],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
