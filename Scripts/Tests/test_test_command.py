"""Scripts/test's step selection: `--only` runs the named steps and nothing else, each with its wall time in the
summary; a step name it does not know is a usage error that lists the steps."""

from __future__ import annotations

import json
import os
import re
import subprocess
import unittest

from Tests.fixtures import SCRIPTS


def scripts_test(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([os.path.join(SCRIPTS, "test"), *args], capture_output=True, text=True)


class StepSelectionTests(unittest.TestCase):
    def test_only_runs_the_named_steps_and_times_each(self) -> None:
        result = scripts_test("--only", "swift-version,actionlint")
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        summary = result.stdout[result.stdout.index("Summary:"):].splitlines()[1:-1]
        self.assertEqual(len(summary), 2, summary)
        self.assertRegex(summary[0], r"^  ok    swift-version +\d+s$")
        self.assertRegex(summary[1], r"^  ok    actionlint +\d+s$")
        self.assertNotIn("==> tools", result.stdout)
        self.assertNotIn("==> architecture", result.stdout)

    def test_an_unknown_step_is_a_usage_error_that_lists_the_steps(self) -> None:
        result = scripts_test("--only", "format,lint")
        self.assertEqual(result.returncode, 64)
        self.assertIn("Scripts/test: no step 'lint' (tools swift-version architecture graph expectations tooling "
                      "actionlint format build tests coverage docs api examples)", result.stderr)

    def test_the_help_names_every_step(self) -> None:
        result = scripts_test("--help")
        self.assertEqual(result.returncode, 0)
        for name in ("swift-version", "expectations", "actionlint", "coverage", "api", "examples", "--only", "--base"):
            with self.subTest(name=name):
                self.assertRegex(result.stdout, re.compile(rf"^\s+(Scripts/test )?{re.escape(name)}\b", re.M))



class RootSuitesTests(unittest.TestCase):
    """LEDGER_SUITES narrows the root manifest to the named test suites (Scripts/test --affected, Scripts/replay)."""

    def suites(self, setting: str | None) -> list[str]:
        env = {key: value for key, value in os.environ.items() if key != "LEDGER_SUITES"}
        if setting is not None:
            env["LEDGER_SUITES"] = setting
        result = subprocess.run(["swift", "package", "dump-package", "--package-path", os.path.dirname(SCRIPTS)],
                                capture_output=True, text=True, env=env)
        self.assertEqual(result.returncode, 0, result.stderr)
        targets = json.loads(result.stdout)["targets"]
        self.assertIn("Ledger", [target["name"] for target in targets], "the app always stays")
        return sorted(target["name"] for target in targets if target["type"] == "test")

    def test_the_named_suites_are_the_only_ones(self) -> None:
        self.assertEqual(self.suites("LedgerTests,ValidationTests"), ["LedgerTests", "ValidationTests"])

    def test_unset_empty_or_naming_an_unknown_suite_keeps_every_suite(self) -> None:
        every = self.suites(None)
        self.assertGreater(len(every), 10)
        self.assertIn("ValidationTests", every)
        for setting in ("", "ValidationTests,NoSuchTests", ","):
            with self.subTest(setting=setting):
                self.assertEqual(self.suites(setting), every)

    def test_the_full_run_ignores_a_setting_left_in_the_environment(self) -> None:
        result = subprocess.run([os.path.join(SCRIPTS, "test"), "--only", "swift-version"], capture_output=True,
                                text=True, env=dict(os.environ, LEDGER_SUITES="LedgerTests"))
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertIn("LEDGER_SUITES is ignored", result.stdout + result.stderr)

    def test_the_scripts_read_every_suite_whatever_the_environment(self) -> None:
        result = subprocess.run([os.path.join(SCRIPTS, "check-architecture")], capture_output=True, text=True,
                                env=dict(os.environ, LEDGER_SUITES="LedgerTests"))
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)


if __name__ == "__main__":
    unittest.main()
