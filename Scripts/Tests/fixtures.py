"""Fixture repositories for the tests of the scripts, laid out as the architecture asks, in a temporary folder:

  Packages/Alpha                  Alpha (API), AlphaTesting (test kit), AlphaTests
  Packages/Beta                   Beta (API), BetaLive (a live backend), BetaTesting, BetaTests
  Apps/Features/AlphaFeature      AlphaFeature (uses the API modules Alpha and Beta), AlphaFeatureTests (AlphaTesting)
  Apps/Features/BetaFeature       BetaFeature (uses Beta), BetaFeatureTests (BetaTesting)
  Apps/CompositionRoot            CompositionRoot: both features, both packages and the backend BetaLive
  Apps/Ledger                     the app (declared by the root manifest): CompositionRoot only
  Package.swift                   the root manifest: every package and feature, every test suite

Tests break or change one thing and run a script on it.
"""

from __future__ import annotations

import os
import subprocess
import tempfile
import unittest

SCRIPTS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REPO = os.path.dirname(SCRIPTS)

SETTINGS = """
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]
"""


def package_manifest(name: str, targets: str | None = None, dependencies: str = "", products: str | None = None,
                     settings: str = SETTINGS) -> str:
    targets = targets or f"""
        .target(name: "{name}", swiftSettings: swiftSettings),
        .target(name: "{name}Testing", dependencies: ["{name}"], swiftSettings: swiftSettings),
        .testTarget(name: "{name}Tests", dependencies: ["{name}", "{name}Testing"], swiftSettings: swiftSettings),
    """
    products = products or f"""
        .library(name: "{name}", targets: ["{name}"]),
        .library(name: "{name}Testing", targets: ["{name}Testing"]),
    """
    return f"""// swift-tools-version: 6.0
import PackageDescription
{settings}
let package = Package(
    name: "{name}",
    platforms: [.iOS(.v16), .macOS(.v13)],
    products: [{products}],
    dependencies: [{dependencies}],
    targets: [{targets}],
    swiftLanguageModes: [.v6]
)
"""


ROOT_MANIFEST = f"""// swift-tools-version: 6.0
import PackageDescription
{SETTINGS}
func suite(of package: String) -> Target {{
    .testTarget(
        name: "\\(package)Tests",
        dependencies: [.product(name: package, package: package), .product(name: "\\(package)Testing", package: package)],
        path: "Packages/\\(package)/Tests/\\(package)Tests",
        swiftSettings: swiftSettings
    )
}}

func suite(ofFeature feature: String, kits: [String]) -> Target {{
    .testTarget(
        name: "\\(feature)Tests",
        dependencies: [.product(name: feature, package: feature)]
            + kits.map {{ .product(name: "\\($0)Testing", package: $0) }},
        path: "Apps/Features/\\(feature)/Tests/\\(feature)Tests",
        swiftSettings: swiftSettings
    )
}}

let package = Package(
    name: "Fixture",
    platforms: [.iOS(.v16), .macOS(.v13)],
    products: [.executable(name: "ledger", targets: ["Ledger"])],
    dependencies: [
        .package(path: "Packages/Alpha"), .package(path: "Packages/Beta"),
        .package(path: "Apps/Features/AlphaFeature"), .package(path: "Apps/Features/BetaFeature"),
        .package(path: "Apps/CompositionRoot"),
    ],
    targets: [
        .executableTarget(
            name: "Ledger",
            dependencies: [.product(name: "CompositionRoot", package: "CompositionRoot")],
            path: "Apps/Ledger/Sources/Ledger",
            swiftSettings: swiftSettings
        ),
        .testTarget(name: "LedgerTests", dependencies: ["Ledger"], path: "Apps/Ledger/Tests/LedgerTests",
                    swiftSettings: swiftSettings),
        .testTarget(
            name: "CompositionRootTests",
            dependencies: [.product(name: "CompositionRoot", package: "CompositionRoot")],
            path: "Apps/CompositionRoot/Tests/CompositionRootTests",
            swiftSettings: swiftSettings
        ),
        suite(of: "Alpha"), suite(of: "Beta"),
        suite(ofFeature: "AlphaFeature", kits: ["Alpha"]), suite(ofFeature: "BetaFeature", kits: ["Beta"]),
    ],
    swiftLanguageModes: [.v6]
)
"""

