"""Scripts/examples and the examples' place in Scripts/affected: each example's manifest depends on one package by
path and nothing else; a consumer of a product that works alone passes, one of a product that only builds beside
the package's other products fails; a change affects the examples of the packages it affects."""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
import unittest

from Tests.fixtures import SETTINGS, Fixture, package_manifest


def example_manifest(name: str, package: str, products: list[str], extra: str = "") -> str:
    dependencies = ", ".join(f'.product(name: "{p}", package: "{package}")' for p in products)
    return f"""// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "{name}",
    platforms: [.iOS(.v16), .macOS(.v13)],
    dependencies: [.package(path: "../../Packages/{package}"){extra}],
    targets: [.testTarget(name: "{name}Tests", dependencies: [{dependencies}])],
    swiftLanguageModes: [.v6]
)
"""


class ManifestTests(unittest.TestCase):
    def setUp(self) -> None:
        self.fixture = Fixture()
        self.addCleanup(self.fixture.close)

    def examples(self, *args: str) -> subprocess.CompletedProcess:
        return self.fixture.run_script("examples", *args)

    def test_list_names_each_example_with_its_package_and_products(self) -> None:
        self.fixture.write("Examples/BetaLiveConsumer/Package.swift",
                           example_manifest("BetaLiveConsumer", "Beta", ["Beta", "BetaLive"]))
        self.fixture.write("Examples/AlphaConsumer/Package.swift",
                           example_manifest("AlphaConsumer", "Alpha", ["Alpha"]))
        result = self.examples("--list", "--json")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(json.loads(result.stdout), [
            {"name": "AlphaConsumer", "path": "Examples/AlphaConsumer", "package": "Alpha", "products": ["Alpha"]},
            {"name": "BetaLiveConsumer", "path": "Examples/BetaLiveConsumer", "package": "Beta",
             "products": ["Beta", "BetaLive"]},
        ])
        only_beta = self.examples("--list", "--package", "Beta")
        self.assertEqual(only_beta.stdout.split(), ["BetaLiveConsumer", "Packages/Beta:", "Beta,", "BetaLive"])

    def test_an_example_with_a_second_dependency_or_a_remote_one_is_refused(self) -> None:
        for extra, why in ((', .package(path: "../../Packages/Beta")', "two packages"),
                           (', .package(url: "https://example.com/x.git", from: "1.0.0")', "a remote package")):
            with self.subTest(why=why):
                self.fixture.write("Examples/AlphaConsumer/Package.swift",
                                   example_manifest("AlphaConsumer", "Alpha", ["Alpha"], extra))
                result = self.examples("--list")
                self.assertEqual(result.returncode, 1)
                self.assertIn("Examples/AlphaConsumer/Package.swift: an example depends on exactly one package, by "
                              "path", result.stderr)

    def test_an_example_that_depends_on_something_outside_packages_is_refused(self) -> None:
        self.fixture.write("Examples/AppConsumer/Package.swift",
                           example_manifest("AppConsumer", "Alpha", ["Alpha"]).replace(
                               "../../Packages/Alpha", "../../Apps/CompositionRoot"))
        result = self.examples("--list")
        self.assertEqual(result.returncode, 1)
        self.assertIn("../../Apps/CompositionRoot is not a package under Packages/", result.stderr)

    def test_an_unknown_example_is_a_usage_error(self) -> None:
        self.assertEqual(self.examples("Nope").returncode, 64)
        refused = self.examples("--jobs", "0")
        self.assertEqual((refused.returncode, refused.stderr),
                         (64, "examples: --jobs takes a whole number of at least 1\n"))


class AffectedExamplesTests(unittest.TestCase):
    def setUp(self) -> None:
        self.fixture = Fixture()
        self.addCleanup(self.fixture.close)
        self.fixture.write("Examples/AlphaConsumer/Package.swift",
                           example_manifest("AlphaConsumer", "Alpha", ["Alpha"]))
        self.fixture.write("Examples/BetaConsumer/Package.swift", example_manifest("BetaConsumer", "Beta", ["Beta"]))
        self.base = self.fixture.commit("base")

    def affected(self) -> dict:
        result = self.fixture.run_script("affected", "--base", self.base, "--json")
        self.assertEqual(result.returncode, 0, result.stderr)
        return json.loads(result.stdout)

    def test_a_package_change_affects_its_examples_only(self) -> None:
        self.fixture.write("Packages/Beta/Sources/Beta/New.swift", "struct New {}\n")
        self.assertEqual(self.affected()["examples"], ["BetaConsumer"])

    def test_a_change_to_an_example_affects_that_example_and_no_unit(self) -> None:
        self.fixture.write("Examples/AlphaConsumer/Tests/AlphaConsumerTests/More.swift", "import Testing\n")
        document = self.affected()
        self.assertEqual(document["examples"], ["AlphaConsumer"])
        self.assertEqual(document["affected"], [])
        self.assertIsNone(document["everything"])
        matrix = self.fixture.run_script("affected", "--base", self.base, "--examples-matrix")
        self.assertEqual(json.loads(matrix.stdout), {"include": [
            {"command": "Scripts/examples AlphaConsumer", "example": "AlphaConsumer", "package": "Alpha"}]})

    def test_github_output_gets_both_matrices_from_one_run(self) -> None:
        self.fixture.write("Packages/Alpha/Sources/Alpha/New.swift", "struct New {}\n")
        with tempfile.NamedTemporaryFile("r", suffix=".txt") as output:
            result = self.fixture.run_script("affected", "--base", self.base, "--github-output", output.name)
            self.assertEqual(result.returncode, 0, result.stderr)
            self.assertIn("Alpha (Packages/Alpha/Sources/Alpha/New.swift)", result.stdout)
            lines = dict(line.split("=", 1) for line in output.read().splitlines())
        self.assertEqual([job["package"] for job in json.loads(lines["packages"])["include"]],
                         ["Alpha", "AlphaFeature", "CompositionRoot", "Ledger"])
        self.assertEqual(json.loads(lines["examples"]), {"include": [
            {"command": "Scripts/examples AlphaConsumer", "example": "AlphaConsumer", "package": "Alpha"}]})

    def test_a_change_that_affects_everything_affects_every_example(self) -> None:
        self.fixture.write("Scripts/helper.sh", "changed\n")
        self.assertEqual(self.affected()["examples"], ["AlphaConsumer", "BetaConsumer"])

    def test_the_architecture_check_and_the_graph_ignore_the_examples(self) -> None:
        for script in ("check-architecture", "graph"):
            with self.subTest(script=script):
                result = self.fixture.run_script(script, "--json")
                self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
                self.assertNotIn("Consumer", result.stdout)


