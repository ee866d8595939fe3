"""A timed match waits for its people (issue 43, "A timed match plays itself out with nobody
there"): while none of them is connected its sand stands still, as time in the log, and the
room rests out of memory; the first one back is told, and the sand runs again from where it
stood. While one is there, it runs for all.

When they come back, the sand runs again once everyone who had come is back, or BACK_SECONDS
after the first came back (issue 51: nobody loses sand to a quicker friend).

The server's clock is the test's own (the drive's `time`), moved by hand: nothing here waits
on the wall clock except for messages, each with a bound."""

from __future__ import annotations

from game.core import registry
from game.core.ruleset import Rejected
from game.net import room
from tests.net.support import until

RATE = 60.0  # ticks a second, as in play


class Clock:
    """The server's clock, moved by the test."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def sand(net, match_id: int) -> int:
    """How far the round's sand has run on the server (its ticks)."""

    def read() -> int:
        room = net.srv.rooms[match_id]
        room._advance()
        return room.rules.time(room.match.state, None) if not room.referee.running else room.referee.sand

    return net.on_loop(read)


def running_round(net, clock: Clock, windows) -> int:
    """Pawns placed, every screen ready and the die rolled: the first round's sand runs."""
    match_id = windows[0].match_id
    for seat, window in enumerate(windows):
        window.pump()
        assert not isinstance(window.submit_sync(seat, {"move": "pawn", "row": seat}), Rejected)
    until(lambda: all(w.pump() is not None and w.view()["phase"] == "roll" for w in windows), "the die")
    for window in windows:
        window.ready()
    until(lambda: net.on_loop(lambda: not net.srv.rooms[match_id].unready), "every screen ready")
    clock.now += 5.0  # past the die roll
    until(lambda: net.on_loop(lambda: not net.srv.rooms[match_id].referee.sand_held), "the sand runs")
    return match_id


def test_the_sand_stands_still_while_nobody_is_there_and_the_first_back_is_told(net):
    clock = Clock()
    net.start(rate=RATE)
    net.srv.drive.time = clock  # read by the rooms only on the server's thread
    match_id, codes, _ = net.create("ubongo", "online", "online")
    a, b = net.join(codes[0]), net.join(codes[1])
    match_id = running_round(net, clock, [a, b])
    clock.now += 10.0
    ran = sand(net, match_id)
    assert ran >= 9 * RATE  # ten seconds with both there (the die's last moments aside)
    token = a.token
    a.close()
    clock.now += 10.0  # b is still there: the sand runs for all
    assert sand(net, match_id) >= ran + 10 * RATE - 1
    stood = sand(net, match_id)
    b_token = b.token
    b.close()
    until(lambda: net.on_loop(lambda: match_id not in net.srv.rooms), "the room rests once all are away")
    clock.now += 600.0  # ten minutes with nobody there
    back = net.rejoin(token)
    back.pump()
    assert any("stood still while nobody was here" in said for said in back.notices())
    assert abs(sand(net, match_id) - stood) <= RATE  # at most a second given back or lost
    assert back.view()["phase"] == "solve"  # the round was not played out by the clock
    clock.now += 3.0  # one person back: it waits for the other (test_the_come_back_rule)
    assert abs(sand(net, match_id) - stood) <= RATE
    other = net.rejoin(b_token)
    until(lambda: other.pump() is not None and other.status == "online", "b is back")
    clock.now += 3.0  # both back: it runs again
    assert sand(net, match_id) >= stood + 2 * RATE


def test_a_race_of_bots_alone_runs_with_nobody_there(net):
    clock = Clock()
    net.start(rate=RATE)
    net.srv.drive.time = clock
    match_id, _, _ = net.create("ubongo", "bot", "bot")
    assert not net.on_loop(lambda: net.srv.rooms[match_id].waits_for_people())


def test_a_race_whose_people_were_all_handed_to_bots_no_longer_waits(net):
    """A seat handed to a bot is no person's any more: the match runs on without them."""
    net.start(rate=RATE)
    match_id, _, _ = net.create("ubongo", "online", "online")

    async def hand_over() -> tuple[bool, bool]:
        room = await net.srv.room(match_id)  # loaded (it rests while nobody is there)
        before = room.waits_for_people()
        for seat in (0, 1):
            room.referee.seat(seat, room.authority.hand_to_bot(seat, "easy"))
        return before, room.waits_for_people()

    assert net.on_loop(hand_over) == (True, False)


