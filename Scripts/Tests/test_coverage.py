"""Scripts/coverage: a package's figure counts only its own sources (never its tests or another unit's files), each
package is held to the floor in its own folder and the failure names the package, the figure and the floor; and
one real root build with coverage on a small repository gives the figures llvm-cov reports."""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
import unittest

from Tests.fixtures import SCRIPTS, SETTINGS, package_manifest, write_files

FLOOR = "# The floor.\n{}\n"


def coverage(root: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([os.path.join(SCRIPTS, "coverage"), *args, "--root", root], capture_output=True, text=True)


class FloorTests(unittest.TestCase):
    """On a saved llvm-cov export: no build."""

    def setUp(self) -> None:
        folder = tempfile.TemporaryDirectory(prefix="coverage-fixture-")
        self.addCleanup(folder.cleanup)
        self.root = folder.name
        write_files(self.root, {
            "Packages/Alpha/Package.swift": package_manifest("Alpha"),
            "Packages/Beta/Package.swift": package_manifest("Beta"),
            "Packages/Alpha/coverage-floor.txt": FLOOR.format(80),
            "Packages/Beta/coverage-floor.txt": FLOOR.format(60),
        })

    def export(self, files: dict[str, tuple[int, int]]) -> str:
        """A file shaped like `llvm-cov export -summary-only`: {repo-relative path: (lines, covered)}."""
        document = {"type": "llvm.coverage.json.export", "data": [{"files": [
            {"filename": os.path.join(self.root, path),
             "summary": {"lines": {"count": count, "covered": covered, "percent": 0}}}
            for path, (count, covered) in files.items()]}]}
        path = os.path.join(self.root, "export.json")
        with open(path, "w", encoding="utf-8") as handle:
            json.dump(document, handle)
        return path

    def run_on(self, files: dict[str, tuple[int, int]], *args: str) -> subprocess.CompletedProcess:
        return coverage(self.root, "--export", self.export(files), *args)

    def test_a_package_counts_its_own_sources_only(self) -> None:
        result = self.run_on({
            "Packages/Alpha/Sources/Alpha/Alpha.swift": (10, 8),
            "Packages/Alpha/Sources/AlphaTesting/Fake.swift": (2, 2),
            "Packages/Alpha/Tests/AlphaTests/AlphaTests.swift": (50, 0),
            "Packages/Alpha/Sources/Vendored/Other.swift": (40, 0),
            "Apps/Ledger/Sources/Ledger/main.swift": (30, 0),
            "Packages/Beta/Sources/Beta/Beta.swift": (10, 7),
            "Packages/Beta/Sources/BetaLive/Live.swift": (10, 5),
        }, "--json")
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        rows = {row["package"]: row for row in json.loads(result.stdout)["packages"]}
        self.assertEqual((rows["Alpha"]["lines"], rows["Alpha"]["covered"], rows["Alpha"]["percent"]), (12, 10, 83.33))
        self.assertEqual((rows["Beta"]["lines"], rows["Beta"]["covered"], rows["Beta"]["percent"]), (20, 12, 60.0))
        self.assertEqual(rows["Beta"]["floor"], 60)

    def test_a_package_below_its_floor_fails_naming_the_package_the_figure_and_the_floor(self) -> None:
        result = self.run_on({
            "Packages/Alpha/Sources/Alpha/Alpha.swift": (10, 9),
            "Packages/Beta/Sources/Beta/Beta.swift": (8, 4),
        })
        self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
        self.assertIn("coverage: FAIL Beta: 50.00 % of its lines are covered, below its floor of 60 % "
                      "(Packages/Beta/coverage-floor.txt)", result.stdout)
        self.assertNotIn("FAIL Alpha", result.stdout)
        self.assertRegex(result.stdout, r"Alpha +1 +10 +9 +90\.00 % +80 % +ok")

    def test_a_package_without_a_floor_fails_and_says_how_to_create_it(self) -> None:
        os.remove(os.path.join(self.root, "Packages/Beta/coverage-floor.txt"))
        result = self.run_on({
            "Packages/Alpha/Sources/Alpha/Alpha.swift": (10, 9),
            "Packages/Beta/Sources/Beta/Beta.swift": (8, 4),
        })
        self.assertEqual(result.returncode, 1)
        self.assertIn("Beta: 50.00 % of its lines are covered, and it has no floor: create "
                      "Packages/Beta/coverage-floor.txt (Scripts/coverage --update-floors --package Beta)",
                      result.stdout)

    def test_update_floors_writes_the_current_figure_rounded_down(self) -> None:
        result = self.run_on({
            "Packages/Alpha/Sources/Alpha/Alpha.swift": (1000, 876),
            "Packages/Beta/Sources/Beta/Beta.swift": (3, 2),
        }, "--update-floors")
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        with open(os.path.join(self.root, "Packages/Alpha/coverage-floor.txt"), encoding="utf-8") as handle:
            self.assertEqual(handle.read().splitlines()[-1], "87")
        with open(os.path.join(self.root, "Packages/Beta/coverage-floor.txt"), encoding="utf-8") as handle:
            self.assertEqual(handle.read().splitlines()[-1], "66")

    def test_package_selects_one_and_an_unknown_package_is_an_error(self) -> None:
        export = self.export({"Packages/Alpha/Sources/Alpha/Alpha.swift": (10, 9)})
        result = coverage(self.root, "--export", export, "--package", "Alpha")
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertNotIn("Beta", result.stdout)
        self.assertEqual(coverage(self.root, "--export", export, "--package", "Gamma").returncode, 2)

    def test_without_coverage_data_it_says_how_to_produce_it(self) -> None:
        result = coverage(self.root)
        self.assertEqual(result.returncode, 2)
        self.assertIn("no coverage data at .build/debug/codecov/default.profdata: run "
                      "`swift test --enable-code-coverage` at the root first", result.stderr)


ROOT_MANIFEST = f"""// swift-tools-version: 6.0
import PackageDescription
{SETTINGS}
let package = Package(
    name: "CoverageFixture",
    dependencies: [.package(path: "Packages/Alpha")],
    targets: [
        .testTarget(
            name: "AlphaTests",
            dependencies: [.product(name: "Alpha", package: "Alpha"), .product(name: "AlphaTesting", package: "Alpha")],
            path: "Packages/Alpha/Tests/AlphaTests",
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
"""

ALPHA = """/// Called by the test.
public func used(_ value: Int) -> Int {
    value + 1
}

/// Never called.
public func unused(_ value: Int) -> Int {
    value - 1
}
"""


class RootBuildTests(unittest.TestCase):
    def test_one_root_build_with_coverage_measures_the_package(self) -> None:
        with tempfile.TemporaryDirectory(prefix="coverage-build-") as root:
            write_files(root, {
                "Package.swift": ROOT_MANIFEST,
                "Packages/Alpha/Package.swift": package_manifest("Alpha"),
                "Packages/Alpha/Sources/Alpha/Alpha.swift": ALPHA,
                "Packages/Alpha/Sources/AlphaTesting/Fake.swift":
                    "public import Alpha\n\n/// A double.\npublic func fakeUsed() -> Int {\n    used(0)\n}\n",
                "Packages/Alpha/Tests/AlphaTests/AlphaTests.swift":
                    "import Alpha\nimport AlphaTesting\nimport Testing\n\n"
                    "@Test func usedAddsOne() {\n    #expect(used(1) == 2)\n    #expect(fakeUsed() == 1)\n}\n",
                "Packages/Alpha/coverage-floor.txt": FLOOR.format(70),
            })
            result = coverage(root, "--run", "--json")
            self.assertEqual(result.returncode, 1, result.stdout[-3000:] + result.stderr[-3000:])
            document = json.loads(result.stdout)
            alpha = document["packages"][0]
            # used (3 lines) and fakeUsed (3 lines) ran; unused (3 lines) did not; the test file is not counted.
            self.assertEqual((alpha["files"], alpha["lines"], alpha["covered"]), (2, 9, 6))
            self.assertEqual(document["failures"], [
                "Alpha: 66.67 % of its lines are covered, below its floor of 70 % (Packages/Alpha/coverage-floor.txt): "
                "add tests for the lines the change left uncovered"])


if __name__ == "__main__":
    unittest.main()
