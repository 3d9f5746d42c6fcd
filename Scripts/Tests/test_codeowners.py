"""CODEOWNERS: every tracked file has an owner under GitHub's rules (the last matching pattern wins), each package
and feature belongs to one team of its own, and the files a team shares with others say so."""

from __future__ import annotations

import os
import subprocess
import sys
import unittest

from Tests.dev_server_support import load_resources
from Tests.fixtures import REPO, SCRIPTS

sys.path.insert(0, os.path.join(SCRIPTS, "lib"))
from codeowners import CodeownersError, owners_of, parse, rule_for  # noqa: E402
from repo_model import KERNEL  # noqa: E402

PLATFORM = "@ledger/platform"
#: Patterns for paths that do not exist yet but whose owner is decided (an app-side unit that is planned).
PLANNED = {"/Apps/DevServer/", "/.swift-version"}
WIRING = "Apps/CompositionRoot/Sources/CompositionRoot/{}+Wiring.swift"
BENCHMARK = "Apps/Benchmarks/Sources/Benchmarks/{}Benchmarks.swift"


def tracked_files() -> list[str]:
    output = subprocess.run(["git", "-C", REPO, "ls-files"], capture_output=True, text=True, check=True).stdout
    return [path for path in output.splitlines() if path]


def read_rules():
    with open(os.path.join(REPO, "CODEOWNERS"), encoding="utf-8") as handle:
        return parse(handle.read())


class MatcherTests(unittest.TestCase):
    """The matcher follows GitHub: last match wins; `/` anchors; a trailing `/` is a folder; `*` stays in a segment."""

    RULES = parse("""
        # comment
        *.md                      @docs
        /Scripts/                 @platform
        /Scripts/dev-server/users.py  @onboarding @platform
        docs/                     @writers
        /Apps/*/README.md         @apps
        /Packages/**/Tests/       @testers
        /Package.swift            @root
    """.replace("\n        ", "\n"))

    def test_the_last_matching_pattern_wins(self) -> None:
        self.assertEqual(owners_of(self.RULES, "Scripts/graph"), ("@platform",))
        self.assertEqual(owners_of(self.RULES, "Scripts/dev-server/users.py"), ("@onboarding", "@platform"))
        self.assertEqual(owners_of(self.RULES, "Scripts/README.md"), ("@platform",))
        self.assertEqual(rule_for(self.RULES, "Scripts/dev-server/core.py").pattern, "/Scripts/")

    def test_unanchored_patterns_match_at_any_depth_and_anchored_ones_at_the_root(self) -> None:
        self.assertEqual(owners_of(self.RULES, "Packages/Alpha/docs/guide.txt"), ("@writers",))
        self.assertEqual(owners_of(self.RULES, "README.md"), ("@docs",))
        self.assertEqual(owners_of(self.RULES, "Packages/Alpha/Package.swift"), ())
        self.assertEqual(owners_of(self.RULES, "Package.swift"), ("@root",))

    def test_a_trailing_slash_matches_folders_only_and_stars_stay_in_a_segment(self) -> None:
        self.assertEqual(owners_of(self.RULES, "docs"), ())
        self.assertEqual(owners_of(self.RULES, "Apps/Ledger/README.md"), ("@apps",))
        self.assertEqual(owners_of(self.RULES, "Apps/Features/Home/README.md"), ("@docs",))
        self.assertEqual(owners_of(self.RULES, "Packages/Alpha/Tests/AlphaTests/A.swift"), ("@testers",))
        self.assertEqual(owners_of(self.RULES, "Packages/Alpha/Sources/Tests.swift"), ())

    def test_what_github_rejects_is_an_error(self) -> None:
        for line in ("!/Scripts/ @a", "/Scripts/[ab] @a", "/Scripts/ platform"):
            with self.subTest(line=line), self.assertRaises(CodeownersError):
                parse(line)


