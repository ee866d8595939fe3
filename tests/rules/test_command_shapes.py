"""Rule (docs/architecture.md, "What a command may carry"; issue 43): each game declares the
keys of its moves, and a seat's window refuses any other key at any depth, with a reason and
nothing changed, whoever sends it (a network client and an outside program both play through
a window). Whole matches of every game and variant played by the bots through their windows
are never refused for a key; a log stored before the rule, with extra keys in its commands,
still loads and verifies."""

from __future__ import annotations

import random

import pytest

from game.core import registry, shapes
from game.core.authority import Authority
from game.core.match import Match, Seat, verify
from game.core.rng import stream
from game.core.ruleset import Budget, Rejected
from tests import games

# every registered game at its fewest and most seats, and the variants that play otherwise
# (each option choice that changes the seats: tests/games.py), at their fewest
CASES = [(game, {}, count) for game in games.games() for count in sorted(set(games.seat_range(game)))] + [
    (game, options, games.seat_range(game, options)[0])
    for game in games.games()
    for options in games.variants(game)
]


def _seats(game: str, options: dict, count: int) -> list[Seat]:
    rules = registry.get(game)
    fixed = rules.fixed_seats({**rules.default_options(), **options})
    return [
        Seat(f"S{i}", "rules", fixed[i]) if i in fixed else Seat(f"S{i}", "bot", "medium")
        for i in range(count)
    ]


def _play(game: str, options: dict, count: int, seed: int, moves: int = 400) -> tuple[Match, int]:
    """A match played by medium bots through their seats' windows; the moves made."""
    rules = registry.get(game)
    match = Match.new(rules, _seats(game, options, count), options, seed)
    authority = Authority(match)
    windows = {s: authority.window({s}, s) for s in range(count)}
    bot, made = rules.bot("medium"), 0
    while not match.finished and made < moves:
        waiting = sorted(match.to_act)
        if not waiting:
            assert match.submit(None, match.clock)
            continue
        seat = waiting[0]
        legal = match.legal(seat)
        for command in legal:
            assert shapes.undeclared(command, rules.commands) is None, command
        rng = stream("bot", seed, seat, len(match.events))
        command = bot.choose(match.view(seat), legal, rng, Budget(seconds=60, iterations=20))
        result = windows[seat].submit(seat, command)
        assert not isinstance(result, Rejected), (command, result)
        made += 1
    return match, made


@pytest.mark.parametrize(("game", "options", "count"), CASES)
def test_every_move_the_bots_make_carries_only_declared_keys(game, options, count):
    match, made = _play(game, options, count, seed=11)
    assert made > 10
    assert registry.get(game).commands, f"{game} declares the keys of its moves"
    kinds = {c.command.get("move") for c in match.commands}
    assert kinds <= set(registry.get(game).commands), kinds


def _extras(command: dict) -> list[tuple[dict, str]]:
    """`command` with one key added at each depth it has objects, and where it was added."""
    out = [({**command, "note": "x" * 100}, "note")]
    for key, value in command.items():
        if isinstance(value, list) and value and isinstance(value[0], dict):
            inner = [{**value[0], "x": 1}, *value[1:]]
            out.append(({**command, key: inner}, f"{key}[0].x"))
    return out


@pytest.mark.parametrize(("game", "options", "count"), CASES)
def test_an_undeclared_key_is_refused_at_every_depth_and_changes_nothing(game, options, count):
    rules = registry.get(game)
    match = Match.new(rules, _seats(game, options, count), options, 5)
    authority = Authority(match)
    tried = 0
    for _ in range(60):
        if match.finished:
            break
        waiting = sorted(match.to_act)
        if not waiting:
            match.submit(None, match.clock)
            continue
        seat = waiting[0]
        window = authority.window({seat}, seat)
        legal = match.legal(seat)
        for command in legal[:3]:
            for extra, where in _extras(command):
                before = (len(match.events), len(match.commands), match.state)
                for answer in (window.check(seat, extra), window.submit(seat, extra)):
                    assert isinstance(answer, Rejected) and repr(where) in str(answer.reason), answer
                assert (len(match.events), len(match.commands), match.state) == before
                tried += 1
        assert window.submit(seat, random.Random(tried).choice(legal)) is not None
    assert tried > 20


def test_an_undeclared_key_inside_an_ubongo_placement_is_refused():
    """Ubongo's solve carries a list of placements: a key added inside one is refused too."""
    moves = registry.get("ubongo").commands
    solve = {"move": "solve", "tick": 5, "placements": [{"piece": "A", "cells": [[0, 0]]}]}
    assert shapes.undeclared(solve, moves) is None
    solve["placements"].append({"piece": "B", "cells": [[1, 0]], "rotation": 1})
    assert shapes.undeclared(solve, moves) == "placements[1].rotation"
    assert shapes.undeclared({"move": "dance", "x": 1}, moves) is None  # the rules name it


def test_a_stored_log_whose_commands_hold_extra_keys_still_loads_and_verifies():
    """Logs saved before the rule may hold such keys (the rules read past them): they load,
    replay and verify as before; only new commands through a window are refused."""
    rules = registry.get("jaipur")
    match = Match.new(rules, _seats("jaipur", {}, 2), {}, 9)
    for i in range(30):
        seat = min(match.to_act)
        command = {**random.Random(i).choice(match.legal(seat)), "note": "x" * 50}
        assert not isinstance(match.submit(seat, command), Rejected)  # the rules alone take it
    data = match.to_json()
    assert all(c["command"]["note"] for c in data["commands"])
    again = Match.from_json(data)
    assert again.state == match.state
    ok, why = verify(data)
    assert ok, why
