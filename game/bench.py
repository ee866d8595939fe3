"""`python -m game bench` / `make bench`: performance figures, printed (never asserted).

Start-up time to the first menu frame, frame time per scene (as the loop runs it, and with a
full redraw every frame), how late a frame comes while a hard bot thinks (at the table, or on
the server the app hosts: `frame_ms_thinking_p99`, beside the idle table's), and each game's
own figures from `game/rules/<game>/bench.py` (`figures() -> dict`), plus the bundle's when
one is built. Every bot a figure times plays through a referee: the benches' games are `sim`'s
(game/core/sim.py `run`, and `think_ms` for a search's own milliseconds), the frame's hard bot
is a hint asked through the table's window.
The network's: a command's round trip on a `python -m game serve` on loopback (`net.rtt_ms`),
how many matches one server process holds (`net.matches`, about two minutes), and what hard
bots thinking in other rooms do to 250 matches' round trips (`net.rooms_250_*`;
docs/network.md), and the same through a relay (`net.relay_*`: its round trip, its CPU per piped
message, how many matches it pipes; about a minute). Their clients keep within the server's
rate; one that fails is said, and the other figures still come.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import gc
import importlib
import importlib.util
import inspect
import json
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

from game.core import progress, registry, selfcall
from game.core.plugin import load

FRAMES = 300
ROOT = Path(__file__).resolve().parent.parent


def startup_s(runs: int = 3, command: list[str] | None = None, language: str = "") -> float:
    """Launch to first menu frame, as a fresh process would (median of a few launches, after
    one not counted).

    `command` starts something other than this program's app (game/core/selfcall.py: this
    checkout's `python -m game`, or in the bundle its app); `language` starts it with that
    language set (from a settings file of its own). A player's install has its bytecode (pip
    and the bundle compile it), so the launches may write it here too, whatever
    PYTHONDONTWRITEBYTECODE says, and the uncounted one does: otherwise each launch measured
    compiling every module it imports."""
    env = {
        **os.environ,
        "BAZAAR_FIRST_FRAME_PROBE": "1",
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
    }
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if language:
        home = Path(tempfile.mkdtemp(prefix="bazaar-bench-"))
        (home / "config").mkdir()
        (home / "config" / "settings.json").write_text(json.dumps({"language": language}), encoding="utf-8")
        env["BAZAAR_HOME"] = str(home)
    command = command or selfcall.command("--smoke", "2", app=True)
    times: list[float] = []
    try:
        for run in range(1 + runs):  # the first: the bytecode written, the files in the disk's cache
            start = time.perf_counter()
            proc = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT)
            assert proc.stdout
            for line in proc.stdout:
                if line.startswith("first-frame"):
                    times.append(time.perf_counter() - start)
                    break
            status = proc.wait()
            if len(times) <= run:  # a program that cannot start has no start-up time
                said = f"{subprocess.list2cmdline(command)} ended with status {status}"
                raise RuntimeError(f"{said} before its first frame")
    finally:
        if language:
            shutil.rmtree(env["BAZAAR_HOME"], ignore_errors=True)
    return statistics.median(times[1:])


def frame_times(
    make_scene: Callable[[Any], Any], frames: int = FRAMES, redraw: bool = False
) -> tuple[float, float]:
    """Median and 95th percentile, in milliseconds, of one pass of the app's loop on a scene:
    input, update, and drawing plus presenting when something changed (`App.present`). With
    `redraw`, every frame is drawn and presented, as if something moved all the time."""
    import pygame

    from game.app import App

    app = App(windowed=True)
    app.push(make_scene(app))
    samples = []
    for i in range(frames):
        start = time.perf_counter()
        if i % 7 == 0:  # a mouse moving now and then, through hover and input paths
            app.dispatch(
                pygame.event.Event(
                    pygame.MOUSEMOTION, pos=(200 + i % 800, 300), rel=(1, 0), buttons=(0, 0, 0)
                )
            )
        app.update(1)
        app.dirty = app.dirty or redraw
        app.present()
        samples.append((time.perf_counter() - start) * 1000)
    samples.sort()
    return statistics.median(samples), samples[int(0.95 * (len(samples) - 1))]


def scene_benches() -> dict[str, Callable[[Any], Any]]:
    """Scenes to time: the menu, each game's busy table (its declaration's `busy`), and a replay."""
    from game.scenes.menu import Menu

    busy = {name: load(p.busy) for name, p in registry.plugins().items() if p.busy}
    return {"menu": Menu, **busy, "replay": replay_scene}


THINK_FRAMES = 600  # paced at 60 a second: ten seconds for each figure of frame_ms_thinking


def frame_ms_thinking(frames: int = THINK_FRAMES) -> dict[str, float]:
    """The 99th percentile, in milliseconds, of how late a frame is drawn at a Jaipur table
    where a person is to move, the loop paced at 60 frames a second as the app's is: with
    nothing else going on (`idle`); while a hard bot thinks without a break, the table's
    window asking its seat's hint again as soon as one is in (the hard bot's search, where the
    table's referee has its bots think: `bot`); and while the app also hosts a match (its
    server on a thread of this process) whose seat asks its hint again as soon as one is in,
    thought where that server has its bots think (`hosted`). Late: from when the frame was due
    until it is drawn, so waiting for the interpreter lock after the pause counts. No bot is
    asked but by a referee."""
    from game.app import App
    from game.core.match import Seat
    from game.core.window import Window
    from game.scenes import tables

    app = App(windowed=True)
    app.settings = replace(app.settings, bot_pause_ms=0)
    app.store  # noqa: B018 - opened as the menu would have, so its first use is not timed
    window = app.matches.unsaved("jaipur", [Seat("Asha"), Seat("Bilal", "bot", "hard")], {}, seed=11)
    app.push(tables.table_class("jaipur")(app, window))
    for _ in range(6000):  # the deal lands and, if it starts, the bot moves: Asha's turn
        if 0 in window.to_act and not app.top.animated:
            break
        app.step(1)
        time.sleep(0.002)

    def late_p99(before: Callable[[], None] = lambda: None) -> float:
        import pygame

        samples = []
        period = 1 / 60
        due = time.perf_counter() + period
        for i in range(frames):
            pause = due - time.perf_counter()
            if pause > 0:
                time.sleep(pause)
            before()
            if i % 7 == 0:  # a mouse moving now and then, through hover and input paths
                motion = pygame.event.Event(
                    pygame.MOUSEMOTION, pos=(200 + i % 800, 300), rel=(1, 0), buttons=(0, 0, 0)
                )
                app.dispatch(motion)
            app.update(1)
            app.present()
            done = time.perf_counter()
            samples.append((done - due) * 1000)
            due = max(due + period, done)  # a late frame is counted once, not in every one after it
        return _percentile(samples, 0.99)

    def hints(window: Window) -> Callable[[], None]:
        """Before each frame: the seat's hint asked again as soon as the last is in (taken here,
        before its table would show it: the figure is the thinking's, not a hint's drawing)."""

        def again() -> None:
            if window.hint() is not None or not window.hinting:
                window.ask_hint(0)

        return again

    report = {"idle": late_p99(), "bot": late_p99(hints(window))}

    answers: list[Any] = []
    app.matches.host("jaipur", [Seat("Asha"), Seat("Bilal", "bot", "hard")], {}, then=answers.append)
    while not answers:  # hosted off the frame: its answer comes through the app's inbox
        app.step(0)
        time.sleep(0.005)
    hosted = answers[0].result().window
    link = hosted.connection
    assert link is not None
    ask = hints(hosted)

    def hosted_hints() -> None:
        link.pump()  # what its table would do each frame were it shown
        ask()

    report["hosted"] = late_p99(hosted_hints)
    hosted.close()
    app.hosting.stop()
    return report


def bench_match(game: str = "jaipur", seed: int = 11, moves: int | None = None):
    """A match between easy bots, to its end (or `moves` moves): the same every time. Played
    by a referee, as every match is (its bots asked through their own windows, at once)."""
    from game.core import bots
    from game.core.authority import Authority
    from game.core.match import Match, Seat
    from game.core.referee import Referee
    from game.core.ruleset import Budget
    from game.core.thinking import Thinking

    rules = registry.get(game)
    match = Match.new(rules, [Seat("Asha"), Seat("Bilal", "bot", "easy")], seed=seed)
    authority = Authority(match)
    players = {seat: bots.make(rules, "easy") for seat in range(len(match.seats))}
    referee = Referee(authority, players, Thinking(), budget=Budget())
    referee.advance(0, ready=lambda: moves is None or len(match.commands) < moves)
    referee.close()
    authority.detach()
    return match


def replay_scene(app):
    """A replay of a finished Jaipur match playing at its fastest speed, from the start again
    at the end: every frame drawn, a fresh table for each move (see replay_step_ms)."""
    from game.scenes.replay import SPEEDS, Replay

    class Looping(Replay):
        def update(self, ticks: int) -> None:
            if self.count >= self.timeline.end:
                self.show(self.timeline.start)
                self.toggle()
            super().update(ticks)

    from game.core.replays import Rewind

    app.store  # noqa: B018 - opened as the menu would have, so its first use is not timed
    replay = Looping(app, Rewind(bench_match()))
    replay.set_speed(len(SPEEDS) - 1)
    replay.toggle()
    return replay


def replay_step_ms() -> float:
    """Median milliseconds of one step of a Jaipur replay: fold to the next event, build that
    point's table, draw the frame (the cost of the frame a step lands on)."""
    from game.app import App
    from game.core.replays import Rewind
    from game.scenes.replay import Replay

    app = App(windowed=True)
    replay = Replay(app, Rewind(bench_match()))
    app.push(replay)
    samples = []
    for _ in range(2):
        replay.show(replay.timeline.start)
        while replay.count < replay.timeline.end:
            start = time.perf_counter()
            replay.forward_event()
            app.draw()
            samples.append((time.perf_counter() - start) * 1000)
    return statistics.median(samples)


