#!/usr/bin/env bash
# Checks the bundle `make dist` built, on Linux, macOS or Windows (Git Bash, as CI runs it):
# - every shipped file is inside it (assets, levels, seeds; the tutorials, the compiled
#   catalogues of game/locale, BudouX's Japanese model), and both programs: the app `bazaar`
#   (windowed on Windows and macOS) and the console `bazaar-cli` for the command-line tools;
# - on macOS, the app's signature holds (codesign --verify --deep --strict);
# - the console tool finds the four games through their declarations (`games`), refusing none;
# - the app runs the menu headless (--smoke 120) and exits 0, with no traceback; in Japanese
#   too, whose first frame breaks the menu's lines with BudouX's model (a missing model stops
#   the app: tests/packaging/test_japanese_smoke.py);
# - a second launch while one runs leaves the save database whole;
# - every command-line tool of docs/cli.md runs from the console tool: sim reads the levels
#   from the bundle, with --processes 2 too (its workers are the bundle's program again), and
#   saves its games, which replay --verify re-decides; bot speaks the bot protocol, both
#   answering a request on stdin and as an outside program another sim plays against;
#   scenario runs a file of tests/scenarios; serve answers a client that creates a match, joins
#   it and plays a move; bench prints the start-up and network figures (it starts the app and
#   serve itself: game/core/selfcall.py);
# - without BAZAAR_HOME the saves go to the system's user data folder (%LOCALAPPDATA%\Bazaar,
#   ~/Library/Application Support/Bazaar, ~/.local/share/Bazaar), here redirected to a
#   temporary one, and nothing is ever written inside the bundle.
# Every run of a bundled program is bounded in time: a hang, or an error dialog waiting for a
# click that never comes, fails the check instead of stalling it (and CI with it).
set -euo pipefail
cd "$(dirname "$0")/.."

case "$(uname -s)" in
    Darwin) system=macos ;;
    MINGW* | MSYS* | CYGWIN*) system=windows ;;
    *) system=linux ;;
esac
case $system in
    macos)
        bundle=dist/Bazaar.app
        exe=$bundle/Contents/MacOS/bazaar
        cli=$bundle/Contents/MacOS/bazaar-cli
        data=$bundle/Contents/Resources
        ;;
    windows)
        bundle=dist/bazaar
        exe=$bundle/bazaar.exe
        cli=$bundle/bazaar-cli.exe
        data=$bundle/_internal
        ;;
    *)
        bundle=dist/bazaar
        exe=$bundle/bazaar
        cli=$bundle/bazaar-cli
        data=$bundle/_internal
        ;;
esac
for program in "$exe" "$cli"; do
    if [ ! -f "$program" ] || [ ! -x "$program" ]; then
        echo "no bundle at $program: run make dist first" >&2
        exit 2
    fi
done

# A Python for the time limits and the database check: the checkout's, else the system's (on
# Windows `python` first: `python3` there may be the Microsoft Store's stand-in).
if [ "$system" = windows ]; then
    candidates=(.venv/Scripts/python.exe python python3)
else
    candidates=(.venv/bin/python python3 python)
fi
python=
for candidate in "${candidates[@]}"; do
    if "$candidate" -c "import sqlite3, subprocess" >/dev/null 2>&1; then
        python=$candidate
        break
    fi
done
[ -n "$python" ] || { echo "check_bundle: no Python found (${candidates[*]})" >&2; exit 2; }

# native PATH: the path as the bundled (native) programs take it; on Windows C:/x/y, which
# Python and shlex read alike. Every path handed to them goes through here, so Git Bash's own
# rewriting of arguments that look like paths is turned off.
[ "$system" != windows ] || export MSYS_NO_PATHCONV=1 MSYS2_ARG_CONV_EXCL='*'
native() {
    if [ "$system" = windows ]; then cygpath -m "$1"; else printf '%s\n' "$1"; fi
}

