// swift-tools-version: 6.0
import PackageDescription

// An outside consumer of Registration: the API module alone. It depends on the package by path, as a team that
// vendors this repository (a git submodule or subtree) does, and uses nothing else, so a product that does not
// work on its own fails here. Scripts/examples builds and tests it in its own build folder.
let package = Package(
    name: "RegistrationConsumer",
    platforms: [.iOS(.v16), .macOS(.v13)],
    dependencies: [
        .package(path: "../../Packages/Registration")
    ],
    targets: [
        .testTarget(
            name: "RegistrationConsumerTests",
            dependencies: [
                .product(name: "Registration", package: "Registration")
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
