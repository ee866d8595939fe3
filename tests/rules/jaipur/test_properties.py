"""Invariants over random matches (hypothesis): conservation, rejections, replay, hidden views."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core import codec
from game.core.frozen import replace
from game.core.match import Match, Seat
from game.rules.jaipur import moves
from game.rules.jaipur.face.cards import BONUS, CARD_COUNTS, GOODS, NAMES, TOKENS
from game.rules.jaipur.ruleset import RULESET
from game.rules.jaipur.state import HOLE, State
from game.rules.jaipur.view import names

ALL_CARDS = Counter(CARD_COUNTS)
GOODS_TOKENS = Counter((g, v) for g in GOODS for v in TOKENS[g])
BONUS_TOKENS = Counter((size, v) for size, values in BONUS.items() for v in values)


def cards_of(state: State) -> Counter:
    cards = Counter(state.deck) + Counter(c for c in state.market if c != HOLE) + Counter(state.discard)
    for seat in (0, 1):
        cards += Counter(names(state.hands[seat]))
        cards["camel"] += state.herds[seat]
    cards += Counter(state.bot_deck) + Counter(state.bot_revealed)
    return cards


def tokens_of(state: State) -> tuple[Counter, Counter]:
    goods = Counter((g, v) for g, pile in zip(GOODS, state.tokens, strict=True) for v in pile)
    bonus = Counter((size, v) for size, pile in zip((3, 4, 5), state.bonus, strict=True) for v in pile)
    for seat in (0, 1):
        goods += Counter(state.won_goods[seat])
        bonus += Counter(state.won_bonus[seat])
    return goods, bonus


def check_conserved(state: State) -> None:
    assert cards_of(state) == ALL_CARDS, cards_of(state) - ALL_CARDS
    goods, bonus = tokens_of(state)
    assert goods == GOODS_TOKENS and bonus == BONUS_TOKENS
    assert state.camel_token in (None, 0, 1)  # the single camel token: supply or one seat
    assert all(sum(h) <= 7 for h in state.hands)
    if state.solo:  # the rule bot never holds a hand
        assert sum(state.hands[1]) == 0


def play(seed: int, variant: str, steps: int, junk: bool = False):
    """A match of random legal commands; yields the match after every accepted command."""
    rng = random.Random(seed)
    m = Match.new(RULESET, [Seat("A"), Seat("B")], {"variant": variant}, seed)
    yield m
    for _ in range(steps):
        if m.finished:
            return
        seat = min(m.to_act)
        command = moves.sample(m.state, seat, rng)
        if junk and rng.random() < 0.3:
            command = random_command(rng)
            before, n = m.state, len(m.events)
            who = rng.choice([0, 1])
            result = m.submit(who, command)
            if hasattr(result, "reason"):
                assert m.state == before and len(m.events) == n and result.reason
            else:  # a junk command that happened to be a move must be one of the legal ones
                assert canonical(command) in {canonical(c) for c in RULESET.legal(before, who)}, command
            yield m
            continue
        result = m.submit(seat, command)
        assert not hasattr(result, "reason"), (command, result)
        yield m


def canonical(command: dict) -> tuple:
    """A command with its exchange lists in a fixed order (the order of cards does not matter)."""
    key = lambda c: NAMES.index(c)  # noqa: E731
    if command.get("move") == "exchange":
        return ("exchange", tuple(sorted(command["take"], key=key)), tuple(sorted(command["give"], key=key)))
    return tuple(sorted(command.items()))


def random_command(rng: random.Random) -> dict:
    pick = lambda k: [rng.choice(NAMES) for _ in range(k)]  # noqa: E731
    return rng.choice(
        [
            {"move": "take", "good": rng.choice(NAMES)},
            {"move": "camels"},
            {"move": "exchange", "take": pick(rng.randint(0, 4)), "give": pick(rng.randint(0, 4))},
            {"move": "sell", "good": rng.choice(NAMES), "count": rng.randint(-1, 6)},
            {"move": "sell", "good": "leather", "count": "3"},
            {"move": "exchange", "take": "gold", "give": None},
            {"move": "dance"},
        ]
    )


variants = st.sampled_from(["standard", "solo"])


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), variant=variants)
def test_cards_and_tokens_are_conserved_after_every_event(seed, variant):
    """55 cards and 38 + 18 + 1 tokens, whatever happens."""
    for m in play(seed, variant, 400):
        check_conserved(m.state)
    # and after every single event of the whole log, not just after every command
    state = RULESET.empty(2, m.options)
    for event in m.events:
        state = RULESET.evolve(state, event)
        if state.phase != "setup":
            check_conserved(state)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), variant=variants)
def test_rejected_commands_change_nothing(seed, variant):
    for _ in play(seed, variant, 250, junk=True):
        pass


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), variant=variants)
def test_replay_equals_live_state(seed, variant):
    *_, m = play(seed, variant, 300)
    again = Match.from_json(codec.roundtrip(m.to_json()))
    assert again.state == m.state
    assert again.view(0) == m.view(0) and again.view(1) == m.view(1)


def disguise(state: State, seat: int, rng: random.Random) -> State:
    """Another state this seat cannot tell apart: the hidden cards and bonus values reshuffled."""
    other = 1 - seat
    hidden = list(state.deck) + names(state.hands[other])
    known = Counter(names(state.known[other]))
    pool = Counter(hidden) - known
    goods = [c for c in pool.elements() if c != "camel"]
    rng.shuffle(goods)
    n_unknown = sum(state.hands[other]) - sum(known.values())
    hand_cards = list(known.elements()) + goods[:n_unknown]
    rest = [c for c in (pool - Counter(goods[:n_unknown])).elements()]
    rng.shuffle(rest)
    counts = tuple(hand_cards.count(g) for g in GOODS)
    hands = (counts, state.hands[1]) if other == 0 else (state.hands[0], counts)
    bonus = tuple(tuple(rng.sample(pile, len(pile))) for pile in state.bonus)
    won = list(state.won_bonus)
    won = [tuple((size, rng.choice(BONUS[size])) for size, _ in w) for w in won]
    changes = dict(deck=tuple(rest), hands=hands, bonus=bonus, won_bonus=tuple(won))
    if not state.solo:
        changes["bot_deck"] = state.bot_deck
    else:  # the bot's unrevealed action cards, unless a whole cycle showed their order
        if not state.bot_order:
            changes["bot_deck"] = tuple(rng.sample(state.bot_deck, len(state.bot_deck)))
    return replace(state, **changes)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), variant=variants)
def test_view_never_contains_what_its_seat_may_not_know(seed, variant):
    """Reshuffling everything hidden from a seat leaves its view unchanged; a spectator's
    view does not change whichever hidden part moves."""
    rng = random.Random(seed)
    for m in play(seed, variant, 200):
        if m.state.phase != "play":
            continue
        for seat in (0, 1):
            twin = disguise(m.state, seat, rng)
            assert RULESET.view(twin, seat) == RULESET.view(m.state, seat)
            if variant == "standard":  # the other herd's size may not be asked: no number shown
                assert RULESET.view(m.state, seat)["opponent_herd"] is None
        spectator = RULESET.view(m.state, None)
        assert spectator["hand"] == [] and spectator["herd"] is None
        assert RULESET.view(disguise(disguise(m.state, 0, rng), 1, rng), None) == spectator


def test_disguise_really_changes_hidden_things():
    """The view test above must be able to fail: disguising does change the state."""
    m = Match.new(RULESET, [Seat("A"), Seat("B")], {}, 5)
    twin = disguise(m.state, 0, random.Random(1))
    assert twin.deck != m.state.deck or twin.hands[1] != m.state.hands[1]
    assert RULESET.view(twin, 1) != RULESET.view(m.state, 1)  # seat 1 sees its own hand


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**6), variant=variants)
def test_a_saved_match_verifies_and_every_event_has_a_log_line_or_none(seed, variant):
    from game.core.match import verify

    *_, m = play(seed, variant, 300)
    good, why = verify(codec.roundtrip(m.to_json()))
    assert good, why
    for event in m.events:
        line = RULESET.describe(event, ["Ann", "Bo"])
        assert isinstance(line, str)
        if event["type"] in ("take", "sell", "exchange", "camels", "round_end", "bot_reveal"):
            assert line
