"""Hints and the review ask the referee (issue 53, item 5): `advise` is the hint bot's choice for
a seat on that seat's own window, with the hint's random stream, on the referee's thinking; one
in flight per seat, dropped when the match moves on. The review of a past moment asks the one
function outside a live match, `referee.consult`."""

from __future__ import annotations

import random
from concurrent.futures import Executor, Future

import pytest

from game.core import history, registry
from game.core import referee as referee_module
from game.core.authority import Authority
from game.core.local import LocalWindow
from game.core.match import Match
from game.core.referee import HINT_LEVEL, MOVED_ON, Referee
from game.core.rng import stream
from game.core.ruleset import Budget
from game.core.seats import Seat
from game.core.thinking import Thinking

SMALL = Budget(iterations=40)  # untimed: the same move on any machine, and quick


class Later(Executor):
    """Jobs run only when the test says: a hint stays in flight meanwhile."""

    def __init__(self):
        self.jobs: list[tuple[Future, object, tuple]] = []

    def submit(self, fn, /, *args, **kwargs) -> Future:
        future: Future = Future()
        self.jobs.append((future, fn, args))
        return future

    def run(self) -> None:
        for future, fn, args in self.jobs:
            if not future.cancelled():
                future.set_result(fn(*args))
        self.jobs.clear()


def people(game: str, seed: int) -> Match:
    rules = registry.get(game)
    seats = [Seat(f"P{i + 1}", "human", "") for i in range(rules.min_seats)]
    return Match.new(rules, seats, seed=seed)


def played(match: Match, moves: int, rng: random.Random) -> None:
    """`moves` random legal moves of whoever is to act."""
    for _ in range(moves):
        if match.finished or not match.to_act:
            return
        seat = min(match.to_act)
        match.submit(seat, rng.choice(match.legal(seat)))


@pytest.mark.parametrize("game", ["jaipur", "ginrummy", "tajmahal"])
def test_advice_is_the_hint_bots_old_direct_choice_for_fixed_seeds(game):
    for seed in (1, 2):
        match = people(game, seed)
        referee = Referee(Authority(match), {}, Thinking())
        played(match, 3 + seed, random.Random(seed))
        for seat in sorted(match.to_act):
            at = len(match.events)
            # what a table's hint was before it asked the referee: the hard bot, called directly
            rules = match.ruleset
            old = rules.bot(HINT_LEVEL).choose(
                match.view(seat), match.legal(seat), stream("hint", match.seed, seat, at), SMALL
            )
            assert referee.advise(seat, SMALL)
            hint = referee.advice(seat)
            assert hint is not None and hint.at == at and hint.problem == ""
            assert hint.command == old, f"{game} seed {seed} seat {seat}"
        referee.close()


def test_one_hint_in_flight_per_seat_and_each_seat_its_own():
    match = people("jaipur", 4)
    later = Later()
    referee = Referee(Authority(match), {}, Thinking(later))
    seat = min(match.to_act)
    other = 1 - seat
    assert referee.advise(seat, SMALL)
    assert not referee.advise(seat, SMALL), "a second hint for a seat whose hint is in flight"
    assert referee.advise(other, SMALL)  # another seat's is its own
    assert referee.advice(seat) is None and referee.advice(other) is None  # still thinking
    referee.unadvise(other)  # nobody waits for it: it stops (that seat has no move to make now)
    assert later.jobs[1][0].cancelled() and referee.advice(other) is None
    later.run()
    assert referee.advice(seat).command in match.legal(seat)
    assert referee.advice(seat) is None  # taken once
    assert referee.advise(seat, SMALL)  # and asked again once taken
    referee.close()


def test_a_hint_is_dropped_when_the_match_moves_on():
    match = people("jaipur", 5)
    later = Later()
    referee = Referee(Authority(match), {}, Thinking(later))
    seat = min(match.to_act)
    at = len(match.events)
    assert referee.advise(seat, SMALL)
    future = later.jobs[0][0]
    match.submit(seat, match.legal(seat)[0])
    assert future.cancelled(), "the hint kept thinking after the match moved on"
    hint = referee.advice(seat)
    assert hint is not None and hint.at == at and hint.command is None and hint.problem == MOVED_ON
    assert referee.advice(seat) is None
    referee.close()


def test_a_hint_thinks_on_the_seats_own_window_and_never_moves_the_clock():
    match = people("jaipur", 6)
    referee = Referee(Authority(match), {}, Thinking(Later()))
    seat = min(match.to_act)
    referee.advise(seat, SMALL)
    assert referee.windows[seat].seats == frozenset({seat}) and referee.windows[seat].viewer == seat
    assert referee.quiet() == 1 << 30, "a hint in flight made the referee poll"
    referee.close()


def test_the_local_windows_hint_asks_the_referee(monkeypatch):
    match = people("jaipur", 7)
    authority = Authority(match)
    referee = Referee(authority, {}, Thinking())
    asked: list[int] = []
    advise = referee.advise

    def counting(seat, budget=SMALL):
        asked.append(seat)
        return advise(seat, budget)

    monkeypatch.setattr(referee, "advise", counting)
    window = LocalWindow(authority, referee, frozenset({0, 1}), budget=SMALL)
    seat = min(match.to_act)
    window.ask_hint(seat)
    assert asked == [seat] and window.hinting
    hint = window.hint()
    assert hint is not None and hint.command in match.legal(seat)
    assert not window.hinting and window.hint() is None
    window.close()


def test_the_review_asks_through_the_referees_one_door_for_a_past_moment(monkeypatch):
    match = people("jaipur", 8)
    played(match, 4, random.Random(8))
    consulted: list[int] = []
    consult = referee_module.consult

    def counting(rules, view, legal, rng, budget, level=HINT_LEVEL):
        consulted.append(len(legal))
        return consult(rules, view, legal, rng, SMALL, level)

    monkeypatch.setattr(referee_module, "consult", counting)
    timeline = history.Timeline(match)
    index = next(i for i, c in enumerate(match.commands) if c.seat is not None)
    advice = history.review(timeline, index)
    assert consulted and advice.index == index