def history_open_s(matches: int = 1000, runs: int = 5) -> float:
    """Seconds from asking for the History to its first frame, over `matches` stored matches
    (a temporary store; median of a few openings)."""
    import tempfile

    from game.app import App
    from game.core.store import Store
    from game.scenes.history import History

    app = App(windowed=True)
    with tempfile.TemporaryDirectory() as folder, Store.open(Path(folder) / "bench.sqlite3") as store:
        games = [bench_match(seed=seed, moves=4) for seed in range(10)]
        store.conn.execute("PRAGMA synchronous = OFF")  # filling it is not what is timed
        for k in range(matches):
            store.attach(replace(games[k % len(games)], listeners=[]))  # a new match each time
        app._store = store
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            app.push(History(app))
            app.draw()
            times.append(time.perf_counter() - start)
            app.pop()
        app._store = None
    return statistics.median(times)


# -- the network: a `python -m game serve` on loopback, raw protocol clients (docs/network.md) --
NET_STEPS = (250, 500, 750, 900, 1050, 1200, 1500, 2000)  # concurrent matches net.matches tries
NET_STEP_S = 12.0  # seconds each step is measured (after its new matches have settled)
NET_BUDGET_S = 100.0  # net.matches starts no step past this (the whole figure: about 2 minutes)
NET_P99_MS = 50.0  # what a step must keep to count
HUMAN_S = 1.0  # the load's seat thinks about this long a move (0.5 to 1.5 s), as a person
# a client's messages: at most this share of the server's documented rate (protocol.RATE, 50 a
# second) on average, and PACE_BURST at once (its BURST is 100): kept to, whatever the delays
PACE = 0.8
PACE_BURST = 10


