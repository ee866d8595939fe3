"""Faults (issue 35): a dropped connection reconnects by itself and resumes exactly; the others
see who is away; the host hands a seat gone for good to a bot with nothing played lost, and
nobody else may; the server killed with SIGKILL and started again resumes every match, its
clients reconnecting by themselves.
"""

from __future__ import annotations

import contextlib
import random
import time

import pytest

from game.core.codec import roundtrip
from game.core.match import Match, verify
from game.core.ruleset import Rejected
from game.core.store import Store
from game.core.storedb import FILENAME as STORE_FILE
from game.net import protocol as p
from game.net.client import NetError, RemoteWindow
from game.net.invite import Invite
from tests.net.support import BOUND, LOOPBACK, Raw, Serve, free_port, play, seen

pytestmark = pytest.mark.usefixtures("fast_players")


def reconnected(window: RemoteWindow) -> list[str]:
    """Apply what arrives until the window is online again after being away: the statuses
    it went through."""
    seen = [window.status]
    deadline = time.monotonic() + BOUND
    while not (window.status == "online" and "reconnecting" in seen):
        assert time.monotonic() < deadline, f"not back online within {BOUND} s: {seen}"
        window.wait(0.05)
        if window.status != seen[-1]:
            seen.append(window.status)
    return seen


def snapshot(window: RemoteWindow, seat: int) -> dict:
    """Everything the table reads from its window."""
    return {
        "view": window.view(),
        "seat_view": window.seat_view(seat),
        "events": window.events(),
        "count": window.count,
        "played": window.played,
        "to_act": window.to_act,
        "due": window.due,
        "outcome": window.outcome,
        "commands": window.commands(seat),
        "players": window.players,
        "online": window.online,
        "seats": window.seats,
    }


def test_a_dropped_connection_reconnects_by_itself_and_resumes_exactly(net):
    match_id, codes, _ = net.create("jaipur", "online", "online", seed=21)
    mine, theirs = net.join(codes[0]), net.join(codes[1])
    heard = list(mine.events())
    mine.listen(heard.extend)  # every batch the table hears, the missed ones on reconnecting too
    rng = random.Random(7)
    drops = 0
    while drops < 4:
        play([mine, theirs], rng, moves=7)
        assert not mine.finished, "the match ended before it was dropped a few times"
        mine.link.drop()
        drops += 1
        # the other seat moves on while this one is away (the link waits before it reconnects)
        for seat in theirs.to_act & theirs.seats:
            assert not isinstance(theirs.submit_sync(seat, rng.choice(theirs.legal(seat))), Rejected)
        assert "reconnecting" in reconnected(mine)
        seen(theirs, lambda m=mine: theirs.count == m.count, "both windows agree")
        assert mine.count == net.count(match_id)
        assert heard == mine.events()  # nothing missed, nothing twice
        # it resumed exactly: what a fresh window on the same seat sees
        now = snapshot(mine, 0)
        fresh = net.rejoin(mine.token)  # (it takes the seat over: the old window is told)
        assert snapshot(fresh, 0) == now
        seen(mine, lambda m=mine: m.status == "closed", "the old window is told it was replaced")
        mine, heard = fresh, list(fresh.events())
        mine.listen(heard.extend)
    play([mine, theirs], rng)
    record = net.record(match_id)
    assert verify(record)[0]
    truth = roundtrip(Match.from_json(record).outcome.to_json())
    assert mine.outcome.to_json() == theirs.outcome.to_json() == truth
    assert heard == mine.events()


def test_the_others_see_a_seat_away_and_the_match_waits_for_it(net):
    match_id, codes, _ = net.create("jaipur", "online", "online", options={"first": 0}, seed=22)
    mine, theirs = net.join(codes[0]), net.join(codes[1])
    seen(theirs, lambda: theirs.online == [True, True], "both are online")
    token = mine.token
    count = mine.count
    mine.close()
    seen(theirs, lambda: theirs.online == [False, True], "the others see seat 1 away")
    assert theirs.to_act == {0} and theirs.legal(1) == []  # the match waits for the seat away
    assert net.count(match_id) == count
    back = net.rejoin(token)
    assert back.seats == {0} and back.count == count
    seen(theirs, lambda: theirs.online == [True, True], "the others see it back")
    assert not isinstance(back.submit_sync(0, back.legal(0)[0]), Rejected)


