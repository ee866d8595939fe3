"""Secrets proven from each game's own determinization (issue 53), for every registered game.

At many points of random matches (seeded), for each seat and a spectator, `resample` gives a
twin: the same match as the viewer knows it, with everything it may not know drawn afresh
(a deck's order, the other hands, other seats' face-down commands). The twin must give the
viewer the same window as the truth: its view, its legal moves, the reasons `decide` gives
for a sample of commands any seat may send now, the outcome, and the events of the move the
match plays next as the viewer is shown them (its chance drawn afresh in the twin). A move
may put a hidden fact in sight (a market refilled from the deck, a seat's own draw): its
events are compared one by one, each folded in, until the views part; an event that differs
while the views after it do not is a leak.

A deal has no state before it to resample: the opening is compared, for a spectator, with
another seed's opening that it sees exactly alike (searched for among TRIES seeds).

The check has teeth: for every field a game hides (each leaf of its declarations that is
neither PUBLIC nor OWN, found by walking them, nested ones included), a case declares that one
field PUBLIC and the check must then find a difference. The cases are generated from the
declarations. Where chance shows a spectator so much of a deal that no twin deal turns up
(Taj Mahal's display, Ubongo's gems), the deal's fields are proven by the crafted deals of
tests/rules/test_secrets_dealt.py instead, and a case here checks that only such are left.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from game.core import registry
from game.core.match import Match, Seat
from game.core.ruleset import Command, Rejected, Ruleset
from game.core.secrets import PUBLIC, Each, Fields, Map, Own, Secrets, Spec, spec_of
from tests import games
from tests.core.tinygame import RULESET as TINY

registry.register(TINY)

MOVES = 400  # moves played at most in one match
EVERY = 1  # the twins are made at every so many moves
TWINS = 2  # twins per viewer at each such point
PROBES = 10  # commands whose refusal reasons are compared


# -- the matches ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Config:
    game: str
    seats: int
    options: dict[str, Any]

    @property
    def id(self) -> str:
        extra = ",".join(f"{k}={v}" for k, v in sorted(self.options.items()))
        return f"{self.game}-{self.seats}" + (f"-{extra}" if extra else "")


def configs(game: str) -> list[Config]:
    """The fewest and most seats the game takes, and each choice of an option that changes
    which seats there are (a solo variant): read from the game's face, never listed here."""
    low, high = games.seat_range(game)
    out = [Config(game, n, {}) for n in sorted({low, high})]
    return out + [Config(game, games.seat_range(game, v)[0], v) for v in games.variants(game)]


def key(command: Command) -> str:
    return json.dumps(command, sort_keys=True)


def next_move(match: Match, rng: random.Random) -> tuple[int | None, Command] | None:
    """A random legal move of a random seat to act; the table clock's when nobody acts."""
    if not match.to_act:
        return None if match.clock is None else (None, match.clock)
    who = rng.choice(sorted(match.to_act))
    legal = match.legal(who)
    return (who, rng.choice(legal)) if legal else None


def points(config: Config, seed: int) -> Iterator[tuple[Match, tuple[int | None, Command] | None]]:
    """A random match, at the opening and every EVERY moves: the match and the move it plays
    next (None at its end)."""
    rules = registry.get(config.game)
    match = Match.new(rules, [Seat(f"S{i}") for i in range(config.seats)], config.options, seed=seed)
    rng = random.Random(seed)
    for played in range(MOVES):
        move = None if match.finished else next_move(match, rng)
        if played % EVERY == 0 or move is None:
            yield match, move
        if move is None:
            return
        assert not isinstance(match.submit(*move), Rejected), move


# -- the twin check ------------------------------------------------------------------------
def reason(rules: Ruleset, state: Any, seat: int, command: Command, seed: int) -> str | None:
    result = rules.decide(state, seat, command, random.Random(seed))
    return str(result.reason) if isinstance(result, Rejected) else None


def outcome(rules: Ruleset, state: Any, viewer: int | None) -> Any:
    found = rules.outcome(state)
    return None if found is None else rules.shown(found, viewer).to_json()


def probes(rules: Ruleset, states: tuple[Any, ...], seats: int, rng: random.Random) -> list[Command]:
    """Commands any seat may send now in the truth or the twin (a legal move of one seat is
    another's illegal one), a sample of them."""
    found = {key(c): c for s in states for seat in range(seats) for c in rules.legal(s, seat)}
    chosen = sorted(found)
    rng.shuffle(chosen)
    return [found[k] for k in chosen[:PROBES]]


