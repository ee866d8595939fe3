#!/bin/sh
# Checks the disk image make_dmg.sh made, as someone who downloads it gets it:
#   sh build/macos/check_dmg.sh [dist/bazaar-VERSION-macos.dmg]
# - it mounts read-only (hdiutil attach -readonly, out of Finder's sight) and holds Bazaar.app
#   and the link to /Applications that installing is a drag onto;
# - the app's signature holds (codesign --verify --deep --strict) and its Info.plist says the
#   version in pyproject.toml;
# - the app's console tool plays a match (sim) with its saves in a temporary folder.
# The image is detached again whatever happens, and every program it starts is killed after a
# time limit (CHECK_DMG_SECONDS, if set, tightens them all), so a hang fails the check instead
# of stalling it.
set -eu
cd "$(dirname "$0")/../.."
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' pyproject.toml | head -n 1)
dmg=${1:-dist/bazaar-$version-macos.dmg}
[ -f "$dmg" ] || { echo "check_dmg.sh: no $dmg: run build/macos/make_dmg.sh first" >&2; exit 2; }
fail() { echo "check_dmg.sh: $*" >&2; exit 1; }

# A Python for the time limits and Info.plist: the checkout's, else the system's
python=
for candidate in .venv/bin/python python3 python; do
    if "$candidate" -c "import plistlib, subprocess" >/dev/null 2>&1; then
        python=$candidate
        break
    fi
done
[ -n "$python" ] || { echo "check_dmg.sh: no Python found" >&2; exit 2; }

# bounded SECONDS PROGRAM ARGS...: runs PROGRAM, killed (exit 124) if it has not ended by then
bounded() {
    "$python" -c '
import os, subprocess, sys
limit, command = float(sys.argv[1]), sys.argv[2:]
if os.environ.get("CHECK_DMG_SECONDS"):
    limit = min(limit, float(os.environ["CHECK_DMG_SECONDS"]))
try:
    sys.exit(subprocess.run(command, timeout=limit).returncode)
except subprocess.TimeoutExpired:
    print(f"check_dmg.sh: killed after {limit:g} s: " + subprocess.list2cmdline(command), file=sys.stderr)
    sys.exit(124)
' "$@"
}

mount=$(mktemp -d "${TMPDIR:-/tmp}/bazaar-dmg.XXXXXX")
saves=$(mktemp -d "${TMPDIR:-/tmp}/bazaar-saves.XXXXXX")
attached=
# Detach (forcing it if a process still holds the volume), then remove the empty mount point;
# rmdir, not rm -r: it never reaches into a volume that is still mounted
cleanup() {
    if [ -n "$attached" ]; then
        bounded 60 hdiutil detach "$mount" -quiet || bounded 60 hdiutil detach "$mount" -force -quiet \
            || echo "check_dmg.sh: could not detach $mount" >&2
    fi
    rmdir "$mount" 2>/dev/null || true
    rm -rf "$saves" || true
}
trap cleanup EXIT
trap 'exit 130' HUP INT TERM

echo "mount $dmg read-only at $mount"
attached=1  # from here on detached at the end, even if the attach is cut short
# hdiutil now and then fails with "Resource busy" on CI machines (as make_dmg.sh knows): again
tries=0
until bounded 120 hdiutil attach -nobrowse -readonly -noautoopen -mountpoint "$mount" "$dmg"; do
    tries=$((tries + 1))
    [ "$tries" -lt 3 ] || fail "hdiutil could not attach $dmg"
    sleep 5
done

app=$mount/Bazaar.app
[ -d "$app" ] || fail "no Bazaar.app in $dmg: $(ls -A "$mount")"
[ -L "$mount/Applications" ] && [ "$(readlink "$mount/Applications")" = /Applications ] \
    || fail "no link to /Applications in $dmg"

echo "signature: codesign --verify --deep --strict Bazaar.app"
bounded 300 codesign --verify --deep --strict --verbose=2 "$app" || fail "the signature of $app does not hold"

echo "Info.plist says version $version"
"$python" - "$app/Contents/Info.plist" "$version" <<'EOF' || fail "Info.plist does not say version $version"
import plistlib
import sys

with open(sys.argv[1], "rb") as file:
    info = plistlib.load(file)
for key in ("CFBundleShortVersionString", "CFBundleVersion"):
    assert info.get(key) == sys.argv[2], f"{key} is {info.get(key)!r}, pyproject.toml says {sys.argv[2]!r}"
EOF

echo "the console tool: Bazaar.app/Contents/MacOS/bazaar-cli sim jaipur"
BAZAAR_HOME=$saves
export BAZAAR_HOME
bounded 300 "$app/Contents/MacOS/bazaar-cli" sim jaipur --seats easy,easy --games 1 \
    >"$saves/sim.out" || fail "bazaar-cli sim exited $?: $(cat "$saves/sim.out")"
[ -s "$saves/sim.out" ] || fail "bazaar-cli sim printed nothing"
echo "  $(tail -n 1 "$saves/sim.out")"

echo "disk image ok: $dmg"