home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy BAZAAR_HOME
BAZAAR_HOME=$(native "$home")
touch "$home/started"
fail() { echo "check_bundle: $*" >&2; exit 1; }

# bounded SECONDS PROGRAM ARGS...: runs PROGRAM, killed (exit 124) if it has not ended by then
bounded() {
    "$python" -c '
import os, subprocess, sys
limit, command = float(sys.argv[1]), sys.argv[2:]
if os.environ.get("CHECK_BUNDLE_SECONDS"):  # a tighter bound for all (the tests)
    limit = min(limit, float(os.environ["CHECK_BUNDLE_SECONDS"]))
if "/" in command[0] or os.sep in command[0]:
    command[0] = os.path.abspath(command[0])
try:
    sys.exit(subprocess.run(command, timeout=limit).returncode)
except subprocess.TimeoutExpired:
    print(f"check_bundle: killed after {limit:g} s (hung, or a dialog waiting for a click): "
          + subprocess.list2cmdline(command), file=sys.stderr)
    sys.exit(124)
' "$@"
}

# The app's log of a fatal error (game/startup.py): none may hold a traceback
no_logged_error() {
    for log in "$@"; do
        if [ -f "$log" ] && grep -q Traceback "$log"; then
            fail "$1: the app logged an error: $(cat "$log")"
        fi
    done
}

echo "shipped files"
# what the resource helper serves, the tutorials, each catalogue (a .po here, its compiled .mo
# there) and the model BudouX reads beside its code (build/bazaar.spec)
shipped() {
    find assets levels seeds -type f ! -name '*.py' ! -name '*.pyc'
    find game/tutorials -type f -name '*.json'
    find game/locale -type f -name '*.po' | sed 's/\.po$/.mo/'
    printf '%s\n' budoux/models/ja.json budoux/skip_nodes.json
}
missing=0
while IFS= read -r file; do
    [ -f "$data/$file" ] || { echo "  missing from the bundle: $file" >&2; missing=1; }
done < <(shipped)
[ "$missing" = 0 ] || fail "the bundle lacks shipped files"

if [ "$system" = macos ]; then
    echo "signature: codesign --verify --deep --strict $bundle"
    codesign --verify --deep --strict --verbose=2 "$bundle" || fail "the signature of $bundle does not hold"
fi

case $system in
    windows)
        echo "bazaar.exe a windowed program, bazaar-cli.exe a console one"
        "$python" - "$(native "$exe")" "$(native "$cli")" <<'EOF' || fail "the programs' kinds are wrong"
import struct
import sys


def subsystem(path):  # the PE header's Subsystem: 2 windowed (GUI), 3 console
    with open(path, "rb") as file:
        head = file.read(4096)
    pe = struct.unpack_from("<I", head, 0x3C)[0]
    assert head[pe : pe + 4] == b"PE\0\0", f"{path}: not a PE file"
    return struct.unpack_from("<H", head, pe + 24 + 68)[0]


app, cli = map(subsystem, sys.argv[1:])
assert (app, cli) == (2, 3), f"subsystems: {sys.argv[1]} {app}, {sys.argv[2]} {cli} (want 2 and 3)"
EOF
        ;;
    macos)
        echo "Finder starts bazaar, a foreground app"
        "$python" - "$bundle/Contents/Info.plist" <<'EOF' || fail "Info.plist does not start the app"
import plistlib
import sys

with open(sys.argv[1], "rb") as file:
    info = plistlib.load(file)
assert info["CFBundleExecutable"] == "bazaar", info["CFBundleExecutable"]
assert not info.get("LSBackgroundOnly"), "LSBackgroundOnly is set: the app would have no window"
EOF
        # the README's "macOS 11 or newer": no executable or library may need a newer macOS
        echo "every Mach-O file runs on macOS 11: build/macos/minos.py"
        "$python" build/macos/minos.py "$bundle" || fail "a file of $bundle needs a newer macOS (above)"
        ;;
esac

