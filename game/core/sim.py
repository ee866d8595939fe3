"""`python -m game sim`: tournaments between bot levels and outside programs."""

from __future__ import annotations

import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from game.core import bots, codec, registry
from game.core.match import Match, Seat
from game.core.rng import derive
from game.core.ruleset import Budget, Rejected

MAX_STEPS = 100_000  # a game that runs longer than this is a bug, not a long game


@dataclass(frozen=True)
class GameResult:
    winners: tuple[int, ...]
    scores: tuple[float, ...]
    moves: int


def play_one(
    game: str, specs: list[str], seed: int, options: dict[str, Any], seconds: float | None
) -> GameResult:
    ruleset = registry.get(game)
    players = [bots.make(ruleset, spec) for spec in specs]
    seats = [Seat(f"{spec} #{i + 1}", "bot", spec) for i, spec in enumerate(specs)]
    budget = Budget(seconds=seconds) if seconds is not None else Budget()
    match = Match.new(ruleset, seats, options, seed)
    try:
        for _ in range(MAX_STEPS):
            if match.finished:
                break
            waiting = sorted(match.to_act)
            if not waiting:
                clock = ruleset.clock(match.state)
                if clock is None:
                    raise RuntimeError(f"{game}: nobody to act and no clock, event {len(match.events)}")
                result = match.submit(None, clock)
            else:
                seat = waiting[0]
                view, legal = match.view(seat), match.legal(seat)
                rng = derive(seed, len(match.events) * 8 + seat)
                command = players[seat].choose(view, legal, rng, budget)
                result = match.submit(seat, command)
            if isinstance(result, Rejected):
                raise RuntimeError(f"{game}: seat {waiting[:1]} played an illegal move: {result.reason}")
        else:
            raise RuntimeError(f"{game}: no end after {MAX_STEPS} steps (seed {seed})")
    finally:
        for player in players:
            if hasattr(player, "close"):
                player.close()
    outcome = match.outcome
    assert outcome is not None
    return GameResult(outcome.winners, outcome.scores, len(match.commands))


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
) -> dict[str, Any]:
    jobs = [(game, specs, seed * 1_000_003 + i, options or {}, seconds) for i in range(games)]
    start = time.perf_counter()
    if processes > 1:
        with ProcessPoolExecutor(processes) as pool:
            results = list(pool.map(_play_args, jobs))
    else:
        results = [_play_args(job) for job in jobs]
    elapsed = time.perf_counter() - start
    n = len(specs)
    wins = [0] * n
    draws = 0
    for r in results:
        if len(r.winners) == 1:
            wins[r.winners[0]] += 1
        else:
            draws += 1
    return {
        "game": game,
        "seats": specs,
        "games": games,
        "wins": wins,
        "draws": draws,
        "win_rate": [w / games if games else 0.0 for w in wins],
        "avg_score": [sum(r.scores[i] for r in results) / max(games, 1) for i in range(n)],
        "avg_moves": sum(r.moves for r in results) / max(games, 1),
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
        )
    except (KeyError, ValueError, RuntimeError) as exc:
        print(f"sim: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(codec.dumps(report))
        return 0
    print(f"{report['games']} games of {args.game}, seed {args.seed}")
    for i, spec in enumerate(specs):
        print(
            f"  seat {i + 1} {spec:>12}: {report['wins'][i]:4d} wins "
            f"({100 * report['win_rate'][i]:5.1f}%), average score {report['avg_score'][i]:.1f}"
        )
    print(
        f"  draws {report['draws']}, average moves {report['avg_moves']:.1f}, "
        f"{report['games_per_s']:.2f} games/s"
    )
    return 0
