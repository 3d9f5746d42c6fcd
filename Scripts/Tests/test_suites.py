"""Scripts/suites: every test target of a package runs in a process of its own, N at a time, each one test at a
time; a failure or a crash names its target, a build that fails runs nothing, and coverage profiles are merged."""

from __future__ import annotations

import glob
import json
import os
import shutil
import subprocess
import tempfile
import unittest

from Tests.fixtures import SCRIPTS, PackageFixtureCase, write_files

MANIFEST = """// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "SuitesFixture",
    targets: [
        .target(name: "Counter"),
        .testTarget(name: "AlphaTests", dependencies: ["Counter"]),
        .testTarget(name: "BetaTests", dependencies: ["Counter"]),
    ],
    swiftLanguageModes: [.v6]
)
"""

PACKAGE_FILES = {
    "Package.swift": MANIFEST,
    "Sources/Counter/Counter.swift": "public func twice(_ value: Int) -> Int { value * 2 }\n",
    "Tests/AlphaTests/AlphaTests.swift":
        "import Counter\nimport Testing\n\n@Test func doubles() { #expect(twice(2) == 4) }\n"
        "@Test func doublesZero() { #expect(twice(0) == 0) }\n",
    "Tests/BetaTests/BetaTests.swift": "import Counter\nimport Testing\n\n@Test func doublesNegatives() "
                                       "{ #expect(twice(-3) == -6) }\n",
}
FLAGS = ("--", "--enable-code-coverage")


