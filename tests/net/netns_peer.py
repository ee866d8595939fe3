"""One side of the namespace tests (tests/net/netns.py), run inside its home with `ip netns exec`.

    python tests/net/netns_peer.py host DATA      # serves, maps its port on the router, plays seat 0
    python tests/net/netns_peer.py guest HOST PORT CODE   # joins there and plays seat 1
    python tests/net/netns_peer.py relayhost DATA [PAUSE]  # the app's hosting, through the relay
    python tests/net/netns_peer.py relayguest INVITE [PAUSE]  # joins by the invite, as Join does

Each prints one JSON object a line, for the test to read: the host its state once mapped
(with the guest's join code), then once the match is over, then once the mapping is removed.
Through the relay, the host says its invite once registered there, and at the end stops hosting
only at a line on its standard input (once the guest has seen the end); with PAUSE, each side says
so once it made that many moves, and at a line on its standard input waits until its way to the
other side is cut and says so, then at another until it is back, and plays on.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace

from game.core import registry
from game.core.seats import Seat
from game.core.settings import Settings
from game.core.store import Store
from game.hosting import hosting
from game.net.client import RemoteWindow
from game.net.invite import Invite, parse
from game.net.portmap import Keeper, Portmap
from game.net.server import Server, Threaded
from tests.net.netns import RELAY, RELAY_PORT
from tests.net.support import BOUND, play, seats, seen, until

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


def halfway(window: RemoteWindow, rng: random.Random, pause: int, cut: Callable[[], bool]) -> int:
    """With PAUSE: that many moves, said; then, at the test's first line, wait until `cut()`
    (the way to the other side is gone) and say so; at its second, wait until the window is
    online again and play on."""
    if not pause:
        return 0
    made = play([window], rng, bound=BOUND * 4, moves=pause)
    say(paused=made, played=window.played)
    sys.stdin.readline()
    until(cut, "the way cut", BOUND)
    say(cut=True)
    sys.stdin.readline()
    seen(window, lambda: window.status == "online", "online again", BOUND * 2)
    return made


def relay_host(data: Path, pause: int) -> int:
    """The app's own hosting (game/hosting.py), its relay set in Settings → Online and no
    UPnP on the router: the invite it gives, then seat 0 played to the end."""
    store = Store.open(data / "saves.sqlite3")
    settings = Settings(relay=f"{RELAY}:{RELAY_PORT}", bot_pause_ms=0)
    app = SimpleNamespace(automated=False, store=store, writer=None, settings=settings, hosting=None)
    hosted_here = hosting(app)
    link = hosted_here.relay_link
    assert link is not None
    until(lambda: link.state == "up", "registered at the relay", BOUND)
    hosted = hosted_here.host(registry.get("jaipur"), [Seat("Asha"), Seat("Bilal", "online")], {})
    window, rng = hosted.window, random.Random(1)
    say(invite=str(hosted.invites[1]), path=hosted_here.path, words=hosted_here.relay_words())
    made = halfway(window, rng, pause, lambda: link.state == "connecting")
    until(lambda: link.state == "up", "registered at the relay", BOUND)
    made += play([window], rng, bound=BOUND * 4)
    say(finished=window.finished, moves=made, played=window.played, bridged=link.bridged)
    sys.stdin.readline()  # hosting stops only once the guest has seen the end too
    window.close()
    hosted_here.stop()
    store.close()
    return 0


def relay_guest(text: str, pause: int) -> int:
    """Join by the invite as pasted, through RemoteWindow.join's way in (game/net/reach.py)."""
    tried: list[str] = []
    window = RemoteWindow.join(parse(text), timeout=BOUND, trying=lambda way: tried.append(way.how))
    rng = random.Random(2)
    say(tried=tried, token=window.token)
    made = halfway(window, rng, pause, lambda: window.pump() >= 0 and window.status == "reconnecting")
    made += play([window], rng, bound=BOUND * 4)
    say(finished=window.finished, moves=made, played=window.played, token=window.token)
    window.close()
    return 0


if __name__ == "__main__":
    role, *rest = sys.argv[1:]
    pause = int(rest[1]) if len(rest) > 1 and role.startswith("relay") else 0
    if role == "host":
        sys.exit(host(Path(rest[0])))
    if role == "relayhost":
        sys.exit(relay_host(Path(rest[0]), pause))
    if role == "relayguest":
        sys.exit(relay_guest(rest[0], pause))
    sys.exit(guest(rest[0], int(rest[1]), rest[2]))
