// swift-tools-version: 6.0
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "Storage",
    platforms: [.iOS(.v16), .macOS(.v13)],
    products: [
        .library(name: "Storage", targets: ["Storage"]),
        .library(name: "StorageTesting", targets: ["StorageTesting"]),
        .library(name: "StorageSQLite", targets: ["StorageSQLite"]),
        .library(name: "StorageFileSystem", targets: ["StorageFileSystem"]),
    ],
    targets: [
        .target(name: "Storage", swiftSettings: swiftSettings),
        .target(name: "StorageTesting", dependencies: ["Storage"], swiftSettings: swiftSettings),
        // The system's libsqlite3: part of every Apple SDK, `libsqlite3-dev` on Debian and Ubuntu.
        .systemLibrary(
            name: "StorageCSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        .target(name: "StorageSQLite", dependencies: ["Storage", "StorageCSQLite"], swiftSettings: swiftSettings),
        // The file-system stores: files in a folder, flushed and renamed; Foundation and POSIX only.
        .target(name: "StorageFileSystem", dependencies: ["Storage"], swiftSettings: swiftSettings),
        .testTarget(
            name: "StorageTests",
            dependencies: ["Storage", "StorageTesting", "StorageSQLite", "StorageFileSystem"],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