def waiting(window) -> dict | None:
    """Whom the server's held sand waits for, as the window last heard it."""
    window.pump()
    return window.clock.waiting


def all_away(net) -> tuple[Clock, int, tuple[str, str], int]:
    """Two people in a running round leave, and the room rests: the test's clock, the match,
    their tokens and the sand where it stood."""
    clock = Clock()
    net.start(rate=RATE)
    net.srv.drive.time = clock
    _, codes, _ = net.create("ubongo", "online", "online")
    a, b = net.join(codes[0]), net.join(codes[1])
    match_id = running_round(net, clock, [a, b])
    clock.now += 5.0
    tokens = a.token, b.token
    stood = sand(net, match_id)  # the test's clock stands while they leave
    a.close()
    b.close()
    until(lambda: net.on_loop(lambda: match_id not in net.srv.rooms), "the room rests once all are away")
    return clock, match_id, tokens, stood


def test_the_come_back_rule(net):
    """Both away, the match rests; the first back finds the sand still, hears that it waits for
    the other, and may not play meanwhile; it runs once the other is back."""
    clock, match_id, tokens, stood = all_away(net)
    first = net.rejoin(tokens[1])
    until(lambda: waiting(first) is not None, "the first back hears whom the sand waits for")
    assert waiting(first)["for"] == "back" and waiting(first)["seats"] == [0]
    assert not first.clock.running
    clock.now += 20.0
    assert abs(sand(net, match_id) - stood) <= 1, "the sand waits for the second"
    refused = first.submit_sync(1, {"move": "give_up"})
    assert isinstance(refused, Rejected) and "stands still" in refused.reason
    second = net.rejoin(tokens[0])
    until(lambda: second.pump() is not None and second.clock.running, "the sand runs once both are back")
    clock.now += 2.0
    assert sand(net, match_id) >= stood + RATE
    until(lambda: first.pump() is not None and first.clock.running, "and on every screen")
    assert first.clock.waiting is None


def test_the_sand_runs_after_a_while_if_someone_never_comes_back(net):
    clock, match_id, tokens, stood = all_away(net)
    back = net.rejoin(tokens[0])
    until(lambda: waiting(back) is not None, "the sand waits for the other")
    clock.now += room.BACK_SECONDS - 1
    assert abs(sand(net, match_id) - stood) <= 1
    clock.now += 2.0
    assert sand(net, match_id) >= stood + RATE - 1, "past the grace the sand runs for whoever is there"
    until(lambda: back.pump() is not None and back.clock.running, "and the screen hears it runs")


def test_a_round_picked_up_before_its_boards_turned_up_waits_for_everyone_and_the_die(net):
    """Everyone leaves while the die rolls; when they are back the boards turn up on every
    screen at once, after the die, never to the first one back."""
    clock = Clock()
    net.start(rate=RATE)
    net.srv.drive.time = clock
    match_id, codes, _ = net.create("ubongo", "online", "online")
    a, b = net.join(codes[0]), net.join(codes[1])
    for seat, window in enumerate((a, b)):
        window.pump()
        assert not isinstance(window.submit_sync(seat, {"move": "pawn", "row": seat}), Rejected)
    until(lambda: all(w.pump() is not None and w.view()["phase"] == "roll" for w in (a, b)), "the die")
    tokens = a.token, b.token
    a.close()
    b.close()
    until(lambda: net.on_loop(lambda: match_id not in net.srv.rooms), "the room rests")
    clock.now += 100.0
    first = net.rejoin(tokens[0])
    until(lambda: waiting(first) is not None, "the first back waits for the other")
    clock.now += 10.0
    net.on_loop(lambda: net.srv.rooms[match_id]._advance())
    first.pump()
    assert first.view()["phase"] == "roll", "no board for the first one back"
    second = net.rejoin(tokens[1])
    until(lambda: second.pump() is not None and second.status == "online", "the second is back")
    assert net.count(match_id) == len(net.record(match_id)["events"])
    assert all(e["type"] != "reveal" for e in net.record(match_id)["events"]), "the die rolls first"
    clock.now += registry.face("ubongo").timing.intro_ticks / RATE + 0.1
    net.on_loop(lambda: net.srv.rooms[match_id]._advance())
    for window in (first, second):
        until(lambda w=window: w.pump() is not None and w.view()["phase"] == "solve", "the boards turn up")
        assert window.clock.running