BETA_MANIFEST = package_manifest(
    "Beta",
    products="""
        .library(name: "Beta", targets: ["Beta"]),
        .library(name: "BetaLive", targets: ["BetaLive"]),
        .library(name: "BetaTesting", targets: ["BetaTesting"]),
    """,
    targets="""
        .target(name: "Beta", swiftSettings: swiftSettings),
        .target(name: "BetaLive", dependencies: ["Beta"], swiftSettings: swiftSettings),
        .target(name: "BetaTesting", dependencies: ["Beta"], swiftSettings: swiftSettings),
        .testTarget(name: "BetaTests", dependencies: ["Beta", "BetaTesting"], swiftSettings: swiftSettings),
    """,
)


def feature_manifest(name: str, uses: list[str], kits: list[str], extra_dependencies: str = "",
                     extra_products: str = "", test_products: str = "") -> str:
    """A feature's manifest: its module uses the API modules `uses`, its tests the test kits of `kits`;
    `extra_products` and `test_products` add product dependencies (as written) to the module and its tests."""
    packages = sorted(set(uses) | set(kits))
    dependencies = "".join(f'.package(path: "../../../Packages/{p}"), ' for p in packages) + extra_dependencies
    module = "".join(f'.product(name: "{p}", package: "{p}"), ' for p in uses) + extra_products
    tests = "".join(f'.product(name: "{p}Testing", package: "{p}"), ' for p in kits) + test_products
    return package_manifest(
        name,
        products=f'.library(name: "{name}", targets: ["{name}"])',
        dependencies=dependencies,
        targets=f"""
        .target(name: "{name}", dependencies: [{module}], swiftSettings: swiftSettings),
        .testTarget(name: "{name}Tests", dependencies: ["{name}", {tests}], swiftSettings: swiftSettings),
    """,
    )


ALPHA_FEATURE_MANIFEST = feature_manifest("AlphaFeature", uses=["Alpha", "Beta"], kits=["Alpha"])
BETA_FEATURE_MANIFEST = feature_manifest("BetaFeature", uses=["Beta"], kits=["Beta"])

COMPOSITION_ROOT_MANIFEST = package_manifest(
    "CompositionRoot",
    products='.library(name: "CompositionRoot", targets: ["CompositionRoot"])',
    dependencies='.package(path: "../../Packages/Alpha"), .package(path: "../../Packages/Beta"), '
                 '.package(path: "../Features/AlphaFeature"), .package(path: "../Features/BetaFeature")',
    targets='''
        .target(name: "CompositionRoot", dependencies: [
            .product(name: "Alpha", package: "Alpha"), .product(name: "Beta", package: "Beta"),
            .product(name: "BetaLive", package: "Beta"),
            .product(name: "AlphaFeature", package: "AlphaFeature"),
            .product(name: "BetaFeature", package: "BetaFeature"),
        ], swiftSettings: swiftSettings),
        .testTarget(name: "CompositionRootTests", dependencies: ["CompositionRoot"], swiftSettings: swiftSettings),
    ''',
)

GIT_ENV = dict(os.environ, GIT_AUTHOR_NAME="Fixture", GIT_AUTHOR_EMAIL="fixture@example.invalid",
               GIT_COMMITTER_NAME="Fixture", GIT_COMMITTER_EMAIL="fixture@example.invalid")


