"""Scripts/release: a package released as a mirror repository that SwiftPM depends on by URL.

`ReleaseModelTests` checks the pure rules (versions, what a break needs, mirror names, the manifest rewrite, the
CHANGELOG's sections) without git. `ReleaseCheckTests` runs the script on a fresh fixture repository per test
(Packages/Essentials, and Packages/Widget, which depends on it by path) with a stand-in for Scripts/api-check
(LEDGER_RELEASE_API_CHECK), one refusal per test: nothing there builds Swift. `EndToEndTests` releases Essentials
1.0.0 and Widget 1.0.0 into bare repositories, builds an outside consumer that depends on
`.package(url: "file://<Widget's mirror>", exact: "1.0.0")` and runs it (Essentials comes from its own mirror),
then releases Widget 1.1.0 with the real Scripts/api-check and resolves a consumer of `from: "1.0.0"` to it.
Measured on the loaded 2-core machine: see the class. RELEASE_SKIP_BUILD=1 skips it.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
import unittest

from Tests.fixtures import GIT_ENV, SCRIPTS, package_manifest, write_files

sys.path.insert(0, os.path.join(SCRIPTS, "lib"))
from api_breakage import breaking_entries, changelog_entries  # noqa: E402
from release_model import (  # noqa: E402
    ReleaseFailed, ReleaseRefused, breaking_change_allowed, load_config, mirror_identity, mirror_url,
    next_breaking_version, parse_version, released_versions, rewrite_manifest, valid_mirror_base)

RELEASE = os.path.join(SCRIPTS, "release")
#: A base that needs no repository: the checks never fetch from it without --push, and the rewritten manifest's
#: text stays the same across fixtures, so its evaluation is cached.
OFFLINE_BASE = "https://example.invalid/mirrors"

ESSENTIALS_MANIFEST = package_manifest(
    "Essentials",
    products='.library(name: "Essentials", targets: ["Essentials"]),',
    targets='.target(name: "Essentials", swiftSettings: swiftSettings),',
)
WIDGET_MANIFEST = package_manifest(
    "Widget",
    products='.library(name: "Widget", targets: ["Widget"]),',
    dependencies='.package(path: "../Essentials")',
    targets='.target(name: "Widget", dependencies: [.product(name: "Essentials", package: "Essentials")], '
            'swiftSettings: swiftSettings),',
)
ESSENTIALS_SOURCE = """/// Greets the same way in every package.
public enum Greeting {
    /// `Hello, <name>!`
    public static func hello(_ name: String) -> String { "Hello, \\(name)!" }
}
"""
WIDGET_SOURCE = """import Essentials

/// A widget that greets with the kernel's greeting.
public struct Widget: Sendable {
    /// Whom it greets.
    public let name: String
    /// Creates a widget.
    public init(name: String) { self.name = name }
    /// Its label.
    public var label: String { Greeting.hello(name) }
}
"""


def changelog(name: str, version: str = "1.0.0", breaking: str = "", unreleased: str = "") -> str:
    return (f"# Changelog of {name}\n\n## Unreleased\n{unreleased}\n## {version}\n\n### Breaking\n{breaking}\n"
            f"### Added\n\n- The package.\n")


FILES = {
    ".gitignore": ".build/\n.build-*/\n",
    "Packages/Essentials/Package.swift": ESSENTIALS_MANIFEST,
    "Packages/Essentials/Sources/Essentials/Greeting.swift": ESSENTIALS_SOURCE,
    "Packages/Essentials/CHANGELOG.md": changelog("Essentials"),
    "Packages/Widget/Package.swift": WIDGET_MANIFEST,
    "Packages/Widget/Sources/Widget/Widget.swift": WIDGET_SOURCE,
    "Packages/Widget/CHANGELOG.md": changelog("Widget"),
}

FAKE_API_CHECK = """import json, os, sys
with open(os.environ["FAKE_API_CHECK_LOG"], "a", encoding="utf-8") as log:
    log.write(json.dumps(sys.argv[1:]) + "\\n")
if os.environ.get("FAKE_API_CHECK_STATUS") == "2":
    print("api-check: `swift build --package-path Packages/Widget` failed", file=sys.stderr)
    sys.exit(2)
changes = json.loads(os.environ.get("FAKE_API_CHECK_CHANGES", "[]"))
name = sys.argv[sys.argv.index("--package") + 1]
print(json.dumps({"packages": [{"package": name, "changes": changes,
                                "status": "undeclared" if changes else "ok"}]}))