def suites(root: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([os.path.join(SCRIPTS, "suites"), "--root", root, *args], capture_output=True, text=True)


def load_suites():
    import importlib.machinery
    import importlib.util
    loader = importlib.machinery.SourceFileLoader("suites_script", os.path.join(SCRIPTS, "suites"))
    spec = importlib.util.spec_from_loader(loader.name, loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


class FakeBinaryTests(unittest.TestCase):
    """A test binary that answers with a script: what the runner makes of odd answers."""

    def setUp(self) -> None:
        self.folder = tempfile.TemporaryDirectory(prefix="suites-fake-")
        self.addCleanup(self.folder.cleanup)
        self.suites = load_suites()

    def fake(self, script: str) -> str:
        path = os.path.join(self.folder.name, "FakePackageTests.xctest")
        with open(path, "w", encoding="utf-8") as handle:
            handle.write("#!/bin/sh\n" + script)
        os.chmod(path, 0o755)
        return path

    def test_a_target_whose_filter_runs_no_test_fails(self) -> None:
        binary = self.fake('echo "Test run with 0 tests in 0 suites passed after 0.001 seconds."\n')
        result = self.suites.run_target(binary, self.folder.name, "swift-testing", "AlphaTests", None)
        self.assertFalse(result["ok"])
        self.assertIn("ran no test", result["why"])

    def test_a_binary_that_cannot_start_is_a_failure_not_a_crash(self) -> None:
        result = self.suites.run_target(os.path.join(self.folder.name, "missing"), self.folder.name,
                                        "swift-testing", "AlphaTests", None)
        self.assertFalse(result["ok"])
        self.assertIn("could not start", result["why"])

    def test_the_listing_counts_tests_by_target(self) -> None:
        binary = self.fake('printf "AlphaTests.Suite/one()\\nAlphaTests.two()\\nBetaTests.Other/three()\\n'
                           'noise line\\n"\n')
        self.assertEqual(self.suites.list_tests(binary, self.folder.name), {"AlphaTests": 2, "BetaTests": 1})


class UsageTests(unittest.TestCase):
    def test_jobs_must_be_a_positive_number(self) -> None:
        result = suites(tempfile.gettempdir(), "--jobs", "0")
        self.assertEqual(result.returncode, 64)
        self.assertIn("--jobs takes a whole number of at least 1", result.stderr)

    def test_an_unknown_option_is_a_usage_error(self) -> None:
        self.assertEqual(suites(tempfile.gettempdir(), "--fast").returncode, 64)


@unittest.skipIf(shutil.which("swift") is None, "needs a Swift toolchain")
class SuitesFixtureTests(PackageFixtureCase):
    """Builds the fixture package once (with coverage); each test changes one file and puts it back."""

    FILES = PACKAGE_FILES
    PREFIX = "suites-fixture-"

    def bin_path(self) -> str:
        result = subprocess.run(["swift", "build", "--enable-code-coverage", "--show-bin-path"], cwd=self.root,
                                capture_output=True, text=True)
        return result.stdout.strip()

    def test_every_target_runs_in_its_own_process_and_coverage_is_merged(self) -> None:
        result = suites(self.root, *FLAGS)
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertIn("suites: 3 tests in 2 targets, 2 at a time", result.stdout)
        self.assertRegex(result.stdout, r"--> AlphaTests: ok in [\d.]+ s\n(.*\n)*.*Test run with 2 tests")
        self.assertRegex(result.stdout, r"--> BetaTests: ok in [\d.]+ s\n(.*\n)*.*Test run with 1 test")
        self.assertIn("--> xctest: ok", result.stdout)
        codecov = os.path.join(self.bin_path(), "codecov")
        self.assertTrue(glob.glob(os.path.join(codecov, "AlphaTests-*.profraw")))
        self.assertTrue(glob.glob(os.path.join(codecov, "BetaTests-*.profraw")))
        self.assertTrue(os.path.isfile(os.path.join(codecov, "default.profdata")))

    def test_the_times_of_targets_this_binary_does_not_hold_are_kept_for_the_next_run(self) -> None:
        self.assertEqual(suites(self.root, *FLAGS).returncode, 0)
        times = os.path.join(self.bin_path(), "suites-times.json")
        with open(times, "w", encoding="utf-8") as handle:
            json.dump({"GoneTests": 4.5, "AlphaTests": 99.0}, handle)
        self.assertEqual(suites(self.root, *FLAGS).returncode, 0)
        with open(times, encoding="utf-8") as handle:
            kept = json.load(handle)
        self.assertEqual(sorted(kept), ["AlphaTests", "BetaTests", "GoneTests"])
        self.assertEqual(kept["GoneTests"], 4.5)
        self.assertLess(kept["AlphaTests"], 99.0, "a target that ran gets this run's time")

    def test_a_failing_test_fails_the_run_and_names_its_target_while_the_others_pass(self) -> None:
        write_files(self.root, {"Tests/BetaTests/BetaTests.swift":
                          "import Counter\nimport Testing\n\n@Test func wrong() { #expect(twice(1) == 3) }\n"})
        result = suites(self.root, "--jobs", "1", *FLAGS)
        self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
        self.assertIn("--> AlphaTests: ok", result.stdout)
        self.assertIn("--> BetaTests: FAILED (exit status 1)", result.stdout)
        self.assertIn("suites: FAILED: BetaTests (exit status 1); its output is above", result.stderr)

    def test_a_crashing_test_names_the_signal(self) -> None:
        write_files(self.root, {"Tests/AlphaTests/AlphaTests.swift":
                          "import Counter\nimport Testing\n\n@Test func crashes() { let none: [Int] = []; "
                          "#expect(none[twice(1)] == 0) }\n"})
        result = suites(self.root, *FLAGS)
        self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
        self.assertRegex(result.stdout, r"--> AlphaTests: FAILED \(killed by signal \d+\)")
        self.assertIn("--> BetaTests: ok", result.stdout)

    def test_a_build_that_fails_runs_no_suite(self) -> None:
        write_files(self.root, {"Sources/Counter/Counter.swift": "public func twice(_ value: Int) -> Int { value * }\n"})
        result = suites(self.root, *FLAGS)
        self.assertEqual(result.returncode, 1)
        self.assertIn("Counter.swift", result.stdout)
        self.assertIn("suites: the build failed, so no suite ran", result.stderr)
        self.assertNotIn("-->", result.stdout)


if __name__ == "__main__":
    unittest.main()
