"""A timed game's round (Ubongo) starts its sand on the server only when every screen playing
it is ready (its last round's sheet closed, its die rolling), or when READY_SECONDS have passed:
a person reading the standings loses no sand to the others."""

from __future__ import annotations

from game.core.ruleset import Rejected
from game.net import room
from tests.net.support import BOUND, until


def pawns_placed(windows) -> None:
    """Each person puts their pawn on a start field: the first round's sand is then set."""
    for seat, window in enumerate(windows):
        window.pump()
        assert not isinstance(window.submit_sync(seat, {"move": "pawn", "row": seat}), Rejected)


def sand(window) -> bool:
    window.pump()
    return window.view()["phase"] == "solve"


def test_the_sand_waits_until_every_screen_is_ready(net):
    net.start(rate=600.0)
    match_id, codes, _ = net.create("ubongo", "online", "online")
    a, b = net.join(codes[0]), net.join(codes[1])
    pawns_placed([a, b])
    until(lambda: sand(a) and sand(b), "the round began")
    assert not a.clock.running and not b.clock.running, "the sand waits for the screens"
    a.ready()
    held = net.on_loop(lambda: net.srv.rooms[match_id].referee.sand_held)
    waiting = net.on_loop(lambda: net.srv.rooms[match_id].unready)
    assert held and waiting == {1}, "one screen is not all of them"
    b.ready()
    until(lambda: a.wait(0.05) or a.clock.running, "the sand ran once both were ready")
    until(lambda: b.pump() is not None and b.clock.running, "every screen hears the sand run")


def test_the_sand_runs_after_a_while_even_if_a_screen_never_says_ready(net, monkeypatch):
    monkeypatch.setattr(room, "READY_SECONDS", 0.2)
    net.start(rate=600.0)
    _, codes, _ = net.create("ubongo", "online", "online")
    a, b = net.join(codes[0]), net.join(codes[1])
    pawns_placed([a, b])
    a.ready()  # b never does (a person gone to make tea)
    until(lambda: a.wait(0.05) or a.clock.running, "the sand ran without b", bound=BOUND)


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
