"""The outside consumers under Examples/: each a package that depends by path on exactly one package under
Packages/ and names the products it uses. Shared by Scripts/examples (which builds them) and Scripts/affected
(which says which of them a change affects)."""

from __future__ import annotations

import posixpath
import re

from repo_model import PATH_DEPENDENCY

EXAMPLES_FOLDER = "Examples"
ANY_DEPENDENCY = re.compile(r"\.package\(")
PRODUCT = re.compile(r'\.product\(\s*name:\s*"(?P<name>[^"]+)"\s*,\s*package:\s*"(?P<package>[^"]+)"\s*\)')


class ExampleError(Exception):
    pass


def example_of_file(path: str) -> str | None:
    """The example a repo-relative file belongs to: `Examples/<Name>/...`."""
    parts = path.split("/")
    return parts[1] if len(parts) >= 3 and parts[0] == EXAMPLES_FOLDER else None


def read_example(name: str, manifest: str) -> dict:
    """{"name", "path", "package", "products"} from an example's manifest text; ExampleError when it depends on
    anything but one package under Packages/, by path."""
    rel = f"{EXAMPLES_FOLDER}/{name}/Package.swift"
    paths = [m.group("path") for m in PATH_DEPENDENCY.finditer(manifest)]
    if len(ANY_DEPENDENCY.findall(manifest)) != 1 or len(paths) != 1:
        raise ExampleError(f"{rel}: an example depends on exactly one package, by path "
                           '(`.package(path: "../../Packages/<Name>")`), and on nothing else')
    target = posixpath.normpath(posixpath.join(EXAMPLES_FOLDER, name, paths[0]))
    parts = target.split("/")
    if len(parts) != 2 or parts[0] != "Packages":
        raise ExampleError(f"{rel}: {paths[0]} is not a package under Packages/")
    products = sorted({m.group("name") for m in PRODUCT.finditer(manifest)})
    return {"name": name, "path": f"{EXAMPLES_FOLDER}/{name}", "package": parts[1], "products": products}