class RepositoryOwnersTests(unittest.TestCase):
    def setUp(self) -> None:
        self.rules = read_rules()
        self.files = tracked_files()
        self.files += [path for path in ("CODEOWNERS", ".gitattributes") if path not in self.files
                       and os.path.exists(os.path.join(REPO, path))]

    def test_every_tracked_file_has_an_owner(self) -> None:
        unowned = [path for path in self.files if not owners_of(self.rules, path)]
        self.assertEqual(unowned, [], "add a CODEOWNERS line for these files (the last matching pattern wins)")

    def test_every_pattern_matches_a_file(self) -> None:
        unused = [f"CODEOWNERS:{rule.line}: {rule.pattern}" for rule in self.rules
                  if rule.pattern not in PLANNED and not any(rule.matches(path) for path in self.files)]
        self.assertEqual(unused, [], "a pattern that matches nothing is a typo or a path that moved")

    def test_each_package_has_one_team_that_also_owns_its_benchmarks(self) -> None:
        # The shared kernel, which every package depends on, is the platform team's (the next test).
        packages = sorted(name for name in os.listdir(os.path.join(REPO, "Packages")) if name != KERNEL)
        self.assertGreaterEqual(len(packages), 7)
        teams = {}
        for name in packages:
            with self.subTest(package=name):
                owners = {owners_of(self.rules, path) for path in self.files if path.startswith(f"Packages/{name}/")}
                self.assertEqual(len(owners), 1, f"Packages/{name} has several owners: {owners}")
                team = owners.pop()
                self.assertEqual(len(team), 1)
                self.assertNotEqual(team, (PLATFORM,))
                teams[name] = team
                if BENCHMARK.format(name) in self.files:
                    self.assertEqual(owners_of(self.rules, BENCHMARK.format(name)), team)
        self.assertEqual(len(set(teams.values())), len(teams), "two packages share a team")

    def test_the_shared_kernel_is_the_platform_teams(self) -> None:
        files = [path for path in self.files if path.startswith(f"Packages/{KERNEL}/")]
        self.assertTrue(files, f"no Packages/{KERNEL}")
        self.assertEqual({owners_of(self.rules, path) for path in files}, {(PLATFORM,)})

    def test_each_feature_has_one_team_that_also_owns_its_wiring_and_its_server_resource(self) -> None:
        features = sorted(os.listdir(os.path.join(REPO, "Apps", "Features")))
        self.assertTrue(features, "no features found")
        served = {}
        for module in load_resources():
            for unit in getattr(module, "SERVES", ()):
                served.setdefault(unit, []).append(module.__name__)
        for name in features:
            with self.subTest(feature=name):
                owners = {owners_of(self.rules, path) for path in self.files
                          if path.startswith(f"Apps/Features/{name}/")}
                self.assertEqual(len(owners), 1, f"Apps/Features/{name} has several owners: {owners}")
                (team,) = owners.pop()
                self.assertNotEqual(team, PLATFORM)
                wiring = WIRING.format(name.removesuffix("Feature"))
                self.assertIn(wiring, self.files)
                self.assertEqual(set(owners_of(self.rules, wiring)), {team, PLATFORM})
                for resource in served.get(name, []):
                    self.assertEqual(owners_of(self.rules, f"Scripts/dev-server/{resource}.py"), (team,))
                    self.assertEqual(owners_of(self.rules, f"Scripts/Tests/test_dev_server_{resource}.py"), (team,))

    def test_the_platform_team_owns_the_root_the_tooling_and_the_shared_app_side(self) -> None:
        for path in ("Package.swift", "README.md", "CONTRIBUTING.md", "CODEOWNERS", ".ci/run", "Scripts/graph",
                     "Scripts/dev-server/core.py", "Scripts/dev-server/control.py", "Scripts/Tests/test_dev_server.py",
                     "Apps/CompositionRoot/Sources/CompositionRoot/LedgerFactory.swift",
                     "Apps/Ledger/Sources/Ledger/main.swift", "Apps/Benchmarks/Sources/Benchmarks/main.swift",
                     "Apps/Benchmarks/Sources/Benchmarks/Harness.swift"):
            with self.subTest(path=path):
                self.assertEqual(owners_of(self.rules, path), (PLATFORM,))


if __name__ == "__main__":
    unittest.main()
