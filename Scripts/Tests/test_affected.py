"""Scripts/affected on fixture repositories with git history: each kind of change affects exactly what it should,
and says why."""

from __future__ import annotations

import json
import unittest

from Tests.fixtures import COMPOSITION_ROOT_MANIFEST, ROOT_MANIFEST, Fixture, package_manifest

ALL_UNITS = ["Alpha", "AlphaFeature", "Beta", "BetaFeature", "CompositionRoot", "Ledger"]


class AffectedTests(unittest.TestCase):
    def setUp(self) -> None:
        self.fixture = Fixture()
        self.addCleanup(self.fixture.close)
        self.base = self.fixture.commit("base")

    def affected(self, *args: str) -> dict:
        result = self.fixture.run_script("affected", "--base", self.base, "--json", *args)
        self.assertEqual(result.returncode, 0, result.stderr)
        return json.loads(result.stdout)

    def reasons(self, document: dict) -> dict[str, str]:
        return {job["package"]: job["reason"] for job in document["affected"]}

    def test_change_in_one_package_affects_it_and_its_dependents_with_reasons(self) -> None:
        source = "Packages/Alpha/Sources/Alpha/Alpha.swift"
        self.fixture.write(source, "/// Changed.\npublic struct AlphaValue: Sendable {}\n")
        self.assertEqual(self.reasons(self.affected()), {
            "Alpha": f"Alpha ({source})",
            "AlphaFeature": f"AlphaFeature <- Alpha ({source})",
            "CompositionRoot": f"CompositionRoot <- Alpha ({source})",
            "Ledger": f"Ledger <- CompositionRoot <- Alpha ({source})",
        })

    def test_text_output_lists_each_reason(self) -> None:
        self.fixture.write("Packages/Beta/Sources/Beta/New.swift", "struct New {}\n")
        result = self.fixture.run_script("affected", "--base", self.base)
        self.assertEqual(result.stdout.splitlines()[:5], [
            "AlphaFeature <- Beta (Packages/Beta/Sources/Beta/New.swift)",
            "Beta (Packages/Beta/Sources/Beta/New.swift)",
            "BetaFeature <- Beta (Packages/Beta/Sources/Beta/New.swift)",
            "CompositionRoot <- Beta (Packages/Beta/Sources/Beta/New.swift)",
            "Ledger <- CompositionRoot <- Beta (Packages/Beta/Sources/Beta/New.swift)",
        ])

    def test_readme_only_change_affects_nothing(self) -> None:
        self.fixture.write("Packages/Alpha/README.md", "# Alpha\n\nMore words.\n")
        self.fixture.write("README.md", "# Fixture\n\nMore words.\n")
        document = self.affected()
        self.assertEqual(document["affected"], [])
        self.assertEqual(document["documentationOnly"], ["Packages/Alpha/README.md", "README.md"])

    def test_markdown_in_a_docc_catalog_is_code(self) -> None:
        article = "Packages/Alpha/Sources/Alpha/Alpha.docc/GettingStarted.md"
        self.fixture.write(article, "# Getting started\n")
        self.assertEqual(sorted(self.reasons(self.affected())), ["Alpha", "AlphaFeature", "CompositionRoot", "Ledger"])

    def test_root_manifest_change_affects_everything(self) -> None:
        self.fixture.write("Package.swift", ROOT_MANIFEST + "// a comment\n")
        document = self.affected()
        self.assertEqual(document["everything"], "Package.swift")
        self.assertEqual(sorted(self.reasons(document)), ALL_UNITS)

    def test_scripts_and_ci_changes_affect_everything(self) -> None:
        for path in ("Scripts/helper.sh", ".ci/run", ".swift-version"):
            with self.subTest(path=path):
                self.fixture.write(path, "changed\n")
                self.assertEqual(sorted(self.reasons(self.affected())), ALL_UNITS)
                self.fixture.remove(path)

    def test_change_in_the_composition_root_affects_it_and_the_app(self) -> None:
        source = "Apps/CompositionRoot/Sources/CompositionRoot/Factory.swift"
        self.fixture.write(source, "import Alpha\nimport Beta\n\n/// Changed.\npublic struct Factory {}\n")
        self.assertEqual(self.reasons(self.affected()), {
            "CompositionRoot": f"CompositionRoot ({source})",
            "Ledger": f"Ledger <- CompositionRoot ({source})",
        })

    def test_renamed_file_affects_its_package(self) -> None:
        self.fixture.git("mv", "Packages/Beta/Sources/Beta/Beta.swift", "Packages/Beta/Sources/Beta/Renamed.swift")
        head = self.fixture.commit("rename")
        document = self.affected("--head", head)
        self.assertEqual(sorted(self.reasons(document)),
                         ["AlphaFeature", "Beta", "BetaFeature", "CompositionRoot", "Ledger"])
        self.assertIn("Packages/Beta/Sources/Beta/Beta.swift", document["changedFiles"])
        self.assertIn("Packages/Beta/Sources/Beta/Renamed.swift", document["changedFiles"])

    def test_deleted_feature_is_reported_removed_and_its_users_are_affected(self) -> None:
        self.fixture.remove("Apps/Features/BetaFeature")
        self.fixture.write("Package.swift", ROOT_MANIFEST.replace(', .package(path: "Apps/Features/BetaFeature")', "")
                           .replace(', suite(ofFeature: "BetaFeature", kits: ["Beta"])', ""))
        self.fixture.write("Apps/CompositionRoot/Package.swift", COMPOSITION_ROOT_MANIFEST
                           .replace(', .package(path: "../Features/BetaFeature")', "")
                           .replace('.product(name: "BetaFeature", package: "BetaFeature"),', ""))
        head = self.fixture.commit("delete BetaFeature")
        document = self.affected("--head", head)
        self.assertEqual(document["removed"], ["BetaFeature"])
        self.assertEqual(sorted(self.reasons(document)), ["Alpha", "AlphaFeature", "Beta", "CompositionRoot", "Ledger"])

    def test_head_revision_is_read_from_git_not_the_working_tree(self) -> None:
        self.fixture.write("Packages/Alpha/Sources/Alpha/Alpha.swift", "// committed\n")
        head = self.fixture.commit("change Alpha")
        self.fixture.write("Packages/Beta/Sources/Beta/Beta.swift", "// not committed\n")
        self.assertEqual(sorted(self.reasons(self.affected("--head", head))),
                         ["Alpha", "AlphaFeature", "CompositionRoot", "Ledger"])

    def test_github_matrix_has_one_job_per_affected_unit(self) -> None:
        self.fixture.write("Apps/CompositionRoot/Sources/CompositionRoot/New.swift", "struct New {}\n")
        result = self.fixture.run_script("affected", "--base", self.base, "--github-matrix")
        self.assertEqual(json.loads(result.stdout), {"include": [
            {"command": "swift test --filter CompositionRootTests", "package": "CompositionRoot",
             "path": "Apps/CompositionRoot"},
            {"command": "swift test --filter LedgerTests", "package": "Ledger", "path": "Apps/Ledger"},
        ]})

    def test_change_in_a_feature_affects_it_the_composition_root_and_the_app(self) -> None:
        source = "Apps/Features/BetaFeature/Sources/BetaFeature/BetaFeature.swift"
        self.fixture.write(source, "import Beta\n\n/// Changed.\npublic struct BetaFeatureFlow {}\n")
        self.assertEqual(self.reasons(self.affected()), {
            "BetaFeature": f"BetaFeature ({source})",
            "CompositionRoot": f"CompositionRoot <- BetaFeature ({source})",
            "Ledger": f"Ledger <- CompositionRoot <- BetaFeature ({source})",
        })

    def test_a_unit_without_a_suite_is_built_in_the_root_build_when_the_root_compiles_it(self) -> None:
        for name in ("Benchmarks", "Tool"):
            target = (f'.executableTarget(name: "{name}", dependencies: [.product(name: "Alpha", package: "Alpha")], '
                      'swiftSettings: swiftSettings),')
            self.fixture.write(f"Apps/{name}/Package.swift", package_manifest(
                name, targets=target, dependencies='.package(path: "../../Packages/Alpha")',
                products=f'.executable(name: "{name.lower()}", targets: ["{name}"])'))
            self.fixture.write(f"Apps/{name}/Sources/{name}/main.swift", "import Alpha\n")
        benchmarks = ('.executableTarget(name: "Benchmarks", '
                      'dependencies: [.product(name: "Alpha", package: "Alpha")], '
                      'path: "Apps/Benchmarks/Sources/Benchmarks", swiftSettings: swiftSettings),\n'
                      '        .testTarget(name: "LedgerTests",')
        self.fixture.write("Package.swift", ROOT_MANIFEST.replace('.testTarget(name: "LedgerTests",', benchmarks, 1))
        self.base = self.fixture.commit("benchmarks and a tool")
        self.fixture.write("Packages/Alpha/Sources/Alpha/Alpha.swift", "/// Changed.\npublic struct AlphaValue {}\n")
        jobs = {job["package"]: job["command"] for job in self.affected()["affected"]}
        # The root manifest compiles the benchmarks' sources: one root build serves them and the apps' suites.
        self.assertEqual(jobs["Benchmarks"], "swift build --target Benchmarks")
        self.assertEqual(jobs["Tool"], "swift build --package-path Apps/Tool")

    def test_a_feature_is_a_unit_with_its_folder_and_its_suite_in_the_root_build(self) -> None:
        self.fixture.write("Apps/Features/AlphaFeature/Tests/AlphaFeatureTests/More.swift", "import Testing\n")
        jobs = {job["package"]: job for job in self.affected()["affected"]}
        self.assertEqual(sorted(jobs), ["AlphaFeature", "CompositionRoot", "Ledger"])
        self.assertEqual(jobs["AlphaFeature"]["path"], "Apps/Features/AlphaFeature")
        self.assertEqual(jobs["AlphaFeature"]["command"], "swift test --filter AlphaFeatureTests")

    def test_the_features_folder_is_not_a_unit(self) -> None:
        self.fixture.write("Apps/Features/README.md", "# Features\n")
        document = self.affected()
        self.assertEqual((document["affected"], document["documentationOnly"]), ([], ["Apps/Features/README.md"]))
        self.fixture.write("Apps/Features/.swiftlint.yml", "rules: []\n")
        document = self.affected()
        self.assertEqual(document["everything"], "Apps/Features/.swiftlint.yml")
        self.assertNotIn("Features", self.reasons(document))

    def test_owners_of_the_changed_files_last_matching_pattern_wins(self) -> None:
        self.fixture.write("CODEOWNERS", "/Packages/        @platform\n/Packages/Alpha/  @alpha-team\n"
                                         "/Apps/Features/AlphaFeature/ @alpha-feature\n"
                                         "/Apps/CompositionRoot/Sources/CompositionRoot/Alpha+Wiring.swift "
                                         "@alpha-feature @platform\n")
        base = self.fixture.commit("owners")
        changed = ["Packages/Alpha/Sources/Alpha/Alpha.swift", "Packages/Beta/Sources/Beta/Beta.swift",
                   "Apps/Features/AlphaFeature/Sources/AlphaFeature/AlphaFeature.swift",
                   "Apps/CompositionRoot/Sources/CompositionRoot/Alpha+Wiring.swift", "Apps/Ledger/notes.txt"]
        for path in changed:
            self.fixture.write(path, "// changed\n")
        result = self.fixture.run_script("affected", "--base", base, "--json")
        document = json.loads(result.stdout)
        self.assertEqual(document["owners"], [
            {"owners": ["@alpha-feature"], "files": [changed[2]]},
            {"owners": ["@alpha-feature", "@platform"], "files": [changed[3]]},
            {"owners": ["@alpha-team"], "files": [changed[0]]},
            {"owners": ["@platform"], "files": [changed[1]]},
        ])
        self.assertEqual(document["unowned"], ["Apps/Ledger/notes.txt"])
        text = self.fixture.run_script("affected", "--base", base).stdout
        self.assertIn("\nowners (one approval from each line):\n"
                      f"  @alpha-feature: {changed[2]}\n"
                      f"  @alpha-feature or @platform: {changed[3]}\n"
                      f"  @alpha-team: {changed[0]}\n"
                      f"  @platform: {changed[1]}\n"
                      "  no owner in CODEOWNERS: Apps/Ledger/notes.txt\n", text)

    def test_a_codeowners_change_affects_no_unit_but_runs_the_tooling_tests(self) -> None:
        self.fixture.write("CODEOWNERS", "/Packages/ @platform\n")
        document = self.affected()
        self.assertEqual((document["affected"], document["everything"], document["tooling"]), ([], None, True))
        self.assertEqual((document["owners"], document["unowned"]), ([], ["CODEOWNERS"]))

    def test_unknown_base_revision_fails_with_a_message(self) -> None:
        result = self.fixture.run_script("affected", "--base", "no-such-revision")
        self.assertEqual(result.returncode, 2)
        self.assertIn("no-such-revision", result.stderr)


