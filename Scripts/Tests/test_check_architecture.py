"""Each rule of Scripts/check-architecture fires on a bad fixture, and stays quiet on a good one.

The fixtures are small repositories written into a temporary folder (see Tests/fixtures.py): two packages
(Alpha; Beta with the live backend BetaLive), two features, the composition root and the app, laid out as the
architecture asks. Each test breaks one thing and expects the violation that names the rule, the file and line,
and the edge.
"""

from __future__ import annotations

import json
import os
import subprocess
import textwrap
import unittest

from Tests.fixtures import BETA_MANIFEST, REPO, ROOT_MANIFEST, SCRIPTS, Fixture, feature_manifest, package_manifest

CHECKER = os.path.join(SCRIPTS, "check-architecture")

def check(fixture: Fixture) -> tuple[int, list[dict]]:
    result = fixture.run_script("check-architecture", "--json")
    if result.returncode == 2:
        raise AssertionError(f"the checker could not run: {result.stderr}")
    return result.returncode, json.loads(result.stdout)["violations"]


class CheckArchitectureTests(unittest.TestCase):
    def setUp(self) -> None:
        self.fixture = Fixture()
        self.addCleanup(self.fixture.close)

    def assertViolation(self, rule: str, file: str, line: int | None = None, edge: str | None = None) -> dict:
        status, violations = check(self.fixture)
        self.assertEqual(status, 1, f"expected exit 1 with a rule {rule} violation, got {violations}")
        for violation in violations:
            if violation["rule"] == rule and violation["file"] == file \
                    and (line is None or violation["line"] == line) \
                    and (edge is None or edge in violation["edge"]):
                self.assertTrue(violation["fix"], "every violation says how to fix it")
                return violation
        self.fail(f"no rule {rule} violation at {file}:{line} ({edge}) in {json.dumps(violations, indent=1)}")

    def test_good_fixture_passes(self) -> None:
        status, violations = check(self.fixture)
        self.assertEqual((status, violations), (0, []))

    def test_rule1_package_importing_another_package(self) -> None:
        self.fixture.write("Packages/Alpha/Sources/Alpha/Uses.swift", "import Foundation\nimport Beta\n")
        self.assertViolation("1", "Packages/Alpha/Sources/Alpha/Uses.swift", 2, "Alpha -> Beta")

    def test_rule1_testable_and_exported_imports_count(self) -> None:
        self.fixture.write("Packages/Alpha/Sources/Alpha/Uses.swift", "@_exported public import Beta\n")
        self.fixture.write("Packages/Alpha/Tests/AlphaTests/More.swift", "@testable import struct Beta.BetaValue\n")
        self.assertViolation("1", "Packages/Alpha/Sources/Alpha/Uses.swift", 1, "Alpha -> Beta")
        self.assertViolation("1", "Packages/Alpha/Tests/AlphaTests/More.swift", 1, "Alpha -> Beta")

    def test_rule1_package_depending_on_another_package(self) -> None:
        self.fixture.write("Packages/Alpha/Package.swift",
                           package_manifest("Alpha", dependencies='\n        .package(path: "../Beta"),\n'))
        self.assertViolation("1", "Packages/Alpha/Package.swift", edge="Alpha -> Beta")

    def test_imports_in_comments_and_strings_are_ignored(self) -> None:
        self.fixture.write("Packages/Alpha/Sources/Alpha/Doc.swift", textwrap.dedent('''\
            // import Beta
            /* import Beta
               import UIKit */
            let sample = """
                import Beta
                """
            '''))
        status, violations = check(self.fixture)
        self.assertEqual((status, violations), (0, []))

    def test_rule2_third_party_package(self) -> None:
        dependency = '\n        .package(url: "https://github.com/apple/swift-log.git", from: "1.6.0"),\n'
        self.fixture.write("Packages/Beta/Package.swift", package_manifest("Beta", dependencies=dependency))
        violation = self.assertViolation("2", "Packages/Beta/Package.swift", edge="swift-log")
        with open(os.path.join(self.fixture.root, "Packages/Beta/Package.swift"), encoding="utf-8") as handle:
            manifest = handle.read().splitlines()
        self.assertIn(".package(url:", manifest[violation["line"] - 1])

    def test_rule3_apple_ui_framework_in_a_package(self) -> None:
        self.fixture.write("Packages/Beta/Sources/Beta/Open.swift", "import Foundation\n#if canImport(UIKit)\nimport UIKit\n#endif\n")
        self.assertViolation("3", "Packages/Beta/Sources/Beta/Open.swift", 3, "Beta -> UIKit")

    def test_rule4_app_depending_on_packages_directly(self) -> None:
        self.fixture.write("Apps/Tool/Package.swift", package_manifest(
            "Tool",
            dependencies='.package(path: "../../Packages/Alpha"), .package(path: "../../Packages/Beta")',
            products='.executable(name: "tool", targets: ["Tool"])',
            targets='''
                .executableTarget(name: "Tool", dependencies: [
                    .product(name: "Alpha", package: "Alpha"), .product(name: "Beta", package: "Beta"),
                ], swiftSettings: swiftSettings),
            ''',
        ))
        self.fixture.write("Apps/Tool/Sources/Tool/main.swift", "import Alpha\nimport Beta\n")
        self.assertViolation("4", "Apps/Tool/Package.swift", edge="Tool -> Alpha, Beta")

    # Rule 4 for features: API modules only, never a backend, a kit in shipping code, another feature or the root.

    def line_of(self, path: str, needle: str) -> int:
        with open(os.path.join(self.fixture.root, path), encoding="utf-8") as handle:
            return next(number for number, line in enumerate(handle.read().splitlines(), start=1) if needle in line)

    def test_rule4_feature_depending_on_and_importing_a_live_backend(self) -> None:
        manifest = "Apps/Features/BetaFeature/Package.swift"
        self.fixture.write(manifest, feature_manifest(
            "BetaFeature", uses=["Beta"], kits=["Beta"], extra_products='.product(name: "BetaLive", package: "Beta"), '))
        self.fixture.write("Apps/Features/BetaFeature/Sources/BetaFeature/Store.swift", "import Beta\nimport BetaLive\n")
        violation = self.assertViolation("4", manifest, self.line_of(manifest, '"BetaLive"'), "BetaFeature -> BetaLive")
        self.assertIn("live backend", violation["message"])
        self.assertIn("Apps/CompositionRoot/Sources/CompositionRoot/Beta+Wiring.swift", violation["fix"])
        self.assertViolation("4", "Apps/Features/BetaFeature/Sources/BetaFeature/Store.swift", 2,
                             "BetaFeature -> BetaLive")

    def test_rule4_feature_shipping_code_using_a_test_kit(self) -> None:
        manifest = "Apps/Features/BetaFeature/Package.swift"
        self.fixture.write(manifest, feature_manifest(
            "BetaFeature", uses=["Beta"], kits=["Beta"],
            extra_products='.product(name: "BetaTesting", package: "Beta"), '))
        self.fixture.write("Apps/Features/BetaFeature/Sources/BetaFeature/Preview.swift", "import BetaTesting\n")
        violation = self.assertViolation("4", manifest, self.line_of(manifest, 'name: "BetaFeature", dependencies'),
                                         "BetaFeature -> BetaTesting")
        self.assertIn("test kit", violation["message"])
        self.assertViolation("4", "Apps/Features/BetaFeature/Sources/BetaFeature/Preview.swift", 1,
                             "BetaFeature -> BetaTesting")

    def test_rule4_feature_using_another_feature(self) -> None:
        manifest = "Apps/Features/BetaFeature/Package.swift"
        self.fixture.write(manifest, feature_manifest(
            "BetaFeature", uses=["Beta"], kits=["Beta"], extra_dependencies='.package(path: "../AlphaFeature"), ',
            extra_products='.product(name: "AlphaFeature", package: "AlphaFeature"), '))
        self.fixture.write("Apps/Features/BetaFeature/Sources/BetaFeature/Uses.swift", "import AlphaFeature\n")
        violation = self.assertViolation("4", manifest, edge="BetaFeature -> AlphaFeature")
        self.assertIn("features never depend on each other", violation["message"])
        self.assertViolation("4", "Apps/Features/BetaFeature/Sources/BetaFeature/Uses.swift", 1,
                             "BetaFeature -> AlphaFeature")

    def test_rule4_feature_importing_the_composition_root(self) -> None:
        self.fixture.write("Apps/Features/BetaFeature/Sources/BetaFeature/Back.swift", "import CompositionRoot\n")
        violation = self.assertViolation("4", "Apps/Features/BetaFeature/Sources/BetaFeature/Back.swift", 1,
                                         "BetaFeature -> CompositionRoot")
        self.assertIn("composition root", violation["message"])

    def test_rule4_feature_tests_may_use_kits_but_never_backends_or_other_features(self) -> None:
        manifest = "Apps/Features/AlphaFeature/Package.swift"
        self.fixture.write(manifest, feature_manifest(
            "AlphaFeature", uses=["Alpha", "Beta"], kits=["Alpha", "Beta"],
            extra_dependencies='.package(path: "../BetaFeature"), ',
            test_products='.product(name: "BetaLive", package: "Beta"), '
                          '.product(name: "BetaFeature", package: "BetaFeature"), '))
        tests = "Apps/Features/AlphaFeature/Tests/AlphaFeatureTests/More.swift"
        self.fixture.write(tests, "import BetaTesting\nimport BetaLive\nimport BetaFeature\n")
        status, violations = check(self.fixture)
        edges = sorted((v["file"], v["edge"]) for v in violations if v["rule"] == "4")
        self.assertEqual(edges, [
            (manifest, "AlphaFeatureTests -> BetaFeature"), (manifest, "AlphaFeatureTests -> BetaLive"),
            (tests, "AlphaFeatureTests -> BetaFeature"), (tests, "AlphaFeatureTests -> BetaLive"),
        ])
        self.assertEqual(status, 1)

    def test_rule4_the_root_manifests_copy_of_a_feature_suite_is_checked_too(self) -> None:
        self.fixture.write("Package.swift", ROOT_MANIFEST.replace(
            'suite(ofFeature: "BetaFeature", kits: ["Beta"]),',
            'suite(ofFeature: "BetaFeature", kits: ["Beta"]),\n        .testTarget(name: "BetaFeatureLiveTests", '
            'dependencies: [.product(name: "BetaLive", package: "Beta")], '
            'path: "Apps/Features/BetaFeature/Tests/BetaFeatureLiveTests", swiftSettings: swiftSettings),'))
        self.fixture.write("Apps/Features/BetaFeature/Tests/BetaFeatureLiveTests/Live.swift", "import BetaLive\n")
        self.assertViolation("4", "Package.swift", edge="BetaFeatureLiveTests -> BetaLive")
        self.assertViolation("4", "Apps/Features/BetaFeature/Tests/BetaFeatureLiveTests/Live.swift", 1,
                             "BetaFeatureLiveTests -> BetaLive")

    # Rule 4 for the rest of the app side: backends only in the composition root; the app uses the root only.

    def test_rule4_support_unit_using_a_backend(self) -> None:
        self.fixture.write("Apps/DevServer/Package.swift", package_manifest(
            "DevServer", dependencies='.package(path: "../../Packages/Beta")',
            products='.library(name: "DevServer", targets: ["DevServer"])',
            targets="""
                .target(name: "DevServer", dependencies: [
                    .product(name: "Beta", package: "Beta"), .product(name: "BetaLive", package: "Beta"),
                ], swiftSettings: swiftSettings),
            """))
        self.fixture.write("Apps/DevServer/Sources/DevServer/Launch.swift", "import Beta\nimport BetaLive\n")
        violation = self.assertViolation("4", "Apps/DevServer/Package.swift", edge="DevServer -> BetaLive")
        self.assertIn("only Apps/CompositionRoot", violation["message"])
        self.assertViolation("4", "Apps/DevServer/Sources/DevServer/Launch.swift", 2, "DevServer -> BetaLive")
        edges = [v["edge"] for v in check(self.fixture)[1]]
        self.assertNotIn("DevServer -> Beta", edges)

    def test_rule4_the_app_may_use_a_support_unit_but_never_a_feature(self) -> None:
        self.fixture.write("Apps/DevServer/Package.swift", package_manifest(
            "DevServer", products='.library(name: "DevServer", targets: ["DevServer"])',
            targets='.target(name: "DevServer", swiftSettings: swiftSettings),'))
        self.fixture.write("Apps/DevServer/Sources/DevServer/Launch.swift", "/// Launches.\npublic struct Launch {}\n")
        root = ROOT_MANIFEST.replace('.package(path: "Apps/CompositionRoot"),',
                                     '.package(path: "Apps/CompositionRoot"), .package(path: "Apps/DevServer"),')
        uses_root = 'dependencies: [.product(name: "CompositionRoot", package: "CompositionRoot")],\n' \
                    '            path: "Apps/Ledger/Sources/Ledger"'
        self.assertIn(uses_root, root)
        root = root.replace(uses_root, uses_root.replace(
            '"CompositionRoot")]', '"CompositionRoot"), .product(name: "DevServer", package: "DevServer")]'))
        self.fixture.write("Package.swift", root)
        self.fixture.write("Apps/Ledger/Sources/Ledger/main.swift",
                           "import CompositionRoot\nimport DevServer\n\nprint(Factory(), Launch())\n")
        self.assertEqual(check(self.fixture), (0, []))
        self.fixture.write("Package.swift", root.replace(
            '.product(name: "DevServer", package: "DevServer")]',
            '.product(name: "DevServer", package: "DevServer"), .product(name: "AlphaFeature", package: "AlphaFeature")]'))
        violation = self.assertViolation("4", "Package.swift", edge="Ledger -> AlphaFeature")
        self.assertIn("CompositionRoot", violation["fix"])

    def add_kernel(self) -> None:
        """The shared kernel, Packages/Essentials, which Alpha depends on and imports."""
        self.fixture.write("Packages/Essentials/Package.swift", package_manifest("Essentials"))
        self.fixture.write("Packages/Essentials/README.md", "# Essentials\n")
        self.fixture.write("Packages/Essentials/Sources/Essentials/Day.swift", "/// A day.\npublic struct Day {}\n")
        self.fixture.write("Packages/Essentials/Sources/EssentialsTesting/Fake.swift", "public import Essentials\n")
        self.fixture.write("Packages/Essentials/Tests/EssentialsTests/DayTests.swift", "import Essentials\n")
        self.fixture.write("Packages/Alpha/Package.swift", package_manifest(
            "Alpha", dependencies='.package(path: "../Essentials"),',
            targets="""
                .target(name: "Alpha", dependencies: [.product(name: "Essentials", package: "Essentials")],
                        swiftSettings: swiftSettings),
                .target(name: "AlphaTesting", dependencies: ["Alpha"], swiftSettings: swiftSettings),
                .testTarget(name: "AlphaTests", dependencies: ["Alpha", "AlphaTesting"], swiftSettings: swiftSettings),
            """))
        self.fixture.write("Packages/Alpha/Sources/Alpha/UsesKernel.swift", "import Essentials\n")
        self.fixture.write("Package.swift", ROOT_MANIFEST.replace(
            '.package(path: "Packages/Alpha"),', '.package(path: "Packages/Alpha"), .package(path: "Packages/Essentials"),'
        ).replace('suite(of: "Alpha"),', 'suite(of: "Alpha"), suite(of: "Essentials"),'))

    def test_rule1_every_package_may_use_the_one_kernel(self) -> None:
        self.add_kernel()
        self.assertEqual(check(self.fixture), (0, []))

    def test_rule1_the_kernel_depends_on_no_package(self) -> None:
        self.add_kernel()
        self.fixture.write("Packages/Essentials/Package.swift", package_manifest(
            "Essentials", dependencies='.package(path: "../Beta"),'))
        violation = self.assertViolation("1", "Packages/Essentials/Package.swift", edge="Essentials -> Beta")
        self.assertIn("nothing but the toolchain", violation["message"])

    def test_rule1_a_second_shared_package_is_still_another_package(self) -> None:
        self.add_kernel()
        self.fixture.write("Packages/Beta/Sources/Beta/UsesAlpha.swift", "import Alpha\n")
        self.assertViolation("1", "Packages/Beta/Sources/Beta/UsesAlpha.swift", 1, "Beta -> Alpha")

    def test_rule4_the_shell_declares_only_its_own_commands(self) -> None:
        shell = 'let help = CommandSpec(path: ["help"], summary: "help")\n'
        self.fixture.write("Apps/Ledger/Sources/Ledger/Help.swift", shell)
        self.assertEqual(check(self.fixture), (0, []))
        self.fixture.write("Apps/Ledger/Sources/Ledger/Invoices.swift",
                           'let new = CommandSpec(\n    path: ["invoice", "new"], summary: "an invoice")\n')
        violation = self.assertViolation("4", "Apps/Ledger/Sources/Ledger/Invoices.swift", 1, "command 'invoice'")
        self.assertIn("command group of the feature that owns it", violation["fix"])

    def test_rule4_the_shell_never_imports_a_modules_internals(self) -> None:
        self.fixture.write("Apps/Ledger/Sources/Ledger/main.swift",
                           "@testable import CompositionRoot\n\nprint(Factory())\n")
        self.assertViolation("4", "Apps/Ledger/Sources/Ledger/main.swift", 1, "Ledger -> CompositionRoot (internals)")

    def test_rule4_a_features_end_to_end_suite_may_run_the_app(self) -> None:
        suite = 'suite(ofFeature: "AlphaFeature", kits: ["Alpha"]),'
        self.assertIn(suite, ROOT_MANIFEST)
        self.fixture.write("Package.swift", ROOT_MANIFEST.replace(suite, suite + """
        .testTarget(name: "AlphaFeatureEndToEndTests", dependencies: ["Ledger"],
                    path: "Apps/Features/AlphaFeature/Tests/AlphaFeatureEndToEndTests", swiftSettings: swiftSettings),"""))
        self.fixture.write("Apps/Features/AlphaFeature/Tests/AlphaFeatureEndToEndTests/RunTests.swift",
                           "import Testing\n\n@Test func run() {}\n")
        self.assertEqual(check(self.fixture), (0, []))
        # The feature's own suite, mirrored by the root, still may not.
        mirrored = 'dependencies: [.product(name: feature, package: feature)]'
        self.fixture.write("Package.swift", ROOT_MANIFEST.replace(mirrored, mirrored + ' + ["Ledger"]'))
        self.assertViolation("4", "Package.swift", edge="AlphaFeatureTests -> Ledger")

    def test_rule4_the_apps_tests_never_use_a_backend(self) -> None:
        self.fixture.write("Package.swift", ROOT_MANIFEST.replace(
            'dependencies: ["Ledger"]', 'dependencies: ["Ledger", .product(name: "BetaLive", package: "Beta")]'))
        self.assertViolation("4", "Package.swift", edge="LedgerTests -> BetaLive")

    def test_rule4_the_composition_root_and_the_benchmarks_may_use_backends(self) -> None:
        self.fixture.write("Apps/Benchmarks/Package.swift", package_manifest(
            "Benchmarks", dependencies='.package(path: "../../Packages/Beta")', products=" ",
            targets="""
                .executableTarget(name: "Benchmarks", dependencies: [
                    .product(name: "Beta", package: "Beta"), .product(name: "BetaLive", package: "Beta"),
                    .product(name: "BetaTesting", package: "Beta"),
                ], swiftSettings: swiftSettings),
            """))
        self.fixture.write("Apps/Benchmarks/Sources/Benchmarks/main.swift", "import BetaLive\nimport BetaTesting\n")
        self.assertEqual(check(self.fixture), (0, []))

    def test_rule4_a_packages_api_module_never_depends_on_its_backend(self) -> None:
        self.fixture.write("Packages/Beta/Package.swift", BETA_MANIFEST.replace(
            '.target(name: "Beta", swiftSettings: swiftSettings),',
            '.target(name: "Beta", dependencies: ["BetaCore"], swiftSettings: swiftSettings),\n'
            '        .target(name: "BetaCore", swiftSettings: swiftSettings),'))
        self.fixture.write("Packages/Beta/Sources/BetaCore/Core.swift", "/// Core.\npublic struct Core {}\n")
        violation = self.assertViolation("4", "Packages/Beta/Package.swift", edge="Beta -> BetaCore")
        self.assertIn("own live backend", violation["message"])

    def test_rule4_text_output_names_rule_file_line_edge_and_fix(self) -> None:
        self.fixture.write("Apps/Features/BetaFeature/Sources/BetaFeature/Store.swift", "import BetaLive\n")
        result = subprocess.run([CHECKER, "--root", self.fixture.root], capture_output=True, text=True)
        self.assertEqual(result.returncode, 1)
        self.assertIn("Apps/Features/BetaFeature/Sources/BetaFeature/Store.swift:1: error: "
                      "[rule 4: one composition point] `import BetaLive`: the feature BetaFeature", result.stdout)
        self.assertIn("    edge: BetaFeature -> BetaLive\n    fix:  depend on the API module Beta", result.stdout)

    # Features: anatomy, and the root manifest runs their suites.

    def test_anatomy_feature_without_readme_or_tests(self) -> None:
        self.fixture.remove("Apps/Features/BetaFeature/README.md")
        self.assertViolation("anatomy", "Apps/Features/BetaFeature/README.md", edge="BetaFeature")
        self.fixture.remove("Apps/Features/BetaFeature/Tests")
        self.assertViolation("anatomy", "Apps/Features/BetaFeature/Tests/BetaFeatureTests", edge="BetaFeature")

    def test_anatomy_feature_folder_without_manifest(self) -> None:
        self.fixture.write("Apps/Features/GammaFeature/Sources/GammaFeature/G.swift", "struct G {}\n")
        self.assertViolation("anatomy", "Apps/Features/GammaFeature", edge="GammaFeature")

    def test_suites_feature_suite_the_root_does_not_run(self) -> None:
        self.fixture.write("Package.swift", ROOT_MANIFEST.replace(
            ', suite(ofFeature: "BetaFeature", kits: ["Beta"])', ""))
        violation = self.assertViolation("suites", "Apps/Features/BetaFeature/Package.swift", edge="BetaFeatureTests")
        self.assertIn('suite(ofFeature: "BetaFeature"', violation["fix"])

    def test_suites_feature_tests_folder_no_manifest_declares(self) -> None:
        self.fixture.write("Apps/Features/AlphaFeature/Tests/AlphaFeatureUITests/U.swift", "import Testing\n")
        self.assertViolation("suites", "Apps/Features/AlphaFeature/Tests/AlphaFeatureUITests",
                             edge="AlphaFeatureUITests")

    def test_suites_root_copy_of_a_feature_suite_lacks_a_kit(self) -> None:
        self.fixture.write("Apps/Features/BetaFeature/Package.swift",
                           feature_manifest("BetaFeature", uses=["Beta"], kits=["Beta", "Alpha"]))
        self.assertViolation("suites", "Package.swift", edge="root.BetaFeatureTests -/-> AlphaTesting")

    def test_rule5_import_that_is_not_a_declared_dependency(self) -> None:
        manifest = package_manifest("Alpha", targets='''
            .target(name: "Alpha", swiftSettings: swiftSettings),
            .target(name: "AlphaTesting", dependencies: ["Alpha"], swiftSettings: swiftSettings),
            .testTarget(name: "AlphaTests", dependencies: ["Alpha"], swiftSettings: swiftSettings),
        ''')
        self.fixture.write("Packages/Alpha/Package.swift", manifest)
        violation = self.assertViolation("5", "Packages/Alpha/Tests/AlphaTests/AlphaTests.swift", 2,
                                         "AlphaTests -> AlphaTesting")
        self.assertIn("Packages/Alpha/Package.swift", violation["fix"])

    def test_rule5_unknown_module(self) -> None:
        self.fixture.write("Packages/Alpha/Sources/Alpha/Log.swift", "import Logging\n")
        self.assertViolation("5", "Packages/Alpha/Sources/Alpha/Log.swift", 1, "Alpha -> Logging")

    def test_rule5_cycle(self) -> None:
        manifest = package_manifest("Alpha", targets='''
            .target(name: "Alpha", dependencies: ["AlphaCore"], swiftSettings: swiftSettings),
            .target(name: "AlphaCore", dependencies: ["Alpha"], swiftSettings: swiftSettings),
            .target(name: "AlphaTesting", dependencies: ["Alpha"], swiftSettings: swiftSettings),
            .testTarget(name: "AlphaTests", dependencies: ["Alpha", "AlphaTesting"], swiftSettings: swiftSettings),
        ''')
        self.fixture.write("Packages/Alpha/Package.swift", manifest)
        self.fixture.write("Packages/Alpha/Sources/AlphaCore/Core.swift", "/// Core.\npublic struct Core {}\n")
        self.assertViolation("5", "Packages/Alpha/Package.swift", edge="Alpha -> AlphaCore -> Alpha")

    def test_rule5_package_cycle(self) -> None:
        self.fixture.write("Packages/Alpha/Package.swift",
                           package_manifest("Alpha", dependencies='.package(path: "../Beta")'))
        self.fixture.write("Packages/Beta/Package.swift",
                           package_manifest("Beta", dependencies='.package(path: "../Alpha")'))
        self.assertViolation("5", "Packages/Alpha/Package.swift", edge="Alpha -> Beta -> Alpha")

    def test_rule5_unprefixed_target_name(self) -> None:
        manifest = package_manifest("Beta", targets='''
            .target(name: "Beta", swiftSettings: swiftSettings),
            .target(name: "Utilities", swiftSettings: swiftSettings),
            .target(name: "BetaTesting", dependencies: ["Beta"], swiftSettings: swiftSettings),
            .testTarget(name: "BetaTests", dependencies: ["Beta", "BetaTesting"], swiftSettings: swiftSettings),
        ''')
        self.fixture.write("Packages/Beta/Package.swift", manifest)
        self.fixture.write("Packages/Beta/Sources/Utilities/U.swift", "/// U.\npublic struct U {}\n")
        violation = self.assertViolation("5", "Packages/Beta/Package.swift", edge="Utilities")
        self.assertIn("BetaUtilities", violation["fix"])

    def test_rule5_duplicate_target_name(self) -> None:
        manifest = package_manifest("Beta", targets='''
            .target(name: "Beta", swiftSettings: swiftSettings),
            .target(name: "AlphaTesting", swiftSettings: swiftSettings),
            .target(name: "BetaTesting", dependencies: ["Beta"], swiftSettings: swiftSettings),
            .testTarget(name: "BetaTests", dependencies: ["Beta", "BetaTesting"], swiftSettings: swiftSettings),
        ''')
        self.fixture.write("Packages/Beta/Package.swift", manifest)
        self.fixture.write("Packages/Beta/Sources/AlphaTesting/T.swift", "/// T.\npublic struct T {}\n")
        self.assertViolation("5", "Packages/Beta/Package.swift", edge="Beta.AlphaTesting = Alpha.AlphaTesting")

    def test_rule5_module_named_testing(self) -> None:
        manifest = package_manifest("Beta", targets='''
            .target(name: "Beta", swiftSettings: swiftSettings),
            .target(name: "Testing", dependencies: ["Beta"], swiftSettings: swiftSettings),
            .target(name: "BetaTesting", dependencies: ["Beta"], swiftSettings: swiftSettings),
            .testTarget(name: "BetaTests", dependencies: ["Beta", "BetaTesting"], swiftSettings: swiftSettings),
        ''')
        self.fixture.write("Packages/Beta/Package.swift", manifest)
        self.fixture.write("Packages/Beta/Sources/Testing/T.swift", "/// T.\npublic struct T {}\n")
        self.assertViolation("5", "Packages/Beta/Package.swift", edge="Testing")

    def test_rule6_sources_outside_the_package(self) -> None:
        manifest = package_manifest("Beta", targets='''
            .target(name: "Beta", swiftSettings: swiftSettings),
            .target(name: "BetaShared", path: "../Alpha/Sources/Alpha", swiftSettings: swiftSettings),
            .target(name: "BetaTesting", dependencies: ["Beta"], swiftSettings: swiftSettings),
            .testTarget(name: "BetaTests", dependencies: ["Beta", "BetaTesting"], swiftSettings: swiftSettings),
        ''')
        self.fixture.write("Packages/Beta/Package.swift", manifest)
        self.assertViolation("6", "Packages/Beta/Package.swift", edge="BetaShared")

    def test_rule6_package_folder_without_manifest(self) -> None:
        self.fixture.write("Packages/Gamma/Sources/Gamma/G.swift", "struct G {}\n")
        self.assertViolation("6", "Packages/Gamma", edge="Gamma")

    def test_suites_test_target_the_root_does_not_run(self) -> None:
        self.fixture.write("Package.swift", ROOT_MANIFEST.replace('suite(of: "Alpha"), ', ""))
        self.assertViolation("suites", "Packages/Alpha/Package.swift", edge="AlphaTests")

    def test_suites_tests_folder_no_manifest_declares(self) -> None:
        self.fixture.write("Packages/Alpha/Tests/AlphaExtraTests/E.swift", "import Testing\n")
        self.assertViolation("suites", "Packages/Alpha/Tests/AlphaExtraTests", edge="AlphaExtraTests")

    def test_anatomy_target_without_upcoming_features(self) -> None:
        manifest = package_manifest("Alpha").replace(
            '.target(name: "Alpha", swiftSettings: swiftSettings)', '.target(name: "Alpha")')
        self.fixture.write("Packages/Alpha/Package.swift", manifest)
        self.assertViolation("anatomy", "Packages/Alpha/Package.swift", edge="Alpha")

    def test_text_output_names_rule_file_line_and_fix(self) -> None:
        self.fixture.write("Packages/Alpha/Sources/Alpha/Uses.swift", "import Beta\n")
        result = subprocess.run([CHECKER, "--root", self.fixture.root], capture_output=True, text=True)
        self.assertEqual(result.returncode, 1)
        self.assertIn("Packages/Alpha/Sources/Alpha/Uses.swift:1: error: [rule 1: packages are leaves over one kernel]",
                      result.stdout)
        self.assertIn("edge: Alpha -> Beta", result.stdout)
        self.assertIn("fix:", result.stdout)


class RepositoryTests(unittest.TestCase):
    def test_this_repository_follows_every_rule(self) -> None:
        result = subprocess.run([CHECKER, "--root", REPO], capture_output=True, text=True)
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)


if __name__ == "__main__":
    unittest.main()
