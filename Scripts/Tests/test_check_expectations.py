"""Scripts/check-expectations: it lists every `@Test` function that expects nothing, and no other; an expectation in
a comment or a string literal does not count, a helper counts only when it expects (directly or through another
helper) and the test can see it, and each accepted helper is printed with why it counts.

The fixtures are small Swift files written into a temporary folder, laid out as the repository's test targets.
"""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
import textwrap
import unittest

from Tests.fixtures import SCRIPTS

CHECKER = os.path.join(SCRIPTS, "check-expectations")


class CheckExpectationsTests(unittest.TestCase):
    def setUp(self) -> None:
        self.folder = tempfile.TemporaryDirectory()
        self.addCleanup(self.folder.cleanup)
        self.root = self.folder.name

    def write(self, path: str, text: str) -> None:
        full = os.path.join(self.root, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w", encoding="utf-8") as file:
            file.write(textwrap.dedent(text))

    def run_checker(self, *arguments: str) -> subprocess.CompletedProcess:
        return subprocess.run([CHECKER, "--root", self.root, *arguments], capture_output=True, text=True)

    def check(self) -> tuple[int, dict]:
        result = self.run_checker("--json")
        self.assertIn(result.returncode, (0, 1), result.stderr)
        return result.returncode, json.loads(result.stdout)

    def without(self) -> list[str]:
        return [test["name"] for test in self.check()[1]["without"]]

    def test_a_test_with_an_expectation_passes_and_one_without_is_listed_with_its_file_and_line(self) -> None:
        self.write("Packages/Alpha/Tests/AlphaTests/AlphaTests.swift", """\
            import Testing

            @Suite struct AlphaTests {
                @Test func addsUp() {
                    #expect(1 + 1 == 2)
                }

                @Test func onlyRuns() throws {
                    _ = try compute()
                }
            }
            """)
        status, result = self.check()
        self.assertEqual(status, 1)
        self.assertEqual(result["tests"], 2)
        self.assertEqual(result["without"], [
            {"name": "onlyRuns", "file": "Packages/Alpha/Tests/AlphaTests/AlphaTests.swift", "line": 8}])
        text = self.run_checker()
        self.assertEqual(text.returncode, 1)
        self.assertIn("Packages/Alpha/Tests/AlphaTests/AlphaTests.swift:8: onlyRuns expects nothing", text.stdout)
        self.assertIn("1 of 2 tests expect nothing", text.stdout)

    def test_every_kind_of_expectation_counts(self) -> None:
        self.write("Apps/Features/BetaFeature/Tests/BetaFeatureTests/KindsTests.swift", """\
            import Testing

            struct KindsTests {
                @Test func expects() { #expect(true) }
                @Test func expectsAnError() async { await #expect(throws: Failure.closed) { try await run() } }
                @Test func requires() throws { _ = try #require(Int("1")) }
                @Test func records() {
                    guard case .a = value else {
                        Issue.record("expected a")
                        return
                    }
                }
                @Test func knowsAnIssue() { withKnownIssue { try broken() } }
                @Test func confirms() async { await confirmation { confirmed in confirmed() } }
                @Test func confirmsTwice() async { await confirmation(expectedCount: 2) { confirmed in confirmed() } }
            }
            """)
        status, result = self.check()
        self.assertEqual((status, result["tests"], result["without"]), (0, 7, []))

    def test_an_expectation_in_a_comment_or_a_string_does_not_count(self) -> None:
        self.write("Packages/Alpha/Tests/AlphaTests/LiteralTests.swift", """\
            import Testing

            struct LiteralTests {
                @Test func commented() {
                    run()  // #expect(run() == 1)
                    /* #require(x) /* nested */ Issue.record("no") */
                }

                @Test func quoted() {
                    print("#expect(x) { not a brace")
                    print(#"raw \\(not interpolated) #require "quoted" }"#)
                    print(\"\"\"
                        withKnownIssue { } #expect
                        \"\"\")
                }

                @Test func interpolated() {
                    print("value: \\(try #require(Int("1"))) and a } brace")
                }
            }
            """)
        self.assertEqual(self.without(), ["commented", "quoted"])

    def test_braces_in_strings_and_traits_do_not_move_a_test_s_body(self) -> None:
        self.write("Packages/Alpha/Tests/AlphaTests/TraitTests.swift", """\
            import Testing

            struct TraitTests {
                @Test(
                    .enabled(if: ProcessInfo.processInfo.environment["X"] != "}", "needs { X }"),
                    arguments: [("a", { (x: Int) in x }), ("b", { $0 })]
                )
                @MainActor
                func parameterised(name: String, transform: (Int) -> Int) async throws
                    -> Void
                {
                    print("{")
                }

                @Test func afterIt() { #expect(true) }
            }
            """)
        self.assertEqual(self.without(), ["parameterised"])

    def test_a_helper_that_expects_counts_directly_or_through_another_helper_and_says_why(self) -> None:
        self.write("Apps/Ledger/Tests/LedgerTests/HelperTests.swift", """\
            import Testing

            struct HelperTests {
                private func expectSound(_ value: Int) {
                    #expect(value > 0)
                }

                private func checkTwice(_ value: Int) async throws {
                    expectSound(value)
                    expectSound(value + 1)
                }

                private func quiet(_ value: Int) -> Int { value }

                @Test func direct() { expectSound(1) }
                @Test func indirect() async throws { try await checkTwice(1) }
                @Test func onlyAQuietHelper() { _ = quiet(1) }
            }
            """)
        status, result = self.check()
        self.assertEqual(status, 1)
        self.assertEqual([test["name"] for test in result["without"]], ["onlyAQuietHelper"])
        self.assertEqual(
            [(helper["name"], helper["why"]) for helper in result["helpers"]],
            [("expectSound", "contains #expect at line 5"),
             ("checkTwice", "calls expectSound (Apps/Ledger/Tests/LedgerTests/HelperTests.swift:4)")])
        listed = self.run_checker("--helpers").stdout
        self.assertIn("helper Apps/Ledger/Tests/LedgerTests/HelperTests.swift:4: expectSound counts: it contains "
                      "#expect at line 5", listed)

    def test_a_helper_counts_only_where_the_test_can_call_it(self) -> None:
        self.write("Packages/Alpha/Tests/AlphaTests/Helpers.swift", """\
            import Testing

            func expectGood(_ value: Int) { #expect(value > 0) }
            """)
        self.write("Packages/Beta/Tests/BetaTests/BetaTests.swift", """\
            import Testing

            func expectGood(_ value: Int) -> Bool { value > 0 }

            @Test func usesItsOwnQuietHelper() { _ = expectGood(1) }
            """)
        self.write("Packages/Alpha/Tests/AlphaTests/AlphaTests.swift", """\
            import Testing

            @Test func usesTheSharedHelper() { expectGood(1) }
            """)
        self.assertEqual(self.without(), ["usesItsOwnQuietHelper"])

    def test_a_test_kit_that_imports_testing_provides_helpers_and_one_that_does_not_cannot(self) -> None:
        self.write("Packages/Alpha/Sources/AlphaTesting/Checks.swift", """\
            public import Testing

            public func expectRoundTrip(_ value: String) {
                #expect(value == value)
            }
            """)
        self.write("Packages/Alpha/Sources/AlphaTesting/Builders.swift", """\
            public func build() -> Int {
                // #expect is only mentioned here
                1
            }
            """)
        self.write("Packages/Alpha/Tests/AlphaTests/AlphaTests.swift", """\
            import AlphaTesting
            import Testing

            @Test func roundTrips() { expectRoundTrip("x") }
            @Test func builds() { _ = build() }
            """)
        self.assertEqual(self.without(), ["builds"])

    def test_an_overload_that_does_not_expect_makes_the_name_not_count(self) -> None:
        self.write("Packages/Alpha/Tests/AlphaTests/AlphaTests.swift", """\
            import Testing

            func verify(_ value: Int) { #expect(value > 0) }
            func verify(_ value: String) -> Bool { !value.isEmpty }

            @Test func ambiguous() { verify("x") }
            """)
        self.assertEqual(self.without(), ["ambiguous"])

    def test_protocol_requirements_without_bodies_are_not_functions(self) -> None:
        self.write("Packages/Alpha/Tests/AlphaTests/AlphaTests.swift", """\
            import Testing

            protocol Checking {
                func check() async throws
                func verify(_ value: Int)
                    -> Bool
            }

            func verify(_ value: Int) -> Bool {
                #expect(value > 0)
                return true
            }

            @Test func verifies() { _ = verify(1) }
            """)
        self.assertEqual(self.check(), (0, {"tests": 1, "without": [], "helpers": [
            {"name": "verify", "file": "Packages/Alpha/Tests/AlphaTests/AlphaTests.swift", "line": 9,
             "why": "contains #expect at line 10"}]}))

    def test_files_outside_test_folders_and_build_folders_are_not_scanned_for_tests(self) -> None:
        self.write("Packages/Alpha/Sources/Alpha/Alpha.swift", "@Test func notATestTarget() {}\n")
        self.write("Packages/Alpha/.build/checkouts/Other/Tests/OtherTests/OtherTests.swift",
                   "import Testing\n@Test func built() {}\n")
        self.write("Packages/Alpha/Tests/AlphaTests/AlphaTests.swift", "import Testing\n@Test func real() {}\n")
        status, result = self.check()
        self.assertEqual((status, result["tests"], self.without()), (1, 1, ["real"]))

    def test_a_missing_root_is_an_error_that_says_so(self) -> None:
        result = subprocess.run([CHECKER, "--root", os.path.join(self.root, "missing")], capture_output=True,
                                text=True)
        self.assertEqual(result.returncode, 2)
        self.assertIn("check-expectations: no folder", result.stderr)


if __name__ == "__main__":
    unittest.main()
