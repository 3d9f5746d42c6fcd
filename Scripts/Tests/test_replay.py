"""Scripts/replay: parallel pull requests from one base never meet.

`ReplayFixtureRepositoryTests` proves each check on small fixture repositories (a change outside its team's
area, too much wiring, a conflict, the union-merged step list, a fixture that no longer applies, --record).
`RepositoryReplayTests` replays the real fixtures (Scripts/replay-fixtures) on this repository's HEAD: no
conflict, every change inside its team's area with at most one line of wiring, and the merged result builds and
passes its affected suites. That build takes minutes on a cold build folder (it is kept in .build-replay between
runs); REPLAY_SKIP_BUILD=1 skips it for a quick local run.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import unittest

from Tests.fixtures import REPO, SCRIPTS, Fixture

REPLAY = os.path.join(SCRIPTS, "replay")
WIRING = "Apps/CompositionRoot/Sources/CompositionRoot/Alpha+Wiring.swift"
STEPS = "Apps/Features/AlphaFeature/Sources/AlphaFeature/AlphaSteps.swift"
CODEOWNERS = f"""
/Package.swift                     @platform
/CODEOWNERS                        @platform
/.gitattributes                    @platform
/README.md                         @platform
/Apps/CompositionRoot/             @platform
/Apps/Ledger/                      @platform
/Packages/Alpha/                   @alpha
/Packages/Beta/                    @beta
/Apps/Features/AlphaFeature/       @alpha-feature
/Apps/Features/BetaFeature/        @beta-feature
/{WIRING}  @alpha-feature @platform
"""
WIRING_TEXT = """import AlphaFeature

