"""The toolchain pin and the workflow lint: Scripts/test's swift-version step names both versions on a mismatch,
.swift-version pins what CI's image is built from, and Scripts/lint-workflows passes the repository's workflows and
shell scripts and fails a broken one with actionlint's and shellcheck's findings."""

from __future__ import annotations

import os
import re
import stat
import subprocess
import tempfile
import unittest

from Tests.fixtures import REPO, SCRIPTS

TOOLS = os.path.join(SCRIPTS, "lib", "tools.sh")


def check_swift_version(reported: str, pinned: str) -> subprocess.CompletedProcess:
    """Runs tools.sh's check_swift_version with a `swift` on PATH that reports `reported`."""
    with tempfile.TemporaryDirectory() as folder:
        fake = os.path.join(folder, "swift")
        with open(fake, "w", encoding="utf-8") as handle:
            handle.write(f"#!/bin/sh\necho '{reported}'\necho 'Target: x86_64-unknown-linux-gnu'\n")
        os.chmod(fake, os.stat(fake).st_mode | stat.S_IEXEC)
        pin = os.path.join(folder, "pin")
        with open(pin, "w", encoding="utf-8") as handle:
            handle.write(pinned)
        env = dict(os.environ, PATH=f"{folder}:{os.environ['PATH']}")
        return subprocess.run(["bash", "-c", f'source "{TOOLS}" && check_swift_version "{pin}"'],
                              capture_output=True, text=True, env=env)


class SwiftVersionTests(unittest.TestCase):
    def test_the_pinned_version_passes(self) -> None:
        result = check_swift_version("Swift version 6.3.1 (swift-6.3.1-RELEASE)", "6.3.1\n")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("Swift 6.3.1, as", result.stdout)

    def test_an_apple_toolchain_line_is_read_too(self) -> None:
        result = check_swift_version(
            "swift-driver version: 1.120.5 Apple Swift version 6.3.1 (swiftlang-6.3.1.1.2 clang-1700.3.1)", "6.3.1")
        self.assertEqual(result.returncode, 0, result.stderr)

    def test_a_mismatch_names_both_versions(self) -> None:
        result = check_swift_version("Swift version 6.2 (swift-6.2-RELEASE)", "6.3.1\n")
        self.assertEqual(result.returncode, 1)
        self.assertRegex(result.stderr,
                         r"Swift 6\.2 is on PATH, but \S*pin pins Swift 6\.3\.1 \(the toolchain CI uses\)")

    def test_a_patch_release_is_a_mismatch(self) -> None:
        self.assertEqual(check_swift_version("Swift version 6.3.2 (swift-6.3.2-RELEASE)", "6.3.1").returncode, 1)

    def test_the_repository_pins_the_version_ci_builds_its_image_from(self) -> None:
        with open(os.path.join(REPO, ".swift-version"), encoding="utf-8") as handle:
            pinned = handle.read().strip()
        self.assertRegex(pinned, r"^\d+\.\d+(\.\d+)?$")
        with open(os.path.join(REPO, ".github", "workflows", "ci.yml"), encoding="utf-8") as handle:
            workflow = handle.read()
        self.assertIn("swift:$(tr -d '[:space:]' < .swift-version)", workflow)
        self.assertNotRegex(workflow, r"swift:\d", "no job names a Swift version of its own")


def lint(*files: str) -> subprocess.CompletedProcess:
    return subprocess.run([os.path.join(SCRIPTS, "lint-workflows"), *files], capture_output=True, text=True)


class LintWorkflowsTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls) -> None:
        installed = subprocess.run(
            ["bash", "-c", f'source "{TOOLS}" && ensure_python_tool actionlint "$ACTIONLINT_REQUIREMENT" && '
                           'ensure_python_tool shellcheck "$SHELLCHECK_REQUIREMENT"'], capture_output=True, text=True)
        if installed.returncode != 0:
            raise unittest.SkipTest(f"actionlint could not be installed with pip here: {installed.stderr[-500:]}")

    def test_the_repository_workflows_pass(self) -> None:
        result = lint()
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertIn("pass actionlint", result.stdout)

    def test_a_broken_workflow_fails_with_each_finding(self) -> None:
        with tempfile.TemporaryDirectory() as folder:
            workflow = os.path.join(folder, "broken.yml")
            with open(workflow, "w", encoding="utf-8") as handle:
                handle.write("on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n"
                             "      - uses: actions/checkout@v5\n        with:\n          fetch-dept: 0\n"
                             "      - run: echo ${{ github.event.pull_request.title }}\n"
                             "      - run: cd $DIR\n")
            result = lint(workflow)
        self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
        self.assertIn('input "fetch-dept" is not defined', result.stdout)
        self.assertRegex(result.stdout, re.compile(r"github\.event\.pull_request\.title.*potentially untrusted", re.S))
        self.assertIn("SC2086", result.stdout)

    def test_a_shell_script_with_a_warning_fails_and_a_clean_one_passes(self) -> None:
        with tempfile.TemporaryDirectory() as folder:
            broken = os.path.join(folder, "broken")
            clean = os.path.join(folder, "clean")
            with open(broken, "w", encoding="utf-8") as handle:
                handle.write('#!/usr/bin/env bash\ncd "$1"\nrm -rf build\n')
            with open(clean, "w", encoding="utf-8") as handle:
                handle.write('#!/usr/bin/env bash\nset -euo pipefail\ncd "$1" || exit 1\nrm -rf build\n')
            failed = lint(broken)
            passed = lint(clean)
        self.assertEqual(failed.returncode, 1, failed.stdout + failed.stderr)
        self.assertIn("SC2164", failed.stdout)
        self.assertIn("broken", failed.stdout)
        self.assertEqual(passed.returncode, 0, passed.stdout + passed.stderr)
        self.assertIn("0 workflow file(s) pass actionlint", passed.stdout)
        self.assertIn("1 shell script(s) pass shellcheck", passed.stdout)


if __name__ == "__main__":
    unittest.main()
