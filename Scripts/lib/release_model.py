"""The pure parts of Scripts/release: release versions and tags, what a breaking change needs, mirror names and
URLs, the release configuration, and the manifest a mirror gets (its path dependency on the shared kernel turned
into a dependency on the kernel's mirror).

Kept apart from the script so the tests can call them without git or a toolchain.
"""

from __future__ import annotations

import json
import os
import posixpath
import re
from dataclasses import dataclass

from repo_model import PATH_DEPENDENCY

#: A release version: three numbers without leading zeros (SemVer's core, no pre-release or build suffix: SwiftPM's
#: `from:` never picks a pre-release, so a mirror's tags are plain versions).
VERSION = re.compile(r"(0|[1-9][0-9]{0,8})\.(0|[1-9][0-9]{0,8})\.(0|[1-9][0-9]{0,8})")
#: Longer than any version VERSION accepts: a longer argument is refused before it is matched or quoted back.
MAX_VERSION_LENGTH = 32
#: A package folder name under Packages/ (no path, no shell or ref syntax).
PACKAGE_NAME = re.compile(r"[A-Za-z][A-Za-z0-9]{0,63}")
#: A mirror repository is `<mirror base>/<MIRROR_PREFIX><package in lower case>`, and SwiftPM names the package by
#: that last component: `.product(name: "StorageSQLite", package: "ledger-storage")`.
MIRROR_PREFIX = "ledger-"
#: What a mirror base may hold: a URL or scp-like git address, written into a manifest's string literal, so no
#: quote, backslash, space or interpolation.
MIRROR_BASE = re.compile(r"(?:[A-Za-z][A-Za-z0-9+.-]*://|[A-Za-z0-9._-]+@[A-Za-z0-9.-]+:)[A-Za-z0-9._~:/@%+-]*")
#: Where the release configuration lives, relative to the repository.
CONFIG_FILE = "Scripts/lib/release_config.json"
DEFAULT_CONFIG = {"mirrorBase": "", "releaseBranch": "main", "remote": "origin"}


class ReleaseRefused(Exception):
    """A check failed: the message is a sentence that says what to do."""


class ReleaseFailed(Exception):
    """The release could not run (git, the toolchain, a push): the message says what went wrong."""


Version = tuple[int, int, int]


def parse_version(text: str) -> Version | None:
    """(major, minor, patch) of `x.y.z`, or None for anything else (`1.0`, `v1.0.0`, `1.0.0-beta`, `01.0.0`)."""
    if len(text) > MAX_VERSION_LENGTH:
        return None
    match = VERSION.fullmatch(text)
    return (int(match.group(1)), int(match.group(2)), int(match.group(3))) if match else None


def format_version(version: Version) -> str:
    return ".".join(str(part) for part in version)


def release_tag(name: str, version: Version | str) -> str:
    """The monorepo's tag of a release: `Storage/1.2.0` on the commit of main it was made from."""
    return f"{name}/{version if isinstance(version, str) else format_version(version)}"


def mirror_branch(name: str) -> str:
    """The local branch that holds a package's mirror history, pushed as the mirror's `main`."""
    return f"mirror/{name}"


def mirror_tag(name: str, version: Version | str) -> str:
    """The local tag of a release's mirror commit, pushed to the mirror as the plain version."""
    return f"{mirror_branch(name)}/{version if isinstance(version, str) else format_version(version)}"


def released_versions(tags: list[str], name: str) -> list[Version]:
    """The versions of `name` that tags `<name>/x.y.z` mark, lowest first; other tags are ignored."""
    prefix = f"{name}/"
    versions = {parse_version(tag[len(prefix):]) for tag in tags if tag.startswith(prefix)}
    return sorted(v for v in versions if v is not None)


def breaking_change_allowed(previous: Version, version: Version) -> bool:
    """Whether going from `previous` to `version` may break the API: a new major version, or, while the major
    version is 0 (SemVer's initial development, where SwiftPM's `from: "0.3.0"` stays below 0.4.0), a new minor
    version."""
    if previous[0] == 0:
        return version[0] > 0 or version[1] > previous[1]
    return version[0] > previous[0]


