// swift-tools-version: 6.0
import PackageDescription

// An outside consumer of Navigation: the API module alone. It depends on the package by path, as a team that
// vendors this repository (a git submodule or subtree) does, and uses nothing else, so a product that does not
// work on its own fails here. Scripts/examples builds and tests it in its own build folder.
let package = Package(
    name: "NavigationConsumer",
    platforms: [.iOS(.v16), .macOS(.v13)],
    dependencies: [
        .package(path: "../../Packages/Navigation")
    ],
    targets: [
        .testTarget(
            name: "NavigationConsumerTests",
            dependencies: [
                .product(name: "Navigation", package: "Navigation")
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
