"""The repository as the scripts see it: every manifest (evaluated by `swift package dump-package`), its
targets, and the graph between packages. Shared by check-architecture, graph and affected so they never disagree.

`dump-package` only evaluates a manifest; unlike `describe` it resolves no dependency, so it also works offline
on a manifest that names a third-party URL, which is exactly what the architecture check must be able to report.
"""

from __future__ import annotations

import concurrent.futures
import hashlib
import json
import os
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field

COMPOSITION_ROOT = "CompositionRoot"
BENCHMARKS = "Benchmarks"
#: the one shared kernel under Packages/: value types and pure functions that every package, feature and app-side
#: unit may use, and that depends on nothing but the toolchain
KERNEL = "Essentials"
#: the platform's command protocol under Apps/: what the features implement to put their commands into the app
COMMAND_KIT = "CommandKit"
#: the folder under Apps/ whose subfolders are the features, each a unit of its own
FEATURES_FOLDER = "Features"
#: `.package(path: "...")` in a manifest's text, with or without the older `name:` argument: what a consumer of a
#: manifest reads without evaluating it (the examples' one dependency, api-check's baseline, a mirror's rewrite)
PATH_DEPENDENCY = re.compile(r'\.package\(\s*(?:name:\s*"[^"]*"\s*,\s*)?path:\s*"(?P<path>[^"\\]*)"\s*\)')

IMPORT_RE = re.compile(
    r"^\s*(?P<attrs>(?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*)"
    r"(?:(?:public|package|internal|fileprivate|private|open)\s+)?"
    r"import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func|actor)\s+)?"
    r"(?P<module>[A-Za-z_][A-Za-z0-9_]*)"
)


@dataclass
class Target:
    name: str
    kind: str  # regular, executable, test, system, macro, plugin, binary
    path: str  # repo-relative folder of its sources
    unit: str  # the package or app folder name the target belongs to ("Validation", "Ledger", ...)
    manifest: "Manifest"
    deps: list = field(default_factory=list)  # ("target", name) | ("product", name, package identity)


@dataclass
class Manifest:
    folder: str  # repo-relative folder ("" for the root)
    unit: str | None  # None for the root manifest
    dump: dict
    text: str
    targets: list = field(default_factory=list)

    @property
    def file(self) -> str:
        return os.path.join(self.folder, "Package.swift") if self.folder else "Package.swift"

    def line_of(self, *needles: str) -> int:
        """The first line that contains every needle (or the first needle alone), 1 when none does."""
        lines = self.text.splitlines()
        for wanted in (needles, needles[:1]):
            for number, line in enumerate(lines, start=1):
                if all(needle in line for needle in wanted):
                    return number
        return 1


class CheckError(Exception):
    """The check could not run (no swift, a manifest that does not evaluate)."""


# ---------------------------------------------------------------------------------------------------------------
# Reading the repository


def unit_of_path(path: str) -> tuple[str, str] | None:
    """(kind, name) of the unit a repo-relative path lies in: `Packages/<Name>` is a package,
    `Apps/Features/<Name>` a feature, any other `Apps/<Name>` an app-side unit ("app"). `Apps/Features` itself
    is only the folder of the features, not a unit."""
    parts = [part for part in path.replace(os.sep, "/").split("/") if part not in ("", ".")]
    if len(parts) >= 2 and parts[0] == "Packages":
        return ("package", parts[1])
    if len(parts) >= 2 and parts[0] == "Apps" and parts[1] == FEATURES_FOLDER:
        return ("feature", parts[2]) if len(parts) >= 3 else None
    if len(parts) >= 2 and parts[0] == "Apps":
        return ("app", parts[1])
    return None


def unit_of_file(path: str) -> tuple[str, str] | None:
    """(kind, name) of the unit a repo-relative file lies in; a file directly in `Packages/`, `Apps/` or
    `Apps/Features/` belongs to no unit."""
    located = unit_of_path(path)
    if located is None:
        return None
    depth = len(unit_folder(*located).split("/"))
    parts = [part for part in path.replace(os.sep, "/").split("/") if part not in ("", ".")]
    return located if len(parts) > depth else None


