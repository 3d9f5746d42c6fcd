"""The pure parts of Scripts/api-check: which packages a change touches, how `package` symbols leave an API dump,
what the digester's report says, the allow-list and the CHANGELOG's declaration of a break.

Kept apart from the script so the tests can call them without a toolchain.
"""

from __future__ import annotations

import posixpath
import re

from repo_model import PATH_DEPENDENCY

#: Per package: lines of reported changes that are not API (one pattern per line, `*` matches any text).
ALLOWLIST_FILE = "api-breakage-allowlist.txt"
CHANGELOG_FILE = "CHANGELOG.md"
#: The source files that can change a package's public API; everything else (tests, READMEs, DocC articles,
#: resources) cannot.
API_SUFFIXES = (".swift", ".h", ".modulemap")


def package_of_api_file(path: str) -> str | None:
    """The package whose public API a changed repo-relative file can change: `Packages/<Name>/Package.swift` and
    the Swift sources, headers and module maps under `Packages/<Name>/Sources/`, except DocC catalogs."""
    parts = path.split("/")
    if len(parts) < 3 or parts[0] != "Packages":
        return None
    if parts[2:] == ["Package.swift"]:
        return parts[1]
    if len(parts) >= 4 and parts[2] == "Sources" and path.endswith(API_SUFFIXES) and ".docc/" not in path:
        return parts[1]
    return None


def path_dependencies(package_folder: str, manifest: str) -> list[str]:
    """The repo-relative folders a package's manifest depends on by path (`Packages/Essentials` for
    `.package(path: "../Essentials")` in `Packages/Storage`), in order, each once; a path that leaves the
    repository is left out (the build reports it)."""
    found = []
    for match in PATH_DEPENDENCY.finditer(manifest):
        folder = posixpath.normpath(posixpath.join(package_folder, match.group("path")))
        if not folder.startswith("../") and folder not in (".", "..") and folder not in found:
            found.append(folder)
    return found


def strip_package_symbols(dump: dict) -> dict:
    """The digester's dump without `package` declarations (it marks them `isInternal`) and without conformances to
    `package` protocols, which no client outside the package can name. Changes to them are never API breaks."""
    hidden: set[str] = set()

    def collect(node: dict) -> None:
        if node.get("isInternal") and node.get("usr"):
            hidden.add(node["usr"])
        for child in node.get("children", []):
            collect(child)

    def strip(node: dict) -> dict:
        copy = dict(node)
        if "children" in node:
            copy["children"] = [strip(child) for child in node["children"] if not child.get("isInternal")]
        if "conformances" in node:
            copy["conformances"] = [c for c in node["conformances"] if c.get("usr") not in hidden]
        return copy

    collect(dump.get("ABIRoot", {}))
    return dict(dump, ABIRoot=strip(dump.get("ABIRoot", {})))


def parse_diagnostics(output: str) -> list[str]:
    """The breaking changes in `swift-api-digester -diagnose-sdk` output: every line outside its `/* Section */`
    headers."""
    changes = []
    for line in output.splitlines():
        text = line.strip()
        if not text or (text.startswith("/*") and text.endswith("*/")):
            continue
        changes.append(text.removeprefix("API breakage: "))
    return changes


def product_changes(base: dict[str, list[str]], head: dict[str, list[str]]) -> list[str]:
    """Breaks in the library products themselves: a product removed, or a module no longer in a product."""
    changes = []
    for product in sorted(base):
        if product not in head:
            changes.append(f"Product {product} has been removed")
            continue
        for module in sorted(set(base[product]) - set(head[product])):
            changes.append(f"Product {product} no longer contains the module {module}")
    return changes


def parse_allowlist(text: str) -> list[re.Pattern]:
    """One pattern per line; a line starting with `#` is a comment; `*` matches any text, the rest is literal."""
    patterns = []
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        patterns.append(re.compile(".*".join(re.escape(part) for part in line.split("*")) + r"\Z"))
    return patterns


def allowed(change: str, patterns: list[re.Pattern]) -> bool:
    """Whether `change` ("Module: message") matches a pattern, written with or without its module."""
    message = change.split(": ", 1)[1] if ": " in change else change
    return any(p.match(change) or p.match(message) for p in patterns)


HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")


def section_key(title: str) -> str:
    """What a CHANGELOG heading is called, for finding it: its first word, without the brackets of
    `[Unreleased]` or `[1.2.0] - 2025-01-31`, in lower case (`unreleased`, `1.2.0`)."""
    match = re.match(r"\[?\s*([^\]\s]+)", title.strip())
    return match.group(1).lower() if match else ""


def changelog_entries(text: str | None, section: str, subsection: str | None = None) -> list[str] | None:
    """The entries (list items) of a CHANGELOG's section named `section` (`unreleased`, or a version such as
    `1.2.0`; see `section_key`), in order: only those under its subsection whose title starts with `subsection`
    (`breaking` for `### Breaking` and `### Breaking changes`) when one is given, every entry of the section
    otherwise. None when the CHANGELOG has no such section."""
    if not text:
        return None
    entries: list[list[str]] = []
    level_section = None
    collecting = subsection is None
    current: list[str] | None = None
    for line in text.splitlines():
        heading = HEADING.match(line)
        if heading:
            level, title = len(heading.group(1)), heading.group(2)
            if level_section is None:
                if section_key(title) == section.lower():
                    level_section = level
                continue
            if level <= level_section:
                break
            collecting = subsection is None or title.strip("[] ").lower().startswith(subsection)
            current = None
            continue
        if level_section is None or not collecting:
            continue
        item = re.match(r"^\s*[-*+]\s+(.*)$", line)
        if item and not line.startswith((" ", "\t")):
            current = [item.group(1).strip()]
            entries.append(current)
        elif current is not None and line.strip():
            current.append(line.strip())
        elif not line.strip():
            current = None
    if level_section is None:
        return None
    return [" ".join(parts) for parts in entries if " ".join(parts).strip()]


def breaking_entries(text: str | None, section: str = "unreleased") -> list[str]:
    """The entries under `## Unreleased` (or the section named `section`, such as a version) -> `### Breaking` of
    a CHANGELOG, in order. A heading may be written `[Unreleased]`, and `### Breaking changes` counts as
    `### Breaking`."""
    return changelog_entries(text, section, "breaking") or []


def new_breaking_entries(base_text: str | None, head_text: str | None) -> list[str]:
    """Entries under Unreleased -> Breaking at the head that the base did not have: a break is declared by the
    change that makes it, not by an older entry that happens to be there."""
    before = set(breaking_entries(base_text))
    return [entry for entry in breaking_entries(head_text) if entry not in before]