def difference(
    match: Match, move: tuple[int | None, Command] | None, viewer: int | None, seed: int
) -> str | None:
    """Where a twin of `match` resampled for `viewer` first looks different to it, or None."""
    rules, truth = match.ruleset, match.state
    rng = random.Random(seed)
    twin = rules.resample(truth, viewer, rng)
    both = (truth, twin)
    if rules.view(truth, viewer) != rules.view(twin, viewer):
        return "view"
    if outcome(rules, truth, viewer) != outcome(rules, twin, viewer):
        return "outcome"
    if viewer is not None:
        if [key(c) for c in rules.legal(truth, viewer)] != [key(c) for c in rules.legal(twin, viewer)]:
            return "legal moves"
        for command in probes(rules, both, len(match.seats), rng):
            if reason(rules, truth, viewer, command, seed) != reason(rules, twin, viewer, command, seed):
                return f"check {command}"
    if move is None:
        return None
    who, command = move
    found = next_events(rules, both, who, (command, command), viewer, seed)
    if found is None and who is not None and who != viewer:
        # another seat's move: in the twin it may be any of that seat's moves there (a bid laid
        # face down); one the viewer can tell apart parts the worlds, one it cannot must not
        # show in its events either
        legal = rules.legal(twin, who)
        if legal:
            other = random.Random(seed).choice(legal)
            found = next_events(rules, both, who, (command, other), viewer, seed)
    return found


def next_events(
    rules: Ruleset,
    states: tuple[Any, Any],
    who: int | None,
    commands: tuple[Command, Command],
    viewer: int | None,
    seed: int,
) -> str | None:
    """The truth plays the first command and the twin the second, the chance of each drawn
    afresh: the first event the viewer is shown differently while its views still agree."""
    worlds = []
    for k, (state, command) in enumerate(zip(states, commands, strict=True)):
        events = rules.decide(state, who, command, random.Random(seed + k))
        if isinstance(events, Rejected):  # a hidden card the twin does not hold: no such move there
            return None
        worlds.append((state, events))
    (a, ea), (b, eb) = worlds
    for i in range(max(len(ea), len(eb))):
        x, y = (e[i] if i < len(e) else None for e in (ea, eb))
        a, b = (s if e is None else rules.evolve(s, e) for s, e in ((a, x), (b, y)))
        if rules.view(a, viewer) != rules.view(b, viewer):
            return None  # the move put a hidden fact in sight: the worlds part here
        if (x and rules.redact(x, viewer)) != (y and rules.redact(y, viewer)):
            return f"event {i} of {commands[0]} (seat {who}; the twin's {commands[1]})"
    return None


TRIES = 2000  # seeds searched for an opening a spectator cannot tell from another


def opening_twin(config: Config, seed: int) -> int | None:
    """A seed whose opening deal a spectator sees exactly as `seed`'s, differing in what it may
    not see (a deal has no state before it to resample: another deal is drawn instead), or
    None when chance shows a spectator too much to meet it again in TRIES seeds."""
    key = (config.id, seed)
    if key not in _twins:
        rules = registry.get(config.game)
        seats = [Seat(f"S{i}") for i in range(config.seats)]
        truth = Match.new(rules, seats, config.options, seed=seed)
        _twins[key] = None
        for other in range(seed + 1, seed + TRIES):
            twin = Match.new(rules, seats, config.options, seed=other)
            if twin.view(None) == truth.view(None) and twin.events != truth.events:
                _twins[key] = other
                break
    return _twins[key]


_twins: dict[tuple[str, int], int | None] = {}


def opening_leak(config: Config, seed: int) -> str | None:
    """The opening deal's events as a spectator is shown them, against a twin deal's."""
    other = opening_twin(config, seed)
    if other is None:
        return None
    rules = registry.get(config.game)
    seats = [Seat(f"S{i}") for i in range(config.seats)]
    a, b = (Match.new(rules, seats, config.options, seed=s).events for s in (seed, other))
    if [rules.redact(e, None) for e in a] != [rules.redact(e, None) for e in b]:
        return f"{config.id} seeds {seed} and {other}: the opening's events"
    return None


def first_leak(config: Config, seed: int) -> str | None:
    found = opening_leak(config, seed)
    if found is not None:
        return found
    viewers: list[int | None] = [*range(config.seats), None]
    for match, move in points(config, seed):
        for viewer in viewers:
            for k in range(TWINS):
                found = difference(match, move, viewer, seed * 1000 + len(match.events) * 10 + k)
                if found is not None:
                    return (
                        f"{config.id} seed {seed}, viewer {viewer}, after {len(match.events)} events: {found}"
                    )
    return None


