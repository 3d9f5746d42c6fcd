"""Scripts/docs: its command line, and every kind of problem it reports, on a small fixture package.

`DocsCommandLineTests` needs no build. `DocsFixtureTests` builds one package with two modules (`Alpha`, its API
module, and `AlphaTesting`, whose doc comments link to `Alpha`) once, then breaks one thing per test and restores it
afterwards; the first build takes about ten seconds, each later run a few. DOCS_SKIP_BUILD=1 skips those.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import unittest

from Tests.fixtures import SCRIPTS, PackageFixtureCase, package_manifest, write_files

DOCS = os.path.join(SCRIPTS, "docs")

ALPHA_SWIFT = """/// Says hello, the capability a caller of ``Greeter`` wants.
public protocol Greeting: Sendable {
    /// A greeting for `name`, made by ``Greeter/greet(_:)`` in production.
    func greet(_ name: String) -> String
}

/// The production ``Greeting``.
public struct Greeter: Greeting {
    /// Creates a greeter.
    public init() {}

    /// `Hello, <name>!`
    public func greet(_ name: String) -> String {
        "Hello, \\(name)!"
    }
}
"""

ALPHA_TESTING_SWIFT = """public import Alpha

/// A ``/Alpha/Greeting`` that answers the same text whatever the name.
public struct StubGreeting: Greeting {
    /// The answer.
    public let answer: String

    /// A stub answering `answer`.
    public init(answer: String) {
        self.answer = answer
    }

    /// Returns ``answer``.
    public func greet(_ name: String) -> String {
        answer
    }
}
"""

ALPHA_MD = """# ``Alpha``

Greetings.

## Overview

The example, compiled by `Tests/AlphaTests/AlphaTests.swift`:

```swift
let text = Greeter().greet("Ann")
```

## Topics

### Greeting

- ``Greeting``
- ``Greeter``
"""

ALPHA_TESTING_MD = """# ``AlphaTesting``

Doubles for ``/Alpha/Greeting``.

## Topics

### Stubs

- ``StubGreeting``
"""

ALPHA_TESTS_SWIFT = """import Alpha
import Testing

