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
    name: "Registration",
    platforms: [.iOS(.v16), .macOS(.v13)],
    products: [
        .library(name: "Registration", targets: ["Registration"]),
        .library(name: "RegistrationTesting", targets: ["RegistrationTesting"]),
    ],
    dependencies: [
        .package(path: "../Essentials")
    ],
    targets: [
        .target(name: "Registration", dependencies: [essentials], swiftSettings: swiftSettings),
        .target(name: "RegistrationTesting", dependencies: ["Registration", essentials], swiftSettings: swiftSettings),
        .testTarget(
            name: "RegistrationTests",
            dependencies: ["Registration", "RegistrationTesting", essentials, essentialsTesting],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
