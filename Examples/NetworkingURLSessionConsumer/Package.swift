// swift-tools-version: 6.0
import PackageDescription

// An outside consumer of Networking + NetworkingURLSession: the API module and the URLSession transport (FoundationNetworking on Linux). It depends on the package by path, as a team that
// vendors this repository (a git submodule or subtree) does, and uses nothing else, so a product that does not
// work on its own fails here. Scripts/examples builds and tests it in its own build folder.
let package = Package(
    name: "NetworkingURLSessionConsumer",
    platforms: [.iOS(.v16), .macOS(.v13)],
    dependencies: [
        .package(path: "../../Packages/Networking")
    ],
    targets: [
        .testTarget(
            name: "NetworkingURLSessionConsumerTests",
            dependencies: [
                .product(name: "Networking", package: "Networking"),
                .product(name: "NetworkingURLSession", package: "Networking"),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