def unit_folder(kind: str, name: str) -> str:
    """The repo-relative folder of a unit."""
    return {"package": "Packages/", "feature": f"Apps/{FEATURES_FOLDER}/"}.get(kind, "Apps/") + name


#: Top-level folders whose packages are not part of the repository's graph: the outside consumers under
#: Examples/ depend on one package each by path, as a team outside the repository would (Scripts/examples).
OUTSIDE_FOLDERS = ("Examples",)


def find_manifests(root: str) -> list[str]:
    found = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "__pycache__"
                         and not (folder == root and d in OUTSIDE_FOLDERS))
        if "Package.swift" in files:
            found.append(os.path.relpath(folder, root) if folder != root else "")
    return sorted(found)


def dump_package(root: str, folder: str) -> dict:
    root = os.path.abspath(root)
    path = os.path.join(root, folder) if folder else root
    with open(os.path.join(path, "Package.swift"), "rb") as handle:
        text = handle.read()
    cached = ManifestCache.shared().get(text, folder, root)
    if cached is not None:
        return cached
    try:
        # The scripts read the whole repository: the root manifest's narrowing to some suites (LEDGER_SUITES, for
        # builds) must not hide a suite from them.
        result = subprocess.run(
            ["swift", "package", "dump-package", "--package-path", path],
            capture_output=True, text=True, check=False,
            env={key: value for key, value in os.environ.items() if key != "LEDGER_SUITES"},
        )
    except FileNotFoundError as error:
        raise CheckError("swift is not on PATH; install the Swift toolchain (https://swift.org/install)") from error
    if result.returncode != 0:
        raise CheckError(f"{os.path.join(folder, 'Package.swift')}: the manifest does not evaluate:\n{result.stderr}")
    dump = json.loads(result.stdout)
    ManifestCache.shared().put(text, folder, root, dump)
    return dump


class ManifestCache:
    """What `dump-package` answered, by everything that decides the answer: the toolchain (its binary), the
    manifest's bytes and its folder within the repository. Evaluating a manifest compiles it (about 0.3 s); the
    scripts and their fixture repositories read the same manifests hundreds of times.

    Paths under the repository are kept relative to it, so the same manifest in another clone or a fresh
    temporary fixture is answered from the cache too. A manifest that can see more than its own text (one that
    uses `Context`, `#file` or `#filePath`, or imports anything besides PackageDescription: the environment, the
    file system) and a dump that names an absolute path outside the repository are never cached. The cache lives in
    `$XDG_CACHE_HOME/ledger-monorepo/manifests` (or `~/.cache/...`); LEDGER_MANIFEST_CACHE=DIR moves it and
    LEDGER_MANIFEST_CACHE=off turns it off.
    """

    #: Bumped when what is stored changes.
    FORMAT = 1
    ROOT_TOKEN = "\u0000root"
    SIGHTED = re.compile(rb"\bContext\b|#file|\bimport\s+(?!PackageDescription\b)")
    _shared: "ManifestCache | None" = None

    def __init__(self, folder: str | None, toolchain: str) -> None:
        self.folder = folder
        self.toolchain = toolchain

    @classmethod
    def shared(cls) -> "ManifestCache":
        if cls._shared is None:
            setting = os.environ.get("LEDGER_MANIFEST_CACHE", "")
            base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
            folder = None if setting == "off" else (setting or os.path.join(base, "ledger-monorepo", "manifests"))
            swift = shutil.which("swift")
            if swift is None:
                folder, toolchain = None, ""
            else:
                binary = os.path.realpath(swift)
                status = os.stat(binary)
                toolchain = f"{binary}:{status.st_size}:{status.st_mtime_ns}"
            cls._shared = cls(folder, toolchain)
        return cls._shared

    def _file(self, text: bytes, folder: str) -> str | None:
        if self.folder is None or self.SIGHTED.search(text):
            return None
        key = hashlib.sha256(f"{self.FORMAT}\0{self.toolchain}\0{folder}\0".encode() + text).hexdigest()
        return os.path.join(self.folder, key[:2], key + ".json")

    def get(self, text: bytes, folder: str, root: str) -> dict | None:
        file = self._file(text, folder)
        try:
            with open(file, encoding="utf-8") as handle:  # type: ignore[arg-type]
                stored = json.load(handle)
        except (TypeError, OSError, ValueError):
            return None
        return self._paths(stored, lambda value: root + value[len(self.ROOT_TOKEN):]
                           if value.startswith(self.ROOT_TOKEN) else value)

    def put(self, text: bytes, folder: str, root: str, dump: dict) -> None:
        file = self._file(text, folder)
        if file is None:
            return
        outside = []

        def relative(value: str) -> str:
            if value == root or value.startswith(root + os.sep):
                return self.ROOT_TOKEN + value[len(root):]
            if value.startswith(os.sep):
                outside.append(value)
            return value

        stored = self._paths(dump, relative)
        if outside:
            return
        try:
            os.makedirs(os.path.dirname(file), exist_ok=True)
            with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=os.path.dirname(file), delete=False) as out:
                json.dump(stored, out)
            os.replace(out.name, file)
        except OSError:
            pass  # a cache that cannot be written only costs time

    @classmethod
    def _paths(cls, value, change):
        if isinstance(value, str):
            return change(value)
        if isinstance(value, list):
            return [cls._paths(item, change) for item in value]
        if isinstance(value, dict):
            return {key: cls._paths(item, change) for key, item in value.items()}
        return value


