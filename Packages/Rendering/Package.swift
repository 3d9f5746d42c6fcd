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
    name: "Rendering",
    platforms: [.iOS(.v16), .macOS(.v13)],
    products: [
        .library(name: "Rendering", targets: ["Rendering"]),
        .library(name: "RenderingTesting", targets: ["RenderingTesting"]),
        .library(name: "RenderingZlib", targets: ["RenderingZlib"]),
    ],
    dependencies: [
        .package(path: "../Essentials")
    ],
    targets: [
        // The default fonts (DejaVu Sans, regular and bold) and the sRGB profile of archival PDFs ship with their
        // licences beside them; the invoice label catalogs, one JSON file per language, with their README.
        .target(
            name: "Rendering",
            dependencies: [essentials],
            resources: [.copy("Resources/Fonts"), .copy("Resources/ColorProfiles"), .copy("Resources/Labels")],
            swiftSettings: swiftSettings
        ),
        .target(name: "RenderingTesting", dependencies: ["Rendering", essentials], swiftSettings: swiftSettings),
        // The system's zlib: part of every Apple SDK, `zlib1g-dev` on Debian and Ubuntu.
        .systemLibrary(
            name: "RenderingCZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        .target(name: "RenderingZlib", dependencies: ["Rendering", "RenderingCZlib"], swiftSettings: swiftSettings),
        .testTarget(
            name: "RenderingTests",
            dependencies: ["Rendering", "RenderingTesting", "RenderingZlib", essentials, essentialsTesting],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