# the version the programs say is the one the installers and the release tag are named for
release=$(sed -n 's/^version = "\(.*\)"$/\1/p' pyproject.toml | head -n 1)
echo "the version: $cli --version"
said=$(bounded 60 "$cli" --version | tr -d '\r') || fail "--version exited $?"
[ "$said" = "bazaar $release" ] || fail "$cli --version says '$said', pyproject.toml $release"
echo "  $said"

echo "smoke: $exe --smoke 120"
bounded 120 "$exe" --smoke 120 2>"$home/smoke.err" || fail "--smoke exited $? ($(cat "$home/smoke.err"))"
! grep -q Traceback "$home/smoke.err" || fail "--smoke printed a traceback: $(cat "$home/smoke.err")"
no_logged_error "$home/data/bazaar.log"

echo "Japanese line breaking: $exe --smoke 30 in Japanese"
# The menu's first frame breaks its Japanese lines into phrases with BudouX; without its model
# the app stops with an error instead of drawing it
mkdir -p "$home/ja/config"
printf '{"language": "ja"}\n' >"$home/ja/config/settings.json"
BAZAAR_HOME=$(native "$home/ja") bounded 120 "$exe" --smoke 30 2>"$home/ja.err" \
    || fail "--smoke in Japanese exited $? ($(cat "$home/ja.err"))"
! grep -q Traceback "$home/ja.err" || fail "--smoke in Japanese printed a traceback: $(cat "$home/ja.err")"
no_logged_error "$home/ja/data/bazaar.log"

echo "a second launch while one runs"
bounded 180 "$exe" --smoke 600 2>"$home/first.err" &
first=$!
sleep 1
bounded 120 "$exe" --smoke 120 2>"$home/second.err" || fail "the second launch exited $?: $(cat "$home/second.err")"
wait "$first" || fail "the first launch exited $?: $(cat "$home/first.err")"
if [ -s "$home/first.err" ] || [ -s "$home/second.err" ]; then
    fail "$(cat "$home/first.err" "$home/second.err")"
fi
no_logged_error "$home/data/bazaar.log"

# the built-in games: the ones pyproject.toml declares (`bazaar.games`), which the bundle carries
builtins=$("$python" -c 'import sys, tomllib; print(*tomllib.load(open("pyproject.toml", "rb"))["project"]["entry-points"]["bazaar.games"])') \
    || fail "pyproject.toml declares no games"
echo "the bundle finds its built-in games ($builtins) through their declarations: $cli games"
bounded 60 "$cli" games >"$home/games.out" || fail "games exited $?"
for game in $builtins; do
    grep -q "^$game " "$home/games.out" || fail "the bundle does not find $game: $(cat "$home/games.out")"
done
! grep -q "^refused" "$home/games.out" || fail "the bundle refused a game: $(cat "$home/games.out")"

echo "tools read the levels from the bundle: $cli sim"
bounded 300 "$cli" sim tajmahal --seats easy,easy,easy --games 1 >/dev/null || fail "sim tajmahal exited $?"
bounded 300 "$cli" sim ubongo --seats easy,easy --games 1 >/dev/null || fail "sim ubongo exited $?"

echo "the bot protocol: $cli bot jaipur --level easy"
# A request as Bazaar writes them (docs/bot-protocol.md): the first move of a Jaipur match
request='{"legal":[{"good":"leather","move":"take"},{"move":"camels"},{"count":1,"good":"spice","move":"sell"},{"count":1,"good":"leather","move":"sell"},{"count":2,"good":"leather","move":"sell"}],"seat":0,"view":{"bonus":{"3":7,"4":6,"5":5},"camel_token":null,"deck":40,"discard":[],"earned":[{"bonus":[],"goods":[]},{"bonus":[],"goods":[]}],"game":"jaipur","hand":["diamond","spice","leather","leather"],"hand_counts":[4,5],"herd":1,"herd_empty":[false,true],"market":["camel","camel","camel","camel","leather"],"opponent_hand":5,"opponent_herd":null,"opponent_known":[],"phase":"play","round":1,"seals":[0,0],"seat":0,"sheets":[],"starter":0,"to_act":[0],"tokens":{"cloth":[5,3,3,2,2,1,1],"diamond":[7,7,5,5,5],"gold":[6,6,5,5,5],"leather":[4,3,2,1,1,1,1,1,1],"silver":[5,5,5,5,5],"spice":[5,3,3,2,2,1,1]},"variant":"standard","winner":null}}'
printf '%s\n' "$request" | bounded 60 "$cli" bot jaipur --level easy >"$home/reply.json" \
    || fail "bot exited $?"
