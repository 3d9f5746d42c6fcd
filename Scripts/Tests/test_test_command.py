"""Scripts/test's step selection: `--only` runs the named steps and nothing else, each with its wall time in the
summary; a step name it does not know is a usage error that lists the steps."""

from __future__ import annotations

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
        self.assertIn("Scripts/test: no step 'lint' (tools swift-version architecture graph tooling actionlint format "
                      "build tests coverage docs api examples)", result.stderr)

    def test_the_help_names_every_step(self) -> None:
        result = scripts_test("--help")
        self.assertEqual(result.returncode, 0)
        for name in ("swift-version", "actionlint", "coverage", "api", "examples", "--only", "--base"):
            with self.subTest(name=name):
                self.assertRegex(result.stdout, re.compile(rf"^\s+(Scripts/test )?{re.escape(name)}\b", re.M))


if __name__ == "__main__":
    unittest.main()