def test_the_host_hands_a_seat_gone_for_good_to_a_bot_and_nothing_played_is_lost(net):
    match_id, codes, host_token = net.create("jaipur", "human", "online", options={"first": 0}, seed=23)
    host = net.rejoin(host_token)
    guest = net.join(codes[1])
    assert host.host and host.seats == {0}
    assert not guest.host and guest.seats == {1}
    rng = random.Random(11)
    play([host, guest], rng, moves=12)
    # a guest may not hand a seat to a bot, its own or another's
    for seat in (0, 1):
        refused = guest.hand_to_bot_sync(seat, "easy")
        assert isinstance(refused, Rejected) and "only the host" in refused.reason
    assert net.record(match_id)["seats"][1]["kind"] == "online"
    # the guest is gone for good
    guest.close()
    seen(host, lambda: host.online == [True, False], "the host sees the guest gone")
    before = net.record(match_id)
    for seat, level in ((1, "godlike"), (5, "easy"), ("1", "easy")):
        assert isinstance(host.hand_to_bot_sync(seat, level), Rejected)
    assert host.hand_to_bot_sync(1, "easy") is None
    seen(host, lambda: host.players[1].kind == "bot", "everyone sees a bot there")
    play([host], rng)
    after = net.record(match_id)
    assert after["events"][: len(before["events"])] == before["events"]
    assert after["commands"][: len(before["commands"])] == before["commands"]
    assert after["seats"][1] == {"name": "Seat2", "kind": "bot", "level": "easy"}
    assert verify(after)[0] and host.finished
    # the old guest's token opens nothing now: a bot's hand is nobody else's to see
    with pytest.raises(NetError) as refused_again:
        net.rejoin(guest.token)
    assert refused_again.value.code == "bad-token"


def test_a_guest_still_connected_is_told_when_its_seat_is_handed_to_a_bot(net):
    match_id, codes, host_token = net.create("jaipur", "human", "online", options={"first": 1}, seed=24)
    host = net.rejoin(host_token)
    guest = net.join(codes[1])
    assert host.hand_to_bot_sync(1, "easy") is None
    seen(guest, lambda: guest.status == "closed", "the guest is told")
    assert "handed your seat to a bot" in guest.problem
    play([host], random.Random(5))
    assert host.finished


# -- the server killed and started again -----------------------------------------------------


def test_the_server_killed_and_started_again_resumes_every_match(tmp_path):
    port, data, log = free_port(), tmp_path / "server", tmp_path / "server.log"
    # its bots pause 50 ms a move: the client then sends fewer than the 50 messages a second
    # the server takes from a connection (its rate limit is not raised in another process)
    served = Serve(port, data, log, bot_pause=0.05)
    opened: list = []
    try:
        creator = Raw((LOOPBACK, port))
        opened.append(creator)
        people = creator.ask(
            {
                "type": "create",
                "v": p.VERSION,
                "game": "ginrummy",
                "seats": [
                    {"name": "Asha", "kind": "online"},
                    {"name": "Bilal", "kind": "bot", "level": "easy"},
                ],
                "seed": 12,
            }
        )
        bots = creator.ask(
            {
                "type": "create",
                "v": p.VERSION,
                "game": "jaipur",
                "seats": [
                    {"name": "Chand", "kind": "bot", "level": "easy"},
                    {"name": "Dev", "kind": "bot", "level": "random"},
                ],
                "seed": 13,
            }
        )
        assert people["type"] == bots["type"] == "created"
        window = RemoteWindow.join(Invite(LOOPBACK, port, people["codes"]["0"]), timeout=BOUND)
        opened.append(window)
        rng = random.Random(3)
        play([window], rng, moves=8)
        assert not window.finished
        watcher = Raw((LOOPBACK, port))
        opened.append(watcher)
        assert watcher.hello(bots["token"])["seats"] == []  # the host of a match of bots alone
        seen = watcher.until(lambda m: m["type"] == "update" and m["count"] >= 30)["count"]
        count = window.count

        served.kill()  # mid-match, both of them
        served = Serve(port, data, log, bot_pause=0.05)

        # the client reconnects by itself, finds its match as it was, and plays it to the end
        assert "reconnecting" in reconnected(window)
        assert window.count >= count
        play([window], rng, refused_ok=True)  # a move sent as the server went down is refused
        assert window.finished
        # the bots' match went on by itself: its host sees it finished, nothing stored lost
        host = Raw((LOOPBACK, port))
        opened.append(host)
        welcome = host.hello(bots["token"])
        assert welcome["count"] >= seen
        if welcome["outcome"] is None:
            host.until(lambda m: m["type"] == "update" and m["outcome"] is not None, bound=BOUND * 2)
    finally:
        for client in reversed(opened):
            with contextlib.suppress(Exception):
                client.close()
        served.stop()
    with contextlib.closing(Store.open(data / STORE_FILE)) as store:
        for match_id in (people["match"], bots["match"]):
            record = store.data(match_id)
            ok, why = verify(record)
            assert ok, why
            assert Match.from_json(record).finished
        record = store.data(people["match"])
        assert len(record["events"]) == window.count
        assert window.outcome.to_json() == roundtrip(Match.from_json(record).outcome.to_json())
