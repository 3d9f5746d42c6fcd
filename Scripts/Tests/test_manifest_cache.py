"""The scripts' cache of `swift package dump-package`: answers by toolchain, manifest bytes and folder, paths under
the repository relative to it, and never for a manifest that can see more than its own text."""

from __future__ import annotations

import glob
import json
import os
import shutil
import sys
import tempfile
import unittest
from unittest import mock

from Tests.fixtures import SCRIPTS, Fixture, package_manifest

sys.path.insert(0, os.path.join(SCRIPTS, "lib"))
import repo_model  # noqa: E402

FOLDER = "Apps/CompositionRoot"


@unittest.skipIf(shutil.which("swift") is None, "needs a Swift toolchain")
class ManifestCacheTests(unittest.TestCase):
    def setUp(self) -> None:
        self.cache = tempfile.TemporaryDirectory(prefix="manifest-cache-")
        self.addCleanup(self.cache.cleanup)
        self.use_cache(self.cache.name)
        self.fixtures = [Fixture(), Fixture()]
        for fixture in self.fixtures:
            self.addCleanup(fixture.close)

    def use_cache(self, setting: str) -> None:
        patch = mock.patch.dict(os.environ, {"LEDGER_MANIFEST_CACHE": setting})
        patch.start()
        self.addCleanup(patch.stop)
        repo_model.ManifestCache._shared = None
        self.addCleanup(setattr, repo_model.ManifestCache, "_shared", None)

    def stored(self) -> list[str]:
        return sorted(glob.glob(os.path.join(self.cache.name, "*", "*.json")))

    def uncached(self, root: str, folder: str) -> dict:
        with mock.patch.object(repo_model.ManifestCache, "get", return_value=None):
            with mock.patch.object(repo_model.ManifestCache, "put"):
                return repo_model.dump_package(root, folder)

    def test_another_clone_is_answered_from_the_cache_with_its_own_paths(self) -> None:
        first, second = (fixture.root for fixture in self.fixtures)
        repo_model.dump_package(first, FOLDER)
        self.assertEqual(len(self.stored()), 1)
        with open(self.stored()[0], encoding="utf-8") as handle:
            self.assertNotIn(first, handle.read(), "paths under the repository are stored relative to it")
        answer = repo_model.dump_package(second, FOLDER)
        self.assertEqual(len(self.stored()), 1)
        self.assertEqual(answer, self.uncached(second, FOLDER))
        self.assertIn(os.path.join(second, "Packages", "Alpha"), json.dumps(answer))

    def test_the_stored_answer_is_what_comes_back(self) -> None:
        root = self.fixtures[0].root
        repo_model.dump_package(root, FOLDER)
        [file] = self.stored()
        with open(file, encoding="utf-8") as handle:
            stored = json.load(handle)
        stored["name"] = "FromTheCache"
        with open(file, "w", encoding="utf-8") as handle:
            json.dump(stored, handle)
        self.assertEqual(repo_model.dump_package(self.fixtures[1].root, FOLDER)["name"], "FromTheCache")

    def test_a_damaged_entry_is_evaluated_again(self) -> None:
        root = self.fixtures[0].root
        repo_model.dump_package(root, FOLDER)
        [file] = self.stored()
        with open(file, "w", encoding="utf-8") as handle:
            handle.write('{"name": ')
        self.assertEqual(repo_model.dump_package(root, FOLDER), self.uncached(root, FOLDER))

    def test_a_changed_manifest_or_another_folder_is_evaluated_again(self) -> None:
        fixture = self.fixtures[0]
        repo_model.dump_package(fixture.root, "Packages/Alpha")
        fixture.write("Packages/Alpha/Package.swift", package_manifest("Alpha") + "// changed\n")
        repo_model.dump_package(fixture.root, "Packages/Alpha")
        fixture.write("Packages/Gamma/Package.swift", package_manifest("Alpha") + "// changed\n")
        repo_model.dump_package(fixture.root, "Packages/Gamma")
        self.assertEqual(len(self.stored()), 3)

    def test_a_manifest_that_reads_its_environment_or_files_is_never_cached(self) -> None:
        fixture = self.fixtures[0]
        for line in ('let extra = Context.environment["X"]', "import Foundation",
                     "import Foundation\nlet here = FileManager.default.currentDirectoryPath",
                     "#if canImport(Glibc)\nimport Glibc\n#endif", "let here = #filePath"):
            with self.subTest(line=line):
                fixture.write("Packages/Alpha/Package.swift",
                              package_manifest("Alpha").replace("import PackageDescription\n",
                                                                f"import PackageDescription\n{line}\n"))
                self.assertEqual(repo_model.dump_package(fixture.root, "Packages/Alpha")["name"], "Alpha")
                self.assertEqual(self.stored(), [])

    def test_a_path_outside_the_repository_is_never_cached(self) -> None:
        fixture = self.fixtures[0]
        fixture.write("Packages/Alpha/Package.swift",
                      package_manifest("Alpha", dependencies='.package(path: "/nowhere/Outside"),'))
        self.assertIn("/nowhere/Outside", json.dumps(repo_model.dump_package(fixture.root, "Packages/Alpha")))
        self.assertEqual(self.stored(), [])

    def test_off_turns_the_cache_off(self) -> None:
        self.use_cache("off")
        repo_model.dump_package(self.fixtures[0].root, FOLDER)
        self.assertEqual(os.listdir(self.cache.name), [])

    def test_a_manifest_that_does_not_evaluate_is_an_error_every_time(self) -> None:
        fixture = self.fixtures[0]
        fixture.write("Packages/Alpha/Package.swift", package_manifest("Alpha") + "let broken: Int = \"no\"\n")
        for _ in range(2):
            with self.assertRaises(repo_model.CheckError):
                repo_model.dump_package(fixture.root, "Packages/Alpha")
        self.assertEqual(self.stored(), [])


if __name__ == "__main__":
    unittest.main()
