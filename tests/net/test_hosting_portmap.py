"""Hosting and the router: the port stays mapped while a hosted table is open here and is let
go when the last one closes; the invite offers home first, then the mapped public address and
the global IPv6 one; the server tells who took a seat from where."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.hosting import Hosting
from game.net.client import RemoteWindow
from game.net.identity import Identity
from game.net.portmap import HOME, MAPPED, Keeper
from tests.net.support import BOUND, invite, on_loop, seats, serving, until
from tests.net.test_portmap import Router, made


class Table:
    """A hosted table's window as Hosting sees it: told when it closes."""

    on_close: Any = None


def test_the_port_stays_mapped_until_the_last_hosted_table_closes(tmp_path: Path) -> None:
    router = Router()
    hosting = Hosting.__new__(Hosting)  # its server is not what is tested here
    hosting.port, hosting.shown, hosting.v6, hosting.tables = 8765, "192.168.1.2", "2a00:1450::5", set()
    hosting.portmap = keeper = Keeper(made(tmp_path, router))
    hosting.identity, hosting.relay_link = Identity.load_or_make(tmp_path / "key"), None
    first, second = Table(), Table()
    hosting._table(first)  # type: ignore[arg-type]
    hosting._table(second)  # type: ignore[arg-type]
    assert hosting.standing.path == MAPPED
    offered = hosting.invite("7KQ2-M9XD-4RTW-8HJC").candidates
    assert offered == (("192.168.1.2", 8765), ("11.0.1.1", 8765), ("2a00:1450::5", 8765))
    first.on_close()
    keeper.open(8765)  # answered after anything the close above queued
    assert keeper.settled.wait(BOUND)
    assert router.table == {8765: (router.lan, 8765)}  # one table is still open
    second.on_close()
    until(lambda: keeper.state == HOME, "the mapping let go once the last table closed")
    assert router.table == {}
    assert hosting.invite("7KQ2-M9XD-4RTW-8HJC").candidates == (
        ("192.168.1.2", 8765),
        ("2a00:1450::5", 8765),
    )
    keeper.stop(BOUND)


def test_the_server_tells_where_a_seat_was_taken_from_and_a_closed_window_says_so(tmp_path: Path) -> None:
    peers: list[str] = []
    with serving(tmp_path) as (server, thread, address):
        server.entered = peers.append
        _, codes, _ = on_loop(thread, server.create, "jaipur", seats("online", "online"), {}, None)
        window = RemoteWindow.join(invite(address, codes[0]))
        closed: list[bool] = []
        window.on_close = lambda: closed.append(True)
        until(lambda: peers == ["127.0.0.1"], "the seat taken from loopback told")
        window.close()
        window.close()
        assert closed == [True]  # told once
