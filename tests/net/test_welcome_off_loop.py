"""A welcome's fold of the log (the views at the game's moments) runs off the server's loop:
while one connection's welcome is folded, the room's other people play on, and the news made
meanwhile reaches the new connection after its welcome, in order, redacted for its seat."""

from __future__ import annotations

import json
import threading

from game.core import registry
from game.core.match import Match
from game.net import protocol as p
from tests.net.support import BOUND

FIRST = 0  # seat 0 moves first


def test_a_welcome_is_folded_off_the_loop_and_the_news_meanwhile_follows_it(net, monkeypatch):
    net.start()
    match_id, codes, _ = net.create("jaipur", "online", "online", options={"first": FIRST}, seed=41)
    a = net.raw()
    welcome_a = a.join(codes[0])
    assert welcome_a["type"] == "welcome"

    # the deal counts as a moment, so every welcome folds the log; the fold of b's welcome is
    # held until the test lets it go, and says on which thread it runs
    monkeypatch.setattr(registry.get("jaipur"), "moments", ("deal",), raising=False)
    folding, release = threading.Event(), threading.Event()
    threads: list[str] = []
    views_at = Match.views_at

    def held(match: Match, counts: list[int], seat: int | None) -> dict:
        if seat == 1:  # b's: the room's other folds go at once
            threads.append(threading.current_thread().name)
            folding.set()
            assert release.wait(BOUND), "the test never released the fold"
        return views_at(match, counts, seat)

    monkeypatch.setattr(Match, "views_at", held)
    b = net.raw()
    try:
        b.send({"type": "join", "v": p.VERSION, "code": codes[1]})
        assert folding.wait(BOUND), "b's welcome was never folded"
        # meanwhile the loop answers a and plays a's move
        move = a.ask({"type": "legal", "seat": 0}, bound=5.0)["commands"][0]
        assert a.ask({"type": "submit", "seat": 0, "command": move}, bound=5.0)["ok"]
        # (its update came before its reply)
        moved = next(m for m in map(json.loads, a.frames) if m["type"] == "update" and m["commands"])
    finally:
        release.set()
    assert threads and "server" not in threads, f"the welcome's fold ran on the loop's thread: {threads}"

    # b: its welcome first (presence may come before it), then the news of a's move after it
    welcome = b.until(lambda m: m["type"] in ("welcome", "update"))
    assert welcome["type"] == "welcome"
    assert welcome["count"] == moved["from"], "the welcome stands where a's move began"
    assert "moments" in welcome["seen"]["1"] and welcome["seen"]["1"]["moments"]
    update = b.until(lambda m: m["type"] == "update")
    assert update["from"] == welcome["count"] and update["count"] == moved["count"]
    view = {**welcome["seen"]["1"]["view"], **update["seen"]["1"].get("changed", {})}
    for gone in update["seen"]["1"].get("removed", ()):
        view.pop(gone)
    if "view" in update["seen"]["1"]:
        view = update["seen"]["1"]["view"]
    # what b's seat may see, no more: the server's own view for seat 1
    truth = net.on_loop(lambda: net.srv.rooms[match_id].match.view(1))
    assert view == truth
    assert set(update["seen"]) == {"1"}, "b is told as seat 1 alone"
