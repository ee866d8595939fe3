"""`python -m game sim`: tournaments between bot levels and outside programs."""

from __future__ import annotations

import multiprocessing
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Protocol

from game.core import bots, codec, progress, registry
from game.core.authority import Authority
from game.core.match import Match
from game.core.outside import DEFAULT_MOVE_SECONDS, OutsideBotError
from game.core.referee import Referee
from game.core.ruleset import Budget
from game.core.seats import Seat
from game.core.store import write_match
from game.core.thinking import Thinking

MAX_STEPS = 100_000  # a game that runs longer than this is a bug, not a long game
IDLE = "idle"  # a seat spec: a person who never moves
NEVER = 1 << 30  # what the referee's quiet() says when nothing will happen by time alone


@dataclass(frozen=True)
class Failure:
    """An outside program failed a move: which game and seat, and what it did."""

    game: int  # the game's index in the tournament, from 0
    seed: int
    seat: int
    name: str
    what: str
    moves: int  # commands accepted before it failed
    handed_to: str | None  # the level that took the seat over (--fallback), None: game aborted

    def line(self) -> str:
        then = f"seat handed to {self.handed_to}" if self.handed_to else "game aborted"
        return (
            f"game {self.game + 1} (seed {self.seed}), seat {self.seat + 1}: {self.name} {self.what}; "
            f"{then} after {self.moves} moves"
        )


@dataclass(frozen=True)
class GameResult:
    winners: tuple[int, ...]
    scores: tuple[float, ...]
    moves: int
    failures: tuple[Failure, ...] = ()
    over: tuple[int, ...] = ()  # each seat's moves thought longer than the allowance (our bots')

    @property
    def aborted(self) -> bool:
        return any(f.handed_to is None for f in self.failures)


def play_one(
    game: str,
    specs: list[str],
    seed: int,
    options: dict[str, Any],
    seconds: float | None,
    move_seconds: float = DEFAULT_MOVE_SECONDS,
    fallback: str | None = None,
    index: int = 0,
    save: Path | None = None,
) -> GameResult:
    """One game. `seconds`: our bots' think allowance a move (it changes no move: see `run`);
    `move_seconds`: an outside program's time limit a move; `fallback`: the level that takes a
    failed program's seat (None: the game is aborted); `index`: the game's number in its
    tournament, for the failure records and the name of its file in the folder `save` (an
    exported match, aborted ones too), if given."""
    failures: list[Failure] = []
    allowance = Budget().seconds if seconds is None else seconds
    over = [0] * len(specs)

    def watch(seat: int, view: Any, spent: float) -> None:
        over[seat] += spent > allowance

    try:
        match = run(game, specs, seed, options, seconds, move_seconds, fallback, index, failures, watch=watch)
    except Aborted as exc:
        if save is not None:
            write_match(exc.match, save / saved_name(index))
        return GameResult((), (), exc.match.moves, tuple(failures))
    if save is not None:
        write_match(match, save / saved_name(index))
    outcome = match.outcome
    assert outcome is not None
    return GameResult(outcome.winners, outcome.scores, match.moves, tuple(failures), tuple(over))


def saved_name(index: int) -> str:
    """The file of a tournament's game `index` (from 0) in `sim --save`'s folder."""
    return f"game-{index + 1}.json"


class Aborted(Exception):
    """An outside program failed and no level takes its seat: the game ends unfinished."""

    def __init__(self, match: Match):
        super().__init__(match.moves)
        self.match = match