@Test func greets() {
    let text = Greeter().greet("Ann")
    #expect(text == "Hello, Ann!")
}
"""

FIXTURE_FILES = {
    "Packages/Alpha/Package.swift": package_manifest("Alpha"),
    "Packages/Alpha/Sources/Alpha/Alpha.swift": ALPHA_SWIFT,
    "Packages/Alpha/Sources/Alpha/Alpha.docc/Alpha.md": ALPHA_MD,
    "Packages/Alpha/Sources/AlphaTesting/StubGreeting.swift": ALPHA_TESTING_SWIFT,
    "Packages/Alpha/Sources/AlphaTesting/AlphaTesting.docc/AlphaTesting.md": ALPHA_TESTING_MD,
    "Packages/Alpha/Tests/AlphaTests/AlphaTests.swift": ALPHA_TESTS_SWIFT,
}




def run_docs(root: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, DOCS, *args, "--root", root], capture_output=True, text=True)


class DocsCommandLineTests(unittest.TestCase):
    def setUp(self) -> None:
        folder = tempfile.TemporaryDirectory(prefix="docs-fixture-")
        self.addCleanup(folder.cleanup)
        self.root = folder.name
        write_files(self.root, FIXTURE_FILES)

    def test_help_prints_the_usage(self) -> None:
        result = run_docs(self.root, "--help")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("USAGE: Scripts/docs [--check]", result.stdout)
        self.assertIn("--check", result.stdout)

    def test_an_unknown_option_is_a_usage_error(self) -> None:
        result = run_docs(self.root, "--strict")
        self.assertEqual(result.returncode, 64)
        self.assertIn("unrecognized arguments: --strict", result.stderr)
        self.assertIn("USAGE:", result.stderr)

    def test_jobs_must_be_a_positive_number(self) -> None:
        for value in ("0", "-1", "two", ""):
            with self.subTest(jobs=value):
                result = run_docs(self.root, "--jobs", value)
                self.assertEqual(result.returncode, 64)
                self.assertIn("--jobs needs a number of at least 1", result.stderr)

    def test_an_option_without_its_value_is_a_usage_error(self) -> None:
        result = run_docs(self.root, "--package")
        self.assertEqual(result.returncode, 64)
        self.assertIn("--package", result.stderr)

    def test_an_unknown_package_is_named_with_the_packages_there_are(self) -> None:
        result = run_docs(self.root, "--package", "Beta")
        self.assertEqual(result.returncode, 64)
        self.assertIn("no package named 'Beta' under Packages/ (there are: Alpha)", result.stderr)
        self.assertFalse(os.path.exists(os.path.join(self.root, ".build", "docs")), "nothing may be built")

    def test_a_folder_without_packages_is_refused(self) -> None:
        shutil.rmtree(os.path.join(self.root, "Packages"))
        result = run_docs(self.root)
        self.assertEqual(result.returncode, 64)
        self.assertIn("no package under", result.stderr)

    def test_a_hosting_base_path_must_be_a_url_path(self) -> None:
        for value in ("", "/", "a b", "ledger/../x?", '"x"'):
            with self.subTest(path=value):
                result = run_docs(self.root, "--hosting-base-path", value)
                self.assertEqual(result.returncode, 64)
                self.assertIn("--hosting-base-path needs a URL path", result.stderr)

    def test_a_missing_docc_is_reported(self) -> None:
        result = run_docs(self.root, "--docc", os.path.join(self.root, "no-such-docc"))
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("docc not found", result.stderr)


@unittest.skipIf(os.environ.get("DOCS_SKIP_BUILD") == "1", "DOCS_SKIP_BUILD=1")
@unittest.skipIf(shutil.which("swift") is None, "needs a Swift toolchain")
class DocsFixtureTests(PackageFixtureCase):
    """Builds the fixture package once; each test changes one file and puts it back."""

    FILES = FIXTURE_FILES
    PREFIX = "docs-fixture-"

    def path(self, relative: str) -> str:
        return os.path.join(self.root, relative)

    def replace(self, relative: str, old: str, new: str) -> None:
        with open(self.path(relative), encoding="utf-8") as file:
            text = file.read()
        self.assertIn(old, text)
        with open(self.path(relative), "w", encoding="utf-8") as file:
            file.write(text.replace(old, new, 1))

    def test_a_clean_package_passes_the_check_and_lands_in_the_site(self) -> None:
        result = run_docs(self.root, "--check")
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertIn("Alpha: Alpha, AlphaTesting", result.stdout)
        self.assertIn("1 package, 2 modules, 0 problems", result.stdout)
        self.assertRegex(result.stdout, r"Scripts/docs: wall time \d+\.\d s")
        data = self.path(".build/docs/site/data/documentation")
        self.assertTrue(os.path.exists(os.path.join(data, "alpha", "greeter.json")))
        self.assertTrue(os.path.exists(os.path.join(data, "alphatesting", "stubgreeting.json")))

    def test_a_site_for_a_hosting_base_path_loads_from_it_and_its_root_leads_to_the_documentation(self) -> None:
        result = run_docs(self.root, "--hosting-base-path", "/ledger/")
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        with open(self.path(".build/docs/site/documentation/alpha/index.html"), encoding="utf-8") as page:
            self.assertIn('src="/ledger/js/', page.read())
        with open(self.path(".build/docs/site/index.html"), encoding="utf-8") as page:
            self.assertIn('content="0; url=/ledger/documentation/"', page.read())

    def test_a_broken_symbol_link_in_a_doc_comment_names_its_file_and_line(self) -> None:
        self.replace("Packages/Alpha/Sources/Alpha/Alpha.swift", "made by ``Greeter/greet(_:)``",
                     "made by ``Greeter/wave(_:)``")
        checked = run_docs(self.root, "--check")
        self.assertEqual(checked.returncode, 1, checked.stdout + checked.stderr)
        self.assertRegex(checked.stdout, r"Packages/Alpha/Sources/Alpha/Alpha\.swift:3:\d+: error: 'wave\(_:\)' "
                                         r"doesn't exist at '/Alpha/Greeter'")
        self.assertIn("FAILED --check", checked.stderr)
        # Without --check the same problem is a warning and the site is still built.
        built = run_docs(self.root)
        self.assertEqual(built.returncode, 0, built.stdout + built.stderr)
        self.assertRegex(built.stdout, r"Alpha\.swift:3:\d+: warning: 'wave\(_:\)' doesn't exist")

    def test_modules_of_an_existing_build_give_the_same_site_without_building_the_package(self) -> None:
        built = subprocess.run(["swift", "build", "--package-path", self.path("Packages/Alpha")],
                               capture_output=True, text=True)
        self.assertEqual(built.returncode, 0, built.stdout + built.stderr)
        modules = self.path("Packages/Alpha/.build/debug/Modules")
        if not os.path.isdir(modules):  # older toolchains keep the modules beside the products
            modules = self.path("Packages/Alpha/.build/debug")
        result = run_docs(self.root, "--check", "--modules", modules)
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertIn("1 package, 2 modules, 0 problems", result.stdout)
        data = self.path(".build/docs/site/data/documentation")
        self.assertTrue(os.path.exists(os.path.join(data, "alpha", "greeter.json")))
        missing = run_docs(self.root, "--check", "--modules", self.path("no-such-folder"))
        self.assertEqual(missing.returncode, 64)
        self.assertIn("is not a folder", missing.stderr)

    def test_a_broken_link_to_the_api_module_fails_in_the_test_kit(self) -> None:
        self.replace("Packages/Alpha/Sources/AlphaTesting/StubGreeting.swift", "``/Alpha/Greeting``",
                     "``/Alpha/Greetings``")
        result = run_docs(self.root, "--check")
        self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
        self.assertRegex(result.stdout, r"Packages/Alpha/Sources/AlphaTesting/StubGreeting\.swift:3:\d+: error: "
                                        r"'Greetings' doesn't exist at '/Alpha'")

    def test_a_symbol_no_topics_group_curates_is_named_with_its_declaration(self) -> None:
        self.replace("Packages/Alpha/Sources/Alpha/Alpha.docc/Alpha.md", "- ``Greeter``\n", "")
        result = run_docs(self.root, "--check")
        self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
        self.assertIn("Packages/Alpha/Sources/Alpha/Alpha.docc/Alpha.md: error: 'Greeter' (Structures, declared at "
                      "Packages/Alpha/Sources/Alpha/Alpha.swift:8) is in no Topics group", result.stdout)

    def test_a_module_without_a_catalog_fails_the_check(self) -> None:
        shutil.rmtree(self.path("Packages/Alpha/Sources/AlphaTesting/AlphaTesting.docc"))
        result = run_docs(self.root, "--check")
        self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
        self.assertIn("Packages/Alpha/Sources/AlphaTesting: error: AlphaTesting has no documentation catalog",
                      result.stdout)
        self.assertIn("(it has 1 public symbols to curate)", result.stdout)

    def test_a_swift_block_that_no_test_compiles_names_its_line(self) -> None:
        self.replace("Packages/Alpha/Sources/Alpha/Alpha.docc/Alpha.md", 'greet("Ann")', 'greet("Bob")')
        result = run_docs(self.root, "--check")
        self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
        self.assertIn("Packages/Alpha/Sources/Alpha/Alpha.docc/Alpha.md:9: error: this swift code block is not in any "
                      "file under Packages/Alpha/Tests", result.stdout)

    def test_a_topic_group_that_names_a_missing_symbol_is_a_docc_error(self) -> None:
        self.replace("Packages/Alpha/Sources/Alpha/Alpha.docc/Alpha.md", "- ``Greeter``", "- ``Greeter``\n- ``Waver``")
        result = run_docs(self.root, "--check")
        self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
        self.assertRegex(result.stdout, r"Alpha\.docc/Alpha\.md:\d+:\d+: error: 'Waver' doesn't exist at '/Alpha'")

    def test_a_package_that_does_not_compile_names_the_compiler_error(self) -> None:
        self.replace("Packages/Alpha/Sources/Alpha/Alpha.swift", "public init() {}", "public init() {")
        result = run_docs(self.root, "--check")
        self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
        self.assertIn("Packages/Alpha: `swift package dump-symbol-graph --emit-extension-block-symbols` failed",
                      result.stderr)
        self.assertRegex(result.stderr, r"Sources/Alpha/Alpha\.swift:\d+:\d+: error:")
        self.assertIn("FAILED: 1 build failed", result.stderr)
        self.assertIn("no site was built", result.stderr)
        self.assertFalse(os.path.exists(self.path(".build/docs/site")))


if __name__ == "__main__":
    unittest.main()
