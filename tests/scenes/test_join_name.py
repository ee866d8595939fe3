"""A guest chooses the name it plays under (issue 55, item 20): Join takes a name, the host's
as the default; the host's screen and the store hear it."""

from __future__ import annotations

from pathlib import Path

from game.automation import Session
from game.net import protocol as p
from tests.net.support import BOUND, on_loop, seats, serving


def test_join_takes_a_name_and_the_host_hears_it(tmp_path: Path):
    with serving(tmp_path) as (server, thread, address):
        match_id, codes, _ = on_loop(thread, server.create, "jaipur", seats("online", "bot"), None, None)
        s = Session.menu()
        try:
            s.click("join")
            s.type(f"bazaar://{address[0]}:{address[1]}/{codes[0]}")
            s.click("name")
            s.type("Mina")
            s.click("join")
            screen = s.app.top
            screen.attempt.future.result(BOUND)  # the host reached off the frame (a bound)
            s.tick(1)
            assert s.scene == "jaipur" and s.table.window.names[0] == "Mina"  # the welcome says it
            record = on_loop(
                thread, lambda: server.rooms[match_id].match.seats[0]
            )  # (its room is open: a seat is in)
            assert (record.name, record.kind) == ("Mina", "online")  # the match (and its save) too
        finally:
            s.close()


def test_left_empty_the_seat_keeps_the_hosts_name(tmp_path: Path):
    with serving(tmp_path) as (server, thread, address):
        made = seats("online", "bot")
        _, codes, _ = on_loop(thread, server.create, "jaipur", made, None, None)
        before = made[0]["name"]  # the name the host gave the seat
        s = Session.menu()
        try:
            s.click("join")
            s.type(f"bazaar://{address[0]}:{address[1]}/{codes[0]}")
            s.click("join")
            s.app.top.attempt.future.result(BOUND)
            s.tick(1)
            assert s.table.window.names[0] == before
        finally:
            s.close()


def test_a_name_is_checked_on_both_sides():
    assert p.good_name("Mina") and not p.good_name("") and not p.good_name("   ")
    assert not p.good_name("x" * (p.NAME_MAX + 1)) and not p.good_name("a\nb") and not p.good_name(7)