sys.exit(1 if changes else 0)
"""


def git(folder: str, *args: str, check: bool = True) -> str:
    result = subprocess.run(["git", "-C", folder, *args], capture_output=True, text=True, env=GIT_ENV)
    if check and result.returncode != 0:
        raise AssertionError(f"git {' '.join(args)} in {folder}: {result.stderr}")
    return result.stdout.strip()


class ReleaseRepository:
    """A monorepo with Essentials and Widget, committed on main, in a temporary folder; `mirrors/` beside it for
    bare mirror repositories and a fake api-check that answers what the test sets."""

    def __init__(self, files: dict[str, str] = FILES, template: "ReleaseRepository | None" = None) -> None:
        self._folder = tempfile.TemporaryDirectory(prefix="release-fixture-")
        self.folder = self._folder.name
        self.root = os.path.join(self.folder, "repo")
        self.mirrors = os.path.join(self.folder, "mirrors")
        if template is not None:  # a copy of another fixture, its git folder included (git needs no absolute path)
            shutil.copytree(template.root, self.root, symlinks=True)
            os.makedirs(self.mirrors)
        else:
            os.makedirs(self.mirrors)
            write_files(self.root, files)
            git(self.root, "init", "--quiet", "--initial-branch=main")
            self.commit("The packages")
        self.fake = os.path.join(self.folder, "fake-api-check.py")
        self.fake_log = os.path.join(self.folder, "fake-api-check.log")
        with open(self.fake, "w", encoding="utf-8") as handle:
            handle.write(FAKE_API_CHECK)
        self.api_changes: list[str] = []
        self.api_status = "0"

    def write(self, path: str, text: str) -> None:
        write_files(self.root, {path: text})

    def read(self, path: str) -> str:
        with open(os.path.join(self.root, path), encoding="utf-8") as handle:
            return handle.read()

    def commit(self, message: str) -> str:
        git(self.root, "add", "--all")
        git(self.root, "commit", "--quiet", "-m", message)
        return git(self.root, "rev-parse", "HEAD")

    def bare(self, name: str) -> str:
        """An empty bare repository under mirrors/ (a mirror as its host creates it)."""
        path = os.path.join(self.mirrors, name)
        subprocess.run(["git", "init", "--quiet", "--bare", "--initial-branch=main", path], check=True)
        return path

    def release(self, *args: str, base: str | None = OFFLINE_BASE, real_api_check: bool = False,
                niced: bool = False) -> subprocess.CompletedProcess:
        env = dict(GIT_ENV, FAKE_API_CHECK_LOG=self.fake_log, FAKE_API_CHECK_CHANGES=json.dumps(self.api_changes),
                   FAKE_API_CHECK_STATUS=self.api_status)
        if not real_api_check:
            env["LEDGER_RELEASE_API_CHECK"] = shlex.join([sys.executable, self.fake])
        command = (["nice"] if niced else []) + [sys.executable, RELEASE, *args, "--root", self.root]
        if base is not None:
            command += ["--mirror-base", base]
        return subprocess.run(command, capture_output=True, text=True, env=env)

    def api_calls(self) -> list[list[str]]:
        if not os.path.exists(self.fake_log):
            return []
        with open(self.fake_log, encoding="utf-8") as handle:
            return [json.loads(line) for line in handle]

    def refs(self) -> str:
        return git(self.root, "for-each-ref", "--format=%(refname) %(objectname)")

    def close(self) -> None:
        self._folder.cleanup()


class ReleaseModelTests(unittest.TestCase):
    def test_versions_are_three_plain_numbers(self) -> None:
        self.assertEqual(parse_version("1.2.3"), (1, 2, 3))
        self.assertEqual(parse_version("0.0.0"), (0, 0, 0))
        for text in ("", "1.0", "v1.0.0", "1.0.0-beta", "01.0.0", "1.0.0 ", "1.0.0\n", "1.0.0;rm -rf /",
                     "1" * 100_000 + ".0.0", "١.٠.٠", "1.0.0.0"):
            with self.subTest(text=text[:20]):
                self.assertIsNone(parse_version(text))

    def test_release_tags_give_the_versions_in_order_and_ignore_others(self) -> None:
        tags = ["Widget/1.10.0", "Widget/1.2.0", "Widget/v2.0.0", "Widgets/9.0.0", "Essentials/3.0.0", "Widget/x"]
        self.assertEqual(released_versions(tags, "Widget"), [(1, 2, 0), (1, 10, 0)])

    def test_a_break_needs_a_major_version_or_a_minor_one_before_1_0_0(self) -> None:
        self.assertFalse(breaking_change_allowed((1, 2, 0), (1, 3, 0)))
        self.assertTrue(breaking_change_allowed((1, 2, 0), (2, 0, 0)))
        self.assertFalse(breaking_change_allowed((0, 2, 0), (0, 2, 1)))
        self.assertTrue(breaking_change_allowed((0, 2, 0), (0, 3, 0)))
        self.assertTrue(breaking_change_allowed((0, 2, 0), (1, 0, 0)))
        self.assertEqual(next_breaking_version((1, 2, 3)), (2, 0, 0))
        self.assertEqual(next_breaking_version((0, 2, 3)), (0, 3, 0))

    def test_mirror_names_and_bases(self) -> None:
        self.assertEqual(mirror_identity("SectionsRegistry"), "ledger-sectionsregistry")
        self.assertEqual(mirror_url("https://github.com/acme/", "Storage"), "https://github.com/acme/ledger-storage")
        for base in ("https://github.com/acme", "file:///tmp/mirrors", "git@github.com:acme", "ssh://git@host/a"):
            with self.subTest(base=base):
                self.assertTrue(valid_mirror_base(base))
        for base in ("", "github.com/acme", 'https://x/"); evil("', "https://x/a b", "https://x/\\(x)",
                     "file:///tmp/../etc", "/tmp/mirrors"):
            with self.subTest(base=base):
                self.assertFalse(valid_mirror_base(base))

    def test_the_kernel_path_becomes_its_mirror_and_the_products_name_its_identity(self) -> None:
        rewrite = rewrite_manifest(WIDGET_MANIFEST, "Packages/Widget", "Essentials",
                                   "https://example.invalid/ledger-essentials", (1, 4, 0))
        self.assertIn('.package(url: "https://example.invalid/ledger-essentials", from: "1.4.0")', rewrite.text)
        self.assertIn('.product(name: "Essentials", package: "ledger-essentials")', rewrite.text)
        self.assertNotIn("path:", rewrite.text)
        self.assertEqual(rewrite.changes, [('.package(path: "../Essentials")', '.package(url: '
                                            '"https://example.invalid/ledger-essentials", from: "1.4.0")')])
        older = WIDGET_MANIFEST.replace('.package(path: "../Essentials")',
                                        '.package(name: "Essentials", path: "../Essentials/")')
        self.assertEqual(len(rewrite_manifest(older, "Packages/Widget", "Essentials", "u", (1, 0, 0)).changes), 1)
        self.assertEqual(rewrite_manifest(ESSENTIALS_MANIFEST, "Packages/Essentials", "Essentials", None, None).text,
                         ESSENTIALS_MANIFEST, "a package without dependencies is left as it is")

    def test_another_path_an_unreleased_kernel_or_no_mirror_base_is_refused(self) -> None:
        other = WIDGET_MANIFEST.replace('.package(path: "../Essentials")',
                                        '.package(path: "../Essentials"), .package(path: "../Gadget")')
        with self.assertRaisesRegex(ReleaseRefused, r"depends on \.\./Gadget by path"):
            rewrite_manifest(other, "Packages/Widget", "Essentials", "u", (1, 0, 0))
        with self.assertRaisesRegex(ReleaseRefused, "which has no release yet: release it first"):
            rewrite_manifest(WIDGET_MANIFEST, "Packages/Widget", "Essentials", "u", None)
        with self.assertRaisesRegex(ReleaseRefused, "set mirrorBase in Scripts/lib/release_config.json"):
            rewrite_manifest(WIDGET_MANIFEST, "Packages/Widget", "Essentials", None, (1, 0, 0))

    def test_changelog_sections_by_version_and_their_breaking_entries(self) -> None:
        text = ("# Changelog\n\n## Unreleased\n\n### Breaking\n\n## [2.0.0] - 2025-02-01\n\n### Breaking\n\n"
                "- `old()` is gone: call `new()`.\n\n### Added\n\n- `new()`.\n\n## 1.0.0\n\n- The package.\n")
        self.assertEqual(changelog_entries(text, "unreleased"), [])
        self.assertEqual(changelog_entries(text, "2.0.0"), ["`old()` is gone: call `new()`.", "`new()`."])
        self.assertEqual(breaking_entries(text, "2.0.0"), ["`old()` is gone: call `new()`."])
        self.assertEqual(changelog_entries(text, "1.0.0"), ["The package."])
        self.assertIsNone(changelog_entries(text, "1.1.0"))
        self.assertIsNone(changelog_entries(text, "2.0"), "a section is named by its whole version")

    def test_the_configuration_is_read_over_the_defaults_and_a_wrong_one_is_named(self) -> None:
        with tempfile.TemporaryDirectory() as root:
            self.assertEqual(load_config(root)["releaseBranch"], "main")
            write_files(root, {"Scripts/lib/release_config.json": '{"_about": "x", "mirrorBase": "file:///m"}'})
            self.assertEqual(load_config(root)["mirrorBase"], "file:///m")
            write_files(root, {"Scripts/lib/release_config.json": '{"mirrorbase": "file:///m"}'})
            with self.assertRaisesRegex(ReleaseFailed, "'mirrorbase' is not a setting"):
                load_config(root)
            write_files(root, {"Scripts/lib/release_config.json": "{"})
            with self.assertRaisesRegex(ReleaseFailed, "is not readable JSON"):
                load_config(root)

    def test_the_checked_in_configuration_loads(self) -> None:
        config = load_config(os.path.dirname(SCRIPTS))
        self.assertEqual(config["releaseBranch"], "main")
        self.assertTrue(config["mirrorBase"] == "" or valid_mirror_base(config["mirrorBase"]))


@unittest.skipIf(shutil.which("swift") is None, "needs a Swift toolchain (the script evaluates manifests)")
class ReleaseCheckTests(unittest.TestCase):
    """A fresh repository per test, Essentials 1.0.0 released in it (locally, to an offline mirror base): a copy
    of one made for the class."""

    template: ReleaseRepository

    @classmethod
    def setUpClass(cls) -> None:
        cls.template = ReleaseRepository()
        result = cls.template.release("Essentials", "1.0.0")
        if result.returncode != 0:
            cls.template.close()
            raise AssertionError(result.stdout + result.stderr)

    @classmethod
    def tearDownClass(cls) -> None:
        cls.template.close()

    def setUp(self) -> None:
        self.repo = ReleaseRepository(template=self.template)
        self.addCleanup(self.repo.close)

    def released(self, name: str, version: str, *args: str) -> subprocess.CompletedProcess:
        result = self.repo.release(name, version, *args)
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        return result

    def refused(self, result: subprocess.CompletedProcess, *phrases: str) -> None:
        self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
        self.assertIn("release: refused: ", result.stderr)
        for phrase in phrases:
            self.assertIn(phrase, result.stderr)

    def next_version(self, version: str, breaking: str = "", source: str | None = None) -> None:
        """A commit that changes Widget and renames its Unreleased section to `version`."""
        self.repo.write("Packages/Widget/Sources/Widget/Widget.swift", source or WIDGET_SOURCE.replace(
            "/// Its label.", "/// Says it louder.\n    public var shout: String { label.uppercased() }\n"
                              "    /// Its label."))
        text = self.repo.read("Packages/Widget/CHANGELOG.md")
        self.repo.write("Packages/Widget/CHANGELOG.md", text.replace(
            "## Unreleased\n", f"## Unreleased\n\n## {version}\n\n### Breaking\n{breaking}\n"))
        self.repo.commit(f"Widget {version}")

    def test_a_first_release_tags_main_and_makes_the_mirror_branch_without_an_api_check(self) -> None:
        head = git(self.repo.root, "rev-parse", "HEAD")
        result = self.released("Widget", "1.0.0")
        self.assertIn("API: the first release of Widget, nothing to compare with", result.stdout)
        self.assertEqual(self.repo.api_calls(), [])
        self.assertEqual(git(self.repo.root, "rev-parse", "Widget/1.0.0^{commit}"), head)
        self.assertEqual(git(self.repo.root, "cat-file", "-t", "Widget/1.0.0"), "tag", "an annotated tag")
        mirror = git(self.repo.root, "rev-parse", "mirror/Widget")
        self.assertEqual(git(self.repo.root, "rev-parse", "mirror/Widget/1.0.0"), mirror)
        self.assertEqual(git(self.repo.root, "log", "-1", "--format=%s", mirror), "Widget 1.0.0")
        manifest = git(self.repo.root, "show", f"{mirror}:Package.swift")
        self.assertIn(f'.package(url: "{OFFLINE_BASE}/ledger-essentials", from: "1.0.0")', manifest)
        self.assertIn('package: "ledger-essentials"', manifest)
        self.assertEqual(git(self.repo.root, "show", f"{mirror}:Sources/Widget/Widget.swift") + "\n", WIDGET_SOURCE)
        self.assertEqual(git(self.repo.root, "rev-parse", "HEAD"), head, "main does not move")
        self.assertEqual(git(self.repo.root, "status", "--porcelain"), "", "the working tree is left as it was")
        self.assertIn(f"git push {OFFLINE_BASE}/ledger-widget refs/heads/mirror/Widget:refs/heads/main "
                      "refs/tags/mirror/Widget/1.0.0:refs/tags/1.0.0", result.stdout)
        self.assertIn("git push origin refs/tags/Widget/1.0.0", result.stdout)

    def test_the_kernel_mirror_keeps_its_manifest(self) -> None:
        self.assertEqual(git(self.repo.root, "show", "mirror/Essentials:Package.swift") + "\n", ESSENTIALS_MANIFEST)

    def test_a_dry_run_checks_and_prints_the_plan_and_changes_nothing(self) -> None:
        before = self.repo.refs()
        result = self.released("Widget", "1.0.0", "--dry-run")
        self.assertIn("every check passed; a release would:", result.stdout)
        self.assertIn("split Packages/Widget of", result.stdout)
        self.assertIn(f'.package(url: "{OFFLINE_BASE}/ledger-essentials", from: "1.0.0")', result.stdout)
        self.assertIn("tag the release commit mirror/Widget/1.0.0, and HEAD Widget/1.0.0", result.stdout)
        self.assertEqual(self.repo.refs(), before)

    def test_bad_version_strings_are_a_wrong_command_line_and_nothing_runs(self) -> None:
        before = self.repo.refs()
        for version in ("", "1.0", "v1.0.0", "1.0.0;rm -rf /", "$(touch pwned)", "1.0.0-beta", "1" * 100_000 + ".0.0"):
            with self.subTest(version=version[:20]):
                result = self.repo.release("Widget", version)
                self.assertEqual(result.returncode, 64, result.stderr[:2000])
                self.assertIn("VERSION must be three numbers x.y.z", result.stderr)
                self.assertLess(len(result.stderr), 4000, "a huge argument is not echoed whole")
                self.assertEqual(result.stdout, "")
        self.assertEqual(self.repo.refs(), before)
        self.assertFalse(os.path.exists(os.path.join(self.repo.root, "pwned")))

    def test_bad_names_and_options_are_a_wrong_command_line(self) -> None:
        for args in (("../Essentials", "1.0.0"), ("Widget;rm", "1.0.0"), ("", "1.0.0"), ("Widget",),
                     ("Widget", "1.0.0", "--frobnicate")):
            with self.subTest(args=args):
                self.assertEqual(self.repo.release(*args).returncode, 64)
        result = self.repo.release("Widget", "1.0.0", base='https://x/"); evil("')
        self.assertEqual(result.returncode, 64)
        self.assertIn("--mirror-base must be a URL", result.stderr)

    def test_an_unknown_package_is_refused_with_the_packages_there_are(self) -> None:
        self.refused(self.repo.release("Gadget", "1.0.0"), "there is no package Packages/Gadget: name one of "
                                                           "Essentials, Widget")

    def test_a_version_without_its_changelog_section_is_refused(self) -> None:
        self.refused(self.repo.release("Widget", "1.1.0"),
                     "Packages/Widget/CHANGELOG.md has no `## 1.1.0` section: in the release pull request, rename "
                     "`## Unreleased` to `## 1.1.0`")

    def test_changes_left_under_unreleased_are_refused(self) -> None:
        self.repo.write("Packages/Widget/CHANGELOG.md", changelog("Widget", unreleased="\n- `Widget.shout`.\n"))
        self.repo.commit("An unreleased change")
        self.refused(self.repo.release("Widget", "1.0.0"), "lists 1 change under `## Unreleased`")

    def test_a_version_that_is_not_above_the_last_release_is_refused(self) -> None:
        self.released("Widget", "1.0.0")
        self.refused(self.repo.release("Widget", "1.0.0"), "Widget 1.0.0 is not above its last release 1.0.0 "
                                                           "(tag Widget/1.0.0): choose a higher version")
        self.next_version("0.9.0")
        self.refused(self.repo.release("Widget", "0.9.0"), "is not above its last release 1.0.0")

    def test_a_break_that_api_check_reports_needs_a_major_version(self) -> None:
        self.released("Widget", "1.0.0")
        self.next_version("1.1.0", breaking="\n- `label` is gone.\n")
        self.repo.api_changes = ["Widget: Var Widget.label has been removed"]
        self.refused(self.repo.release("Widget", "1.1.0"),
                     "Widget 1.1.0 breaks the API of 1.0.0 (api-check reports 1 breaking change since Widget/1.0.0, "
                     "such as 'Widget: Var Widget.label has been removed'",
                     "which needs a new major version: release 2.0.0")
        self.assertEqual(self.repo.api_calls(), [["--base", "Widget/1.0.0", "--package", "Widget", "--json",
                                                  "--root", self.repo.root]])

    def test_a_declared_break_needs_a_major_version_even_when_api_check_finds_none(self) -> None:
        self.released("Widget", "1.0.0")
        self.next_version("1.1.0", breaking="\n- `label` now says goodbye.\n")
        self.refused(self.repo.release("Widget", "1.1.0"), "`## 1.1.0` of its CHANGELOG.md lists 1 under `### "
                                                           "Breaking`", "release 2.0.0")

    def test_a_declared_break_with_a_major_version_is_released(self) -> None:
        self.released("Widget", "1.0.0")
        self.next_version("2.0.0", breaking="\n- `label` is gone.\n")
        self.repo.api_changes = ["Widget: Var Widget.label has been removed"]
        result = self.released("Widget", "2.0.0")
        self.assertIn("API: 1 breaking change, declared since Widget/1.0.0", result.stdout)

    def test_before_1_0_0_a_break_needs_a_minor_version(self) -> None:
        self.repo.write("Packages/Widget/CHANGELOG.md", changelog("Widget", "0.1.0"))
        self.repo.commit("Widget 0.1.0")
        self.released("Widget", "0.1.0")
        self.next_version("0.1.1", breaking="\n- `label` is gone.\n")
        self.repo.api_changes = ["Widget: Var Widget.label has been removed"]
        self.refused(self.repo.release("Widget", "0.1.1"), "which needs a new minor version (while the major "
                                                           "version is 0", "release 0.2.0")
        self.next_version("0.2.0", breaking="\n- `label` is gone.\n")
        self.released("Widget", "0.2.0")

    def test_a_break_that_the_version_section_does_not_declare_is_refused(self) -> None:
        self.released("Widget", "1.0.0")
        self.next_version("2.0.0")
        self.repo.api_changes = ["Widget: Var Widget.label has been removed"]
        self.refused(self.repo.release("Widget", "2.0.0"), "that `## 2.0.0` of Packages/Widget/CHANGELOG.md does "
                                                           "not declare: list each under `### Breaking` there")

    def test_an_api_check_that_cannot_run_is_not_a_pass(self) -> None:
        self.released("Widget", "1.0.0")
        self.next_version("1.1.0")
        self.repo.api_status = "2"
        result = self.repo.release("Widget", "1.1.0")
        self.assertEqual(result.returncode, 2, result.stdout + result.stderr)
        self.assertIn("the API check failed (exit 2)", result.stderr)
        self.assertIn("swift build --package-path Packages/Widget", result.stderr)
        self.assertNotIn("Widget/1.1.0", git(self.repo.root, "tag"))

    def test_a_dirty_working_tree_is_refused(self) -> None:
        self.repo.write("Packages/Widget/Sources/Widget/Widget.swift", WIDGET_SOURCE + "\n")
        self.refused(self.repo.release("Widget", "1.0.0"), "the working tree has 1 uncommitted change (such as "
                                                           "Packages/Widget/Sources/Widget/Widget.swift): commit or "
                                                           "stash it first")
        git(self.repo.root, "checkout", "--", ".")
        self.repo.write("Packages/Widget/Sources/Widget/New.swift", "")
        self.refused(self.repo.release("Widget", "1.0.0"), "Packages/Widget/Sources/Widget/New.swift")

    def test_a_head_that_is_not_on_the_release_branch_is_refused(self) -> None:
        git(self.repo.root, "switch", "--quiet", "-c", "feature")
        self.refused(self.repo.release("Widget", "1.0.0"), "HEAD is on 'feature': releases are made from 'main'")
        self.released("Widget", "1.0.0", "--branch", "feature", "--dry-run")
        git(self.repo.root, "switch", "--quiet", "--detach", "main")
        self.refused(self.repo.release("Widget", "1.0.0"), "HEAD is not on a branch")

    def test_a_package_that_depends_on_an_unreleased_kernel_is_refused(self) -> None:
        repo = ReleaseRepository()
        self.addCleanup(repo.close)
        result = repo.release("Widget", "1.0.0")
        self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
        self.assertIn("Packages/Widget depends on the shared kernel Essentials, which has no release yet: release "
                      "it first (Scripts/release Essentials VERSION)", result.stderr)
        self.assertNotIn("mirror/Widget", repo.refs())

    def test_a_kernel_changed_since_its_release_is_refused(self) -> None:
        self.repo.write("Packages/Essentials/Sources/Essentials/Greeting.swift",
                        ESSENTIALS_SOURCE.replace("Hello", "Hi"))
        self.repo.commit("A new greeting")
        self.refused(self.repo.release("Widget", "1.0.0"),
                     "Essentials has changed since its release 1.0.0 (tag Essentials/1.0.0; 1 file, such as "
                     "Packages/Essentials/Sources/Essentials/Greeting.swift)", "release Essentials first")

    def test_a_path_dependency_on_another_package_is_refused(self) -> None:
        self.repo.write("Packages/Gadget/Package.swift", package_manifest("Gadget", targets=".target(name: "
                                                                          '"Gadget"),', products=".library(name: "
                                                                          '"Gadget", targets: ["Gadget"]),'))
        self.repo.write("Packages/Widget/Package.swift", WIDGET_MANIFEST.replace(
            '.package(path: "../Essentials")', '.package(path: "../Essentials"), .package(path: "../Gadget")'))
        self.repo.commit("Widget uses Gadget")
        self.refused(self.repo.release("Widget", "1.0.0"), "Packages/Widget/Package.swift depends on "
                                                           "Packages/Gadget by path")

    def test_the_mirror_base_comes_from_the_configuration_and_is_needed(self) -> None:
        self.refused(self.repo.release("Widget", "1.0.0", base=None), "set mirrorBase in "
                                                                      "Scripts/lib/release_config.json or pass "
                                                                      "--mirror-base URL")
        self.repo.write("Scripts/lib/release_config.json", json.dumps({"mirrorBase": OFFLINE_BASE}))
        self.repo.commit("The mirrors")
        self.repo.release("Widget", "1.0.0", base=None)
        self.assertIn(f'"{OFFLINE_BASE}/ledger-essentials"', git(self.repo.root, "show", "mirror/Widget:Package.swift"))

    def test_pushing_needs_the_kernel_release_on_its_mirror(self) -> None:
        base = "file://" + self.repo.mirrors
        self.repo.bare("ledger-essentials")
        result = self.repo.release("Widget", "1.0.0", "--push", base=base)
        self.refused(result, f"Essentials 1.0.0 is not on its mirror {base}/ledger-essentials: publish it first")

    def test_a_clone_without_the_mirror_branch_must_fetch_it_to_continue(self) -> None:
        self.released("Widget", "1.0.0")
        git(self.repo.root, "branch", "-D", "mirror/Widget")
        self.next_version("1.1.0")
        self.refused(self.repo.release("Widget", "1.1.0"), "mirror/Widget (its mirror's history) is not in this "
                                                           "clone: fetch it (git fetch")

    def test_a_rewritten_history_does_not_continue_the_mirror(self) -> None:
        self.released("Widget", "1.0.0")
        self.next_version("1.1.0")
        git(self.repo.root, "checkout", "--quiet", "--orphan", "rewritten")
        self.repo.commit("Everything again, in one commit")
        git(self.repo.root, "branch", "--quiet", "-M", "main")
        self.refused(self.repo.release("Widget", "1.1.0"), "the split of Packages/Widget does not continue "
                                                           "mirror/Widget")
        self.assertNotIn("Widget/1.1.0", git(self.repo.root, "tag"))


@unittest.skipIf(os.environ.get("RELEASE_SKIP_BUILD") == "1", "RELEASE_SKIP_BUILD=1")
@unittest.skipIf(shutil.which("swift") is None, "needs a Swift toolchain")
class EndToEndTests(unittest.TestCase):
    """One repository for the class: Essentials 1.0.0 and Widget 1.0.0 released and pushed to bare mirrors; one
    consumer built against them; Widget 1.1.0 released with the real api-check; a second consumer resolved."""

    repo: ReleaseRepository
    results: dict
    seconds: dict

    @classmethod
    def setUpClass(cls) -> None:
        cls.repo = repo = ReleaseRepository()
        cls.results, cls.seconds = {}, {}
        cls.base = "file://" + repo.mirrors
        origin = repo.bare("origin.git")
        git(repo.root, "remote", "add", "origin", origin)
        git(repo.root, "push", "--quiet", "origin", "main")
        repo.bare("ledger-essentials")
        repo.bare("ledger-widget")
        cls.heads = {"1.0.0": git(repo.root, "rev-parse", "HEAD")}
        cls.step("essentials", lambda: repo.release("Essentials", "1.0.0", "--push", base=cls.base, niced=True))
        cls.step("widget", lambda: repo.release("Widget", "1.0.0", "--push", base=cls.base, niced=True))
        cls.consumer = os.path.join(repo.folder, "consumer")
        write_files(cls.consumer, {
            "Package.swift": cls.consumer_manifest("Consumer", 'exact: "1.0.0"', executable=True),
            "Sources/Consumer/main.swift": "import Widget\n\nprint(Widget(name: \"Ann\").label)\n",
        })
        scratch = os.path.join(repo.folder, "consumer-build")
        build = ["nice", "swift", "build", "--package-path", cls.consumer, "--scratch-path", scratch]
        cache = os.environ.get("LEDGER_MODULE_CACHE", "") or os.path.join(
            os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"),
            "ledger-monorepo", "module-cache")
        if cache != "off":
            build += ["-Xswiftc", "-module-cache-path", "-Xswiftc", cache]
        cls.step("build", lambda: subprocess.run(build, capture_output=True, text=True))
        binary = subprocess.run(build + ["--show-bin-path"], capture_output=True, text=True).stdout.strip()
        cls.results["run"] = subprocess.run([os.path.join(binary, "Consumer")], capture_output=True, text=True)
        # Widget 1.1.0: an addition, released after the real API check against Widget/1.0.0.
        repo.write("Packages/Widget/Sources/Widget/Widget.swift", WIDGET_SOURCE.replace(
            "/// Its label.", "/// Says it louder.\n    public var shout: String { label.uppercased() }\n"
                              "    /// Its label."))
        repo.write("Packages/Widget/CHANGELOG.md", repo.read("Packages/Widget/CHANGELOG.md").replace(
            "## Unreleased\n", "## Unreleased\n\n## 1.1.0\n\n### Added\n\n- `Widget.shout`.\n"))
        cls.heads["1.1.0"] = repo.commit("Widget.shout")
        git(repo.root, "push", "--quiet", "origin", "main")
        cls.step("widget 1.1.0", lambda: repo.release("Widget", "1.1.0", "--push", base=cls.base,
                                                      real_api_check=True, niced=True))
        later = os.path.join(repo.folder, "later-consumer")
        write_files(later, {"Package.swift": cls.consumer_manifest("Later", 'from: "1.0.0"', executable=False),
                            "Sources/Later/Later.swift": "import Widget\n"})
        cls.step("resolve", lambda: subprocess.run(
            ["nice", "swift", "package", "resolve", "--package-path", later, "--scratch-path",
             os.path.join(repo.folder, "later-build")], capture_output=True, text=True))
        try:
            with open(os.path.join(later, "Package.resolved"), encoding="utf-8") as handle:
                cls.resolved = {pin["identity"]: pin["state"].get("version") for pin in json.load(handle)["pins"]}
        except OSError:
            cls.resolved = {}

    @classmethod
    def step(cls, name: str, action) -> None:
        started = time.monotonic()
        cls.results[name] = action()
        cls.seconds[name] = round(time.monotonic() - started, 1)

    @classmethod
    def consumer_manifest(cls, name: str, requirement: str, executable: bool) -> str:
        kind = "executableTarget" if executable else "target"
        return f"""// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "{name}",
    dependencies: [.package(url: "{cls.base}/ledger-widget", {requirement})],
    targets: [.{kind}(name: "{name}", dependencies: [.product(name: "Widget", package: "ledger-widget")])],
    swiftLanguageModes: [.v6]
)
"""

    @classmethod
    def tearDownClass(cls) -> None:
        print(f"\n  release end to end, seconds per step: {cls.seconds}", file=sys.stderr)
        cls.repo.close()

    def ok(self, name: str) -> subprocess.CompletedProcess:
        result = self.results[name]
        self.assertEqual(result.returncode, 0, f"{name}:\n{result.stdout}\n{result.stderr}"[-6000:])
        return result

    def mirror(self, name: str, *args: str) -> str:
        return git(os.path.join(self.repo.mirrors, name), *args)

    def test_the_releases_are_pushed_to_their_mirrors_and_the_tags_to_origin(self) -> None:
        for name in ("essentials", "widget", "widget 1.1.0"):
            self.ok(name)
        self.assertEqual(self.mirror("ledger-essentials", "tag"), "1.0.0")
        self.assertEqual(self.mirror("ledger-widget", "tag").split(), ["1.0.0", "1.1.0"])
        self.assertEqual(self.mirror("ledger-widget", "log", "--first-parent", "--format=%s", "main").split("\n"),
                         ["Widget 1.1.0", "Widget 1.0.0", "The packages"])
        origin = os.path.join(self.repo.mirrors, "origin.git")
        self.assertEqual(git(origin, "tag").split(), ["Essentials/1.0.0", "Widget/1.0.0", "Widget/1.1.0"])
        self.assertEqual(git(origin, "rev-parse", "Widget/1.0.0^{commit}"), self.heads["1.0.0"])
        self.assertEqual(git(origin, "rev-parse", "Widget/1.1.0^{commit}"), self.heads["1.1.0"])

    def test_the_mirror_holds_the_package_at_its_root_with_the_kernel_by_url(self) -> None:
        self.ok("widget")
        manifest = self.mirror("ledger-widget", "show", "1.0.0:Package.swift")
        self.assertIn(f'.package(url: "{self.base}/ledger-essentials", from: "1.0.0")', manifest)
        self.assertNotIn("path:", manifest)
        self.assertEqual(self.mirror("ledger-widget", "ls-tree", "--name-only", "1.0.0").split(),
                         ["CHANGELOG.md", "Package.swift", "Sources"])

    def test_a_consumer_depending_by_url_on_the_exact_version_builds_and_runs(self) -> None:
        self.ok("build")
        run = self.ok("run")
        self.assertEqual(run.stdout, "Hello, Ann!\n", "Widget's label is the kernel's greeting")

    def test_a_later_release_continues_the_mirror_and_from_1_0_0_resolves_to_it(self) -> None:
        release = self.ok("widget 1.1.0")
        self.assertIn("API: no breaking change since Widget/1.0.0", release.stdout)
        self.assertIn("(continues mirror/Widget)", release.stdout)
        first, second = self.mirror("ledger-widget", "rev-parse", "1.0.0", "1.1.0").split()
        self.assertEqual(self.mirror("ledger-widget", "rev-parse", f"{second}^1"), first, "a fast-forward")
        first_split = self.mirror("ledger-widget", "rev-parse", f"{first}^1")
        second_split = self.mirror("ledger-widget", "rev-parse", f"{second}^2")
        self.assertEqual(subprocess.run(["git", "-C", os.path.join(self.repo.mirrors, "ledger-widget"), "merge-base",
                                         "--is-ancestor", first_split, second_split]).returncode, 0,
                         "the second split continues the first")
        self.ok("resolve")
        self.assertEqual(self.resolved, {"ledger-widget": "1.1.0", "ledger-essentials": "1.0.0"})


if __name__ == "__main__":
    unittest.main()