def default_target_path(kind: str, name: str) -> str:
    return os.path.join("Tests" if kind == "test" else "Sources", name)


def load_manifests(root: str) -> list[Manifest]:
    folders = find_manifests(root)
    with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
        dumps = list(pool.map(lambda folder: dump_package(root, folder), folders))
    manifests = []
    for folder, dump in zip(folders, dumps):
        with open(os.path.join(root, folder, "Package.swift"), encoding="utf-8") as handle:
            text = handle.read()
        owner = unit_of_path(folder) if folder else None
        manifest = Manifest(folder=folder, unit=owner[1] if owner else None, dump=dump, text=text)
        for raw in dump.get("targets", []):
            kind = raw.get("type", "regular")
            rel = raw.get("path") or default_target_path(kind, raw["name"])
            path = os.path.normpath(os.path.join(folder, rel))
            unit = manifest.unit
            if unit is None:
                located = unit_of_path(path)
                unit = located[1] if located else "(root)"
            target = Target(name=raw["name"], kind=kind, path=path, unit=unit, manifest=manifest)
            for dep in raw.get("dependencies", []):
                if "byName" in dep:
                    target.deps.append(("target", dep["byName"][0]))
                elif "target" in dep:
                    target.deps.append(("target", dep["target"][0]))
                elif "product" in dep:
                    name, package = dep["product"][0], dep["product"][1]
                    target.deps.append(("product", name, (package or name).lower()))
            manifest.targets.append(target)
        manifests.append(manifest)
    return manifests


def swift_files(root: str, folder: str) -> list[str]:
    base = os.path.join(root, folder)
    found = []
    for current, dirs, files in os.walk(base):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(files):
            if name.endswith(".swift"):
                found.append(os.path.relpath(os.path.join(current, name), root))
    return found


