// swift-tools-version: 6.0
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// Registration and sign-in: the registration flow's steps, the session, and the users and sign-in resources of the
/// Ledger API.
/// A feature module imports the domain packages' API modules, the shared kernel and the platform's CommandKit
/// only (never a backend, never another feature); its tests use the test kits. `Apps/CompositionRoot` constructs it with live backends.
let package = Package(
    name: "OnboardingFeature",
    platforms: [.iOS(.v16), .macOS(.v13)],
    products: [
        .library(name: "OnboardingFeature", targets: ["OnboardingFeature"])
    ],
    dependencies: [
        .package(path: "../../../Packages/Validation"),
        .package(path: "../../../Packages/Registration"),
        .package(path: "../../../Packages/Networking"),
        .package(path: "../../../Packages/Storage"),
        .package(path: "../../CommandKit"),
    ],
    targets: [
        .target(
            name: "OnboardingFeature",
            dependencies: [
                .product(name: "Validation", package: "Validation"),
                .product(name: "Registration", package: "Registration"),
                .product(name: "Networking", package: "Networking"),
                .product(name: "Storage", package: "Storage"),
                .product(name: "CommandKit", package: "CommandKit"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "OnboardingFeatureTests",
            dependencies: [
                "OnboardingFeature",
                .product(name: "Validation", package: "Validation"),
                .product(name: "Registration", package: "Registration"),
                .product(name: "Networking", package: "Networking"),
                .product(name: "ValidationTesting", package: "Validation"),
                .product(name: "RegistrationTesting", package: "Registration"),
                .product(name: "NetworkingTesting", package: "Networking"),
                .product(name: "CommandKit", package: "CommandKit"),
                .product(name: "CommandKitTesting", package: "CommandKit"),
            ],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
