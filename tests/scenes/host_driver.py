"""The host's app in a process of its own, for the kill test: `new` hosts a Jaipur match with
one online seat and prints its invite; `resume` opens the latest unfinished match as Continue
would (a hosted one is hosted again on $BAZAAR_PORT). Either way it then plays seat 0 with
random legal moves by input events, printing "moved N" after each, and "finished" at the end.
The test SIGKILLs it mid-match."""

from __future__ import annotations

import random
import sys

from game.automation import Session


def main() -> None:
    if sys.argv[1] == "new":
        s, invites = Session.host("jaipur", ["human", "online"], seed=11)
        print("invite", invites[1], flush=True)
    else:
        s = Session.resume()
        print("resumed", flush=True)
    rng = random.Random(len(sys.argv))
    moved = 0
    while True:
        table = s.table
        s.app.step(1)
        if table.window.finished and s.settled():
            print("finished", flush=True)
            return
        if table.waits_elsewhere() or table.connection.status != "online":
            table.window.wait(0.05)
            continue
        if not s.settled():
            continue
        people = table.people_waiting() if s.app.top is table else []
        if people:
            s.perform(0, rng.choice(s.legal(0)))
            moved += 1
            print("moved", moved, flush=True)
        elif (asked := s.attention()) is not None and asked["scene"] != "results":
            s.click(asked["target"])


if __name__ == "__main__":
    main()
