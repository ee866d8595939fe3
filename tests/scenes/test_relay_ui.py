"""Settings → Online names a relay; the host's app then keeps a link to it, its invites carry
the relay and its key's pin, the invite sheet says friends come through the relay, and a guest
reaches the hosted match through it (the TLS ending at the host's link: its server speaks
plain ws:// on loopback). Loopback only."""

from __future__ import annotations

from game.automation import Session
from game.core import settings as settings_mod
from game.net.invite import parse
from game.scenes.invites import InviteSheet
from tests.net.support import until
from tests.net.test_relay import Guest, RelayThread
from tests.scenes.label_fit import Overflow


def test_a_relay_set_in_settings_brings_a_guest_to_the_hosted_match(monkeypatch):
    relay = RelayThread()
    address = relay.start()
    s = Session.menu()
    try:
        s.click("settings")
        s.click("online")
        assert s.scene == "settings.online"
        s.click("online.relay")
        s.type("bad:port")
        s.click("done")
        assert s.scene == "settings.online" and "relay's address" in s.app.top.problem
        s.click("online.relay")
        s.key("ctrl+a")
        s.type(f"{address[0]}:{address[1]}")
        s.click("done")
        assert s.scene == "settings" and settings_mod.load()[0].relay == f"{address[0]}:{address[1]}"
    finally:
        s.close()
    host, invites = Session.host("jaipur", ["human", "online"], seed=3)
    guest = None
    try:
        hosting = host.app.hosting
        invite = parse(invites[1])
        assert invite.relay == address and invite.pin == hosting.identity.pin
        until(lambda: hosting.relay_link.state == "up", "the host's link registered at the relay")
        host.app.push(InviteSheet(host.app, host.table))  # (as Host on the setup screen shows it)
        host.tick(2)
        drawn = Overflow(monkeypatch)
        assert drawn.problems(host) == []
        assert any("through the relay" in w for _, w in drawn.drawn)
        guest = Guest(address, invite.pin)
        guest.open()  # the host's key, checked against the invite's pin, over the relay
        welcome = guest.enter({"type": "join", "code": invite.code})
        assert welcome["seats"] == [1]
        assert hosting.relay_link.bridged == 1
    finally:
        if guest is not None:
            guest.close()
        host.close()
        host.app.hosting.stop()
        relay.stop()
