"""`python -m game sim`: tournaments between bot levels and outside programs."""

from __future__ import annotations

import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from typing import Any

from game.core import bots, codec, registry
from game.core.clocked import SharedClock
from game.core.match import Match, Seat
from game.core.outside import DEFAULT_MOVE_SECONDS, OutsideBotError, ProgramBot
from game.core.rng import derive
from game.core.ruleset import Budget, Rejected

MAX_STEPS = 100_000  # a game that runs longer than this is a bug, not a long game


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
) -> GameResult:
    """One game. `seconds`: our bots' think budget; `move_seconds`: an outside program's time
    limit a move; `fallback`: the level that takes a failed program's seat (None: the game is
    aborted); `index`: the game's number in its tournament, for the failure records."""
    ruleset = registry.get(game)
    if fallback is not None:
        bots.make(ruleset, fallback)  # an unknown level is refused before any game starts
    seats = [Seat(f"{spec} #{i + 1}", "bot", spec) for i, spec in enumerate(specs)]
    players: list[Any] = []
    budget = Budget(seconds=seconds) if seconds is not None else Budget()
    failures: list[Failure] = []
    try:
        for i, spec in enumerate(specs):
            players.append(bots.make(ruleset, spec, move_seconds, name=f"seat {i + 1} ({spec})"))
        match = Match.new(ruleset, seats, options, seed)

        def choose(seat: int, at: int) -> Any:
            return _choose(match, players[seat], seat, derive(seed, at * 8 + seat), budget)

        clocked = SharedClock(match, choose)  # timed games: one clock for every seat
        for _ in range(MAX_STEPS):
            if match.finished:
                break
            waiting = sorted(match.to_act)
            seat: int | None = waiting[0] if waiting else None
            try:
                if ruleset.timed:
                    seat, command = clocked.next()
                elif seat is None:
                    command = ruleset.clock(match.state)
                    if command is None:
                        raise RuntimeError(f"{game}: nobody to act and no clock, event {len(match.events)}")
                else:
                    command = choose(seat, len(match.events))
                result = match.submit(seat, command)
                if (
                    isinstance(result, Rejected)
                    and seat is not None
                    and isinstance(players[seat], ProgramBot)
                ):
                    raise players[seat].illegal(command, result.reason)
            except OutsideBotError as exc:
                seat = clocked.asking if clocked.asking is not None else seat
                assert seat is not None
                handed, moves = fallback, len(match.commands)
                failures.append(Failure(index, seed, seat, exc.name, exc.what, moves, handed))
                if handed is None:
                    return GameResult((), (), len(match.commands), tuple(failures))
                players[seat] = bots.replace_with_builtin(match, seat, handed)
                clocked.asking = None
                clocked.drop(seat)
                continue
            if isinstance(result, Rejected):
                raise RuntimeError(f"{game}: seat {seat} played an illegal move: {result.reason}")
        else:
            raise RuntimeError(f"{game}: no end after {MAX_STEPS} steps (seed {seed})")
    finally:
        for player in players:
            if hasattr(player, "close"):
                player.close()
    outcome = match.outcome
    assert outcome is not None
    return GameResult(outcome.winners, outcome.scores, len(match.commands), tuple(failures))


def _choose(match: Match, player: Any, seat: int, rng: Any, budget: Budget) -> Any:
    """One seat's choice, from its view and legal moves only."""
    return player.choose(match.view(seat), match.legal(seat), rng, budget)


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
) -> dict[str, Any]:
    """Play `games` games. A game an outside program fails is aborted (or, with `fallback`,
    finished by that level) and listed under `failures`; the run goes on with the next."""
    if not move_seconds > 0:
        raise ValueError(f"the time limit a move must be above 0 s, not {move_seconds}")
    limits = (seconds, move_seconds, fallback)
    jobs = [(game, specs, seed * 1_000_003 + i, options or {}, *limits, i) for i in range(games)]
    start = time.perf_counter()
    if processes > 1:
        with ProcessPoolExecutor(processes) as pool:
            results = list(pool.map(_play_args, jobs))
    else:
        results = [_play_args(job) for job in jobs]
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
        )
    except (KeyError, ValueError, RuntimeError) as exc:
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
    if report["failures"]:
        print(f"  {len(report['failures'])} failures of outside programs, {report['aborted']} games aborted:")
        for failure in report["failures"]:
            print(f"    {Failure(**failure).line()}")
    return status
