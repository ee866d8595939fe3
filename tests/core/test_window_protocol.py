"""The three windows are the one door of game/core/window.py (issue 53, "One door, typed"): the
type checker holds each to the `Window` protocol and the remote one's link to `Connection`
(`make lint` checks this file strictly), and each has every member of the protocol at run time."""

from __future__ import annotations

import queue

from game.core.authority import Authority
from game.core.local import LocalWindow
from game.core.referee import Referee
from game.core.replays import ReplayWindow, Rewind
from game.core.thinking import Thinking
from game.core.window import Connection, Window
from game.net import protocol as p
from game.net.client import Hello, Inbox, Link, RemoteWindow
from tests.core.test_history import played


def doors(local: LocalWindow, remote: RemoteWindow, replay: ReplayWindow) -> list[Window]:
    """Checked, not run: each window class is a `Window`, so a table may hold any of them."""
    return [local, remote, replay]


def link(remote: RemoteWindow) -> Connection:
    """Checked, not run: the remote window's link is a `Connection`."""
    return remote


def members(protocol: type) -> set[str]:
    """A protocol's members: what its body defines and what it annotates."""
    defined = {name for name in vars(protocol) if not name.startswith("_")}
    return defined | set(vars(protocol).get("__annotations__", {}))


def windows() -> list[Window]:
    match = played("jaipur", moves=4)
    referee = Referee(Authority(match), {}, Thinking())
    local = LocalWindow(Authority(match), referee, frozenset({0}))
    rewind = Rewind(played("jaipur", moves=4))
    inbox: Inbox = queue.Queue()
    hello = Hello(type="hello", v=p.VERSION, token="t", games={})
    remote = RemoteWindow(Link("ws://127.0.0.1:9", hello, inbox), inbox)  # never started
    return [local, remote, rewind.window(rewind.end, rewind.viewers[0])]


def test_each_window_has_every_member_of_the_protocol() -> None:
    wanted = members(Window)
    assert {"view", "submit", "tick", "connection", "seats", "viewer"} <= wanted
    for window in windows():
        missing = sorted(name for name in wanted if name not in dir(window))
        assert not missing, f"{type(window).__name__} lacks {missing}"
        window.close()


def test_only_the_remote_window_has_a_link_and_it_has_every_member() -> None:
    wanted = members(Connection)
    assert {"status", "pump", "hand_to_bot", "latency_ms"} <= wanted
    local, remote, replay = windows()
    assert local.connection is None and replay.connection is None
    held = remote.connection
    assert held is not None
    missing = sorted(name for name in wanted if name not in dir(held))
    assert not missing, f"the remote link lacks {missing}"
    for window in (local, remote, replay):
        window.close()
