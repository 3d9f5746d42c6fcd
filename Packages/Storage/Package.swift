// swift-tools-version: 6.0
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// The shared kernel: the lock box every module here uses.
let essentials: Target.Dependency = .product(name: "Essentials", package: "Essentials")
/// Its test kit: a reproducible random number generator, so test data is the same on every run.
let essentialsTesting: Target.Dependency = .product(name: "EssentialsTesting", package: "Essentials")

let package = Package(
    name: "Storage",
    platforms: [.iOS(.v16), .macOS(.v13)],
    products: [
        .library(name: "Storage", targets: ["Storage"]),
        .library(name: "StorageTesting", targets: ["StorageTesting"]),
        .library(name: "StorageSQLite", targets: ["StorageSQLite"]),
        .library(name: "StorageFileSystem", targets: ["StorageFileSystem"]),
    ],
    dependencies: [
        .package(path: "../Essentials")
    ],
    targets: [
        .target(name: "Storage", dependencies: [essentials], swiftSettings: swiftSettings),
        .target(name: "StorageTesting", dependencies: ["Storage", essentials], swiftSettings: swiftSettings),
        // The system's libsqlite3: part of every Apple SDK, `libsqlite3-dev` on Debian and Ubuntu.
        .systemLibrary(
            name: "StorageCSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        .target(
            name: "StorageSQLite", dependencies: ["Storage", "StorageCSQLite", essentials], swiftSettings: swiftSettings
        ),
        // The file-system stores: files in a folder, flushed and renamed; Foundation and POSIX only.
        .target(name: "StorageFileSystem", dependencies: ["Storage", essentials], swiftSettings: swiftSettings),
        .testTarget(
            name: "StorageTests",
            dependencies: [
                "Storage", "StorageTesting", "StorageSQLite", "StorageFileSystem", essentials,
                essentialsTesting,
            ],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
