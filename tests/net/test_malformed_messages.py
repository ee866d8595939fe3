"""A server's message without the shape its type needs is refused, never a crash (issue 53, "One
door, typed"): the remote window applies none of it, says so in the log and in words, and drops
the connection it came on (the welcome on the next brings everything again), or before any
welcome gives the window up. The link's own thread, which reads a welcome's token and an error's
code, says the connection is down instead of ending. No socket: the messages are handed in as
the link's thread hands them over."""

from __future__ import annotations

import copy
import queue

import pytest

from game.core.window import NotOpened
from game.net import client
from game.net import protocol as p

URL = "ws://127.0.0.1:9/"
ELSE = "Something other than a Bazaar host answered"


def welcome() -> dict:
    seen = {"events": [{"type": "start"}], "view": {"hand": [1, 2]}}
    return {
        "type": "welcome",
        "v": p.VERSION,
        "token": "t",
        "match": {
            "id": 7,
            "game": "jaipur",
            "players": [{"name": "Ann"}, {"name": "Bo", "kind": "online"}],
            "options": {},
        },
        "seats": [0],
        "host": True,
        "online": [True, True],
        "seen": {"0": seen, "none": copy.deepcopy(seen)},
        "commands": {"0": []},
        "legal": {"0": [{"move": "take"}]},
        "count": 1,
        "played": 0,
        "to_act": [0],
        "due": None,
        "outcome": None,
    }


def window() -> tuple[client.RemoteWindow, client.Link]:
    inbox: client.Inbox = queue.Queue()
    hello = client.Hello(type="hello", v=p.VERSION, token="t", games={})
    link = client.Link(URL, hello, inbox)  # never started: what it is asked to do is queued
    return client.RemoteWindow(link, inbox), link


def hand(remote: client.RemoteWindow, message: dict) -> None:
    remote._take(client.Arrival("message", message, 0.0))


def asked(link: client.Link) -> list[str]:
    return [what for what, _, _ in list(link.outgoing.queue)]


def test_a_welcome_as_it_should_be_opens_the_window():
    remote, link = window()
    message = welcome()
    message["count"] = "1"  # a count read with int() as before
    hand(remote, message)
    assert remote.status == "online" and remote.match_id == 7 and remote.game.name == "jaipur"
    assert remote.view() == {"hand": [1, 2]} and remote.legal(0) == [{"move": "take"}]
    assert remote.count == 1 and remote.to_act == frozenset({0}) and asked(link) == []


@pytest.mark.parametrize(
    "spoil",
    [
        lambda w: w.pop("seats"),
        lambda w: w["match"].update(game="no-such-game"),
        lambda w: w["seen"]["0"].update(view=[1, 2]),
        lambda w: w.update(count=None),
        lambda w: w.update(clock=5),
    ],
    ids=[
        "no seats",
        "a game this app lacks",
        "a view that is no object",
        "no count",
        "a clock that is no object",
    ],
)
def test_a_welcome_without_its_shape_gives_the_window_up_with_words(spoil, caplog):
    remote, link = window()
    message = welcome()
    spoil(message)
    hand(remote, message)
    assert remote.status == "closed" and remote.problem.startswith(ELSE)
    assert link.stopping.is_set() and asked(link) == ["close"]
    assert remote.match_id == 0 and remote.views == {}  # nothing of it applied
    with pytest.raises(NotOpened):
        remote.game  # noqa: B018
    assert "cannot read" in caplog.text


@pytest.mark.parametrize(
    "message",
    [
        {"type": "update", "from": 1, "seen": {"0": {"events": []}}, "commands": {}},  # no count
        {"type": "clock", "clock": [1]},
        {"type": "presence", "online": [True], "players": "Ann"},
        {"type": "reply", "id": [1], "ok": True},
        {"type": "error"},
    ],
    ids=["update", "clock", "presence", "reply", "error"],
)
def test_news_without_its_shape_drops_the_connection_and_changes_nothing(message):
    remote, link = window()
    hand(remote, welcome())
    hand(remote, message)
    assert asked(link) == ["drop"] and remote.resyncing
    assert remote.status == "online" and remote.problem.startswith(ELSE)
    assert remote.view() == {"hand": [1, 2]} and remote.count == 1 and len(remote.players) == 2
    assert remote.events() == [{"type": "start"}]


def test_a_refusal_of_a_move_sent_without_its_words_is_refused_and_the_move_still_awaited():
    remote, link = window()
    hand(remote, welcome())
    remote.sent[5] = {"type": "submit", "seat": 0, "command": {"move": "take"}, "id": 5}
    hand(remote, {"type": "reply", "id": 5, "ok": False, "error": {"code": p.REFUSED}})
    assert asked(link) == ["drop"] and 5 in remote.sent and remote.notices() == []


class Socket:
    """What the link's thread reads a connection through: these texts, then the end."""

    def __init__(self, *texts: str):
        self.texts, self.said, self.closed = texts, [], False

    def send(self, text: str) -> None:
        self.said.append(text)

    def close(self) -> None:
        self.closed = True

    def __iter__(self):
        return iter(self.texts)


@pytest.mark.parametrize(
    "message",
    [{**welcome(), "token": None}, {"type": "error", "error": "bad"}],
    ids=["a welcome without a token", "an error without a body"],
)
def test_the_links_thread_says_the_connection_is_down_and_goes_on(message):
    inbox: client.Inbox = queue.Queue()
    link = client.Link(URL, client.Hello(type="hello", v=p.VERSION, token="t", games={}), inbox)
    ws = Socket(p.encode(message))
    assert link._session(ws) is False  # not stopped: it connects again
    downs = [inbox.get_nowait() for _ in range(inbox.qsize())]
    assert all(isinstance(item, client.Down) for item in downs)
    assert downs[0].words.startswith(ELSE) and ws.closed
    assert link.first["type"] == "hello" and link.first["token"] == "t"