extension Factory {
    /// The Alpha flow.
    public func makeAlphaFlow() -> AlphaFeatureFlow {
        AlphaFeatureFlow()
    }
}
"""
STEPS_TEXT = """/// The flow's steps, one line each; each step declares its phase.
let alphaSteps: [String] = [
    "validate",
    "create",
]
"""


def run_replay(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, REPLAY, *args], capture_output=True, text=True)


class ReplayFixtureRepositoryTests(unittest.TestCase):
    def setUp(self) -> None:
        self.fixture = Fixture()
        self.addCleanup(self.fixture.close)
        self.fixture.write("CODEOWNERS", CODEOWNERS)
        self.fixture.write(".gitattributes", f"{STEPS} merge=union\n")
        self.fixture.write(WIRING, WIRING_TEXT)
        self.fixture.write(STEPS, STEPS_TEXT)
        self.base = self.fixture.commit("base")
        scratch = tempfile.mkdtemp(prefix="replay-test-")
        self.addCleanup(shutil.rmtree, scratch, True)
        self.fixtures = os.path.join(scratch, "fixtures")
        self.work = os.path.join(scratch, "work")
        os.makedirs(self.fixtures)

    def change(self, name: str, team: str, edits: dict[str, str], kind: str = "a change") -> None:
        """A team's branch from the base with `edits` (path -> new text), recorded as fixture `name`."""
        self.fixture.git("checkout", "--quiet", "-b", name, self.base)
        for path, text in edits.items():
            self.fixture.write(path, text)
        self.fixture.commit(name)
        self.fixture.git("checkout", "--quiet", "main")
        result = run_replay("--record", name, "--from-branch", name, "--base", self.base, "--team", team,
                            "--kind", kind, "--title", f"{name} by {team}", "--root", self.fixture.root,
                            "--fixtures", self.fixtures)
        self.assertEqual(result.returncode, 0, result.stderr)

    def replay(self, *args: str, status: int | None = None) -> dict:
        result = run_replay("--json", "--root", self.fixture.root, "--fixtures", self.fixtures, "--work", self.work,
                            *args)
        self.assertNotEqual(result.returncode, 2, result.stderr)
        if status is not None:
            self.assertEqual(result.returncode, status, result.stderr)
        document = json.loads(result.stdout)
        document["log"] = result.stderr
        return document

    def read(self, path: str) -> str:
        with open(os.path.join(self.fixture.root, path), encoding="utf-8") as handle:
            return handle.read()

    def test_changes_inside_their_areas_merge_cleanly(self) -> None:
        self.change("a-alpha", "@alpha", {"Packages/Alpha/Sources/Alpha/Alpha.swift": "/// Changed.\npublic struct AlphaValue: Sendable {}\n"})
        self.change("b-feature", "@alpha-feature", {
            "Apps/Features/AlphaFeature/Sources/AlphaFeature/New.swift": "/// New.\npublic struct New {}\n",
            WIRING: WIRING_TEXT.replace("AlphaFeatureFlow()", "AlphaFeatureFlow(/* configured */)"),
        })
        document = self.replay(status=0)
        self.assertTrue(document["ok"])
        self.assertEqual(document["conflicts"], [])
        changes = {change["name"]: change for change in document["changes"]}
        self.assertEqual([c["outside"] for c in changes.values()], [[], []])
        self.assertEqual(changes["b-feature"]["wiring_lines"], 1)
        self.assertIn("replay: ok: the changes never meet", document["log"])
        self.assertEqual(self.fixture.git("rev-parse", "HEAD"), self.base, "the replay never touches the repository")

    def test_a_file_outside_the_teams_area_is_reported_with_its_owner(self) -> None:
        self.change("a-alpha", "@alpha", {
            "Packages/Alpha/Sources/Alpha/Alpha.swift": "/// Changed.\npublic struct AlphaValue: Sendable {}\n",
            "Packages/Beta/Sources/Beta/Beta.swift": "/// Changed too.\npublic struct BetaValue: Sendable {}\n",
        })
        document = self.replay(status=1)
        change = document["changes"][0]
        self.assertEqual(change["outside"], ["Packages/Beta/Sources/Beta/Beta.swift"])
        self.assertIn("! Packages/Beta/Sources/Beta/Beta.swift (+1 -1): owned by @beta, not @alpha", document["log"])

    def test_changes_outside_their_areas_are_still_built_and_the_verdict_says_why(self) -> None:
        # The build runs the merged clone's own scripts (affected, check-architecture, suites).
        shutil.copytree(SCRIPTS, os.path.join(self.fixture.root, "Scripts"),
                        ignore=shutil.ignore_patterns("__pycache__", "Tests", "replay-fixtures"))
        value = "/// {}.\npublic struct {}Value: Sendable {{\n    /// A value.\n    public init() {{}}\n}}\n"
        for name in ("Alpha", "Beta"):
            self.fixture.write(f"Packages/{name}/Sources/{name}/{name}.swift", value.format("A value", name))
        for name, imports in (("AlphaFeature", "import Alpha\nimport Beta\n"), ("BetaFeature", "import Beta\n")):
            self.fixture.write(f"Apps/Features/{name}/Sources/{name}/{name}.swift",
                               imports + f"\n/// The flow.\npublic struct {name}Flow {{\n    /// A flow.\n"
                               "    public init() {}\n}\n")
        self.fixture.write("Apps/CompositionRoot/Sources/CompositionRoot/Factory.swift",
                           "import Alpha\nimport AlphaFeature\nimport Beta\nimport BetaFeature\nimport BetaLive\n\n"
                           "/// The factory.\npublic struct Factory {\n    /// A factory.\n    public init() {}\n}\n")
        self.fixture.write(WIRING, WIRING_TEXT.replace("import AlphaFeature", "public import AlphaFeature"))
        self.base = self.fixture.commit("the scripts, and types the other modules can make")
        self.change("a-alpha", "@alpha", {
            "Packages/Alpha/Sources/Alpha/Alpha.swift": value.format("Changed", "Alpha"),
            "Packages/Beta/Sources/Beta/Beta.swift": value.format("Changed too", "Beta"),
        })
        document = self.replay("--build", "--only", "a-alpha", status=1)
        self.assertTrue(document["build"]["ran"], document["log"])
        self.assertTrue(document["build"]["ok"], document["log"])
        self.assertIn("areas: 1 changed file(s) outside their team's area: Packages/Beta/Sources/Beta/Beta.swift "
                      "(a-alpha)", document["log"])
        self.assertIn("replay: FAILED: 1 file(s) outside their team's area", document["log"])
        self.assertNotIn("do not merge cleanly", document["log"])

    def test_more_than_one_changed_line_of_wiring_is_outside(self) -> None:
        self.change("a-alpha", "@alpha", {WIRING: WIRING_TEXT.replace("AlphaFeatureFlow()", "AlphaFeatureFlow()  // x")})
        self.assertEqual(self.replay(status=0)["changes"][0]["wiring_lines"], 1)
        self.change("b-feature", "@alpha-feature", {
            WIRING: WIRING_TEXT.replace("AlphaFeatureFlow()", "AlphaFeatureFlow(\n            steps: [])")})
        document = self.replay("--only", "b-feature", status=1)
        change = document["changes"][0]
        self.assertEqual((change["wiring_lines"], change["outside"]), (2, [WIRING]))
        self.assertIn("wiring: 2 changed line(s) in the composition root, at most 1 allowed", document["log"])

    def test_conflicting_changes_are_reported_with_their_files(self) -> None:
        self.change("a-alpha", "@alpha", {"Packages/Alpha/Sources/Alpha/Alpha.swift": "/// One.\npublic struct AlphaValue: Sendable {}\n"})
        self.change("b-alpha", "@alpha", {"Packages/Alpha/Sources/Alpha/Alpha.swift": "/// Two.\npublic struct AlphaValue: Sendable {}\n"})
        document = self.replay(status=1)
        self.assertEqual([(c["change"], c["files"]) for c in document["conflicts"]],
                         [("b-alpha", ["Packages/Alpha/Sources/Alpha/Alpha.swift"])])
        self.assertIn("CONFLICT merging b-alpha: Packages/Alpha/Sources/Alpha/Alpha.swift", document["log"])

    def test_two_steps_added_to_the_union_merged_list_both_stay(self) -> None:
        self.change("a-step", "@alpha-feature", {STEPS: STEPS_TEXT.replace('    "create",\n', '    "create",\n    "audit",\n')})
        self.change("b-step", "@alpha-feature", {STEPS: STEPS_TEXT.replace('    "create",\n', '    "create",\n    "notify",\n')})
        document = self.replay(status=0)
        self.assertEqual(document["conflicts"], [])
        merged = subprocess.run(["git", "-C", document["clone"], "show", f"replay/merged:{STEPS}"],
                                capture_output=True, text=True, check=True).stdout
        self.assertIn('    "audit",\n', merged)
        self.assertIn('    "notify",\n', merged)

    def test_without_the_union_attribute_the_same_two_steps_conflict(self) -> None:
        self.fixture.write(".gitattributes", "")
        self.base = self.fixture.commit("no union merge")
        self.change("a-step", "@alpha-feature", {STEPS: STEPS_TEXT.replace('    "create",\n', '    "create",\n    "audit",\n')})
        self.change("b-step", "@alpha-feature", {STEPS: STEPS_TEXT.replace('    "create",\n', '    "create",\n    "notify",\n')})
        document = self.replay(status=1)
        self.assertEqual([c["files"] for c in document["conflicts"]], [[STEPS]])

    def test_a_fixture_that_no_longer_applies_fails_with_a_clear_message(self) -> None:
        self.change("a-alpha", "@alpha", {"Packages/Alpha/Sources/Alpha/Alpha.swift": "/// Changed.\npublic struct AlphaValue: Sendable {}\n"})
        self.fixture.write("Packages/Alpha/Sources/Alpha/Alpha.swift", "/// Moved on.\npublic enum AlphaValue {}\n")
        self.fixture.commit("the code moves")
        document = self.replay(status=1)
        self.assertFalse(document["changes"][0]["applied"])
        self.assertIn("a-alpha no longer applies to", document["log"])
        self.assertIn("Scripts/replay --record a-alpha --from-branch BRANCH", document["log"])

    def test_record_keeps_the_metadata_and_takes_the_branch_since_it_left_the_base(self) -> None:
        self.change("a-alpha", "@alpha", {"Packages/Alpha/Sources/Alpha/Alpha.swift": "/// One.\npublic struct AlphaValue: Sendable {}\n"},
                    kind="a domain rule")
        self.fixture.git("checkout", "--quiet", "a-alpha")
        self.fixture.write("Packages/Alpha/Sources/Alpha/More.swift", "/// More.\npublic struct More {}\n")
        self.fixture.commit("more")
        self.fixture.git("checkout", "--quiet", "main")
        result = run_replay("--record", "a-alpha", "--from-branch", "a-alpha", "--root", self.fixture.root,
                            "--fixtures", self.fixtures)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("recorded a-alpha (@alpha): 2 files", result.stdout)
        with open(os.path.join(self.fixtures, "a-alpha", "fixture.json"), encoding="utf-8") as handle:
            meta = json.load(handle)
        self.assertEqual((meta["team"], meta["kind"], meta["recordedOn"]), ("@alpha", "a domain rule", self.base))
        document = self.replay(status=0)
        self.assertEqual(len(document["changes"][0]["files"]), 2)

    def test_a_new_fixture_needs_its_team_and_an_unknown_branch_is_an_error(self) -> None:
        self.fixture.git("checkout", "--quiet", "-b", "x")
        self.fixture.write("Packages/Alpha/Sources/Alpha/X.swift", "struct X {}\n")
        self.fixture.commit("x")
        self.fixture.git("checkout", "--quiet", "main")
        common = ("--root", self.fixture.root, "--fixtures", self.fixtures)
        missing_team = run_replay("--record", "x", "--from-branch", "x", "--base", self.base, *common)
        self.assertEqual(missing_team.returncode, 2)
        self.assertIn("a new fixture needs --team", missing_team.stderr)
        unknown = run_replay("--record", "x", "--from-branch", "no-such-branch", *common)
        self.assertEqual(unknown.returncode, 2)
        self.assertIn("no-such-branch", unknown.stderr)


