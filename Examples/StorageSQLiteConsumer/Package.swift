// swift-tools-version: 6.0
import PackageDescription

// An outside consumer of Storage + StorageSQLite: the API module and the SQLite backend (links the system's libsqlite3). It depends on the package by path, as a team that
// vendors this repository (a git submodule or subtree) does, and uses nothing else, so a product that does not
// work on its own fails here. Scripts/examples builds and tests it in its own build folder.
let package = Package(
    name: "StorageSQLiteConsumer",
    platforms: [.iOS(.v16), .macOS(.v13)],
    dependencies: [
        .package(path: "../../Packages/Storage")
    ],
    targets: [
        .testTarget(
            name: "StorageSQLiteConsumerTests",
            dependencies: [
                .product(name: "Storage", package: "Storage"),
                .product(name: "StorageSQLite", package: "Storage"),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