grep -q '^{"command":{.*"move":' "$home/reply.json" || fail "bot answered $(cat "$home/reply.json"), not a command"
echo "  answered $(cat "$home/reply.json")"
bounded 300 "$cli" sim jaipur --seats "cmd:'$(native "$PWD/$cli")' bot jaipur --level easy,easy" --games 1 \
    >"$home/sim.out" || fail "sim against bot exited $?: $(cat "$home/sim.out")"
! grep -q "failures of outside programs" "$home/sim.out" || fail "the bot failed in sim: $(cat "$home/sim.out")"

echo "games in worker processes, saved and verified: $cli sim --processes 2 --save, replay --verify"
bounded 300 "$cli" sim jaipur --seats easy,easy --games 2 --processes 2 --save "$(native "$home/games")" \
    >"$home/processes.out" || fail "sim --processes 2 exited $?: $(cat "$home/processes.out")"
grep -q "^2 games of jaipur" "$home/processes.out" || fail "sim --processes 2 printed $(cat "$home/processes.out")"
bounded 60 "$cli" replay --verify "$(native "$home/games/game-2.json")" >"$home/replay.out" \
    || fail "replay --verify exited $?: $(cat "$home/replay.out")"
grep -q "^verified: .* all legal" "$home/replay.out" || fail "replay --verify printed $(cat "$home/replay.out")"
echo "  $(tail -1 "$home/replay.out")"

scenario=tests/scenarios/jaipur/empty-deck.json
echo "a scenario: $cli scenario $scenario"
bounded 60 "$cli" scenario "$(native "$PWD/$scenario")" >"$home/scenario.out" || fail "scenario exited $?"
tail -1 "$home/scenario.out" | grep -q '^{"final":true,' || fail "scenario printed $(tail -c 300 "$home/scenario.out")"

echo "the network: $cli serve, and a client playing a move"
# The client is this check's Python with the checkout's websockets, speaking the checkout's
# protocol version (docs/network.md); it starts the server on a free port of 127.0.0.1 and
# stops it whatever happens
version=$(sed -n 's/^VERSION = \([0-9][0-9]*\).*/\1/p' game/net/protocol.py)
bounded 120 "$python" - "$(native "$PWD/$cli")" "$version" "$(native "$home/server")" <<'EOF' \
    || fail "serve did not answer its client"
import json
import socket
import subprocess
import sys
import threading

from websockets.sync.client import connect

