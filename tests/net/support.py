"""What the network tests share: a server on a thread on loopback, a raw WebSocket client that
keeps every frame it receives, and rounds of play for RemoteWindows.

Nothing here sleeps to wait for a thread: a test blocks on a message (with a generous bound
that only says when to give up), or polls a condition that must become true, with a bound.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import random
import select
import signal
import socket
import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future
from pathlib import Path
from typing import Any

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from game.core import selfcall
from game.core.ruleset import Command, Rejected
from game.net import protocol as p
from game.net.client import RemoteWindow
from game.net.invite import Invite
from game.net.reach import connect_ws
from game.net.server import Server, Threaded
from game.rules.ubongo.face import solver

LOOPBACK = "127.0.0.1"
BOUND = 30.0  # seconds: only ever a failure bound, never a wait that must pass
ROOT = Path(__file__).resolve().parents[2]


def until(condition: Callable[[], Any], what: str, bound: float = BOUND) -> Any:
    """Poll `condition` until it is true (and return it); fail after `bound` seconds."""
    deadline = time.monotonic() + bound
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {bound:g} s: {what}")
        time.sleep(0.005)


def seen(window: RemoteWindow, condition: Callable[[], Any], what: str, bound: float = BOUND) -> None:
    """Apply what reaches `window` until `condition()` holds; fail after `bound` seconds."""
    deadline = time.monotonic() + bound
    window.pump()
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {bound:g} s: {what}")
        window.wait(0.05)


@contextlib.contextmanager
def serving(data: Path, **options: Any) -> Iterator[tuple[Server, Threaded, tuple[str, int]]]:
    """A server on its own thread, on loopback and a free port, stopped afterwards."""
    options.setdefault("bot_pause", 0.0)
    server = Server(data, **options)
    thread = Threaded(server, LOOPBACK, 0)
    address = thread.start()
    try:
        yield server, thread, address
    finally:
        thread.stop()


def seats(*kinds: str) -> list[dict[str, str]]:
    """Seats for `create`: "online", "human", "bot" (easy) or "bot:LEVEL"."""
    out = []
    for i, kind in enumerate(kinds):
        name = f"Seat{i + 1}"
        if kind.startswith("bot"):
            level = kind.partition(":")[2] or "easy"
            out.append({"name": name, "kind": "bot", "level": level})
        else:
            out.append({"name": name, "kind": kind})
    return out


def invite(address: tuple[str, int], code: str) -> Invite:
    return Invite(address[0], address[1], code)


def on_loop(thread: Threaded, fn: Callable[..., Any], *args: Any) -> Any:
    """Read or do something on the server's own thread (its rooms are that thread's)."""
    return thread.call(fn, *args, timeout=BOUND)


def match_json(server: Server, thread: Threaded, match_id: int) -> dict[str, Any]:
    """The server's whole record of a match (the oracle: never what a client gets): the
    room's, or the store's once a finished match nobody watches is unloaded."""

    def read() -> dict[str, Any]:
        room = server.rooms.get(match_id)
        return room.match.to_json() if room is not None else server.store.data(match_id)

    return on_loop(thread, read)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((LOOPBACK, 0))
        return probe.getsockname()[1]


class Serve:
    """`python -m game serve` in a process of its own, on loopback."""

    def __init__(self, port: int, data: Path, log: Path, bot_pause: float, *flags: str, plain: bool = True):
        command = selfcall.command("serve", "--host", LOOPBACK, "--port", str(port))
        command += ["--plain"] if plain else []  # raw clients speak ws://; else its own key, wss://
        command += ["--data", str(data), "--bot-pause", str(bot_pause), "--allow-seed", *flags]  # fixed deals
        with open(log, "a") as err:
            self.proc = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=err, text=True)
        assert self.proc.stdout is not None
        deadline = time.monotonic() + BOUND
        line = ""
        while "serving on" not in line:
            left = deadline - time.monotonic()
            ready, _, _ = select.select([self.proc.stdout], [], [], max(0.0, left))
            assert ready, f"the server did not start within {BOUND} s: {log.read_text()[-2000:]}"
            line = self.proc.stdout.readline()
            assert line, f"the server ended: {log.read_text()[-2000:]}"

    def kill(self) -> None:
        """SIGKILL the server alone: the processes it started (its bots', its scribe) end by
        themselves once they see it gone (`ended` waits for that)."""
        self.started = descendants(self.proc.pid)
        self.proc.send_signal(signal.SIGKILL)
        assert self.proc.wait(BOUND) == -signal.SIGKILL

    def ended(self) -> None:
        """Wait until every process the killed server had started has ended: the scribe's last
        write is then committed, or never will be."""
        until(lambda: not any(Path(f"/proc/{pid}").exists() for pid in self.started), "its processes ended")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(BOUND)
        if self.proc.stdout is not None:
            self.proc.stdout.close()


def descendants(pid: int) -> list[int]:
    """The processes below `pid` (Linux's /proc), children first."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                parents[int(entry.name)] = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
    found, todo = [], [pid]
    while todo:
        above = todo.pop()
        below = [child for child, parent in parents.items() if parent == above]
        found += below
        todo += below
    return found


class Net:
    """One test's server and the clients it opened, all closed at the end (clients first)."""

    def __init__(self, data: Path):
        self.data = data
        self.server: Server | None = None
        self.thread: Threaded | None = None
        self.address: tuple[str, int] = (LOOPBACK, 0)
        self.opened: list[RemoteWindow | Raw] = []

    def start(self, **options: Any) -> Net:
        assert self.server is None, "one server a test"
        options.setdefault("bot_pause", 0.0)
        self.server = Server(self.data, **options)
        self.thread = Threaded(self.server, LOOPBACK, 0)
        self.address = self.thread.start()
        return self

    def stop(self) -> None:
        for client in reversed(self.opened):
            client.close()
        self.opened.clear()
        if self.thread is not None:
            self.thread.stop()
        self.server = self.thread = None

    @property
    def srv(self) -> Server:
        """The server (started with the defaults if the test did not start one)."""
        if self.server is None:
            self.start()
        assert self.server is not None
        return self.server

    def on_loop(self, fn: Callable[..., Any], *args: Any) -> Any:
        assert self.srv is not None and self.thread is not None
        return on_loop(self.thread, fn, *args)

    def create(
        self, game: str, *kinds: str, options: dict[str, Any] | None = None, seed: int | None = None
    ) -> tuple[int, dict[int, str], str]:
        """A match made as the host's app makes one: (id, {seat: code}, host token)."""
        return self.on_loop(self.srv.create, game, seats(*kinds), options, seed)

    def join(self, code: str) -> RemoteWindow:
        window = RemoteWindow.join(invite(self.address, code), timeout=BOUND)
        self.opened.append(window)
        return window

    def rejoin(self, token: str) -> RemoteWindow:
        window = RemoteWindow.rejoin(f"ws://{self.address[0]}:{self.address[1]}/", token, timeout=BOUND)
        self.opened.append(window)
        return window

    def raw(self, **options: Any) -> Raw:
        assert self.srv is not None
        client = Raw(self.address, **options)
        self.opened.append(client)
        return client

    # -- the oracle: the server's own record, read on its thread ------------------------------
    def record(self, match_id: int) -> dict[str, Any]:
        assert self.thread is not None
        return match_json(self.srv, self.thread, match_id)

    def count(self, match_id: int) -> int:
        return self.on_loop(lambda: len(self.srv.rooms[match_id].match.events))

    def legal(self, match_id: int, seat: int) -> list[Command]:
        return self.on_loop(lambda: self.srv.rooms[match_id].match.legal(seat))

    def online(self, match_id: int) -> list[bool]:
        return self.on_loop(lambda: self.srv.rooms[match_id].online())


class Raw:
    """A client speaking the protocol by hand, keeping every text frame it receives."""

    def __init__(self, address: tuple[str, int], pin: str | None = None, **options: Any):
        options.setdefault("open_timeout", BOUND)
        options.setdefault("max_size", p.MAX_OUT_FRAME)
        options.setdefault("close_timeout", 2)
        self._stack = contextlib.ExitStack()
        if pin is not None:  # a server with a key of its own (the host's app): wss://, pinned
            route = Invite(address[0], address[1], "", pin=pin)
            ws = connect_ws(route, options.pop("open_timeout"), compression=None, **options)
        else:
            ws = connect(f"ws://{address[0]}:{address[1]}/", compression=None, proxy=None, **options)
        self.ws: ClientConnection = self._stack.enter_context(ws)
        self.frames: list[str] = []
        self.next_id = 0

    def send(self, message: dict[str, Any] | str | bytes) -> None:
        self.ws.send(message if isinstance(message, str | bytes) else p.encode(message))

    def recv(self, bound: float = BOUND) -> dict[str, Any]:
        text = self.ws.recv(timeout=bound)
        assert isinstance(text, str), "the server sends text frames only"
        self.frames.append(text)
        return json.loads(text)

    def until(self, wanted: Callable[[dict[str, Any]], bool], bound: float = BOUND) -> dict[str, Any]:
        """Read messages until one is `wanted` (returned); the others are kept in `frames`."""
        deadline = time.monotonic() + bound
        while True:
            message = self.recv(max(0.0, deadline - time.monotonic()))
            if wanted(message):
                return message

    def ask(self, message: dict[str, Any], bound: float = BOUND) -> dict[str, Any]:
        """A request with a fresh id, and its answer."""
        self.next_id += 1
        rid = self.next_id
        self.send({**message, "id": rid})
        return self.until(lambda m: m.get("id") == rid and m["type"] in ("reply", "created"), bound)

    def error(self, bound: float = BOUND) -> dict[str, Any]:
        """The next error of its own (one that answers no request): its body."""
        return self.until(lambda m: m["type"] == "error", bound)["error"]

    def join(self, code: str) -> dict[str, Any]:
        self.send({"type": "join", "v": p.VERSION, "code": code})
        return self.until(lambda m: m["type"] in ("welcome", "error"))

    def hello(self, token: str) -> dict[str, Any]:
        self.send({"type": "hello", "v": p.VERSION, "token": token})
        return self.until(lambda m: m["type"] in ("welcome", "error"))

    def closed(self, bound: float = BOUND) -> tuple[int | None, str]:
        """Read until the server closes the connection: its close code and reason."""
        deadline = time.monotonic() + bound
        with contextlib.suppress(ConnectionClosed):
            while True:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"the server did not close the connection within {bound:g} s")
                with contextlib.suppress(TimeoutError):
                    self.recv(left)
        received = self.ws.protocol.close_rcvd
        return (received.code, received.reason) if received is not None else (None, "")

    def close(self) -> None:
        self._stack.close()


Chooser = Callable[[RemoteWindow, int, random.Random], Command | None]


def say_ready(window: RemoteWindow, readied: dict[int, Any]) -> None:
    """As a timed game's table does once its round's die rolls: tell the server this screen
    is ready (the sand waits for it), once a round."""
    if window.game is None or not window.game.timed or window.finished or window.status != "online":
        return
    view = window.view()
    if view.get("phase") in ("roll", "solve") and readied.get(id(window)) != view.get("round"):
        readied[id(window)] = view.get("round")
        window.ready()


def random_legal(window: RemoteWindow, seat: int, rng: random.Random) -> Command | None:
    legal = window.legal(seat)
    return rng.choice(legal) if legal else None


def ubongo_player(window: RemoteWindow, seat: int, rng: random.Random) -> Command | None:
    """Seat 0 solves its Ubongo puzzle as soon as the sand runs (the server stamps the tick);
    the others give up or move their pawn at random, as `legal` lists them."""
    view = window.seat_view(seat)
    if view["phase"] == "solve" and view["status"][seat] == "solving":
        if not window.clock.running:
            return None  # the die still rolls: wait for the sand
        if seat == 0:
            puzzle = view["puzzles"][seat]
            found = solver.tilings([tuple(c) for c in puzzle["cells"]], puzzle["pieces"], limit=1)
            if found:
                laid = [{"piece": piece, "cells": [list(c) for c in cells]} for piece, cells in found[0]]
                return {"move": "solve", "placements": laid}
    return random_legal(window, seat, rng)


def play(
    windows: list[RemoteWindow],
    rng: random.Random,
    choose: Chooser = random_legal,
    bound: float = BOUND * 4,
    refused_ok: bool = False,
    moves: int | None = None,
) -> int:
    """Round the windows until every one has seen the end (or `moves` were made): each plays
    its seats the server waits on, and when none may, each waits briefly for the server's next
    message. Returns the moves made. `refused_ok`: a refusal is no failure (a timed game moved
    on meanwhile, or the server is away)."""
    deadline = time.monotonic() + bound
    made = 0
    readied: dict[int, Any] = {}
    while not all(w.finished for w in windows) and (moves is None or made < moves):
        if time.monotonic() > deadline:
            facts = [(sorted(w.seats), w.status, w.count, sorted(w.to_act)) for w in windows]
            raise AssertionError(f"not finished within {bound:g} s after {made} moves: {facts}")
        acted = False
        for w in windows:
            w.pump()
            say_ready(w, readied)
            for seat in sorted(w.to_act & w.seats):
                if w.finished or (moves is not None and made >= moves):
                    break
                command = choose(w, seat, rng)
                if command is None:
                    continue
                result = w.submit_sync(seat, command)
                if isinstance(result, Rejected):
                    assert refused_ok, f"seat {seat}'s legal {command} was refused: {result.reason}"
                else:
                    made += 1
                    acted = True
        if not acted:
            for w in windows:
                if not w.finished:
                    w.wait(0.02)
    return made


class Later(Executor):
    """The server's bots and hints think only when the test says (`run`: on the test's thread),
    so a hint stays in flight, or a bots' match waits for a client to be in first."""

    def __init__(self):
        self.jobs: list[tuple[Future, object, tuple]] = []
        self.lock = threading.Lock()

    def submit(self, fn, /, *args, **kwargs) -> Future:
        future: Future = Future()
        with self.lock:
            self.jobs.append((future, fn, args))
        return future

    def run(self) -> None:
        with self.lock:
            jobs, self.jobs = self.jobs, []
        for future, fn, args in jobs:
            if future.set_running_or_notify_cancel():
                future.set_result(fn(*args))


def held(net: Net) -> Later:
    """The started server's bots and hints from now on think when the test runs them."""
    later = Later()
    net.srv.drive = dataclasses.replace(net.srv.drive, executor=later)
    return later
