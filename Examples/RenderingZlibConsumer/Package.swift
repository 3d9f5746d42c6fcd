// swift-tools-version: 6.0
import PackageDescription

// An outside consumer of Rendering + RenderingZlib (and RenderingTesting in its tests): the API module with its
// bundled fonts, the zlib compressor (links the system's zlib) and the test kit. It depends on the package by
// path, as a team that vendors this repository (a git submodule or subtree) does, and uses nothing else, so a
// product that does not work on its own fails here. Scripts/examples builds and tests it in its own build folder.
// The code Rendering's README and articles show is this package's code, word for word (its tests compare them);
// the tool is a command-line binary its tests copy out of the build folder and run, with and without the
// package's resource folder.
let package = Package(
    name: "RenderingZlibConsumer",
    platforms: [.iOS(.v16), .macOS(.v13)],
    dependencies: [
        .package(path: "../../Packages/Rendering")
    ],
    targets: [
        .executableTarget(
            name: "RenderingZlibConsumerTool",
            dependencies: [
                .product(name: "Rendering", package: "Rendering"),
                .product(name: "RenderingZlib", package: "Rendering"),
            ]
        ),
        .testTarget(
            name: "RenderingZlibConsumerTests",
            dependencies: [
                "RenderingZlibConsumerTool",
                .product(name: "Rendering", package: "Rendering"),
                .product(name: "RenderingZlib", package: "Rendering"),
                .product(name: "RenderingTesting", package: "Rendering"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