SEEDS = (1, 2)
# the declared games (the installed test game among them), not the rulesets other test modules
# register as they are imported: which of those are known here depended on what pytest had
# collected first (`pytest tests/net tests/core` took in the buzzer race, which takes no move
# without its tick)
GAMES = registry.games()
CONFIGS = [c for game in GAMES for c in configs(game)]


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: c.id)
def test_a_resampled_twin_looks_the_same_to_every_seat_and_a_spectator(config):
    for seed in SEEDS:
        assert first_leak(config, seed) is None


# -- the check has teeth -------------------------------------------------------------------
def hidden_leaves(spec: Spec, path: tuple[str, ...]) -> Iterator[tuple[str, ...]]:
    """The paths of every declared leaf that hides something: neither PUBLIC nor OWN (what the
    game's view worked out for the viewer itself, its own hand, which no declaration can show
    another); "[]" steps into a list's items."""
    if isinstance(spec, Fields):
        for name, inner in spec.declared.items():
            yield from hidden_leaves(inner, (*path, name))
    elif isinstance(spec, Each):
        yield from hidden_leaves(spec.item, (*path, "[]"))
    elif isinstance(spec, Map):
        yield from hidden_leaves(spec.item, (*path, "{}"))
    elif spec is not PUBLIC and not isinstance(spec, Own):
        yield path


def made_public(declared: Any, path: tuple[str, ...]) -> Any:
    """The declaration with the leaf at `path` turned PUBLIC, the rest as it was."""
    if not path:
        return PUBLIC
    spec = spec_of(declared)
    if isinstance(spec, Each):
        return Each(made_public(spec.item, path[1:]))
    if isinstance(spec, Map):
        return Map(made_public(spec.item, path[1:]))
    assert isinstance(spec, Fields), path
    return {**spec.declared, path[0]: made_public(spec.declared[path[0]], path[1:])}


def leaks(game: str) -> list[tuple[str, tuple[str, ...]]]:
    """Every field the game hides: ("event", (type, field, ...)), ("view", (key, ...)) or
    ("outcome", (key, ...))."""
    secrets = registry.get(game).secrets
    out = [("event", p) for kind, f in secrets.events.items() for p in hidden_leaves(Fields(f), (kind,))]
    out += [("view", p) for p in hidden_leaves(Fields(secrets.view), ())]
    return out + [("outcome", p) for p in hidden_leaves(Fields(secrets.outcome), ())]


def shown(secrets: Secrets, where: str, path: tuple[str, ...]) -> Secrets:
    if where == "view":
        return Secrets(events=secrets.events, view=made_public(secrets.view, path), outcome=secrets.outcome)
    if where == "outcome":
        return Secrets(events=secrets.events, view=secrets.view, outcome=made_public(secrets.outcome, path))
    kind = path[0]
    events = {**secrets.events, kind: made_public(secrets.events[kind], path[1:])}
    return Secrets(events=events, view=secrets.view, outcome=secrets.outcome)


# Chance dealt from nothing (the opening's deal, and a new round's dealt the same way from a
# fresh deck), where a spectator sees so much of it (Taj Mahal's display, Ubongo's gems) that no
# twin deal turns up: left to the crafted deals.
DEALT = {"deal", "setup"}
CASES = [(game, where, path) for game in GAMES for where, path in leaks(game)]


def twinned(game: str) -> bool:
    return any(opening_twin(c, seed) is not None for c in configs(game) for seed in SEEDS)


TWIN_CASES = [c for c in CASES if not (c[1] == "event" and c[2][0] in DEALT and not twinned(c[0]))]


LEFT_TO_DEALS = [c for c in CASES if c not in TWIN_CASES]  # tests/rules/test_secrets_dealt.py


def test_the_cases_left_to_the_crafted_deals_are_dealt_fields_alone():
    assert all(where == "event" and path[0] in DEALT for _, where, path in LEFT_TO_DEALS)


@pytest.mark.parametrize(("game", "where", "path"), TWIN_CASES, ids=lambda x: str(x))
def test_each_hidden_field_shown_alone_is_found(game, where, path, monkeypatch):
    rules = registry.get(game)
    monkeypatch.setattr(type(rules), "secrets", shown(rules.secrets, where, path))
    assert any(first_leak(c, seed) for c in configs(game) for seed in SEEDS), (game, where, path)
