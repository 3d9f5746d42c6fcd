// swift-tools-version: 6.0
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "Registration",
    platforms: [.iOS(.v16), .macOS(.v13)],
    products: [
        .library(name: "Registration", targets: ["Registration"]),
        .library(name: "RegistrationTesting", targets: ["RegistrationTesting"]),
    ],
    targets: [
        .target(name: "Registration", swiftSettings: swiftSettings),
        .target(name: "RegistrationTesting", dependencies: ["Registration"], swiftSettings: swiftSettings),
        .testTarget(
            name: "RegistrationTests",
            dependencies: ["Registration", "RegistrationTesting"],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