def _percentile(samples: list[float], q: float) -> float:
    if not samples:
        return float("nan")
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _cpu_s(pid: int, tree: bool = True) -> float:
    """Seconds of CPU a process has used with its whole tree (Linux's /proc; nan elsewhere):
    its own and every descendant's, living ones from their /proc/<pid>/stat, those that ended
    through the cutime and cstime of the parent that waited for them. `tree=False`: the process
    alone (its threads, and its children that ended)."""
    try:
        tick = os.sysconf("SC_CLK_TCK")
        stats = {pid: _stat(pid)}
        children: dict[int, list[int]] = {}
        if tree:
            for entry in Path("/proc").iterdir():
                if entry.name.isdigit() and int(entry.name) != pid:
                    with contextlib.suppress(OSError, ValueError, IndexError):  # ended meanwhile
                        fields = _stat(int(entry.name))
                        stats[int(entry.name)] = fields
                        children.setdefault(int(fields[1]), []).append(int(entry.name))
        family, todo = [], [pid]
        while todo:
            parent = todo.pop()
            family.append(parent)
            todo += children.get(parent, [])
        # utime, stime, cutime, cstime: a child that ended counts once, in its parent's
        return sum(int(f) for p in family for f in stats[p][11:15]) / tick
    except (OSError, ValueError, IndexError, AttributeError):  # no /proc, no sysconf
        return float("nan")


def _stat(pid: int) -> list[str]:
    """The fields of /proc/<pid>/stat after the command's name: state, ppid, ... (Linux)."""
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()


def _machine_cpu_s() -> float:
    """Seconds of CPU every process on this machine has used, all cores together (Linux)."""
    try:
        fields = Path("/proc/stat").read_text().splitlines()[0].split()[1:]
        busy = sum(int(f) for f in fields) - int(fields[3]) - int(fields[4])  # less idle, iowait
        return busy / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return float("nan")