SERVER_CORE = """
SERVER_CLIENTS = ("CompositionRoot", "Ledger", "DevServer")
"""
SERVER_USERS = """
from core import Route

#: The units whose code calls these endpoints.
SERVES = ("AlphaFeature",)
ROUTES = []
"""
SERVER_CONTROL = """
from core import Route

ROUTES = []
"""


class ServerFilesTests(unittest.TestCase):
    """Each file of the reference server affects what it serves (its SERVES, or the core's SERVER_CLIENTS)."""

    def setUp(self) -> None:
        self.fixture = Fixture()
        self.addCleanup(self.fixture.close)
        self.fixture.write("Scripts/dev-server/__main__.py", "import core\n")
        self.fixture.write("Scripts/dev-server/core.py", SERVER_CORE)
        self.fixture.write("Scripts/dev-server/users.py", SERVER_USERS)
        self.fixture.write("Scripts/dev-server/control.py", SERVER_CONTROL)
        self.fixture.write("Scripts/Tests/test_dev_server.py", "# core tests\n")
        self.fixture.write("Scripts/Tests/test_dev_server_users.py", "# users tests\n")
        self.fixture.write("Scripts/Tests/test_dev_server_control.py", "# control tests\n")
        self.base = self.fixture.commit("base")

    def affected(self, *args: str) -> dict:
        result = self.fixture.run_script("affected", "--base", self.base, "--json", *args)
        self.assertEqual(result.returncode, 0, result.stderr)
        return json.loads(result.stdout)

    def test_a_resource_affects_the_units_it_serves_and_their_dependents(self) -> None:
        path = "Scripts/dev-server/users.py"
        self.fixture.write(path, SERVER_USERS + "# a new endpoint\n")
        document = self.affected()
        self.assertEqual({job["package"]: job["reason"] for job in document["affected"]}, {
            "AlphaFeature": f"AlphaFeature ({path}, through SERVES of {path})",
            "CompositionRoot": f"CompositionRoot <- AlphaFeature ({path}, through SERVES of {path})",
            "Ledger": f"Ledger <- CompositionRoot <- AlphaFeature ({path}, through SERVES of {path})",
        })
        self.assertIsNone(document["everything"])
        self.assertEqual((document["tooling"], document["serverTests"]), (False, ["Tests.test_dev_server_users"]))

    def test_a_resources_tests_affect_what_the_resource_serves(self) -> None:
        self.fixture.write("Scripts/Tests/test_dev_server_users.py", "# more users tests\n")
        document = self.affected()
        self.assertEqual([job["package"] for job in document["affected"]], ["AlphaFeature", "CompositionRoot", "Ledger"])
        self.assertEqual(document["serverTests"], ["Tests.test_dev_server_users"])

    def test_the_core_and_control_affect_the_units_whose_tests_start_the_server(self) -> None:
        for path in ("Scripts/dev-server/core.py", "Scripts/dev-server/control.py", "Scripts/dev-server/__main__.py",
                     "Scripts/Tests/test_dev_server.py"):
            with self.subTest(path=path):
                self.fixture.write(path, "# changed\n" + (SERVER_CORE if path.endswith("core.py") else ""))
                document = self.affected()
                self.assertEqual([job["package"] for job in document["affected"]], ["CompositionRoot", "Ledger"])
                self.assertIn(f"through SERVER_CLIENTS of Scripts/dev-server/core.py", document["affected"][0]["reason"])
                self.assertEqual(document["serverTests"], ["Tests.test_dev_server", "Tests.test_dev_server_control",
                                                           "Tests.test_dev_server_users"])
                self.fixture.git("checkout", "--", path)

    def test_a_new_resource_file_is_read_for_its_serves(self) -> None:
        self.fixture.write("Scripts/dev-server/widgets.py", SERVER_USERS.replace("AlphaFeature", "BetaFeature"))
        self.assertEqual([job["package"] for job in self.affected()["affected"]],
                         ["BetaFeature", "CompositionRoot", "Ledger"])

    def test_a_deleted_resource_affects_what_it_served(self) -> None:
        self.fixture.remove("Scripts/dev-server/users.py")
        head = self.fixture.commit("remove users")
        document = self.affected("--head", head)
        self.assertEqual([job["package"] for job in document["affected"]], ["AlphaFeature", "CompositionRoot", "Ledger"])

    def test_serves_is_read_at_the_head_revision(self) -> None:
        self.fixture.write("Scripts/dev-server/users.py", SERVER_USERS.replace("AlphaFeature", "BetaFeature"))
        head = self.fixture.commit("users serve BetaFeature")
        self.fixture.write("Scripts/dev-server/users.py", SERVER_USERS)
        self.assertEqual([job["package"] for job in self.affected("--head", head)["affected"]],
                         ["BetaFeature", "CompositionRoot", "Ledger"])

    def test_a_resource_serving_no_known_unit_affects_everything(self) -> None:
        self.fixture.write("Scripts/dev-server/users.py", SERVER_USERS.replace("AlphaFeature", "GoneFeature"))
        self.assertEqual(self.affected()["everything"], "Scripts/dev-server/users.py")

    def test_an_unreadable_serves_affects_everything(self) -> None:
        self.fixture.write("Scripts/dev-server/users.py", "SERVES = tuple(['AlphaFeature'])\n")
        self.assertEqual(self.affected()["everything"], "Scripts/dev-server/users.py")
        self.fixture.write("Scripts/dev-server/users.py", "SERVES = (\n")
        self.assertEqual(self.affected()["everything"], "Scripts/dev-server/users.py")

    def test_other_scripts_affect_everything_and_run_the_tooling_tests(self) -> None:
        self.fixture.write("Scripts/dev-server/users.py", SERVER_USERS + "# x\n")
        self.fixture.write("Scripts/graph", "# changed\n")
        document = self.affected()
        self.assertEqual(document["everything"], "Scripts/graph")
        self.assertEqual(len(document["affected"]), len(ALL_UNITS))
        self.assertEqual((document["tooling"], document["serverTests"]), (True, []))


if __name__ == "__main__":
    unittest.main()
