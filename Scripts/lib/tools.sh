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
# scripts and the dev-server, git for the tooling tests, qpdf and poppler for the PDF checks, the sqlite3 shell for
# the storage benchmark's side-by-side figures.
ALL_TOOLS=(python3 git pkg-config sqlite3.h zlib.h qpdf pdftotext pdfinfo pdftoppm sqlite3)