def run(
    game: str,
    specs: Sequence[str | Player],
    seed: int,
    options: dict[str, Any],
    seconds: float | None = None,
    move_seconds: float = DEFAULT_MOVE_SECONDS,
    fallback: str | None = None,
    index: int = 0,
    failures: list[Failure] | None = None,
    setup: dict[str, Any] | None = None,
    watch: Watch | None = None,
    moves: int | None = None,
    enough: Callable[[], bool] | None = None,
) -> Match:
    """Play one game to its end with the referee every match has (game/core/referee.py), its
    bots answering at once, and return it. A seat given as `idle` is a person who never moves
    (only a timed game, whose sand runs out for them, ends with one); `setup` a fixed deal.

    Our bots' searches stop at their levels' own work (game/core/ruleset.py `Budget`), never
    at the clock, so the same seed gives the same game on any machine, loaded or not, whatever
    `seconds` (the think allowance a move) is; `watch`, when given, hears each of our bots'
    moves: the seat, the view it chose from and the seconds it took (the allowance is held
    against them; the benches time searches so). A spec may be a player of the caller's own
    (a bench's, with a `level`) in place of a name. With `moves`, the game stops (unfinished)
    once that many commands are in: a comparison of openings; with `enough`, once it says so
    (asked before each move)."""
    ruleset = registry.get(game)
    if fallback is not None:
        bots.make(ruleset, fallback)  # an unknown level is refused before any game starts
    if IDLE in specs and not ruleset.timed:
        raise ValueError(f"{ruleset.title} waits for every seat: an idle seat would never end it")
    levels = [spec if isinstance(spec, str) else spec.level for spec in specs]
    seats = [
        Seat(f"{level} #{i + 1}", "human" if spec == IDLE else "bot", level)
        for i, (spec, level) in enumerate(zip(specs, levels, strict=True))
    ]
    failed = failures if failures is not None else []
    players: dict[int, Any] = {}
    budget = Budget(seconds=seconds) if seconds is not None else Budget()
    try:
        for i, spec in enumerate(specs):
            if spec == IDLE:
                continue
            if isinstance(spec, str):
                players[i] = bots.make(ruleset, spec, move_seconds, name=f"seat {i + 1} ({spec})")
            else:
                players[i] = spec
            if watch is not None and not levels[i].startswith("cmd:"):
                players[i] = Clocked(players[i], i, watch)
        match = Match.new(ruleset, seats, options, seed, setup)

        def policy(seat: int, error: Exception) -> str | None:
            if not isinstance(error, OutsideBotError):
                raise RuntimeError(f"{game}: seat {seat} failed: {error}") from error
            failed.append(Failure(index, seed, seat, error.name, error.what, match.moves, fallback))
            if fallback is None:
                raise Aborted(match)
            return fallback

        def going() -> bool:
            return (moves is None or match.moves < moves) and (enough is None or not enough())

        # held in memory only: nothing to resume, so no time entries (the same game either way)
        referee = Referee(Authority(match), players, Thinking(), budget=budget, policy=policy, log_time=False)
        try:
            for _ in range(MAX_STEPS):
                if match.finished or not going():
                    return match
                quiet = referee.quiet()
                if quiet >= NEVER and not referee.busy and not referee.waiting_on_bots():
                    if match.to_act:  # only idle seats: a start field nobody chooses
                        raise ValueError(f"{game}: the match waits on an idle seat, which never moves")
                    raise RuntimeError(f"{game}: nobody to act and no clock, event {len(match.events)}")
                referee.advance(quiet, ready=going)
            raise RuntimeError(f"{game}: no end after {MAX_STEPS} steps (seed {seed})")
        finally:
            players = dict(referee.players)
            referee.close()
            referee.authority.detach()  # no cycle left: the game is freed as soon as it is read
    finally:
        for player in players.values():
            if hasattr(player, "close"):
                player.close()


def think_ms(
    game: str,
    specs: Sequence[str | Player],
    seeds: Iterable[int],
    kept: Callable[[int, Any], bool],
    count: int | None = None,
) -> list[float]:
    """The milliseconds of the bots' moves that `kept` (seat, view) counts, in games played by
    `run` from these seeds: every such move of each seed's whole game, or with `count`, the
    first `count` (as many games as it takes). The benches' think times, through the driver
    every game has; only the bot's own choice is timed."""
    times: list[float] = []

    def watch(seat: int, view: Any, spent: float) -> None:
        if kept(seat, view):
            times.append(1000 * spent)

    for seed in seeds:
        if count is not None and len(times) >= count:
            break
        run(game, specs, seed, {}, watch=watch, enough=None if count is None else lambda: len(times) >= count)
    if count is not None and len(times) < count:
        raise RuntimeError(f"{game}: only {len(times)} of the {count} moves timed in the games given")
    return times if count is None else times[:count]


class Player(Protocol):
    """A bot of the caller's own, for a seat of `run`."""

    level: str

    def choose(self, view: Any, legal: list, rng: Any, budget: Budget) -> Any: ...


Watch = Callable[[int, Any, float], None]  # a bot's move: its seat, its view, its seconds


@dataclass(frozen=True)
class Clocked:
    """One of our bots, each of its moves told to `watch` with the seconds it took."""

    bot: Any
    seat: int
    watch: Watch

    @property
    def level(self) -> str:
        return self.bot.level

    def choose(self, view: Any, legal: list, rng: Any, budget: Budget) -> Any:
        start = time.perf_counter()
        command = self.bot.choose(view, legal, rng, budget)
        self.watch(self.seat, view, time.perf_counter() - start)
        return command


def _play_args(args: tuple) -> GameResult:
    return play_one(*args)