def _rss_kib(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return float(line.split()[1])
    except OSError:
        pass
    return float("nan")


@contextlib.contextmanager
def _server(bot_pause: float) -> Iterator[tuple[str, subprocess.Popen]]:
    """`serve` of this program (game/core/selfcall.py) on 127.0.0.1 (a free port, a temporary
    data folder): its URL and its process, stopped and its folder removed afterwards."""
    folder = Path(tempfile.mkdtemp(prefix="bazaar-bench-net-"))
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    # plain ws://: the figures measure the server, as they did before TLS was the default
    command = selfcall.command("serve", "--host", "127.0.0.1", "--port", str(port), "--plain")
    with open(folder / "server.log", "w") as log:
        proc = subprocess.Popen(
            [*command, "--data", str(folder / "data"), "--bot-pause", str(bot_pause)],
            stdout=subprocess.PIPE,
            stderr=log,
            text=True,
            cwd=ROOT,
        )
    try:
        assert proc.stdout
        line = proc.stdout.readline()
        if "serving on" not in line:
            raise RuntimeError(f"the server did not start: {(folder / 'server.log').read_text()[-800:]}")
        yield f"ws://127.0.0.1:{port}/", proc
    finally:
        _end(proc)
        shutil.rmtree(folder, ignore_errors=True)


def _end(proc: subprocess.Popen) -> None:
    """Stop a process of the bench's: asked first, killed when it does not end in 10 s."""
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


@contextlib.contextmanager
def _no_collector() -> Iterator[None]:
    """The load's own cyclic garbage collector off while it measures: its pauses (a thousand
    connections are many objects) would be counted as the server's."""
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


class _Seat:
    """One seat of one Jaipur match played over a raw socket, as an outside client would (no
    RemoteWindow): it creates the match (seat 0 online, seat 1 the server's easy bot), joins
    with the code, and plays random legal moves; `rtts` gets each move's round trip, from
    sending the submit to reading the update that holds the new view. It keeps within the
    server's rate (PACE: a move waits for it before its round trip starts), and a request the
    server refuses, or an error it sends, is raised (the bench says so: never a figure)."""

    GAME = "jaipur"
    SEATS = [{"name": "Asha", "kind": "online"}, {"name": "Bilal", "kind": "bot", "level": "easy"}]

    def __init__(self, url: str, rng: random.Random, others: list[int] | None = None):
        from game.net import protocol as p

        self.url, self.rng = url, rng
        self.sizes: list[int] = []  # the UTF-8 size of each update frame received
        self.ws: Any = None
        self.to_act: list[int] = []
        self.finished = False
        self.next_id = 0
        self.pace = p.Bucket(PACE * p.RATE, PACE_BURST)
        self.played = 0
        # the other seats' moves seen (one list can tally the successive matches of a player)
        self.others = [0] if others is None else others
        self.messages = 0  # sent and received

    def successor(self) -> _Seat:
        """The same player's seat in its next match."""
        return _Seat(self.url, self.rng)

    async def connect(self) -> Any:
        from websockets.asyncio.client import connect

        from game.net import protocol as p

        return await connect(self.url, max_size=p.MAX_OUT_FRAME, compression=None, open_timeout=60)

    async def open(self) -> None:
        from game.net import protocol as p

        self.ws = await self.connect()
        created = await self.ask({"type": "create", "v": p.VERSION, "game": self.GAME, "seats": self.SEATS})
        if created["type"] != "created":
            raise RuntimeError(f"the server created no match: {created}")
        await self.send({"type": "join", "v": p.VERSION, "code": created["codes"]["0"]})
        while (await self.recv())["type"] != "welcome":
            pass

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()

    async def send(self, message: dict[str, Any]) -> float:
        """Send `message` as soon as the server's rate allows it: when it went (perf_counter)."""
        from game.net import protocol as p

        while not self.pace.take():
            await asyncio.sleep(self.pace.wait())
        sent = time.perf_counter()
        await self.ws.send(p.encode(message))
        self.messages += 1
        return sent

    async def recv(self) -> dict[str, Any]:
        from game.net import protocol as p

        text = await self.ws.recv()
        self.messages += 1
        message = p.decode_reply(text)
        if message["type"] == "update":
            self.sizes.append(len(text.encode()) if isinstance(text, str) else len(text))
            mine = len(message["commands"].get("0", []))
            self.others[0] += max(0, message["played"] - self.played - mine)
        if message["type"] in ("welcome", "update"):
            self.to_act = message["to_act"]
            self.finished = message["outcome"] is not None
            self.played = message["played"]
        elif message["type"] == "error":
            raise RuntimeError(f"the server said: {message['error']}")
        return message

    async def ask(self, message: dict[str, Any]) -> dict[str, Any]:
        self.next_id += 1
        rid = self.next_id
        await self.send({**message, "id": rid})
        while True:
            answer = await self.recv()
            if answer.get("id") == rid:
                if answer["type"] == "reply" and not answer["ok"]:
                    raise RuntimeError(f"the server refused {message['type']}: {answer['error']}")
                return answer

    async def turn(self) -> bool:
        """Wait for seat 0's turn: False when the match is over instead."""
        while 0 not in self.to_act and not self.finished:
            await self.recv()
        return not self.finished

    async def move(self, pause: float = 0.0) -> float | None:
        """Wait for seat 0's turn, then `pause` seconds, and play a random legal move: its round
        trip in seconds, or None when the match is over."""
        if not await self.turn():
            return None
        await asyncio.sleep(pause)
        legal = (await self.ask({"type": "legal", "seat": 0}))["commands"]
        self.next_id += 1
        command = self.rng.choice(legal)
        start = await self.send({"type": "submit", "id": self.next_id, "seat": 0, "command": command})
        while True:
            message = await self.recv()
            if message["type"] == "update" and "0" in message["commands"]:
                return time.perf_counter() - start
            if message.get("id") == self.next_id and not message["ok"]:
                raise RuntimeError(f"a legal move was refused: {message['error']}")


def net_rtt_ms(moves: int = 300, pause: float = 0.05) -> tuple[float, float]:
    """Median and 99th percentile, in milliseconds, of a command's round trip on loopback: one
    match on a `python -m game serve` (its bot moving at once), one client seat submitting
    random legal moves `pause` seconds apart (two messages a move: within the rate limit);
    matches follow one another until `moves` are timed."""

    with _server(bot_pause=0.0) as (url, _), _no_collector():
        rtts = [1000 * t for t in asyncio.run(_round_trips(url, _Seat, moves, pause))[0]]
    return statistics.median(rtts), _percentile(rtts, 0.99)


async def _round_trips(
    url: str, seat_class: type[_Seat], moves: int, pause: float
) -> tuple[list[float], int]:
    """`moves` timed round trips of one seat (matches following one another), and the
    WebSocket messages its seats sent and received."""
    rng = random.Random(7)
    rtts: list[float] = []
    messages = 0
    while len(rtts) < moves:
        seat = seat_class(url, rng)
        await seat.open()
        while len(rtts) < moves:
            rtt = await seat.move(pause)
            if rtt is None:
                break
            rtts.append(rtt)
        await seat.close()
        messages += seat.messages
    return rtts, messages


class _TajSeat(_Seat):
    """Seat 0 of a four-seat Taj Mahal match, the other three the server's easy bots."""

    GAME = "tajmahal"
    SEATS = [
        {"name": "Asha", "kind": "online"},
        *({"name": name, "kind": "bot", "level": "easy"} for name in ("Bilal", "Chand", "Dev")),
    ]


def net_update_bytes() -> float:
    """The median UTF-8 size in bytes of the update frames one seat's connection receives over a
    whole four-seat Taj Mahal match (the largest views of the four games)."""

    async def run(url: str) -> list[int]:
        seat = _TajSeat(url, random.Random(5))
        await seat.open()
        while await seat.move() is not None:
            pass
        await seat.close()
        return seat.sizes

    with _server(bot_pause=0.0) as (url, _), _no_collector():
        return statistics.median(asyncio.run(run(url)))


async def _person(seat: _Seat, rtts: list[float], failed: list[str]) -> None:
    """Play `seat`'s match, and the next in its place when it ends, until cancelled: a random
    legal move after a person's pause (HUMAN_S), each round trip (seconds) into `rtts`."""
    rng = seat.rng
    try:
        while True:
            rtt = await seat.move(HUMAN_S * rng.uniform(0.5, 1.5))
            if rtt is None:  # over: the next match in its place
                await seat.close()
                seat = seat.successor()
                await seat.open()
            else:
                rtts.append(rtt)
    except Exception as exc:  # counted: a bench that loses seats says so
        failed.append(f"{type(exc).__name__}: {exc}")
    finally:
        await seat.close()


async def _people(
    url: str,
    n: int,
    rng: random.Random,
    rtts: list[float],
    failed: list[str],
    seat: Callable[[str, random.Random], _Seat] = _Seat,
) -> list[asyncio.Task]:
    """`n` more matches of net.matches' load, each seat's moves drawn from a seed of `rng`."""
    seats = [seat(url, random.Random(rng.random())) for _ in range(n)]
    for k in range(0, len(seats), 50):  # opened 50 at a time, as people come
        await asyncio.gather(*(s.open() for s in seats[k : k + 50]))
    return [asyncio.create_task(_person(s, rtts, failed)) for s in seats]


def net_matches(
    steps: tuple[int, ...] = NET_STEPS, seconds: float = NET_STEP_S, budget: float = NET_BUDGET_S
) -> dict[str, Any]:
    """How many Jaipur matches one server process holds with the 99th percentile of a move's
    round trip under NET_P99_MS. The server (a subprocess, its bots easy, pausing 1 s) gains
    matches step by step; in this process one event loop plays every match's online seat,
    a random legal move after a person's pause (HUMAN_S), so N matches make about N/2 moves a
    second of the load's and as many of the bots'. Each step is measured for `seconds`; the
    steps stop at the first one that misses or when the budget is spent. The server's CPU is
    its whole process tree's (its bots think in worker processes, game/core/thinking.py)."""

    async def run(url: str, proc: subprocess.Popen) -> dict[str, Any]:
        started = time.monotonic()
        rtts: list[float] = []
        failed: list[str] = []
        players: list[asyncio.Task] = []
        rng = random.Random(11)
        kinds = ("p50_ms", "p99_ms", "moves_per_s", "cpu_pct", "load_cpu_pct", "others_cpu_pct")
        report: dict[str, Any] = {k: {} for k in kinds}
        held, rss = 0, {0: _rss_kib(proc.pid)}
        for n in steps:
            if time.monotonic() - started > budget:
                break
            players += await _people(url, n - len(players), rng, rtts, failed)
            await asyncio.sleep(2 * HUMAN_S)  # the new ones fall into step
            rss[n] = _rss_kib(proc.pid)
            rtts.clear()
            cpu, load, at = _cpu_s(proc.pid), time.process_time(), time.monotonic()
            machine = _machine_cpu_s()
            await asyncio.sleep(seconds)
            elapsed = time.monotonic() - at
            samples = [1000 * t for t in rtts]
            key = str(n)
            report["p50_ms"][key] = _percentile(samples, 0.5)
            report["p99_ms"][key] = _percentile(samples, 0.99)
            report["moves_per_s"][key] = len(samples) / elapsed
            server, load = _cpu_s(proc.pid) - cpu, time.process_time() - load  # the server's tree
            report["cpu_pct"][key] = 100 * server / elapsed
            report["load_cpu_pct"][key] = 100 * load / elapsed
            used = _machine_cpu_s() - machine  # what else ran meanwhile makes a step worth less
            mine = server + load
            report["others_cpu_pct"][key] = 100 * (used - mine) / elapsed
            if report["p99_ms"][key] >= NET_P99_MS:
                break
            held = n
        for task in players:
            task.cancel()
        await asyncio.gather(*players, return_exceptions=True)
        top = max(rss)
        report["held"] = held
        report["lost"] = len(failed)
        if failed:
            print(f"net.matches: {len(failed)} seats failed, e.g. {failed[0]}", file=sys.stderr)
        report["kib_each"] = (rss[top] - rss[0]) / top if top else float("nan")
        return report

    with _server(bot_pause=1.0) as (url, proc), _no_collector():
        return asyncio.run(run(url, proc))


class _HardSeat(_Seat):
    """Seat 0 of a Jaipur match against the server's hard bot."""

    SEATS = [{"name": "Asha", "kind": "online"}, {"name": "Bilal", "kind": "bot", "level": "hard"}]


NET_ROOMS = 250  # net.rooms_250_*: net.matches' load at its first step...
NET_THINKERS = 4  # ...and this many other rooms, each with a hard bot thinking
# net.rooms_250_busy_*: a program beside the server spinning on a core at the priority of the
# hard bots' timed searches (game/core/spare.py's idle thread; nice 10 where there is none)
SPIN = """
import os
try:
    os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
except (AttributeError, OSError):
    if hasattr(os, "nice"):
        os.nice(10)
print("spinning", flush=True)
while True:
    pass
"""


def _spinner() -> subprocess.Popen:
    """SPIN in a process of its own, once it runs at its priority (`_end` stops it)."""
    spinner = subprocess.Popen([sys.executable, "-c", SPIN], stdout=subprocess.PIPE, text=True)
    assert spinner.stdout
    if spinner.stdout.readline().strip() != "spinning":
        _end(spinner)
        raise RuntimeError("the spinning process did not start")
    return spinner


def net_rooms_thinking(
    rooms: int = NET_ROOMS, thinkers: int = NET_THINKERS, seconds: float = NET_STEP_S
) -> dict[str, float]:
    """The 99th percentile, in milliseconds, of a move's round trip over `rooms` matches of
    net.matches' load (the same server, seats, seeds and pace as its first step), with no bot
    thinking (`none`) and while `thinkers` other rooms each have the server's hard Jaipur bot
    thinking (`thinking`): there a seat moves as soon as it may, so each hard bot thinks from
    the moment it is to move until its move (at most its budget) and is asked again at once
    after the server's bot pause. Measured `seconds` each, in turns (none, thinking, none: a
    machine's drift weighs on both alike), once the rooms have settled. Also the hard bots'
    moves in the `thinking` window, and the CPU the server's child processes (where its bots
    think, the easy ones too) used in each: the hard bots did think. Between the thinking
    window and the last `none`, one as long (`busy`) with the hard bots parked and a program
    that is not the server's keeping a core busy at the priority the hard bots' timed searches
    run at (SPIN): what any work beside the server costs the rooms on this machine, against
    which the hard bots' own cost is told apart. Then a last window of the
    same length (`hints`) with the hard bots parked and as many people in rooms of their own
    each asking the server for a hint (issue 53: `advise`, the hint bot on the hint budget)
    before every move: the 250 rooms' p99 meanwhile, and the hints' own round trips."""

    async def thinker(seat: _Seat, go: asyncio.Event, parked: list[bool], k: int, failed: list[str]) -> None:
        try:
            while True:
                if not await seat.turn():  # over: the next match in its place
                    await seat.close()
                    seat = _HardSeat(seat.url, seat.rng, seat.others)
                    await seat.open()
                    continue
                parked[k] = not go.is_set()  # its bot has moved: it waits here while stopped
                await go.wait()
                parked[k] = False
                await seat.move()
        except Exception as exc:  # counted: a bench that loses seats says so
            failed.append(f"{type(exc).__name__}: {exc}")
        finally:
            await seat.close()

    async def hinter(seat: _Seat, go: asyncio.Event, hints: list[float], failed: list[str]) -> None:
        """A person who asks the server for a hint (its hard bot, on the hint budget) before
        each move, while `go` is set: the hint's round trip into `hints`."""
        try:
            while True:
                if not await seat.turn():  # over: the next match in its place
                    await seat.close()
                    seat = _Seat(seat.url, seat.rng)
                    await seat.open()
                    continue
                await go.wait()
                start = time.perf_counter()
                await seat.ask({"type": "advise", "seat": 0})
                hints.append(time.perf_counter() - start)
                await seat.move()
        except Exception as exc:  # counted: a bench that loses seats says so
            failed.append(f"{type(exc).__name__}: {exc}")
        finally:
            await seat.close()

    async def run(url: str, proc: subprocess.Popen) -> dict[str, float]:
        rtts: list[float] = []
        failed: list[str] = []
        people = await _people(url, rooms, random.Random(11), rtts, failed)
        go, parked, moved = asyncio.Event(), [True] * thinkers, [0]
        hard = [_HardSeat(url, random.Random(k), moved) for k in range(thinkers)]
        await asyncio.gather(*(s.open() for s in hard))
        bots = [asyncio.create_task(thinker(s, go, parked, k, failed)) for k, s in enumerate(hard)]
        asking, hints = asyncio.Event(), []
        askers = [_Seat(url, random.Random(100 + k)) for k in range(thinkers)]
        await asyncio.gather(*(s.open() for s in askers))
        bots += [asyncio.create_task(hinter(s, asking, hints, failed)) for s in askers]
        await asyncio.sleep(2 * HUMAN_S)  # the new ones fall into step
        samples: dict[str, list[float]] = {"none": [], "thinking": [], "busy": [], "hints": []}
        minds = {"none": 0.0, "thinking": 0.0}  # CPU seconds of the server's child processes
        moves, spun = 0, 0.0
        spinner = None  # the busy window's process, stopped however the windows end
        try:
            for kind, share in (("none", 0.5), ("thinking", 1.0), ("busy", 1.0), ("none", 0.5)):
                if kind == "thinking":
                    go.set()
                    await asyncio.sleep(HUMAN_S)  # every hard bot at work
                else:
                    go.clear()
                    for _ in range(600):  # each hard bot's last move made (its budget is 1 s)
                        if all(parked):
                            break
                        await asyncio.sleep(0.05)
                    if kind == "busy":
                        spinner = _spinner()
                        await asyncio.sleep(HUMAN_S)  # at work, and the rooms in step again
                rtts.clear()
                tree, alone, made = _cpu_s(proc.pid), _cpu_s(proc.pid, tree=False), moved[0]
                spin = _cpu_s(spinner.pid) if spinner else 0.0
                await asyncio.sleep(seconds * share)
                samples[kind] += [1000 * t for t in rtts]
                if spinner:
                    spun = _cpu_s(spinner.pid) - spin
                    _end(spinner)
                    spinner = None
                    continue
                minds[kind] += _cpu_s(proc.pid) - tree - (_cpu_s(proc.pid, tree=False) - alone)
                if kind == "thinking":
                    moves = moved[0] - made
        finally:
            if spinner:
                _end(spinner)
        # then the same number of people asking a hint before each move, the hard bots parked
        asking.set()
        await asyncio.sleep(HUMAN_S)
        rtts.clear()
        hints.clear()
        tree, alone = _cpu_s(proc.pid), _cpu_s(proc.pid, tree=False)
        await asyncio.sleep(seconds)
        samples["hints"] = [1000 * t for t in rtts]
        minds["hints"] = _cpu_s(proc.pid) - tree - (_cpu_s(proc.pid, tree=False) - alone)
        server = _cpu_s(proc.pid, tree=False) - alone
        hint_ms = [1000 * t for t in hints]
        asking.clear()
        for task in people + bots:
            task.cancel()
        await asyncio.gather(*people, *bots, return_exceptions=True)
        if failed:
            print(f"net.rooms_{rooms}: {len(failed)} seats failed, e.g. {failed[0]}", file=sys.stderr)
        return {
            "p99_ms": _percentile(samples["none"], 0.99),
            "thinking_p99_ms": _percentile(samples["thinking"], 0.99),
            "thinking_bot_moves": moves,
            "busy_p99_ms": _percentile(samples["busy"], 0.99),
            "busy_cpu_pct": 100 * spun / seconds,
            "hints_p99_ms": _percentile(samples["hints"], 0.99),
            "hint_p50_ms": _percentile(hint_ms, 0.5),
            "hint_p99_ms": _percentile(hint_ms, 0.99),
            "hints": len(hint_ms),
            "hints_minds_cpu_pct": 100 * minds["hints"] / seconds,
            "hints_server_cpu_pct": 100 * server / seconds,
            "minds_cpu_pct": 100 * minds["none"] / seconds,
            "thinking_minds_cpu_pct": 100 * minds["thinking"] / seconds,
            "lost": len(failed),
        }

    with _server(bot_pause=1.0) as (url, proc), _no_collector():
        return asyncio.run(run(url, proc))


# -- through a relay: `python -m game relay` between the load and a `serve` (docs/network.md) --
RELAY_STEPS = (100, 200, 300, 400, 500, 650, 800, 1000)  # concurrent piped matches net.relay_matches tries
RELAY_STEP_S = 8.0  # seconds each step is measured
RELAY_BUDGET_S = 45.0  # net.relay_matches starts no step past this (the whole figure: about a minute)
# the host's side (game/net/relaying.py's HostLink) in a process of its own, bridging to `serve`
_HOST_SIDE = (
    "import asyncio, sys; from pathlib import Path; from game.net.identity import Identity; "
    "from game.net.relaying import HostLink; "
    "link = HostLink((sys.argv[1], int(sys.argv[2])), Identity.load_or_make(Path(sys.argv[3])), "
    "(sys.argv[4], int(sys.argv[5]))); asyncio.run(link.run())"
)


class _RelayedSeat(_Seat):
    """net.matches' seat reaching the server through the relay (dial, then the WebSocket over
    the piped socket; plain inside, as `serve` speaks here: the relay pipes bytes alike)."""

    relay: tuple[str, int] = ("127.0.0.1", 0)
    pin = ""

    def successor(self) -> _Seat:
        return type(self)(self.url, self.rng)

    async def connect(self) -> Any:
        from websockets.asyncio.client import connect

        from game.net import protocol as p
        from game.net.relaying import dial

        sock = await asyncio.to_thread(dial, self.relay, self.pin, 60.0)
        return await connect(self.url, sock=sock, max_size=p.MAX_OUT_FRAME, compression=None, open_timeout=60)


@contextlib.contextmanager
def _relayed(bot_pause: float) -> Iterator[tuple[str, type[_RelayedSeat], subprocess.Popen, ...]]:
    """A `serve` and a `relay` of this program on 127.0.0.1, and the host's side bridging the
    relay to the server: the server's URL, a seat class that reaches it through the relay, and
    the processes of the relay, the host's side and the server; all stopped afterwards. The
    relay's caps are lifted: this measures its work."""
    from game.net.identity import Identity
    from game.net.relaying import RelayError, dial

    folder = Path(tempfile.mkdtemp(prefix="bazaar-bench-relay-"))
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = selfcall.command("relay", "--host", "127.0.0.1", "--port", str(port))
    lifted = [
        "--max-hosts",
        "10",
        "--host-connections",
        "1e6",
        "--host-bytes",
        "1e12",
        "--total-bytes",
        "1e12",
    ]
    procs: list[subprocess.Popen] = []
    try:
        with _server(bot_pause) as (url, server), open(folder / "relay.log", "w") as log:
            relay = subprocess.Popen(
                [*command, *lifted], stdout=subprocess.PIPE, stderr=log, text=True, cwd=ROOT
            )
            procs.append(relay)
            assert relay.stdout
            if "relaying on" not in relay.stdout.readline():
                raise RuntimeError(f"the relay did not start: {(folder / 'relay.log').read_text()[-800:]}")
            where = url.removeprefix("ws://").strip("/").rsplit(":", 1)
            host_side = [sys.executable, "-c", _HOST_SIDE, "127.0.0.1", str(port), str(folder), *where]
            procs.append(subprocess.Popen(host_side, stderr=log, cwd=ROOT))
            pin = Identity.load_or_make(folder).pin  # (the host's side reads the key made here)
            deadline = time.monotonic() + 30
            while True:  # until the host's side has registered
                try:
                    dial(("127.0.0.1", port), pin, 5.0).close()
                    break
                except RelayError:
                    if time.monotonic() > deadline:
                        raise RuntimeError("the host's side did not register at the relay") from None
                    time.sleep(0.05)
            seat = type("_Seat", (_RelayedSeat,), {"relay": ("127.0.0.1", port), "pin": pin})
            yield url, seat, relay, procs[1], server
    finally:
        for proc in procs:
            _end(proc)
        shutil.rmtree(folder, ignore_errors=True)


def net_relay_rtt(moves: int = 300, pause: float = 0.05) -> dict[str, float]:
    """net.rtt_ms' match and moves through a relay: the round trip's median and 99th percentile
    in milliseconds, and the relay process's CPU per WebSocket message it piped (microseconds;
    each message crosses it once, the seat's and the server's alike)."""

    async def run(url: str, seat_class: type[_RelayedSeat], relay: subprocess.Popen) -> dict[str, float]:
        cpu = _cpu_s(relay.pid, tree=False)
        rtts, messages = await _round_trips(url, seat_class, moves, pause)
        used = _cpu_s(relay.pid, tree=False) - cpu
        ms = [1000 * t for t in rtts]
        return {
            "rtt_ms": statistics.median(ms),
            "rtt_ms_p99": _percentile(ms, 0.99),
            "cpu_us_per_msg": 1e6 * used / messages,
        }

    with _relayed(bot_pause=0.0) as (url, seat, relay, *_), _no_collector():
        return asyncio.run(run(url, seat, relay))


def net_relay_matches(
    steps: tuple[int, ...] = RELAY_STEPS, seconds: float = RELAY_STEP_S, budget: float = RELAY_BUDGET_S
) -> dict[str, Any]:
    """How many of net.matches' Jaipur matches one relay process pipes with the 99th percentile
    of a move's round trip under NET_P99_MS: net.matches' load and steps, each seat through the
    relay, with the relay's CPU per step (one core = 100 %). The server, the host's side and the
    load share the machine with it, so the knee may be theirs: read the relay's CPU with it."""

    async def run(url: str, seat: type[_RelayedSeat], procs: list[subprocess.Popen]) -> dict[str, Any]:
        started = time.monotonic()
        rtts: list[float] = []
        failed: list[str] = []
        players: list[asyncio.Task] = []
        rng = random.Random(11)
        kinds = ("p50_ms", "p99_ms", "relay_cpu_pct", "host_side_cpu_pct", "server_cpu_pct", "others_cpu_pct")
        report: dict[str, Any] = {k: {} for k in kinds}
        held = 0
        for n in steps:
            if time.monotonic() - started > budget:
                break
            players += await _people(url, n - len(players), rng, rtts, failed, seat)
            await asyncio.sleep(2 * HUMAN_S)  # the new ones fall into step
            rtts.clear()
            cpu = [_cpu_s(proc.pid) for proc in procs]
            load, machine, at = time.process_time(), _machine_cpu_s(), time.monotonic()
            await asyncio.sleep(seconds)
            elapsed = time.monotonic() - at
            used = [_cpu_s(proc.pid) - before for proc, before in zip(procs, cpu, strict=True)]
            others = _machine_cpu_s() - machine - sum(used) - (time.process_time() - load)
            samples = [1000 * t for t in rtts]
            key = str(n)
            report["p50_ms"][key] = _percentile(samples, 0.5)
            report["p99_ms"][key] = _percentile(samples, 0.99)
            for kind, seconds_used in zip(kinds[2:], [*used, others], strict=True):
                report[kind][key] = 100 * seconds_used / elapsed
            if report["p99_ms"][key] >= NET_P99_MS:
                break
            held = n
        for task in players:
            task.cancel()
        await asyncio.gather(*players, return_exceptions=True)
        report["held"] = held
        report["lost"] = len(failed)
        if failed:
            print(f"net.relay_matches: {len(failed)} seats failed, e.g. {failed[0]}", file=sys.stderr)
        return report

    with _relayed(bot_pause=1.0) as (url, seat, *procs), _no_collector():
        return asyncio.run(run(url, seat, procs))


def game_figures(wanted: Callable[[str], bool]) -> list[tuple[str, Callable[[], dict[str, float]]]]:
    """Each game's figures (its plugin's), then the bundle's when built: (name, measure)."""
    steps: list[tuple[str, Callable[[], dict[str, float]]]] = []
    for game, plugin in registry.plugins().items():
        if wanted(f"{game}.") and plugin.figures:
            make = load(plugin.figures)
            # a game's figures may take `wanted` and skip what was not asked for
            asks = "wanted" in inspect.signature(make).parameters
            steps.append((game, functools.partial(make, wanted) if asks else make))
    bundle = ROOT / "build" / "bundle_figures.py"
    if wanted("bundle_") and bundle.exists():

        def bundled() -> dict[str, float]:
            spec = importlib.util.spec_from_file_location("bundle_figures", bundle)
            assert spec and spec.loader
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            return dict(module.figures())

        steps.append(("bundle", bundled))
    return steps


Step = tuple[str, Callable[[dict[str, Any]], None]]  # a name shown while it runs, and what it adds


def steps(only: list[str], failures: list[str]) -> list[Step]:
    """The figures whose names start with one of `only` (all without it), as the steps that
    measure them, in order; the names of the network's that fail go into `failures`."""

    def wanted(key: str) -> bool:
        return not only or any(key.startswith(p) or p.startswith(key) for p in only)

    def one(key: str, measure: Callable[[], Any]) -> Step:
        return key, lambda report: report.__setitem__(key, measure())

    def frames(report: dict[str, Any]) -> None:
        medians, p95s, redraws = {}, {}, {}
        for name, make in scene_benches().items():
            if wanted(f"frame_ms.{name}"):
                medians[name], p95s[name] = frame_times(make)
                redraws[name] = frame_times(make, redraw=True)[0]
        if medians:
            report.update(frame_ms=medians, frame_ms_p95=p95s, frame_ms_redraw=redraws)

    def figures_of(measure: Callable[[], dict[str, float]]) -> Callable[[dict[str, Any]], None]:
        return lambda report: report.update({k: v for k, v in measure().items() if wanted(k)})

    # a network figure that fails (a server that refused a request or would not start) is said
    # on standard error and missing; the others are still measured, and the status says
    def net(name: str, measure: Callable[[], Any], keep: Callable[[dict[str, Any], Any], None]) -> Step:
        def run(report: dict[str, Any]) -> None:
            got = _measured(name, measure, failures)
            if got is not None:
                keep(report, got)

        return name, run

    def held(prefix: str) -> Callable[[dict[str, Any], Any], None]:
        def keep(report: dict[str, Any], got: dict[str, Any]) -> None:
            report[prefix] = got.pop("held")
            report.update({f"{prefix}_{k}": v for k, v in got.items()})

        return keep

    planned: list[tuple[bool, Step]] = [
        (wanted("startup_s"), one("startup_s", startup_s)),
        # the Japanese font and catalogue are read at start
        (wanted("startup_s_ja"), one("startup_s_ja", lambda: startup_s(language="ja"))),
        (any(wanted(f"frame_ms.{name}") for name in scene_benches()), ("frame_ms", frames)),
        (wanted("frame_ms_thinking"), one("frame_ms_thinking_p99", frame_ms_thinking)),
        (wanted("replay_step_ms"), one("replay_step_ms", replay_step_ms)),
        (wanted("history_open_s"), one("history_open_s", history_open_s)),
        # Each game's figures before the network's, as before those came: net.matches keeps both
        # cores of a small machine busy for two minutes (the server and its load), and a machine
        # that has just run flat out that long may run slower for a while (its clock held down).
        *((True, (name, figures_of(measure))) for name, measure in game_figures(wanted)),
        (
            wanted("net.rtt_ms"),
            net(
                "net.rtt_ms",
                net_rtt_ms,
                lambda r, got: r.update({"net.rtt_ms": got[0], "net.rtt_ms_p99": got[1]}),
            ),
        ),
        (
            wanted("net.update_bytes"),
            net("net.update_bytes", net_update_bytes, lambda r, got: r.__setitem__("net.update_bytes", got)),
        ),
        (wanted("net.matches"), net("net.matches", net_matches, held("net.matches"))),
        # after net.matches, which stays as it was measured before this came
        (
            wanted(f"net.rooms_{NET_ROOMS}"),
            net(
                "net.rooms",
                net_rooms_thinking,
                lambda r, got: r.update({f"net.rooms_{NET_ROOMS}_{k}": v for k, v in got.items()}),
            ),
        ),
        (
            wanted("net.relay_rtt_ms") or wanted("net.relay_cpu_us_per_msg"),
            net(
                "net.relay_rtt_ms",
                net_relay_rtt,
                lambda r, got: r.update({f"net.relay_{k}": v for k, v in got.items()}),
            ),
        ),
        (wanted("net.relay_matches"), net("net.relay_matches", net_relay_matches, held("net.relay_matches"))),
    ]
    return [step for asked, step in planned if asked]


def collect(only: list[str], failures: list[str] | None = None, shown: bool = False) -> dict[str, Any]:
    """The figures whose names start with one of `only` (all without it); the names of the
    network's that failed go into `failures`. With `shown`, a terminal sees the steps done of
    all, and the time left (game/core/progress.py)."""
    failures = [] if failures is None else failures
    report: dict[str, Any] = {}
    planned = steps(only, failures)
    with progress.bar(len(planned), "bench", json=not shown, unit="step") as done:
        for name, run in planned:
            done.set_postfix_str(name)
            run(report)
            done.update(1)
    return report


def _measured(name: str, measure: Callable[[], Any], failures: list[str]) -> Any:
    """What `measure()` gives, or None when it fails: said on standard error, and kept."""
    try:
        return measure()
    except Exception as exc:
        failures.append(name)
        print(f"{name}: not measured: {type(exc).__name__}: {exc}", file=sys.stderr)
        return None


def main(args) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    only = [p for p in args.only.split(",") if p]
    failures: list[str] = []
    report = collect(only, failures, progress.shown(args.json))
    if args.json:
        print(json.dumps(report, sort_keys=True))
    else:
        for key, value in report.items():
            if isinstance(value, dict):
                for name, v in value.items():
                    print(f"{key + '.' + name:<40} {v:10.3f}")
            else:
                print(f"{key:<40} {value:10.3f}")
    if failures:
        print(f"bench: not measured: {', '.join(failures)}", file=sys.stderr)
    return 1 if failures else 0
