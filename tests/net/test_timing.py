"""Each timed game brings its own time (game/core/face.py `Timing`): the room and the referee
read it and carry none of a game's numbers. The test buzzer race (tests/scenes/test_table_clock.py,
a timed game whose timing has no intro and no wait for the screens) plays whole through
a server's room, its sand running from each round's start with no screen saying `ready`; Ubongo's
(an intro of 150 ticks after every screen is ready) is held by the same room (tests/net/test_ready.py)."""

from __future__ import annotations

import random

from game.core import registry
from game.core.match import Match, verify
from tests.net.support import play, random_legal
from tests.scenes.test_table_clock import RACE


def test_a_timed_game_without_an_intro_plays_through_a_room_its_sand_never_held(net):
    assert registry.get(RACE.name) is RACE and RACE.timed
    assert (RACE.timing.intro_ticks, RACE.timing.ready_seconds) == (0, None)
    net.start(rate=600.0)
    match_id, codes, _ = net.create(RACE.name, "online", "online", seed=3)
    windows = [net.join(codes[seat]) for seat in sorted(codes)]
    held: list[bool] = []

    def held_now() -> bool:
        room = net.srv.rooms.get(match_id)
        referee = room.referee if room is not None else None
        return referee is not None and (referee.hold_new_sand or referee.sand_held or bool(room.unready))

    def chooser(window, seat, rng):  # each move also looks whether the room ever held the sand
        held.append(net.on_loop(held_now))
        return random_legal(window, seat, rng)

    assert play(windows, random.Random(3), chooser, refused_ok=True) > 0
    record = net.record(match_id)
    assert verify(record)[0]
    assert Match.from_json(record).outcome is not None, "three rounds, to the end"
    assert held and not any(held), "no round waited for the screens: the game has no intro"
