// swift-tools-version: 6.0
import PackageDescription

// An outside consumer of Registration (and RegistrationTesting in its tests): the API module and the test kit. It
// depends on the package by path, as a team that vendors this repository (a git submodule or subtree) does, and
// uses nothing else, so a product that does not work on its own fails here. Scripts/examples builds and tests it in
// its own build folder. The code Registration's README and articles show is this package's code, word for word
// (its tests compare them).
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
                .product(name: "Registration", package: "Registration"),
                .product(name: "RegistrationTesting", package: "Registration"),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
