"""One side of the namespace tests (tests/net/netns.py), run inside its home with `ip netns exec`.

    python tests/net/netns_peer.py host DATA      # serves, maps its port on the router, plays seat 0
    python tests/net/netns_peer.py guest HOST PORT CODE   # joins there and plays seat 1

Each prints one JSON object a line, for the test to read: the host its state once mapped
(with the guest's join code), then once the match is over, then once the mapping is removed.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from game.net.client import RemoteWindow
from game.net.invite import Invite
from game.net.portmap import Keeper, Portmap
from game.net.server import Server, Threaded
from tests.net.support import BOUND, play, seats

PORT = 8765


def say(**facts: object) -> None:
    print(json.dumps(facts), flush=True)


def host(data: Path) -> int:
    server = Server(data, bot_pause=0.0)
    thread = Threaded(server, "0.0.0.0", PORT)
    thread.start()
    keeper = Keeper(Portmap(data))
    server.entered = keeper.seen
    keeper.open(PORT)
    if not keeper.settled.wait(BOUND):
        say(error="the router did not answer")
        return 1
    _, codes, _ = thread.call(server.create, "jaipur", seats("online", "online"), {}, None)
    say(state=keeper.state, candidate=keeper.candidate, code=codes[1])
    mine = RemoteWindow.join(Invite("127.0.0.1", PORT, codes[0]))
    play([mine], random.Random(1), bound=BOUND * 4)
    say(state=keeper.state, finished=mine.finished, result=mine.view().get("phase"))
    mine.close()
    thread.stop()
    keeper.stop(BOUND)
    say(state=keeper.state, file=(data / "portmap.json").exists())
    return 0


def guest(address: str, port: int, code: str) -> int:
    window = RemoteWindow.join(Invite(address, port, code))
    play([window], random.Random(2), bound=BOUND * 4)
    say(finished=window.finished, result=window.view().get("phase"))
    window.close()
    return 0


if __name__ == "__main__":
    role, *rest = sys.argv[1:]
    sys.exit(host(Path(rest[0])) if role == "host" else guest(rest[0], int(rest[1]), rest[2]))
