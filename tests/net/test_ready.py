"""A timed game's round (Ubongo) starts its sand on the server only when every screen playing
it is ready (its last round's sheet closed, its die rolling), or when READY_SECONDS have passed:
a person reading the standings loses no sand to the others."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from game.core import registry
from game.core.ruleset import Rejected
from tests.net.support import BOUND, until


def pawns_placed(windows) -> None:
    """Each person puts their pawn on a start field: the first round's sand is then set."""
    for seat, window in enumerate(windows):
        window.pump()
        assert not isinstance(window.submit_sync(seat, {"move": "pawn", "row": seat}), Rejected)


def phase(window) -> str:
    window.pump()
    return window.view()["phase"]


def boards_up(window) -> bool:
    """The round's boards turned up on this screen, and with them its sand runs."""
    window.wait(0.05)
    return phase(window) == "solve" and window.clock.running and bool(window.view()["puzzles"])


def test_the_sand_waits_until_every_screen_is_ready(net):
    net.start(rate=600.0)
    match_id, codes, _ = net.create("ubongo", "online", "online")
    a, b = net.join(codes[0]), net.join(codes[1])
    pawns_placed([a, b])
    until(lambda: phase(a) == phase(b) == "roll", "the die rolled for round 1")
    assert not a.clock.running and not b.clock.running, "the sand waits for the screens"
    assert a.view()["puzzles"] == b.view()["puzzles"] == [], "the boards lie face down"
    a.ready()
    # the server has read a's ready (sent on the link's own thread) once a is no longer awaited
    waiting = until(lambda: net.on_loop(lambda: net.srv.rooms[match_id].unready) == {1}, "a's ready read")
    held = net.on_loop(lambda: net.srv.rooms[match_id].referee.sand_held)
    assert held and waiting, "one screen is not all of them"
    b.ready()
    until(lambda: boards_up(a), "the boards turned up once both were ready")
    until(lambda: boards_up(b), "on every screen")


def test_the_sand_runs_after_a_while_even_if_a_screen_never_says_ready(net, monkeypatch):
    ubongo = registry.get("ubongo")
    monkeypatch.setattr(ubongo, "timing", replace(ubongo.timing, ready_seconds=0.2))
    net.start(rate=600.0)
    _, codes, _ = net.create("ubongo", "online", "online")
    a, b = net.join(codes[0]), net.join(codes[1])
    pawns_placed([a, b])
    a.ready()  # b never does (a person gone to make tea)
    until(lambda: boards_up(a), "the sand ran without b", bound=BOUND)
    until(lambda: boards_up(b), "b's screen is told the round began, though it never said ready")


def events_of(message: dict[str, Any]) -> list[dict[str, Any]]:
    return [e for seen in message.get("seen", {}).values() for e in seen["events"]]


def compact(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


def test_no_screen_gets_a_rounds_boards_before_the_sand_runs_for_everyone(net):
    """The first screen ready sees no puzzle while another still reads the last round's sheet
    (12 s of study, then "Ubongo! 6.7 s"): one update, the same to both screens, turns every
    board up with the sand running; no frame before it carries a puzzle of the round, and no
    clock before it says the sand runs."""
    net.start(rate=600.0)
    match_id, codes, _ = net.create("ubongo", "online", "online")
    screens = [net.raw(), net.raw()]
    for seat, screen in enumerate(screens):
        assert screen.join(codes[seat])["type"] == "welcome"
    for seat, screen in enumerate(screens):
        assert screen.ask({"type": "submit", "seat": seat, "command": {"move": "pawn", "row": seat}})["ok"]
    for screen in screens:  # the die rolled (perhaps read already, before the submit's answer)
        if not any(e["type"] == "round_start" for f in screen.frames for e in events_of(json.loads(f))):
            screen.until(lambda m: any(e["type"] == "round_start" for e in events_of(m)))
    a, b = screens
    a.send({"type": "ready"})
    a.ask({"type": "ping"})  # everything sent to a before its answer has arrived
    assert net.on_loop(lambda: net.srv.rooms[match_id].unready) == {1}, "b still reads its sheet"
    assert not any(e["type"] == "reveal" for f in a.frames for e in events_of(json.loads(f)))
    b.send({"type": "ready"})
    turned = [s.until(lambda m: any(e["type"] == "reveal" for e in events_of(m))) for s in screens]
    reveal = next(e for e in events_of(turned[0]) if e["type"] == "reveal")
    assert [next(e for e in events_of(t) if e["type"] == "reveal") for t in turned] == [reveal, reveal]
    assert [t["clock"]["running"] for t in turned] == [True, True]
    # the same clock to both: the sand ran from 0 as the boards turned up (the update leaves
    # once the store holds the reveal, so it tells how far the sand has run by then)
    assert turned[0]["clock"] == turned[1]["clock"]
    areas = [compact(puzzle["cells"]) for puzzle in reveal["puzzles"]]
    assert len(areas) == 2
    for screen in screens:
        for frame in screen.frames[:-1]:  # all it read before the reveal (the last one read)
            text = compact(json.loads(frame))
            assert not any(area in text for area in areas), f"a puzzle of round 1 before its reveal: {frame}"
            message = json.loads(frame)
            assert not (message.get("clock") or {}).get("running"), f"the sand ran before the reveal: {frame}"
    assert net.on_loop(lambda: net.srv.rooms[match_id].match.events[-1]["type"]) == "reveal"


def test_a_round_with_bots_alone_and_nobody_connected_does_not_wait(net):
    net.start(rate=600.0)
    match_id, _, _ = net.create("ubongo", "bot", "bot")
    until(
        lambda: net.on_loop(
            lambda: (
                not net.srv.rooms[match_id].referee.sand_held
                and net.srv.rooms[match_id].match.clock is not None
            )
        ),
        "the bots' round runs",
    )


def test_a_race_over_the_network_gives_each_person_a_screen_of_their_own(net):
    import pytest

    with pytest.raises(ValueError, match="screen of their own"):
        net.create("ubongo", "human", "human", "online")