def tournament(
    game: str,
    specs: list[str],
    games: int,
    seed: int,
    options: dict[str, Any] | None = None,
    seconds: float | None = None,
    processes: int = 1,
    move_seconds: float = DEFAULT_MOVE_SECONDS,
    fallback: str | None = None,
    save: Path | None = None,
    shown: bool = False,
) -> dict[str, Any]:
    """Play `games` games. A game an outside program fails is aborted (or, with `fallback`,
    finished by that level) and listed under `failures`; the run goes on with the next. With
    `save`, every game is written to that folder as an exported match (`saved_name`). With
    `shown`, a terminal sees the games done, their rate and the time left (progress.py)."""
    if not move_seconds > 0:
        raise ValueError(f"the time limit a move must be above 0 s, not {move_seconds}")
    if save is not None:
        save.mkdir(parents=True, exist_ok=True)
    limits = (seconds, move_seconds, fallback)
    jobs = [(game, specs, seed * 1_000_003 + i, options or {}, *limits, i, save) for i in range(games)]
    start = time.perf_counter()
    results: list[GameResult] = []
    with progress.bar(games, game, json=not shown, unit="game") as done:
        if processes > 1:
            # Workers started afresh on every system ("spawn", Windows' and macOS' only way): in
            # the bundle that is its own program again, handed to the worker by
            # multiprocessing.freeze_support() (build/launch.py), so the Linux build checks the
            # path the other two take; a forked worker would never pass through it
            with ProcessPoolExecutor(processes, mp_context=multiprocessing.get_context("spawn")) as pool:
                for result in pool.map(_play_args, jobs):  # in order, each as soon as it is in
                    results.append(result)
                    done.update(1)
        else:
            for job in jobs:
                results.append(_play_args(job))
                done.update(1)
    elapsed = time.perf_counter() - start
    n = len(specs)
    played = [r for r in results if not r.aborted]
    wins = [0] * n
    draws = 0
    for r in played:
        if len(r.winners) == 1:
            wins[r.winners[0]] += 1
        else:
            draws += 1
    failures = [f for r in results for f in r.failures]
    finished = len(played)
    return {
        "game": game,
        "seats": specs,
        "games": games,
        "finished": finished,
        "aborted": games - finished,
        "wins": wins,
        "draws": draws,
        "win_rate": [w / finished if finished else 0.0 for w in wins],
        "avg_score": [sum(r.scores[i] for r in played) / max(finished, 1) for i in range(n)],
        "avg_moves": sum(r.moves for r in played) / max(finished, 1),
        "allowance": Budget().seconds if seconds is None else seconds,
        "over_allowance": [sum(r.over[i] for r in played if r.over) for i in range(n)],
        "failures": [asdict(f) for f in failures],
        "games_per_s": games / elapsed if elapsed else 0.0,
        "seconds": elapsed,
    }


def parse_options(pairs: list[str]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for pair in pairs:
        key, _, value = pair.partition("=")
        try:
            options[key] = codec.loads(value)
        except codec.FormatError:
            options[key] = value
    return options


def main(args) -> int:
    specs = [s.strip() for s in args.seats.split(",") if s.strip()]
    try:
        report = tournament(
            args.game,
            specs,
            args.games,
            args.seed,
            parse_options(args.option),
            args.seconds,
            args.processes,
            DEFAULT_MOVE_SECONDS if args.move_seconds is None else args.move_seconds,
            args.fallback,
            Path(args.save) if getattr(args, "save", None) else None,
            progress.shown(args.json),
        )
    except (KeyError, ValueError, RuntimeError, OSError) as exc:
        print(f"sim: {exc}", file=sys.stderr)
        return 2
    # An aborted game is a result, not a crash: the figures stand, the status says it happened.
    status = 1 if report["aborted"] else 0
    if args.json:
        print(codec.dumps(report))
        return status
    header = f"{report['games']} games of {args.game}, seed {args.seed}"
    if report["aborted"]:
        header += f" ({report['aborted']} aborted: the figures count the other {report['finished']})"
    print(header)
    for i, spec in enumerate(specs):
        print(
            f"  seat {i + 1} {spec:>12}: {report['wins'][i]:4d} wins "
            f"({100 * report['win_rate'][i]:5.1f}%), average score {report['avg_score'][i]:.1f}"
        )
    print(
        f"  draws {report['draws']}, average moves {report['avg_moves']:.1f}, "
        f"{report['games_per_s']:.2f} games/s"
    )
    if any(report["over_allowance"]):  # the searches stop at their own work, not at the clock
        counts = ", ".join(f"seat {i + 1} {c}" for i, c in enumerate(report["over_allowance"]) if c)
        print(f"  moves thought longer than the {report['allowance']:g} s allowance: {counts}")
    if report["failures"]:
        print(f"  {len(report['failures'])} failures of outside programs, {report['aborted']} games aborted:")
        for failure in report["failures"]:
            print(f"    {Failure(**failure).line()}")
    return status
