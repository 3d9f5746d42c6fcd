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
        .library(name: "RenderingZlib", targets: ["RenderingZlib"]),
    ],
    targets: [
        // The default fonts (DejaVu Sans, regular and bold) ship with their license beside them.
        .target(
            name: "Rendering",
            resources: [.copy("Resources/Fonts")],
            swiftSettings: swiftSettings
        ),
        .target(name: "RenderingTesting", dependencies: ["Rendering"], swiftSettings: swiftSettings),
        // The system's zlib: part of every Apple SDK, `zlib1g-dev` on Debian and Ubuntu.
        .systemLibrary(
            name: "RenderingCZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        .target(name: "RenderingZlib", dependencies: ["Rendering", "RenderingCZlib"], swiftSettings: swiftSettings),
        .testTarget(
            name: "RenderingTests",
            dependencies: ["Rendering", "RenderingTesting", "RenderingZlib"],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
