"""Scripts/graph: computed from the manifests, deterministic, and the README check catches a stale diagram."""

from __future__ import annotations

import json
import unittest

from Tests.fixtures import COMPOSITION_ROOT_MANIFEST, ROOT_MANIFEST, Fixture

MARKERS = "<!-- BEGIN GENERATED GRAPH (Scripts/graph --update-readme) -->\n<!-- END GENERATED GRAPH -->\n"


class GraphTests(unittest.TestCase):
    def setUp(self) -> None:
        self.fixture = Fixture()
        self.addCleanup(self.fixture.close)

    def graph(self, *args: str) -> str:
        result = self.fixture.run_script("graph", *args)
        self.assertEqual(result.returncode, 0, result.stderr)
        return result.stdout

    def test_every_format_is_deterministic(self) -> None:
        for option in ((), ("--json",), ("--mermaid",), ("--dot",)):
            with self.subTest(option=option):
                self.assertEqual(self.graph(*option), self.graph(*option))

    def test_json_has_units_edges_and_targets(self) -> None:
        units = {unit["name"]: unit for unit in json.loads(self.graph("--json"))["units"]}
        self.assertEqual(sorted(units), ["Alpha", "AlphaFeature", "Beta", "BetaFeature", "CompositionRoot", "Ledger"])
        self.assertEqual(units["CompositionRoot"]["dependsOn"], ["Alpha", "AlphaFeature", "Beta", "BetaFeature"])
        self.assertEqual((units["AlphaFeature"]["kind"], units["AlphaFeature"]["path"]),
                         ("feature", "Apps/Features/AlphaFeature"))
        self.assertEqual(units["AlphaFeature"]["dependsOn"], ["Alpha", "Beta"])
        self.assertEqual(units["Ledger"]["dependsOn"], ["CompositionRoot"])
        alpha_targets = {t["name"]: t for t in units["Alpha"]["targets"]}
        self.assertEqual(alpha_targets["AlphaTests"]["dependencies"], ["Alpha", "AlphaTesting"])

    def test_mermaid_and_dot_draw_the_package_edges(self) -> None:
        mermaid = self.graph("--mermaid")
        self.assertIn("    CompositionRoot --> Alpha\n", mermaid)
        self.assertIn("    Ledger --> CompositionRoot\n", mermaid)
        self.assertNotIn("Alpha --> Beta", mermaid)
        self.assertIn('"CompositionRoot" -> "Beta";', self.graph("--dot"))

    def test_features_are_a_subgraph_of_their_own(self) -> None:
        mermaid = self.graph("--mermaid")
        self.assertIn("    subgraph Features\n"
                      '        AlphaFeature["<b>AlphaFeature</b><br/>AlphaFeature"]\n'
                      '        BetaFeature["<b>BetaFeature</b><br/>BetaFeature"]\n'
                      "    end\n", mermaid)
        self.assertLess(mermaid.index("subgraph Apps"), mermaid.index("subgraph Features"))
        self.assertLess(mermaid.index("subgraph Features"), mermaid.index("subgraph Packages"))
        self.assertIn("    AlphaFeature --> Beta\n", mermaid)
        self.assertIn("    CompositionRoot --> BetaFeature\n", mermaid)
        self.assertNotIn("Features[", mermaid)
        self.assertIn('subgraph "cluster_Features"', self.graph("--dot"))

    def test_edges_only_tests_use_are_dashed(self) -> None:
        self.fixture.write("Package.swift", ROOT_MANIFEST.replace(
            'dependencies: ["Ledger"]', 'dependencies: ["Ledger", .product(name: "AlphaTesting", package: "Alpha")]'))
        mermaid = self.graph("--mermaid")
        self.assertIn("    Ledger -.-> Alpha\n", mermaid)
        self.assertIn("    Ledger --> CompositionRoot\n", mermaid)

    def test_readme_check_fails_when_stale_and_passes_after_update(self) -> None:
        self.fixture.write("README.md", "# Fixture\n\n" + MARKERS)
        stale = self.fixture.run_script("graph", "--check-readme")
        self.assertEqual(stale.returncode, 1)
        self.assertIn("Scripts/graph --update-readme", stale.stderr)
        self.graph("--update-readme")
        self.assertEqual(self.fixture.run_script("graph", "--check-readme").returncode, 0)
        # A manifest change makes the diagram stale again.
        self.fixture.write("Apps/CompositionRoot/Package.swift", COMPOSITION_ROOT_MANIFEST.replace(
            '.product(name: "BetaFeature", package: "BetaFeature"),', ""))
        self.assertEqual(self.fixture.run_script("graph", "--check-readme").returncode, 1)

    def test_readme_without_markers_is_an_error(self) -> None:
        result = self.fixture.run_script("graph", "--check-readme")
        self.assertEqual(result.returncode, 1)
        self.assertIn("no generated graph", result.stderr)


if __name__ == "__main__":
    unittest.main()
