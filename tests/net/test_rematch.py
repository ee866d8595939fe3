"""A rematch over the network (issue 55, item 21; docs/network.md, "Rematch"): once the match
is over any person's screen may ask for one; every screen hears who agreed and whom it waits for;
once every person's seat agreed (a bot's agrees by itself) the server makes a new match with the
same seats and options, and tells each screen of the old one a token for its seats there. No new
invite is needed."""

from __future__ import annotations

import json
import random

from game.net import protocol as p
from tests.net.support import Net, Raw, until


def finish(net: Net, match_id: int) -> None:
    """Play the match to its end on the server (random legal moves of its rules): every screen
    gets its news as if the players had moved."""

    def play() -> None:
        room = net.srv.rooms[match_id]
        window = room.authority.window(range(len(room.match.seats)))
        rng = random.Random(5)
        while not room.match.finished:
            seat = min(room.match.to_act)
            window.submit(seat, rng.choice(room.match.legal(seat)))

    net.on_loop(play)


def two_screens(net: Net, *kinds: str) -> tuple[int, Raw, Raw]:
    """A finished match: the host's screen (seat 0) and a guest's (seat 1), both welcomed."""
    match_id, codes, token = net.create("jaipur", *kinds, options={"first": 0})
    host, guest = net.raw(), net.raw()
    assert host.hello(token)["type"] == "welcome"
    assert guest.join(codes[1])["type"] == "welcome"
    finish(net, match_id)
    for screen in (host, guest):
        screen.until(lambda m: m["type"] == "update" and m["outcome"] is not None)
    return match_id, host, guest


def rematch_news(screen: Raw, nth: int = 1) -> dict:
    """The `nth` rematch message the screen got (it may have come before a reply read since)."""

    def said() -> list[dict]:
        return [m for m in map(json.loads, screen.frames) if m["type"] == "rematch"]

    if len(said()) < nth:
        screen.until(lambda _: len(said()) >= nth)
    return said()[nth - 1]


def test_when_both_screens_agree_each_gets_a_token_for_its_seats_in_the_new_match(net):
    old, host, guest = two_screens(net, "human", "online")
    assert host.ask({"type": "rematch"})["ok"] is True
    for screen in (host, guest):
        assert rematch_news(screen) == {"type": "rematch", "agreed": [0], "waiting": [1]}
    assert guest.ask({"type": "rematch"})["ok"] is True
    made = [rematch_news(screen, 2) for screen in (host, guest)]
    new = made[0]["match"]
    assert new != old and made[1]["match"] == new
    assert all(m["waiting"] == [] and m["agreed"] == [0, 1] for m in made)
    assert made[0]["token"] != made[1]["token"]
    players = net.on_loop(lambda: [s.to_json() for s in net.srv.rooms[old].match.seats])
    options = net.on_loop(lambda: net.srv.rooms[old].match.options)
    for seat, (news, is_host) in enumerate(zip(made, (True, False), strict=True)):
        again = net.raw()
        welcome = again.hello(news["token"])
        assert welcome["type"] == "welcome" and welcome["match"]["id"] == new
        assert welcome["seats"] == [seat] and welcome["host"] is is_host
        assert welcome["match"]["players"] == players and welcome["match"]["options"] == options
        assert welcome["outcome"] is None  # a new deal, under way


def test_one_screen_alone_is_told_whom_it_waits_for_and_nothing_is_made(net):
    old, host, guest = two_screens(net, "human", "online")
    rooms = net.on_loop(lambda: set(net.srv.rooms))
    assert guest.ask({"type": "rematch"})["ok"] is True
    assert rematch_news(host) == {"type": "rematch", "agreed": [1], "waiting": [0]}
    assert guest.ask({"type": "rematch"})["ok"] is True  # asking again changes nothing
    assert net.on_loop(lambda: set(net.srv.rooms)) == rooms
    assert not [f for f in guest.frames if '"token"' in f and '"rematch"' in f]


def test_a_bot_seat_agrees_by_itself_and_a_rematch_before_the_end_is_refused_in_words(net):
    match_id, _, token = net.create("jaipur", "human", "bot", options={"first": 0})
    host = net.raw()
    assert host.hello(token)["type"] == "welcome"
    answer = host.ask({"type": "rematch"})
    assert answer["ok"] is False and answer["error"]["code"] == p.REFUSED
    assert "not over" in answer["error"]["message"]
    finish(net, match_id)
    assert host.ask({"type": "rematch"})["ok"] is True
    news = rematch_news(host)
    assert news["agreed"] == [0] and news["waiting"] == [] and news["match"] != match_id
    welcome = net.raw().hello(news["token"])
    assert welcome["type"] == "welcome" and welcome["match"]["players"][1]["kind"] == "bot"


def test_a_screen_away_when_the_rematch_is_made_gets_its_token_once_back(net, monkeypatch):
    """A guest asked for a rematch, then its link dropped; the host asked meanwhile and the
    server made the rematch, telling the screens connected then. Back, the guest's screen asks
    again by itself and gets its token there, with no invite to send."""
    import threading

    from game.net import client
    from tests.net.support import BOUND, seen

    gate = threading.Event()
    gate.set()
    real = client.connect_ws

    def gated(*args, **kwargs):  # the guest's link comes back only once the gate opens
        assert gate.wait(BOUND), "the gate was never opened"
        return real(*args, **kwargs)

    monkeypatch.setattr(client, "connect_ws", gated)
    match_id, codes, token = net.create("jaipur", "human", "online", options={"first": 0})
    host, guest = net.rejoin(token), net.join(codes[1])
    finish(net, match_id)
    seen(guest, lambda: guest.finished, "the guest sees the end")
    seen(host, lambda: host.finished, "the host sees the end")
    guest.ask_rematch()
    seen(host, lambda: host.rematch is not None and host.rematch.agreed == {1}, "the host hears it")
    gate.clear()
    guest.link.drop()
    until(lambda: not net.online(match_id)[1], "the guest gone")
    host.ask_rematch()
    seen(host, lambda: host.rematch is not None and bool(host.rematch.token), "the rematch made")
    assert guest.rematch is None or not guest.rematch.token  # told nothing while away
    gate.set()
    seen(guest, lambda: guest.rematch is not None and bool(guest.rematch.token), "the guest's token")
    assert guest.rematch.match == host.rematch.match
    again = net.rejoin(guest.rematch.token)
    assert again.match_id == host.rematch.match and again.seats == frozenset({1})