class RepositoryReplayTests(unittest.TestCase):
    """The real fixtures on this repository's HEAD."""

    FIXTURES = {
        "a-validation-email-rule": ("@ledger/validation", "Packages/Validation/"),
        "b-onboarding-endpoint-move": ("@ledger/onboarding", "Apps/Features/OnboardingFeature/"),
        "c-onboarding-analytics-step": ("@ledger/onboarding", "Apps/Features/OnboardingFeature/"),
        "d-onboarding-blocked-subdomains": ("@ledger/onboarding", "Apps/Features/OnboardingFeature/"),
        "e-expenses-quarter-report": ("@ledger/expenses", "Apps/Features/ExpensesFeature/"),
        "f-home-tip-section": ("@ledger/home", "Apps/Features/HomeFeature/"),
        "g-onboarding-account-link": ("@ledger/onboarding", "Apps/Features/OnboardingFeature/"),
        "h-settings-list-changed": ("@ledger/settings", "Apps/Features/SettingsFeature/"),
    }

    def replay(self, *args: str) -> tuple[subprocess.CompletedProcess, dict]:
        result = run_replay("--json", "--root", REPO, *args)
        if result.returncode == 2:
            self.fail(f"the replay could not run: {result.stderr}")
        return result, json.loads(result.stdout)

    def assertNeverMeet(self, result: subprocess.CompletedProcess, document: dict) -> None:
        not_applied = [f"{c['name']}: {c['error']}" for c in document["changes"] if not c["applied"]]
        self.assertEqual(not_applied, [], "a fixture no longer applies to HEAD; record it again (see CONTRIBUTING.md, "
                                          "'The replay'):\n" + "\n".join(not_applied))
        self.assertEqual(document["conflicts"], [], result.stderr)
        for change in document["changes"]:
            with self.subTest(change=change["name"]):
                team, folder = self.FIXTURES[change["name"]]
                self.assertEqual(change["team"], team)
                self.assertEqual(change["outside"], [], result.stderr)
                self.assertLessEqual(change["wiring_lines"], 1)
                own = [f["path"] for f in change["files"] if f["path"].startswith(folder)]
                self.assertTrue(own, f"{change['name']} changes nothing in {folder}")

    def test_the_fixtures_stay_in_their_areas_and_merge_without_conflicts(self) -> None:
        result, document = self.replay()
        self.assertEqual(sorted(c["name"] for c in document["changes"]), sorted(self.FIXTURES))
        self.assertNeverMeet(result, document)
        files = {c["name"]: {f["path"] for f in c["files"]} for c in document["changes"]}
        self.assertIn("Scripts/dev-server/users.py", files["b-onboarding-endpoint-move"])
        self.assertIn("Apps/Features/OnboardingFeature/Sources/OnboardingFeature/API/UsersAPI.swift",
                      files["b-onboarding-endpoint-move"])
        # The user-visible ones ship through the app without touching it: a report period, a printed home section
        # (with the server's resource and the home README's recorded demo), a link destination, a command option.
        self.assertIn("Scripts/dev-server/home.py", files["f-home-tip-section"])
        self.assertIn("Apps/Features/HomeFeature/README.md", files["f-home-tip-section"])
        for name in ("e-expenses-quarter-report", "f-home-tip-section", "g-onboarding-account-link",
                     "h-settings-list-changed"):
            self.assertFalse([path for path in files[name] if path.startswith(("Apps/Ledger/", "Apps/CommandKit/"))],
                             f"{name} edits the app or the command protocol")
        self.assertEqual(result.returncode, 0, result.stderr)

    @unittest.skipIf(os.environ.get("REPLAY_SKIP_BUILD") == "1", "REPLAY_SKIP_BUILD=1: the merged build is skipped")
    def test_the_merged_result_builds_and_passes_its_affected_suites(self) -> None:
        started = time.monotonic()
        result, document = self.replay("--build")
        seconds = time.monotonic() - started
        print(f"\nreplay build: {document['build']['seconds']:.0f} s of {seconds:.0f} s "
              f"(affected: {', '.join(document['build'].get('affected', []))})", file=sys.stderr)
        self.assertNeverMeet(result, document)
        self.assertTrue(document["build"]["ran"])
        failed = [f"{s['name']}: {s['command']}\n{s['tail']}" for s in document["build"]["steps"] if not s["ok"]]
        self.assertEqual(failed, [], "the merged result does not build or pass its affected suites")
        self.assertEqual(result.returncode, 0, result.stderr)


if __name__ == "__main__":
    unittest.main()
