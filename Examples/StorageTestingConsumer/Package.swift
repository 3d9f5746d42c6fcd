// swift-tools-version: 6.0
import PackageDescription

// An outside consumer of Storage + StorageTesting: the API module and its test kit. It depends on the package by path, as a team that
// vendors this repository (a git submodule or subtree) does, and uses nothing else, so a product that does not
// work on its own fails here. Scripts/examples builds and tests it in its own build folder.
let package = Package(
    name: "StorageTestingConsumer",
    platforms: [.iOS(.v16), .macOS(.v13)],
    dependencies: [
        .package(path: "../../Packages/Storage")
    ],
    targets: [
        .testTarget(
            name: "StorageTestingConsumerTests",
            dependencies: [
                .product(name: "Storage", package: "Storage"),
                .product(name: "StorageTesting", package: "Storage"),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
