"""An untimed match's room: its referee is not brought up to the clock around what people ask
(there is no sand to keep), yet a bot still waits its whole pause after the move it answers,
however long the person thought before it."""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import Executor, Future
from typing import Any

from game.core import registry
from game.core.match import Match, Seat
from game.core.ruleset import Budget
from game.net import protocol as p
from game.net.keys import Pass
from game.net.room import Drive, Room

PAUSE = 0.6  # seconds of a bot's pause


class AtOnce(Executor):
    """Each bot's job done as it is asked: deterministic under test."""

    def submit(self, fn, /, *args, **kwargs) -> Future:
        future: Future = Future()
        future.set_result(fn(*args, **kwargs))
        return future


class Screen:
    def __init__(self, seat: int):
        self.grant = Pass(1, (seat,), False)
        self.got: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any]) -> None:
        self.got.append(message)

    def close(self, code: int, reason: str) -> None:
        pass


def test_a_bot_waits_its_pause_after_the_move_it_answers_and_pings_move_nothing():
    rules = registry.get("jaipur")
    match = Match.new(rules, [Seat("Asha", "online", ""), Seat("Bot", "bot", "easy")], {"first": 0}, 8)
    now = [0.0]
    advanced = [0]

    async def run() -> None:
        drive = Drive(AtOnce(), bot_pause=PAUSE, budget=Budget(), time=lambda: now[0])
        room = Room(1, match, drive, on_rest=lambda r: None)
        referee_advance = room.referee.advance

        def counting(*args: Any, **kwargs: Any) -> None:
            advanced[0] += 1
            referee_advance(*args, **kwargs)

        room.referee.advance = counting  # type: ignore[method-assign]
        screen = Screen(0)
        await room.attach(screen, "token")
        await asyncio.sleep(0)
        # the person thinks ten seconds, pinging meanwhile: nothing to bring up to date
        before = advanced[0]
        for _ in range(10):
            now[0] += 1.0
            assert (await room.request(screen, {"type": "ping", "id": 1}))["ok"]
            assert (await room.request(screen, {"type": "legal", "id": 2, "seat": 0}))["ok"]
        assert advanced[0] == before, "an untimed match's referee was driven around pings"
        move = match.legal(0)[0]
        assert await room.request(screen, {"type": "submit", "id": 3, "seat": 0, "command": move}) is None
        played = len(match.events)
        await asyncio.sleep(0)  # the room schedules: the bot is asked
        now[0] += PAUSE - 0.1
        room.schedule()
        assert len(match.events) == played, "the bot moved before its pause was over"
        now[0] += 0.2
        room.schedule()
        assert len(match.events) > played, "the bot did not move once its pause was over"
        room.close()

    asyncio.run(run())


def test_a_legal_request_is_answered_with_the_list_the_news_carried_and_never_a_stale_one():
    """The moves a seat's news carried answer its `legal` request (listed once a state); once
    the state moved on, the request is answered from the new one."""
    rules = registry.get("jaipur")
    match = Match.new(rules, [Seat("Asha", "online", ""), Seat("Bot", "bot", "easy")], {"first": 0}, 8)
    now = [0.0]
    listed: list[int] = []
    real = match.legal

    def counting(seat: int) -> list[dict[str, Any]]:
        listed.append(seat)
        return real(seat)

    match.legal = counting  # type: ignore[method-assign]

    async def ask(room: Room, screen: Screen) -> list[dict[str, Any]]:
        answer = await room.request(screen, {"type": "legal", "id": 2, "seat": 0})
        return json.loads(p.encode(answer))["commands"]  # as the client reads it

    async def run() -> None:
        drive = Drive(AtOnce(), bot_pause=PAUSE, budget=Budget(), time=lambda: now[0])
        room = Room(1, match, drive, on_rest=lambda r: None)
        screen = Screen(0)
        await room.attach(screen, "token")
        await asyncio.sleep(0)
        told = [m["legal"] for m in screen.got if m.get("legal")][-1]["0"]  # the welcome's
        assert told and told == real(0)
        before = len(listed)
        assert await ask(room, screen) == told
        assert await ask(room, screen) == told  # asked twice: the same text
        assert len(listed) == before, "the seat's moves were listed again for the same state"
        assert await room.request(screen, {"type": "submit", "id": 3, "seat": 0, "command": told[0]}) is None
        assert await ask(room, screen) == [], "a list of the state before the move was sent"
        await asyncio.sleep(0)
        now[0] += PAUSE + 0.1
        room.schedule()  # the bot moves: the news carries the seat's new moves
        news = [m["legal"] for m in screen.got if m.get("legal")][-1]["0"]
        assert news == real(0) and news != told
        assert await ask(room, screen) == news
        room.close()

    asyncio.run(run())