def next_breaking_version(previous: Version) -> Version:
    """The smallest version that may break the API after `previous`."""
    return (0, previous[1] + 1, 0) if previous[0] == 0 else (previous[0] + 1, 0, 0)


def mirror_identity(name: str) -> str:
    """The package identity SwiftPM gives a package's mirror: the mirror repository's name."""
    return MIRROR_PREFIX + name.lower()


def valid_mirror_base(base: str) -> bool:
    return bool(MIRROR_BASE.fullmatch(base)) and ".." not in base.split("/")


def mirror_url(base: str, name: str) -> str:
    return f"{base.rstrip('/')}/{mirror_identity(name)}"


def load_config(root: str) -> dict:
    """The release configuration (CONFIG_FILE) over the defaults; ReleaseFailed when the file is not what it
    should be."""
    config = dict(DEFAULT_CONFIG)
    path = os.path.join(root, CONFIG_FILE)
    try:
        with open(path, encoding="utf-8") as handle:
            stored = json.load(handle)
    except FileNotFoundError:
        return config
    except (OSError, ValueError) as error:
        raise ReleaseFailed(f"{CONFIG_FILE} is not readable JSON ({error}): fix the file") from error
    if not isinstance(stored, dict):
        raise ReleaseFailed(f"{CONFIG_FILE} must hold one JSON object (mirrorBase, releaseBranch, remote)")
    for key, value in stored.items():
        if key.startswith("_"):
            continue  # a note for the reader
        if key not in DEFAULT_CONFIG or not isinstance(value, str):
            raise ReleaseFailed(f"{CONFIG_FILE}: '{key}' is not a setting of the release (there are: "
                                f"{', '.join(DEFAULT_CONFIG)}, each a string)")
        config[key] = value
    return config


@dataclass
class ManifestRewrite:
    text: str
    #: (before, after) for each dependency that changed, as written in the manifest
    changes: list[tuple[str, str]]


def rewrite_manifest(text: str, package_folder: str, kernel: str, kernel_url: str | None,
                     kernel_version: Version | None) -> ManifestRewrite:
    """The manifest a package's mirror gets: its `.package(path: "../<kernel>")` becomes
    `.package(url: "<kernel_url>", from: "<kernel_version>")` and its products' `package: "<kernel>"` the kernel
    mirror's identity. `package_folder` is the package's repo-relative folder (`Packages/Widget`). ReleaseRefused
    for any other path dependency (a mirror cannot depend on a folder it does not have), and when the kernel is
    needed but has no mirror URL or no release."""
    kernel_folder = posixpath.join(posixpath.dirname(package_folder), kernel)
    changes: list[tuple[str, str]] = []
    others = []
    for match in PATH_DEPENDENCY.finditer(text):
        target = posixpath.normpath(posixpath.join(package_folder, match.group("path")))
        if target != kernel_folder:
            others.append(match.group("path"))
    if others:
        raise ReleaseRefused(
            f"{package_folder}/Package.swift depends on {', '.join(others)} by path: a mirror can only depend on "
            f"the shared kernel ({kernel}, which becomes a dependency on its mirror); a package depends on no other "
            "package of this repository (see the dependency rules in the README)")
    if not PATH_DEPENDENCY.search(text):
        return ManifestRewrite(text, [])
    if kernel_version is None:
        raise ReleaseRefused(
            f"{package_folder} depends on the shared kernel {kernel}, which has no release yet: release it first "
            f"(Scripts/release {kernel} VERSION), so the mirror can depend on a version of {kernel}'s mirror")
    if not kernel_url:
        raise ReleaseRefused(
            f"{package_folder} depends on {kernel}, and its mirror needs {kernel}'s mirror URL: set mirrorBase in "
            f"{CONFIG_FILE} or pass --mirror-base URL")
    replacement = f'.package(url: "{kernel_url}", from: "{format_version(kernel_version)}")'

    def replace(match: re.Match) -> str:
        changes.append((match.group(0), replacement))
        return replacement

    rewritten = PATH_DEPENDENCY.sub(replace, text)
    rewritten = re.sub(rf'(\bpackage:\s*)"{re.escape(kernel)}"', rf'\1"{mirror_identity(kernel)}"', rewritten)
    return ManifestRewrite(rewritten, changes)
