#!/usr/bin/env bash
# Checks the bundle `make dist` built, on Linux or macOS: every shipped file is inside it, the
# bundled program runs the menu headless (--smoke 120) and exits 0, a second launch while one
# runs leaves the save database whole, the tools read the levels from the bundle, and nothing
# was written inside the bundle (saves go to BAZAAR_HOME here, the user folders otherwise).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "$(uname -s)" = Darwin ]; then
    bundle=dist/Bazaar.app
    exe=$bundle/Contents/MacOS/bazaar
    data=$bundle/Contents/Resources
else
    bundle=dist/bazaar
    exe=$bundle/bazaar
    data=$bundle/_internal
fi
[ -x "$exe" ] || { echo "no bundle at $exe: run make dist first" >&2; exit 2; }
python=.venv/bin/python
[ -x "$python" ] || python=python3

home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy BAZAAR_HOME="$home"
touch "$home/started"
fail() { echo "check_bundle: $*" >&2; exit 1; }

echo "shipped files"
missing=0
while IFS= read -r file; do
    [ -f "$data/$file" ] || { echo "  missing from the bundle: $file" >&2; missing=1; }
done < <(find assets levels seeds -type f ! -name '*.py' ! -name '*.pyc')
[ "$missing" = 0 ] || fail "the bundle lacks shipped files"

echo "smoke: $exe --smoke 120"
"$exe" --smoke 120 2>"$home/smoke.err" || fail "--smoke exited $? ($(cat "$home/smoke.err"))"
! grep -q Traceback "$home/smoke.err" || fail "--smoke printed a traceback: $(cat "$home/smoke.err")"

echo "a second launch while one runs"
"$exe" --smoke 600 2>"$home/first.err" &
first=$!
sleep 1
"$exe" --smoke 120 2>"$home/second.err" || fail "the second launch exited $?: $(cat "$home/second.err")"
wait "$first" || fail "the first launch exited $?: $(cat "$home/first.err")"
if [ -s "$home/first.err" ] || [ -s "$home/second.err" ]; then
    fail "$(cat "$home/first.err" "$home/second.err")"
fi

echo "tools read the levels from the bundle"
"$exe" sim tajmahal --seats easy,easy,easy --games 1 >/dev/null || fail "sim tajmahal exited $?"
"$exe" sim ubongo --seats easy,easy --games 1 >/dev/null || fail "sim ubongo exited $?"

echo "saves outside the bundle, database whole"
for kept in "$home"/data/*.damaged-*; do
    [ ! -e "$kept" ] || fail "a database was set aside: $kept"
done
"$python" - "$home/data/bazaar.sqlite3" <<'EOF' || fail "the database is damaged"
import sqlite3
import sys

with sqlite3.connect(sys.argv[1]) as db:
    assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
EOF
changed=$(find "$bundle" -newer "$home/started" | head -5)
[ -z "$changed" ] || fail "files inside the bundle changed: $changed"

echo "bundle ok: $exe ($(du -sm "$bundle" | cut -f1) MB)"
