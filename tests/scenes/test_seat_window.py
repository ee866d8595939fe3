"""The seat boundary (docs/architecture.md, "The seat window"): a table scene sees the match only
through its seat's window, and nothing it is handed (views, events) names a card its seat may
not know. Whole matches are played through game.automation against a bot while a spy records
everything the window hands the scene."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from game.automation import AutomationError, Session
from game.core.match import Match
from game.rules.ginrummy.face.phases import HAND_OVER, MATCH_OVER
from game.rules.jaipur.face.cards import DEAL_HAND
from game.scenes.table import Table
from tests.scenes.driver import record

HUMAN, BOT = 0, 1


def spy(table: Table, seen: Callable[[str, Any], None]) -> None:
    """Route everything the table's window hands the scene through `seen(kind, payload)`:
    views, past views, the log, and the events that arrive."""
    window = table.window
    for name in ("view", "view_at", "events", "seat_view"):
        original = getattr(window, name)

        def wrapped(*args: Any, _original=original, _name=name) -> Any:
            result = _original(*args)
            seen(_name, result)
            return result

        setattr(window, name, wrapped)
    arrived = table.on_events

    def on_events(events: list[dict[str, Any]]) -> None:
        seen("arrived", events)
        arrived(events)

    table.on_events = on_events  # type: ignore[method-assign]


def strings(payload: Any, skip: frozenset[str] = frozenset()) -> Iterator[str]:
    """Every string in a JSON-like payload (keys in `skip` left out)."""
    if isinstance(payload, str):
        yield payload
    elif isinstance(payload, dict):
        for key, value in payload.items():
            if key not in skip:
                yield from strings(value, skip)
    elif isinstance(payload, (list, tuple)):
        for value in payload:
            yield from strings(value, skip)


def play_out(s: Session, rng: random.Random, moves: int) -> int:
    """The person plays random legal moves until the match ends (at most `moves`)."""
    played = 0
    for _ in range(moves):
        s.idle()
        if s.outcome is not None:
            return played
        if HUMAN in s.waiting():
            s.perform(HUMAN, rng.choice(s.legal(HUMAN)))
            played += 1
        elif (asked := s.attention()) is not None:
            s.click(asked["target"])
        else:
            raise AssertionError(f"the app waits on nobody on {s.scene!r}")
    raise AssertionError(f"no result after {moves} moves")


def gin_secrets(match: Match) -> set[str]:
    """The cards the person may not know now: the stock, and the bot's hand but for the cards it
    took from the pile in the open this hand. Nothing once the hand is laid down."""
    state = match.state
    if state.knock is not None or state.phase in (HAND_OVER, MATCH_OVER):
        return set()
    taken = set()
    for e in reversed(match.events):
        if e["type"] == "deal":
            break
        if e.get("seat") == BOT and (e["type"] == "upcard_taken" or e.get("source") == "discard"):
            taken.add(e["card"])
    return (set(state.hands[BOT]) - taken) | set(state.stock)


def test_gin_the_table_never_sees_a_card_of_the_bots_hand_or_the_stock_before_the_reveal():
    s = Session.open("ginrummy", seats=["human", "easy"], seed=5)
    table = s.table
    leaks: list[tuple[str, str]] = []
    checked = {"views": 0, "events": 0}

    def seen(kind: str, payload: Any) -> None:
        secret = gin_secrets(record(table))
        if kind == "events":  # earlier hands were laid down: this hand's events are checked
            deals = [k for k, e in enumerate(payload) if e["type"] == "deal"]
            payload = payload[deals[-1] if deals else 0 :]
        # past hands' scores name old cards again: only this hand's information is checked
        found = {x for x in strings(payload, frozenset({"history"})) if x in secret}
        leaks.extend((kind, card) for card in found)
        checked["events" if kind in ("arrived", "events") else "views"] += 1

    spy(table, seen)
    play_out(s, random.Random(5), 2000)
    assert s.outcome is not None and s.scene in ("results", "ginrummy")
    hands = sum(e["type"] == "deal" for e in s.log)
    assert hands >= 2 and checked["views"] > 50 and checked["events"] > 50, (hands, checked)
    assert leaks == []
    # the bot drew from the stock and the table heard of it, as "a card"
    drawn = [e for e in table.window.events() if e["type"] == "drew" and e["seat"] == BOT]
    assert any(e["source"] == "stock" and e["card"] is None for e in drawn)


def jaipur_audit(match: Match, kind: str, payload: Any) -> list[str]:
    """What of `payload` tells the person more than their seat may know: the bot's hand, the
    deck's order, bonus token values, the solo bot's action cards."""
    state, problems = match.state, []
    views = [payload] if kind in ("view", "view_at", "seat_view") else []
    events = payload if kind in ("arrived", "events") else []
    for v in views:
        if v["seat"] != HUMAN:
            problems.append(f"a view for seat {v['seat']}")
        if not isinstance(v["opponent_hand"], int) or not isinstance(v["deck"], int):
            problems.append("the bot's hand or the deck as cards")
        if any(not isinstance(n, int) for n in v["bonus"].values()):
            problems.append("bonus values")
    for e in events:
        if e["type"] == "deal":
            order = [e["first"], 1 - e["first"]]
            mine = order.index(HUMAN) * DEAL_HAND
            market = 2 * DEAL_HAND
            shown = [i for i, card in enumerate(e["deck"]) if card is not None]
            if shown != [*range(mine, mine + DEAL_HAND), market, market + 1]:
                problems.append(f"the deal shows deck positions {shown}")
            if any(x is not None for pile in e["bonus"].values() for x in pile):
                problems.append("the deal shows bonus values")
        if {"hand", "hands", "deck"} & set(e) and e["type"] != "deal":
            problems.append(f"a {e['type']} event carries cards held or in the deck")
    if state.phase == "play" and sum(state.hands[BOT]) == 0:
        problems.append("audit broken: the bot holds no cards")
    return problems


def test_jaipur_the_table_never_sees_the_bots_hand_the_deck_or_bonus_values():
    s = Session.open("jaipur", seats=["human", "easy"], seed=3)
    table = s.table
    problems: list[str] = []
    kinds: set[str] = set()

    def seen(kind: str, payload: Any) -> None:
        kinds.add(kind)
        problems.extend(jaipur_audit(record(table), kind, payload))

    spy(table, seen)
    play_out(s, random.Random(3), 600)
    assert s.outcome is not None
    rounds = sum(e["type"] == "deal" for e in s.log)
    assert rounds >= 2 and {"view", "arrived"} <= kinds, (rounds, kinds)
    assert problems == []


def test_a_window_refuses_a_seat_it_does_not_play_and_names_the_seats_it_does():
    s = Session.open("jaipur", seats=["human", "easy"], seed=3)
    window = s.table.window
    with pytest.raises(PermissionError, match=r"seats \[0\], not seat 1"):
        window.legal(BOT)
    with pytest.raises(ValueError, match="not seat 1"):
        window.look_as(BOT)
    assert "deck" not in vars(window) and not hasattr(window, "state") and not hasattr(window, "seed")


def test_ubongo_perform_for_the_seat_not_at_the_screen_refuses_before_any_input():
    """Both people place their pawns at once; the start player has the screen first."""
    s = Session.open("ubongo", seats=["human", "human"], seed=2)
    s.idle()
    first = s.at_screen()
    assert first is not None and s.match.to_act == {0, 1}
    other = 1 - first
    count, posted = len(s.match.commands), len(s.posted)
    name = s.match.names[first]
    with pytest.raises(AutomationError, match=rf"seat {other} is not at the screen: seat {first} \({name}\)"):
        s.perform(other, {"move": "pawn", "row": 0})
    assert len(s.posted) == posted and len(s.match.commands) == count  # no input, no move
    s.perform(first, {"move": "pawn", "row": 0})  # the one at the screen plays on
    assert s.commands[-1][0] == first and s.commands[-1][1]["row"] == 0


def test_gin_perform_for_the_seat_not_at_the_screen_refuses_before_any_input():
    """The dealer decides on the upcard first, behind a hand-off: the other seat is refused
    before the cover is passed."""
    s = Session.open("ginrummy", seats=["human", "human"], seed=2)
    s.idle()
    first = s.at_screen()
    assert s.scene == "handoff" and first is not None
    other = 1 - first
    count, posted = len(s.match.commands), len(s.posted)
    with pytest.raises(AutomationError, match=f"seat {other}"):
        s.perform(other, {"move": "pass"})
    assert len(s.posted) == posted and len(s.match.commands) == count and s.scene == "handoff"
    s.perform(first, {"move": "pass"})
    assert s.commands[-1] == (first, {"move": "pass"})


def test_attention_names_what_the_app_waits_on_when_no_move_is_due():
    """A Taj Mahal visit summary (a person must close it) and Gin's finished hand (a person must
    open its score sheet): waiting() names nobody, attention() the scene and the target."""
    s = Session.open("tajmahal", seats=["human", "easy", "easy"], seed=6)
    rng = random.Random(6)
    for _ in range(200):
        s.idle()
        if s.waiting():
            assert s.attention() is None  # a move is due: that is waiting()'s to say
            s.perform(HUMAN, rng.choice(s.legal(HUMAN)))
        elif (asked := s.attention()) is not None:
            break
    else:
        raise AssertionError("no visit summary came")
    assert asked == {"scene": s.scene, "seat": None, "target": "continue"} and s.waiting() == []
    s.click(asked["target"])
    s.idle()
    assert s.scene == "tajmahal" and (s.waiting() or s.attention() is None)

    gin = Session.open("ginrummy", seats=["human", "easy"], seed=5)
    for _ in range(400):
        gin.idle()
        if gin.waiting():
            gin.perform(HUMAN, rng.choice(gin.legal(HUMAN)))
        elif (asked := gin.attention()) is not None:
            break
    else:
        raise AssertionError("no hand ended")
    assert asked == {"scene": "ginrummy", "seat": None, "target": "score-sheet"} and gin.waiting() == []
    gin.click(asked["target"])
    assert gin.attention() == {"scene": gin.scene, "seat": None, "target": "continue"}
