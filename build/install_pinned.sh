#!/usr/bin/env bash
# Installs what a release is built from, at the versions build/constraints.txt pins: pip itself,
# then this checkout with PyInstaller (pyproject's [dist]). `make dist` and CI's Bundle step run it:
#   bash build/install_pinned.sh [PYTHON]        (PYTHON: python, by default)
# A constraints file (-c, or PIP_CONSTRAINT) reaches what pip installs, but not the isolated
# environment where pip builds the project itself from pyproject's [build-system] (setuptools):
# --build-constraint (pip 25.3 and newer) carries the pins there. pip runs verbose into a log; the
# log's build-environment lines are printed, and the install fails unless they show the pinned
# setuptools, so a release log shows the pin took effect.
set -euo pipefail
cd "$(dirname "$0")/.."
python=${1:-python}
pins=build/constraints.txt
log=$(mktemp)
trap 'rm -f "$log"' EXIT

pinned() { sed -n "s/^$1==\\([^ ]*\\).*/\\1/p" "$pins"; }
setuptools=$(pinned setuptools)
[ -n "$setuptools" ] && [ -n "$(pinned pip)" ] || {
    echo "install_pinned: $pins must pin pip and setuptools" >&2
    exit 2
}

"$python" -m pip install --quiet --disable-pip-version-check -c "$pins" pip
"$python" -m pip --version
if ! "$python" -m pip install -v --disable-pip-version-check -c "$pins" --build-constraint "$pins" \
    -e ".[dist]" >"$log" 2>&1; then
    cat "$log" >&2
    exit 1
fi

echo "the isolated build environment (pyproject [build-system]):"
built=$(sed -n '/Running command installing build dependencies/,/Installing build dependencies: finished/p' "$log")
printf '%s\n' "$built"
if ! grep -q "Successfully installed setuptools-$setuptools\$" <<<"$built"; then
    echo "install_pinned: the build environment did not take the pinned setuptools $setuptools" >&2
    exit 1
fi
grep '^Successfully installed' "$log"
echo "pinned: build environment setuptools $setuptools; $("$python" -m pip --version | cut -d' ' -f1-2)"
