"""`reinvite` over the protocol (docs/network.md): the host of a match made on a server asks it
for a new join code for an away player's seat, as the app hosting a match asks its own server.
Only the host's token may; a seat whose player is connected, or that is no online seat, is
refused in words; the new code takes the seat and the old token opens nothing."""

from __future__ import annotations

from game.net import protocol as p
from tests.net.support import Net, until


def test_the_host_gets_a_new_code_for_an_away_seat_and_the_old_token_stops(net: Net):
    match_id, codes, token = net.create("jaipur", "human", "online")
    host, guest = net.raw(), net.raw()
    assert host.hello(token)["type"] == "welcome"
    welcome = guest.join(codes[1])
    assert welcome["type"] == "welcome"
    refused = host.ask({"type": "reinvite", "seat": 1})
    assert refused["ok"] is False and refused["error"]["code"] == p.REFUSED
    assert "connected" in refused["error"]["message"]
    guest_token = welcome["token"]
    guest.close()
    until(lambda: not net.online(match_id)[1], "the guest gone")
    answer = host.ask({"type": "reinvite", "seat": 1})
    assert answer["ok"] is True and answer["code"] not in (codes[1], "")
    assert net.raw().hello(guest_token)["error"]["code"] == p.BAD_TOKEN
    assert net.raw().join(answer["code"])["seats"] == [1]


def test_only_the_host_may_and_only_for_an_online_seat(net: Net):
    _, codes, token = net.create("jaipur", "human", "online")
    host, guest = net.raw(), net.raw()
    assert host.hello(token)["type"] == "welcome"
    assert guest.join(codes[1])["type"] == "welcome"
    answer = guest.ask({"type": "reinvite", "seat": 1})
    assert answer["ok"] is False and answer["error"]["code"] == p.NOT_HOST
    answer = host.ask({"type": "reinvite", "seat": 0})
    assert answer["ok"] is False and answer["error"]["code"] == p.REFUSED
    assert "not a seat for a player at another computer" in answer["error"]["message"]
    answer = host.ask({"type": "reinvite", "seat": "1"})
    assert answer["ok"] is False and answer["error"]["code"] == p.BAD_MESSAGE
