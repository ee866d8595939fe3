"""A misbehaving outside bot for the protocol tests: `python badbot.py MODE [GOOD_MOVES]`.

It answers GOOD_MOVES requests properly (default 0), then misbehaves by MODE (further
arguments are ignored: the tests mark their processes with one): `hang` (reads
the request, never answers), `crash` (a message on standard error, exit status 3), `garbage`
(a line that is not JSON), `error` (an `error` reply), `illegal` (a command no game knows).
"""

import json
import sys
import time

mode = sys.argv[1]
good = int(sys.argv[2]) if len(sys.argv) > 2 else 0

for number, line in enumerate(sys.stdin):
    request = json.loads(line)
    if number < good:
        print(json.dumps({"command": request["legal"][0]}), flush=True)
        continue
    if mode == "hang":
        time.sleep(3600)
    elif mode == "crash":
        print("badbot: out of ideas", file=sys.stderr, flush=True)
        sys.exit(3)
    elif mode == "garbage":
        print("I'd rather not", flush=True)
    elif mode == "error":
        print(json.dumps({"error": "no idea what to do"}), flush=True)
    elif mode == "illegal":
        print(json.dumps({"command": {"move": "fly"}}), flush=True)