def imports_in(text: str) -> list[tuple[int, str, str]]:
    """(line, module, the import line) for every import outside comments and string literals."""
    found = []
    in_block_comment = 0
    in_multiline_string = False
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if in_multiline_string:
            if stripped.count('"""') % 2 == 1:
                in_multiline_string = False
            continue
        if in_block_comment:
            in_block_comment += line.count("/*") - line.count("*/")
            continue
        if stripped.startswith("/*"):
            in_block_comment = max(0, line.count("/*") - line.count("*/"))
            continue
        match = IMPORT_RE.match(line)
        if match:
            found.append((number, match.group("module"), stripped))
        if line.count('"""') % 2 == 1:
            in_multiline_string = True
    return found


# ---------------------------------------------------------------------------------------------------------------
# The model the rules read


class Repository:
    def __init__(self, root: str):
        self.root = root
        self.manifests = load_manifests(root)
        self.root_manifest = next((m for m in self.manifests if m.folder == ""), None)
        self.by_identity = {os.path.basename(m.folder).lower(): m for m in self.manifests if m.folder}
        self.unit_manifests = {m.unit: m for m in self.manifests if m.unit}
        # The root manifest may declare targets whose sources belong to a package (its test suites): those are
        # mirrors of the package's own declaration, not new modules.
        # A root target whose sources the unit's own manifest does not declare (a feature's end-to-end suite, which
        # needs the app only the root builds) is the unit's own module.
        self.own_targets: list[Target] = []
        self.mirrors: list[Target] = []
        for manifest in self.manifests:
            for target in manifest.targets:
                owner = self.unit_manifests.get(target.unit)
                mirrored = manifest.unit is None and owner is not None \
                    and any(own.path == target.path for own in owner.targets)
                (self.mirrors if mirrored else self.own_targets).append(target)
        self.module_unit = {t.name: t.unit for t in self.own_targets}
        self.module_kind = {t.name: unit_kind(t) for t in self.own_targets}

    def product_modules(self, product: str, identity: str) -> list[str] | None:
        manifest = self.by_identity.get(identity)
        if manifest is None:
            return None
        for raw in manifest.dump.get("products", []):
            if raw["name"] == product:
                return list(raw.get("targets", []))
        return []

    def dependency_modules(self, target: Target) -> set[str]:
        modules = set()
        for dep in target.deps:
            if dep[0] == "target":
                modules.add(dep[1])
            else:
                modules.update(self.product_modules(dep[1], dep[2]) or [])
        return modules

    def dependency_units(self, target: Target) -> set[str]:
        units = set()
        for dep in target.deps:
            if dep[0] == "product" and dep[2] in self.by_identity:
                units.add(self.by_identity[dep[2]].unit)
        return units


def unit_kind(target: Target) -> str:
    located = unit_of_path(target.path)
    return located[0] if located else "root"




@dataclass
class Unit:
    """A package (`Packages/<Name>`), a feature (`Apps/Features/<Name>`) or an app-side unit (`Apps/<Name>`):
    what a team owns and what CI tests as one job."""
    name: str
    kind: str  # "package", "feature" or "app"
    path: str
    targets: list = field(default_factory=list)
    depends_on: set = field(default_factory=set)
    #: the part of `depends_on` that only test targets use (a test kit such as NetworkingTesting)
    test_only: set = field(default_factory=set)


def units_of(repo: Repository) -> dict[str, Unit]:
    """Every package and app with its targets and the units it depends on (through any of its targets)."""
    units: dict[str, Unit] = {}
    for target in repo.own_targets:
        located = unit_of_path(target.path)
        if located is None:
            continue
        kind, name = located
        unit = units.setdefault(name, Unit(name=name, kind=kind, path=unit_folder(kind, name)))
        unit.targets.append(target)
        used = {u for u in repo.dependency_units(target) if u and u != name}
        if target.kind == "test":
            unit.test_only.update(used - unit.depends_on)
        else:
            unit.test_only.difference_update(used)
        unit.depends_on.update(used)
    for name, manifest in repo.unit_manifests.items():
        if name not in units:
            located = unit_of_path(manifest.folder)
            units[name] = Unit(name=name, kind=located[0] if located else "app", path=manifest.folder)
    return dict(sorted(units.items()))
