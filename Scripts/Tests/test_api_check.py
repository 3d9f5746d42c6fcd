"""Scripts/api-check: the pure rules (which files can change API, `package` symbols, the digester's report, the
allow-list, the CHANGELOG's declaration), then the script on a fixture repository with real builds: a removed
method and a changed signature are reported, a `package` change and an addition are not, a declared break passes,
and a change that touches no package finishes without building anything."""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import sys
import tempfile
import unittest

from Tests.fixtures import SCRIPTS, Fixture, package_manifest

sys.path.insert(0, os.path.join(SCRIPTS, "lib"))
from api_breakage import (  # noqa: E402
    allowed, breaking_entries, new_breaking_entries, package_of_api_file, parse_allowlist, parse_diagnostics,
    product_changes, strip_package_symbols)

BASE_SOURCE = """/// A value.
public struct AlphaValue: Sendable, AlphaSecret {
    /// Creates a value.
    public init() {}
    /// Greets.
    public func greet(name: String) -> String { name }
    /// Kept for old callers.
    public func legacy() {}
    package func helper(_ value: Int) -> Int { value }
}

/// Only this package's modules use it.
package protocol AlphaSecret {}
"""

BASE_CHANGELOG = """# Changelog of Alpha

## Unreleased

### Breaking

- `AlphaValue.old()` is gone: call `greet(name:)`.

## 0.1.0

- The first release.
"""

SOURCE = "Packages/Alpha/Sources/Alpha/Alpha.swift"
#: The shared kernel, which Alpha depends on by path (`../Kernel`), as the packages depend on Essentials: the
#: baseline at the base needs the kernel's folder beside the package's.
KERNEL_MANIFEST = package_manifest(
    "Kernel", products='.library(name: "Kernel", targets: ["Kernel"]),',
    targets='.target(name: "Kernel", swiftSettings: swiftSettings),')
ALPHA_MANIFEST = package_manifest("Alpha", dependencies='.package(path: "../Kernel")', targets="""
        .target(name: "Alpha", dependencies: [.product(name: "Kernel", package: "Kernel")],
                swiftSettings: swiftSettings),
        .target(name: "AlphaTesting", dependencies: ["Alpha"], swiftSettings: swiftSettings),
        .testTarget(name: "AlphaTests", dependencies: ["Alpha", "AlphaTesting"], swiftSettings: swiftSettings),
    """)


