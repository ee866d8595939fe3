"""Host on a server (issue 55, item 22): Settings → Online names a `serve` (its address, its
key's pin, the creator key its operator gave); the setup screen's Host then offers where, makes
the match there with the key, shows the invites pinned to the server's key, takes the people's
seats, and Continue lists the match with where it is. A wrong key is refused in words. The
server runs on a thread, on loopback, with TLS and a kept identity, as `serve` does."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

from game.automation import Session
from game.core import settings as settings_mod
from game.net.identity import Identity
from game.net.invite import parse
from game.net.server import Server, Threaded
from tests.net.support import LOOPBACK, until
from tests.scenes.label_fit import Overflow
from tests.scenes.test_network_ui import setup_with_kinds

KEY = "open-sesame-42"


@contextlib.contextmanager
def serve(data: Path, key: str = KEY) -> Iterator[tuple[Server, Identity, str]]:
    """`python -m game serve --creator-key KEY` on loopback: the server, its key, HOST:PORT."""
    server = Server(data, bot_pause=0.0, creator_key=key)
    identity = Identity.load_or_make(data)
    thread = Threaded(server, LOOPBACK, 0, identity.server_context())
    host, port = thread.start()
    try:
        yield server, identity, f"{host}:{port}"
    finally:
        thread.stop()


def set_server(address: str, pin: str, key: str) -> None:
    """Settings → Online, filled in and kept as a person does it."""
    s = Session.menu()
    try:
        s.click("settings")
        s.click("online")
        for field, value in (("server", address), ("server_pin", pin), ("creator_key", key)):
            s.click(f"online.{field}")
            s.key("ctrl+a")
            s.type(value)
        s.click("done")
        assert s.scene == "settings", getattr(s.app.top, "problem", "")
    finally:
        s.close()
    kept = settings_mod.load()[0]
    assert (kept.server, kept.server_pin, kept.creator_key) == (address, pin, key)


def host_on_server(s: Session) -> None:
    """On the setup screen: Host, on a server."""
    assert s.target("where").label == "Host", "Host offers where once a server is set"
    s.click("where")
    assert s.app.top.where.value == "server"
    s.click("host")


def guest_joined(s: Session) -> Session:
    """Host on the server, and a guest at another app joined by the invite, seen online."""
    from tests.scenes.test_network_ui import joined, online, wait_until

    host_on_server(s)
    s.click("close")
    guest = joined(str(s.table.invites[1]))
    wait_until(s, lambda: online(s, 1), "the guest online")
    return guest


def test_the_app_hosts_a_jaipur_match_on_a_server_a_guest_joins_and_continue_lists_it(tmp_path, monkeypatch):
    with serve(tmp_path / "server") as (server, identity, address):
        set_server(address, identity.pin, KEY)
        s = setup_with_kinds("jaipur", ["human", "online"])
        guest = None
        try:
            host_on_server(s)
            assert s.scene == "invites", "the table opens with the invites on top"
            assert s.app.hosting is None, "nothing is hosted on this computer"
            sheet = s.app.top
            invite = parse(str(sheet.table.invites[1]))
            assert (invite.address, invite.pin) == (address, identity.pin), "pinned to the server's key"
            drawn = Overflow(monkeypatch)
            assert drawn.problems(s) == []
            assert any(f"on the server {address}" in w for _, w in drawn.drawn)
            assert len(server.rooms) == 1, "the match is the server's"
            s.click("close")
            guest = Session.join(str(invite))
            assert sorted(guest.table.window.seats) == [1]
            # a move, by whoever starts, seen at the other screen
            window = s.table.window
            mover, other = (s, guest) if 0 in window.to_act else (guest, s)
            seat = 0 if mover is s else 1
            mover.perform(seat, mover.legal(seat)[0])
            seen = other.table.window
            until(lambda: seen.pump() >= 0 and seen.played >= 1, "the move seen at the other screen")
        finally:
            if guest is not None:
                guest.close()
            s.close()
        # Continue lists it, and says where it is played
        again = Session.menu()
        try:
            # the match made on the server, and the guest's seat (both apps here share one data
            # folder: the guest's is on Join's list, not Continue's)
            assert again.target("continue").label == "Continue (2)"
            again.click("continue")
            assert again.scene == "saved"
            assert [(i.game, i.served) for i in again.app.top.infos] == [("jaipur", True)]
            drawn = Overflow(monkeypatch)
            assert drawn.problems(again) == []
            assert any(f"on server {address}" in w for _, w in drawn.drawn)
            again.click("resume")
            assert again.scene == "jaipur" and again.table.window.played >= 1, "the seats taken again"
        finally:
            again.close()


def test_a_wrong_creator_key_is_refused_in_words(tmp_path):
    with serve(tmp_path / "server") as (server, identity, address):
        set_server(address, identity.pin, "not-the-key")
        s = setup_with_kinds("jaipur", ["human", "online"])
        try:
            host_on_server(s)
            assert s.scene == "setup", "no table opens"
            said = [t.message for t in s.app.toasts]
            assert any("creator key" in w and address in w for w in said), said
            assert not server.rooms, "no match was made"
        finally:
            s.close()


def test_continue_lists_a_match_on_a_server_beside_one_saved_here(monkeypatch):
    """The rows of both kinds are sorted together by time (a ticket's time has no offset, the
    saves' has): neither is lost, and each says where it is."""
    from game.core import paths
    from game.net import tickets
    from game.net.invite import Invite

    here = Session.open("jaipur", ["human", "easy"], seed=3)
    here.close()
    route = Invite("games.example.org", 8765, "", pin="A" * 43)
    made = tickets.Ticket.of(route, "token", "jaipur", 7, (0,), ("Asha", "Bilal"))
    tickets.remember(paths.data_dir(), replace(made, served=True))
    s = Session.menu()
    try:
        assert s.target("continue").label == "Continue (2)"
        s.click("continue")
        assert [type(i).__name__ for i in s.app.top.infos].count("Ticket") == 1
        assert len(s.app.top.infos) == 2 and not s.app.toasts
        drawn = Overflow(monkeypatch)
        assert drawn.problems(s) == []
        assert any("on server games.example.org:8765" in w for _, w in drawn.drawn)
    finally:
        s.close()


def test_the_host_gives_an_away_guest_a_new_invite_made_by_the_server(tmp_path, monkeypatch):
    """A match made on a server: the host's New invite asks the server (`reinvite`) for a new
    code, the sheet says it is asking and the frame goes on; the new invite is pinned to the
    server, the old token opens nothing, and whoever joins with it takes the seat."""
    import pytest

    from game.net.client import NetError, RemoteWindow
    from tests.scenes.test_network_ui import joined, online, wait_until

    with serve(tmp_path / "server") as (server, identity, address):
        set_server(address, identity.pin, KEY)
        s = setup_with_kinds("jaipur", ["human", "online"])
        guest = again = None
        try:
            guest = guest_joined(s)
            first = str(s.table.invites[1])
            old = guest.table.window
            url, token = old.link.route, old.token
            guest.close()
            guest = None
            wait_until(s, lambda: not online(s, 1), "the guest gone")
            s.click("connection")
            drawn = Overflow(monkeypatch)
            assert drawn.problems(s) == []
            assert any(f"You host this match on the server {address}." in w for _, w in drawn.drawn)
            s.click("reinvite.1")
            s.click("new-invite")
            assert s.scene == "connection", "the sheet stands while the server is asked"
            assert s.app.top.status.startswith(f"Asking the server {address} for a new invite")
            window = s.table.window
            for _ in range(100):
                if s.scene == "invites":
                    break
                s.tick(1)  # the sheet applies the link's news: the server's answer among them
                window.wait(0.2)
            assert s.scene == "invites", s.app.top.status
            fresh = parse(str(s.table.invites[1]))
            assert (fresh.address, fresh.pin) == (address, identity.pin) and str(fresh) != first
            with pytest.raises(NetError) as refused:
                RemoteWindow.rejoin(url, token, timeout=10.0)
            assert refused.value.code == "bad-token"
            again = joined(str(fresh))
            wait_until(s, lambda: online(s, 1), "the new guest online")
            assert again.table.window.seats == frozenset({1})
        finally:
            for screen in (guest, again):
                if screen is not None:
                    screen.close()
            s.close()


def test_a_rematch_of_a_match_made_on_a_server_is_made_there_and_continue_lists_it(tmp_path, monkeypatch):
    """Both screens of a match made on a server ask for a rematch: the server makes it, the
    host's app takes its seats there (nothing is hosted on this computer) and Continue lists
    the new match with where it is played, the old one no longer."""
    import random

    from tests.scenes.test_network_play import play_together
    from tests.scenes.test_network_ui import results_words, wait_results

    with serve(tmp_path / "server") as (server, identity, address):
        set_server(address, identity.pin, KEY)
        s = setup_with_kinds("jaipur", ["human", "online"])
        guest = None
        try:
            guest = guest_joined(s)
            play_together("jaipur", [s, guest], random.Random(3))
            assert s.scene == "results" and guest.scene == "results"
            old = s.app.top.window.match_id
            guest.click("rematch")
            wait_results(s, lambda: results_words(s) == "Bilal wants a rematch", "the host is told")
            s.click("rematch")
            wait_results(s, lambda: s.scene == "jaipur", "the host at the rematch's table")
            wait_results(guest, lambda: guest.scene == "jaipur", "the guest at the rematch's table")
            new = s.table.window.match_id
            assert new != old and guest.table.window.match_id == new
            assert s.app.hosting is None, "nothing is hosted on this computer"
            assert new in server.rooms, "the rematch is the server's"
            assert s.app.matches.served_at(s.table.window) == address
            assert [(t.match, t.served) for t in s.app.matches.served()] == [(new, True)]
        finally:
            if guest is not None:
                guest.close()
            s.close()


def test_the_keys_an_operator_gave_show_as_dots_but_while_edited(monkeypatch):
    """Settings → Online keeps the creator key and the relay's registration key off the screen
    (a screenshot, someone looking on): dots for their characters, the key itself only while
    the person edits that field, by mouse or keyboard."""
    from game.ui.widgets import SECRET_DOT

    set_server("127.0.0.1:8765", "", KEY)
    s = Session.menu()
    try:
        s.click("settings")
        s.click("online")
        drawn = Overflow(monkeypatch)
        assert drawn.problems(s) == []
        words = [w for _, w in drawn.drawn]
        assert not any(KEY in w for w in words) and SECRET_DOT * len(KEY) in words
        assert "127.0.0.1:8765" in words  # an address is no secret
        s.click("online.creator_key")  # editing it: the key as typed
        drawn = Overflow(monkeypatch)
        drawn.problems(s)
        assert KEY in [w for _, w in drawn.drawn]
        s.key("tab")  # on to the next control: dots again
        drawn = Overflow(monkeypatch)
        drawn.problems(s)
        assert not any(KEY in w for _, w in drawn.drawn)
    finally:
        s.close()