class Fixture:
    """A good repository in a temporary folder, ready to be broken or changed one way."""

    def __init__(self) -> None:
        self._folder = tempfile.TemporaryDirectory(prefix="scripts-fixture-")
        self.root = self._folder.name
        self.write("Package.swift", ROOT_MANIFEST)
        self.write("README.md", "# Fixture\n")
        for name in ("Alpha", "Beta"):
            self.write(f"Packages/{name}/Package.swift", package_manifest(name) if name == "Alpha" else BETA_MANIFEST)
            self.write(f"Packages/{name}/README.md", f"# {name}\n")
            self.write(f"Packages/{name}/Sources/{name}/{name}.swift",
                       f"/// A value of the fixture package.\npublic struct {name}Value: Sendable {{}}\n")
            self.write(f"Packages/{name}/Sources/{name}Testing/Fake.swift",
                       f"public import {name}\n\n/// Its test double.\npublic let fake{name} = {name}Value()\n")
            self.write(f"Packages/{name}/Tests/{name}Tests/{name}Tests.swift",
                       f"import {name}\nimport {name}Testing\nimport Testing\n\n@Test func builds() {{}}\n")
        self.write("Packages/Beta/Sources/BetaLive/Live.swift", "import Beta\n\n/// A live backend.\npublic struct Live {}\n")
        for name, manifest, imports in (("AlphaFeature", ALPHA_FEATURE_MANIFEST, ["Alpha", "Beta"]),
                                        ("BetaFeature", BETA_FEATURE_MANIFEST, ["Beta"])):
            folder = f"Apps/Features/{name}"
            kit = name.removesuffix("Feature") + "Testing"
            self.write(f"{folder}/Package.swift", manifest)
            self.write(f"{folder}/README.md", f"# {name}\n")
            self.write(f"{folder}/Sources/{name}/{name}.swift",
                       "".join(f"import {module}\n" for module in imports) + f"\n/// The flow.\npublic struct {name}Flow {{}}\n")
            self.write(f"{folder}/Tests/{name}Tests/{name}Tests.swift",
                       f"import {name}\nimport {kit}\nimport Testing\n\n@Test func flow() {{}}\n")
        self.write("Apps/CompositionRoot/Package.swift", COMPOSITION_ROOT_MANIFEST)
        self.write("Apps/CompositionRoot/Sources/CompositionRoot/Factory.swift",
                   "import Alpha\nimport AlphaFeature\nimport Beta\nimport BetaFeature\nimport BetaLive\n\n"
                   "/// The factory.\npublic struct Factory {}\n")
        self.write("Apps/CompositionRoot/Tests/CompositionRootTests/FactoryTests.swift",
                   "import CompositionRoot\nimport Testing\n\n@Test func factory() {}\n")
        self.write("Apps/Ledger/Sources/Ledger/main.swift", "import CompositionRoot\n\nprint(Factory())\n")
        self.write("Apps/Ledger/Tests/LedgerTests/LedgerTests.swift", "import Testing\n\n@Test func app() {}\n")

    def write(self, path: str, text: str) -> None:
        full = os.path.join(self.root, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w", encoding="utf-8") as handle:
            handle.write(text)

    def remove(self, path: str) -> None:
        full = os.path.join(self.root, path)
        if os.path.isdir(full):
            import shutil
            shutil.rmtree(full)
        else:
            os.remove(full)

    def git(self, *args: str) -> str:
        result = subprocess.run(["git", "-C", self.root, *args], capture_output=True, text=True, env=GIT_ENV)
        if result.returncode != 0:
            raise AssertionError(f"git {' '.join(args)} failed: {result.stderr}")
        return result.stdout.strip()

    def commit(self, message: str) -> str:
        """Commits everything in the fixture and returns the new revision."""
        if not os.path.isdir(os.path.join(self.root, ".git")):
            self.git("init", "--quiet", "--initial-branch=main")
        self.git("add", "--all")
        self.git("commit", "--quiet", "--allow-empty", "-m", message)
        return self.git("rev-parse", "HEAD")

    def run_script(self, name: str, *args: str, env: dict | None = None) -> subprocess.CompletedProcess:
        return subprocess.run([os.path.join(SCRIPTS, name), *args, "--root", self.root],
                              capture_output=True, text=True, env=env)

    def close(self) -> None:
        self._folder.cleanup()


def write_files(root: str, files: dict[str, str]) -> None:
    """Writes each `{path: text}` under `root`, making the folders it needs."""
    for path, text in files.items():
        full = os.path.join(root, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w", encoding="utf-8") as handle:
            handle.write(text)


class PackageFixtureCase(unittest.TestCase):
    """A package written once per test class (`FILES`, in a temporary folder whose name starts with `PREFIX`), so
    its build folder stays warm between tests: each test changes what it needs and `FILES` are written back after
    it."""

    FILES: dict[str, str] = {}
    PREFIX = "package-fixture-"
    root: str
    folder: tempfile.TemporaryDirectory

    @classmethod
    def setUpClass(cls) -> None:
        cls.folder = tempfile.TemporaryDirectory(prefix=cls.PREFIX)
        cls.root = cls.folder.name
        write_files(cls.root, cls.FILES)

    @classmethod
    def tearDownClass(cls) -> None:
        cls.folder.cleanup()

    def setUp(self) -> None:
        self.addCleanup(write_files, self.root, self.FILES)