CORE_AND_EXTRA = package_manifest(
    "Gamma",
    products="""
        .library(name: "GammaCore", targets: ["GammaCore"]),
        .library(name: "GammaExtra", targets: ["GammaExtra"]),
    """,
    # GammaExtra imports GammaCore without declaring it: it builds only where GammaCore is built anyway.
    targets="""
        .target(name: "GammaCore", swiftSettings: swiftSettings),
        .target(name: "GammaExtra", swiftSettings: swiftSettings),
    """,
    settings=SETTINGS,
)


class BuildTests(unittest.TestCase):
    def test_a_product_that_works_alone_passes_and_one_that_does_not_fails(self) -> None:
        fixture = Fixture()
        self.addCleanup(fixture.close)
        fixture.write("Packages/Gamma/Package.swift", CORE_AND_EXTRA)
        fixture.write("Packages/Gamma/Sources/GammaCore/Core.swift",
                      "/// A number.\npublic func core() -> Int {\n    1\n}\n")
        fixture.write("Packages/Gamma/Sources/GammaExtra/Extra.swift",
                      "import GammaCore\n\n/// Twice the core.\npublic func extra() -> Int {\n    core() * 2\n}\n")
        fixture.write("Examples/CoreConsumer/Package.swift", example_manifest("CoreConsumer", "Gamma", ["GammaCore"]))
        fixture.write("Examples/CoreConsumer/Tests/CoreConsumerTests/CoreTests.swift",
                      "import GammaCore\nimport Testing\n\n@Test func coreIsOne() {\n    #expect(core() == 1)\n}\n")
        fixture.write("Examples/ExtraConsumer/Package.swift",
                      example_manifest("ExtraConsumer", "Gamma", ["GammaExtra"]))
        fixture.write("Examples/ExtraConsumer/Tests/ExtraConsumerTests/ExtraTests.swift",
                      "import GammaExtra\nimport Testing\n\n@Test func extraIsTwo() {\n    #expect(extra() == 2)\n}\n")
        # The default cache, which the examples of the repository share too.
        environment = {key: value for key, value in os.environ.items() if key != "LEDGER_MODULE_CACHE"}
        cache = os.path.join(os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "ledger-monorepo",
                             "module-cache")
        result = fixture.run_script("examples", env=environment)
        self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
        self.assertIn("--> CoreConsumer (GammaCore): swift test --package-path Examples/CoreConsumer\n    ok in",
                      result.stdout)
        self.assertIn("no such module 'GammaCore'", result.stdout)
        self.assertIn("examples: 1 passed, 1 failed", result.stdout)
        self.assertIn(": ExtraConsumer", result.stdout)
        self.assertLess(result.stdout.index("--> CoreConsumer"), result.stdout.index("--> ExtraConsumer"),
                        "built two at a time, the reports still come in name order")
        self.assertTrue(pcm_files(cache), "the system modules are compiled into the shared cache")
        self.assertEqual(pcm_files(os.path.join(fixture.root, "Examples/CoreConsumer/.build")), [],
                         "and not again into each example's build folder")

    def test_the_shared_module_cache_can_be_turned_off(self) -> None:
        fixture = Fixture()
        self.addCleanup(fixture.close)
        fixture.write("Packages/Gamma/Package.swift", CORE_AND_EXTRA)
        fixture.write("Packages/Gamma/Sources/GammaCore/Core.swift", "/// A number.\npublic let core = 1\n")
        fixture.write("Packages/Gamma/Sources/GammaExtra/Extra.swift", "/// Two.\npublic let extra = 2\n")
        fixture.write("Examples/CoreConsumer/Package.swift", example_manifest("CoreConsumer", "Gamma", ["GammaCore"]))
        fixture.write("Examples/CoreConsumer/Tests/CoreConsumerTests/CoreTests.swift",
                      "import GammaCore\nimport Testing\n\n@Test func coreIsOne() {\n    #expect(core == 1)\n}\n")
        result = fixture.run_script("examples", env=dict(os.environ, LEDGER_MODULE_CACHE="off"))
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertTrue(pcm_files(os.path.join(fixture.root, "Examples/CoreConsumer/.build")))


def pcm_files(folder: str) -> list[str]:
    """The compiled modules under `folder`."""
    return [os.path.join(path, name) for path, _, names in os.walk(folder) for name in names if name.endswith(".pcm")]


if __name__ == "__main__":
    unittest.main()