cli, version, data = sys.argv[1], int(sys.argv[2]), sys.argv[3]
with socket.socket() as probe:
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
serve = [cli, "serve", "--host", "127.0.0.1", "--port", str(port), "--data", data, "--bot-pause", "0", "--plain"]
log = open(f"{data}.log", "w+")  # its log of joins and failures, shown when it fails
server = subprocess.Popen(serve, stdout=subprocess.PIPE, stderr=log, text=True)
try:
    said = []
    reader = threading.Thread(target=lambda: said.append(server.stdout.readline()), daemon=True)
    reader.start()
    reader.join(60)
    log.seek(0)
    assert said and "serving on" in said[0], f"the server did not start: {said} {log.read()}"
    print(f"  {said[0].strip()}")
    with connect(f"ws://127.0.0.1:{port}/", open_timeout=30, max_size=4 * 1024 * 1024) as ws:

        def until(wanted):
            while True:
                message = json.loads(ws.recv(timeout=30))
                assert message["type"] != "error", message
                if wanted(message):
                    return message

        seats = [{"name": "Asha", "kind": "online"}, {"name": "Bilal", "kind": "bot", "level": "easy"}]
        ws.send(json.dumps({"type": "create", "id": 1, "v": version, "game": "jaipur", "seats": seats}))
        created = until(lambda m: m.get("id") == 1)
        assert created["type"] == "created", created
        ws.send(json.dumps({"type": "join", "v": version, "code": created["codes"]["0"]}))
        welcome = until(lambda m: m["type"] == "welcome")
        move = welcome["legal"]["0"][0]
        ws.send(json.dumps({"type": "submit", "id": 2, "seat": 0, "command": move}))
        reply = until(lambda m: m.get("id") == 2)
        assert reply.get("ok") is True, reply
        print(f"  a match created and joined, the move {json.dumps(move)} accepted")
finally:
    server.terminate()
    try:
        server.wait(30)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()
EOF

echo "the figures: $cli bench --only startup_s,net.rtt_ms"
bounded 300 "$cli" bench --only startup_s,net.rtt_ms >"$home/bench.out" || fail "bench exited $?"
sed 's/^/  /' "$home/bench.out"
for figure in startup_s net.rtt_ms; do # a number each, not nan
    grep -Eq "^$figure +[0-9]+\.[0-9]+$" "$home/bench.out" || fail "bench printed no $figure: $(cat "$home/bench.out")"
done

echo "saves outside the bundle, database whole"
for kept in "$home"/data/*.damaged-*; do
    [ ! -e "$kept" ] || fail "a database was set aside: $kept"
done
"$python" - "$(native "$home/data/bazaar.sqlite3")" <<'EOF' || fail "the database is damaged"
import sqlite3
import sys

with sqlite3.connect(sys.argv[1]) as db:
    assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
EOF

echo "without BAZAAR_HOME, saves in the user data folder"
users=$home/users  # stands in for the person's own folders
case $system in
    windows)
        # platformdirs asks Windows for %LOCALAPPDATA% (SHGetKnownFolderPath), which no
        # environment variable moves; its WIN_PD_OVERRIDE_* variables do (platformdirs' pull
        # request 428, in the version build/constraints.txt pins)
        mkdir -p "$users/AppData/Local" "$users/AppData/Roaming"
        saves=$users/AppData/Local/Bazaar
        folders=(WIN_PD_OVERRIDE_LOCAL_APPDATA="$(native "$users/AppData/Local")"
            WIN_PD_OVERRIDE_APPDATA="$(native "$users/AppData/Roaming")")
        ;;
    macos)
        saves="$users/Library/Application Support/Bazaar"
        folders=(HOME="$users")
        ;;
    *)
        saves=$users/.local/share/Bazaar
        folders=(XDG_DATA_HOME="$users/.local/share" XDG_CONFIG_HOME="$users/.config"
            XDG_CACHE_HOME="$users/.cache" XDG_STATE_HOME="$users/.local/state")
        ;;
esac
(
    unset BAZAAR_HOME XDG_DATA_HOME XDG_CONFIG_HOME XDG_CACHE_HOME XDG_STATE_HOME
    export "${folders[@]}"
    bounded 120 "$exe" --smoke 30 2>"$home/users.err"
) || fail "--smoke without BAZAAR_HOME exited $?: $(cat "$home/users.err")"
[ -f "$saves/bazaar.sqlite3" ] || fail "no save database in $saves: $(find "$users" -type f | head -5)"
no_logged_error "$saves/bazaar.log"

changed=$(find "$bundle" -newer "$home/started" | head -5)
[ -z "$changed" ] || fail "files inside the bundle changed: $changed"

echo "bundle ok: $exe and $cli ($(du -sm "$bundle" | cut -f1) MB)"