class RulesTests(unittest.TestCase):
    def test_only_manifests_and_sources_can_change_a_package_api(self) -> None:
        self.assertEqual(package_of_api_file("Packages/Alpha/Package.swift"), "Alpha")
        self.assertEqual(package_of_api_file("Packages/Alpha/Sources/Alpha/Alpha.swift"), "Alpha")
        self.assertEqual(package_of_api_file("Packages/Alpha/Sources/AlphaC/include/shim.h"), "Alpha")
        self.assertEqual(package_of_api_file("Packages/Alpha/Sources/AlphaC/module.modulemap"), "Alpha")
        for path in ("Packages/Alpha/Tests/AlphaTests/AlphaTests.swift", "Packages/Alpha/README.md",
                     "Packages/Alpha/CHANGELOG.md", "Packages/Alpha/Sources/Alpha/Alpha.docc/Guide.md",
                     "Packages/Alpha/Sources/Alpha/Resources/font.ttf", "Apps/Ledger/Sources/Ledger/main.swift",
                     "Package.swift", "Packages/Package.swift"):
            with self.subTest(path=path):
                self.assertIsNone(package_of_api_file(path))

    def test_package_declarations_and_conformances_to_package_protocols_leave_the_dump(self) -> None:
        dump = {"ABIRoot": {"kind": "Root", "children": [
            {"kind": "TypeDecl", "name": "Secret", "usr": "s:secret", "isInternal": True},
            {"kind": "TypeDecl", "name": "Value", "usr": "s:value", "conformances": [
                {"kind": "Conformance", "name": "Secret", "usr": "s:secret"},
                {"kind": "Conformance", "name": "Sendable", "usr": "s:sendable"}],
             "children": [
                 {"kind": "Function", "name": "open", "usr": "s:open"},
                 {"kind": "Function", "name": "helper", "usr": "s:helper", "isInternal": True}]}]}}
        stripped = strip_package_symbols(dump)["ABIRoot"]
        self.assertEqual([c["name"] for c in stripped["children"]], ["Value"])
        value = stripped["children"][0]
        self.assertEqual([c["name"] for c in value["children"]], ["open"])
        self.assertEqual([c["name"] for c in value["conformances"]], ["Sendable"])
        self.assertEqual(len(dump["ABIRoot"]["children"]), 2, "the input is left as it was")

    def test_the_report_is_every_line_outside_the_section_headers(self) -> None:
        output = ("\n/* Generic Signature Changes */\n\n/* Removed Decls */\n"
                  "Func AlphaValue.legacy() has been removed\n"
                  "\n/* Type Changes */\nAPI breakage: func AlphaValue.greet(name:) has parameter 0 type change from "
                  "Swift.String to Swift.Int\n\n/* Others */\n")
        self.assertEqual(parse_diagnostics(output), [
            "Func AlphaValue.legacy() has been removed",
            "func AlphaValue.greet(name:) has parameter 0 type change from Swift.String to Swift.Int",
        ])
        self.assertEqual(parse_diagnostics("/* Removed Decls */\n\n/* Others */\n"), [])

    def test_a_removed_product_or_module_of_a_product_is_a_break_and_a_new_one_is_not(self) -> None:
        base = {"Alpha": ["Alpha"], "AlphaTesting": ["AlphaTesting"], "AlphaKit": ["AlphaKit", "AlphaExtra"]}
        head = {"Alpha": ["Alpha"], "AlphaKit": ["AlphaKit"], "AlphaNew": ["AlphaNew"]}
        self.assertEqual(product_changes(base, head), [
            "Product AlphaKit no longer contains the module AlphaExtra",
            "Product AlphaTesting has been removed",
        ])

    def test_allowlist_lines_match_with_or_without_the_module_and_only_star_is_special(self) -> None:
        patterns = parse_allowlist("# comment\n\nFunc AlphaValue.legacy() has been removed\n"
                                   "Alpha: Var Cache.* has been removed\nFunc [Swift.Int].x() has been removed\n")
        self.assertTrue(allowed("Alpha: Func AlphaValue.legacy() has been removed", patterns))
        self.assertTrue(allowed("Alpha: Var Cache.size has been removed", patterns))
        self.assertFalse(allowed("AlphaTesting: Var Cache.size has been removed", patterns))
        self.assertTrue(allowed("Alpha: Func [Swift.Int].x() has been removed", patterns))
        self.assertFalse(allowed("Alpha: Func S.x() has been removed", patterns))
        self.assertFalse(allowed("Alpha: Func AlphaValue.legacy() has been removed, and more", patterns))

    def test_breaking_entries_are_the_items_under_unreleased_breaking_only(self) -> None:
        text = """# Changelog

## [Unreleased]

### Added

- A new thing.

### Breaking changes

- `Foo.bar()` is gone:
  call `Foo.baz()`.
* `Qux` is a struct now.

## 1.0.0

### Breaking

- An old break.
"""
        self.assertEqual(breaking_entries(text), ["`Foo.bar()` is gone: call `Foo.baz()`.", "`Qux` is a struct now."])
        self.assertEqual(breaking_entries("# Changelog\n\n## 1.0.0\n\n### Breaking\n\n- Old.\n"), [])
        self.assertEqual(breaking_entries(None), [])

    def test_only_entries_the_base_did_not_have_declare_a_break(self) -> None:
        head = BASE_CHANGELOG.replace("### Breaking\n\n", "### Breaking\n\n- `legacy()` is gone.\n")
        self.assertEqual(new_breaking_entries(BASE_CHANGELOG, BASE_CHANGELOG), [])
        self.assertEqual(new_breaking_entries(BASE_CHANGELOG, head), ["`legacy()` is gone."])
        self.assertEqual(new_breaking_entries(None, head), ["`legacy()` is gone.", "`AlphaValue.old()` is gone: call "
                                                            "`greet(name:)`."])


