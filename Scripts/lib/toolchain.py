"""What the scripts find in the Swift toolchain and in a build folder: LLVM tools and the root test binary."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import sys


def toolchain_tool(name: str) -> str | None:
    """A tool of the Swift toolchain on PATH (llvm-cov, llvm-profdata), or None. The one beside `swift` comes
    first: an older LLVM's tool on PATH cannot read this toolchain's profiles."""
    swift = shutil.which("swift")
    if swift:
        beside = os.path.join(os.path.dirname(os.path.realpath(swift)), name)
        if os.path.isfile(beside):
            return beside
    found = shutil.which(name)
    if not found and sys.platform == "darwin":
        result = subprocess.run(["xcrun", "--find", name], capture_output=True, text=True)
        found = result.stdout.strip() if result.returncode == 0 else None
    return found or None


def test_binary(bin_path: str) -> tuple[str, bool] | None:
    """The root package's test executable and whether it is a bundle (Apple platforms) rather than a program that
    runs on its own (Linux); None when the folder has none."""
    for candidate in sorted(glob.glob(os.path.join(bin_path, "*PackageTests.xctest"))):
        if os.path.isdir(candidate):
            inner = glob.glob(os.path.join(candidate, "Contents", "MacOS", "*"))
            if inner:
                return inner[0], True
        elif os.access(candidate, os.X_OK):
            return candidate, False
    return None