def load_script():
    """Scripts/api-check as a module (it has no .py suffix)."""
    loader = importlib.machinery.SourceFileLoader("api_check", os.path.join(SCRIPTS, "api-check"))
    spec = importlib.util.spec_from_loader("api_check", loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


class BaselineSourceTests(unittest.TestCase):
    def test_only_files_whose_bytes_differ_are_rewritten_and_removed_ones_go(self) -> None:
        sync = load_script().sync
        with tempfile.TemporaryDirectory() as fresh, tempfile.TemporaryDirectory() as kept:
            for folder, files in ((kept, {"Same.swift": "same", "Changed.swift": "old", "Gone.swift": "gone"}),
                                  (fresh, {"Same.swift": "same", "Changed.swift": "new", "Sub/New.swift": "new"})):
                for name, text in files.items():
                    os.makedirs(os.path.dirname(os.path.join(folder, name)), exist_ok=True)
                    with open(os.path.join(folder, name), "w", encoding="utf-8") as handle:
                        handle.write(text)
            os.utime(os.path.join(kept, "Same.swift"), (1_000_000, 1_000_000))
            sync(fresh, kept)
            found = {os.path.relpath(os.path.join(d, f), kept) for d, _, fs in os.walk(kept) for f in fs}
            self.assertEqual(found, {"Same.swift", "Changed.swift", os.path.join("Sub", "New.swift")})
            with open(os.path.join(kept, "Changed.swift"), encoding="utf-8") as handle:
                self.assertEqual(handle.read(), "new")
            self.assertEqual(os.path.getmtime(os.path.join(kept, "Same.swift")), 1_000_000, "left untouched")


class ApiCheckTests(unittest.TestCase):
    """One fixture and one cache for the class: the baseline is built once, each test's head build is incremental."""

    @classmethod
    def setUpClass(cls) -> None:
        cls.fixture = Fixture()
        cls.fixture.write(SOURCE, BASE_SOURCE)
        cls.fixture.write("Packages/Alpha/CHANGELOG.md", BASE_CHANGELOG)
        cls.fixture.write("Packages/Alpha/Package.swift", ALPHA_MANIFEST)
        cls.fixture.write("Packages/Kernel/Package.swift", KERNEL_MANIFEST)
        cls.fixture.write("Packages/Kernel/Sources/Kernel/Kernel.swift",
                          "/// A shared value.\npublic struct Shared {}\n")
        cls.fixture.write(".gitignore", ".build/\n")
        cls.base = cls.fixture.commit("base")
        cls.cache = tempfile.TemporaryDirectory(prefix="api-check-cache-")

    @classmethod
    def tearDownClass(cls) -> None:
        cls.fixture.close()
        cls.cache.cleanup()

    def tearDown(self) -> None:
        self.fixture.git("checkout", "--quiet", "--", ".")
        self.fixture.git("clean", "--quiet", "-fd")

    def check(self, *args: str):
        return self.fixture.run_script("api-check", "--base", self.base, "--cache", self.cache.name, *args)

    def change(self, old: str, new: str) -> None:
        self.assertIn(old, BASE_SOURCE)
        self.fixture.write(SOURCE, BASE_SOURCE.replace(old, new))

    def test_a_change_that_touches_no_package_api_finishes_without_building(self) -> None:
        self.fixture.write("Packages/Alpha/README.md", "# Alpha\n\nMore words.\n")
        self.fixture.write("Packages/Alpha/Tests/AlphaTests/More.swift", "import Testing\n\n@Test func more() {}\n")
        self.fixture.write("Apps/Ledger/Sources/Ledger/main.swift", "print(1)\n")
        with tempfile.TemporaryDirectory() as cache:
            result = self.fixture.run_script("api-check", "--base", self.base, "--cache", cache)
            self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
            self.assertIn("no package's API files changed", result.stdout)
            self.assertEqual(os.listdir(cache), [], "nothing was built")

    def test_a_package_that_depends_on_the_kernel_by_path_builds_at_the_base(self) -> None:
        self.change("    /// Kept for old callers.\n    public func legacy() {}\n", "")
        result = self.check("--package", "Alpha")
        self.assertNotIn("cannot be accessed", result.stderr)
        self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
        self.assertIn("  Alpha: Func AlphaValue.legacy() has been removed\n", result.stdout)

    def test_a_removed_method_is_reported_and_fails_without_a_changelog_entry(self) -> None:
        self.change("    /// Kept for old callers.\n    public func legacy() {}\n", "")
        result = self.check()
        self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
        self.assertIn("Alpha: 1 breaking change", result.stdout)
        self.assertIn("  Alpha: Func AlphaValue.legacy() has been removed\n", result.stdout)
        self.assertIn("error: Packages/Alpha/CHANGELOG.md does not declare this break. Add an entry under "
                      "`## Unreleased` -> `### Breaking`", result.stdout)
        self.assertIn("api-check: FAILED: undeclared breaking changes in Alpha", result.stdout)

    def test_a_changed_signature_is_reported(self) -> None:
        self.change("public func greet(name: String) -> String { name }",
                    "public func greet(name: Int) -> String { String(name) }")
        result = self.check()
        self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
        self.assertIn("Alpha: Func AlphaValue.greet(name:) has parameter 0 type change from Swift.String to Swift.Int",
                      result.stdout)

    def test_package_symbols_are_not_api(self) -> None:
        source = BASE_SOURCE.replace("package func helper(_ value: Int) -> Int { value }",
                                     "package func helper(_ value: String) -> String { value }")
        self.fixture.write(SOURCE, source.replace("Sendable, AlphaSecret", "Sendable").replace(
            "\n/// Only this package's modules use it.\npackage protocol AlphaSecret {}\n", ""))
        result = self.check()
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertIn("Alpha: no breaking change", result.stdout)

    def test_an_addition_is_not_a_break(self) -> None:
        self.change("    /// Kept for old callers.",
                    "    /// New.\n    public func added() {}\n    /// Kept for old callers.")
        self.fixture.write("Packages/Alpha/Sources/Alpha/More.swift", "/// New.\npublic enum AlphaMore {}\n")
        result = self.check()
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertIn("Alpha: no breaking change", result.stdout)

    def test_a_break_declared_in_the_changelog_passes_and_is_shown(self) -> None:
        self.change("    /// Kept for old callers.\n    public func legacy() {}\n", "")
        self.fixture.write("Packages/Alpha/CHANGELOG.md", BASE_CHANGELOG.replace(
            "### Breaking\n\n", "### Breaking\n\n- `AlphaValue.legacy()` is gone: it did nothing.\n"))
        result = self.check()
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertIn("  Alpha: Func AlphaValue.legacy() has been removed\n", result.stdout)
        self.assertIn("declared in Packages/Alpha/CHANGELOG.md under Unreleased -> Breaking:\n"
                      "    - `AlphaValue.legacy()` is gone: it did nothing.", result.stdout)

    def test_an_older_entry_does_not_declare_a_new_break(self) -> None:
        self.change("    /// Kept for old callers.\n    public func legacy() {}\n", "")
        self.fixture.write("Packages/Alpha/CHANGELOG.md", BASE_CHANGELOG.replace("### Breaking", "### Added\n\n- X."
                                                                                  "\n\n### Breaking"))
        self.assertEqual(self.check().returncode, 1)

    def test_the_allowlist_keeps_a_change_that_is_not_api_out(self) -> None:
        self.change("    /// Kept for old callers.\n    public func legacy() {}\n", "")
        self.fixture.write("Packages/Alpha/api-breakage-allowlist.txt",
                           "# legacy() was never meant for clients\nFunc AlphaValue.legacy() has been removed\n")
        result = self.check()
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertIn("Alpha: no breaking change, 1 allowed by api-breakage-allowlist.txt", result.stdout)

    def test_a_removed_product_is_a_break(self) -> None:
        manifest = os.path.join(self.fixture.root, "Packages/Alpha/Package.swift")
        with open(manifest, encoding="utf-8") as handle:
            text = handle.read()
        self.fixture.write("Packages/Alpha/Package.swift", text.replace(
            '.library(name: "AlphaTesting", targets: ["AlphaTesting"]),', ""))
        result = self.check("--json")
        self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
        self.assertIn("Product AlphaTesting has been removed", result.stdout)
        self.assertIn("AlphaTesting: Module AlphaTesting has been removed", result.stdout)

    def test_a_package_that_does_not_build_at_the_head_is_an_error_not_a_pass(self) -> None:
        self.fixture.write(SOURCE, BASE_SOURCE + "\nlet broken: Int = \"text\"\n")
        result = self.check()
        self.assertEqual(result.returncode, 2, result.stdout + result.stderr)
        self.assertIn("swift build --package-path", result.stderr)


if __name__ == "__main__":
    unittest.main()
