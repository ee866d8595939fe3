"""The seat boundary (docs/architecture.md, "The seat window"): a table scene sees the match only
through its seat's window, and nothing it is handed (views, events) shows its seat more than
the game's own declarations do (tests/leaks.py), for every game of the registry. Whole matches
are played through game.automation against bots while a spy records everything the window hands
the scene, with the number of events the match held then; the record of the match is the oracle
once it is over."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from game.automation import AutomationError, Session
from game.core import registry
from game.core.codec import roundtrip
from game.scenes.table import Table
from tests import games
from tests.leaks import Oracle, strings
from tests.scenes.driver import record

HUMAN, BOT = 0, 1
HANDED = ("view", "view_at", "views_at", "events", "seat_view")  # what a window hands a scene


def spy(table: Table, seen: Callable[[str, tuple[Any, ...], Any], None]) -> None:
    """Route everything the table's window hands the scene through `seen(kind, args, payload)`:
    views, past views, the log, and the events that arrive."""
    window = table.window
    for name in HANDED:
        original = getattr(window, name, None)
        if original is None:
            continue

        def wrapped(*args: Any, _original=original, _name=name) -> Any:
            result = _original(*args)
            seen(_name, args, result)
            return result

        setattr(window, name, wrapped)
    arrived = table.on_events

    def on_events(events: list[dict[str, Any]]) -> None:
        seen("arrived", (), events)
        arrived(events)

    table.on_events = on_events  # type: ignore[method-assign]


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


Handed = tuple[str, tuple[Any, ...], Any, int]  # kind, arguments, payload, events then


def audit(oracle: Oracle, handed: list[Handed]) -> list[str]:
    """Where what the window handed the scene shows the seat more (or other) than its game's
    declarations do: a view, a past view, the log, an arrival, or a text it may not know."""
    problems, at = [], None  # where the next arrival starts in the log
    for kind, args, payload, count in handed:
        said = f"{kind}{list(args)} at event {count}"
        named = set(strings(payload)) & oracle.secrets(count)
        problems += [f"{said}: names {x!r}, which the seat may not know" for x in sorted(named)]
        if kind in ("view", "seat_view"):
            expected = oracle.view(count)
        elif kind == "view_at":
            expected = oracle.view(args[0])
        elif kind == "views_at":
            expected = {k: oracle.view(k) for k in args[0]}
        elif kind == "events":
            start, stop = (*args, 0, None)[:2]
            expected = oracle.shown[:count][start:stop]
        else:  # arrived: the events after those the table had, in order
            n = len(payload)
            if at is None:  # the first arrival: wherever in the log it stands
                at = next((i for i in range(count - n + 1) if oracle.shown[i : i + n] == payload), 0)
            expected, at = oracle.shown[at : at + n], at + n
        if payload != expected:
            problems.append(f"{said}: not as the declarations show seat {oracle.seat}")
    return problems


def handed_through(game: str, seed: int, moves: int = 3000) -> tuple[Session, Oracle, list[Handed]]:
    """A match of `game`, a person (random legal moves) against bots at its other seats (its
    fewest), played out with the spy on its table; the oracle of the finished match."""
    s = Session.open(game, seats=games.kinds(game, games.seat_range(game)[0]), seed=seed)
    table = s.table
    handed: list[Handed] = []
    spy(
        table,
        lambda kind, args, payload: handed.append(
            (kind, args, roundtrip(payload), len(record(table).events))
        ),
    )
    play_out(s, random.Random(seed), moves)
    assert s.outcome is not None
    return s, Oracle(record(table).to_json(), HUMAN), handed


@pytest.mark.parametrize("game", games.games())
def test_the_table_is_handed_only_what_its_games_declarations_show_its_seat(game):
    s, oracle, handed = handed_through(game, seed=5)
    kinds = {kind for kind, *_ in handed}
    assert {"view", "arrived"} <= kinds and len(handed) > 20, (kinds, len(handed))
    assert audit(oracle, handed) == []
    if registry.face(game).hidden_hands:  # something was there to keep
        assert oracle.hidden() > 0 or any(oracle.withheld(count) for *_, count in handed)
    s.close()


@pytest.mark.parametrize("game", [g for g in games.games() if registry.face(g).hidden_hands])
def test_the_audit_finds_what_the_declarations_withhold_handed_to_the_table(game):
    """Were the window to hand the table the true events (or its seat's view undeclared), the
    audit names it."""
    s, oracle, handed = handed_through(game, seed=5)
    count = len(oracle.truth)
    leaked: list[Handed] = [("events", (), oracle.truth, count)]
    leaked += [
        ("view", (), roundtrip(oracle.rules.see(oracle.states[k], HUMAN)), k) for k in range(1, count + 1)
    ]
    problems = audit(oracle, leaked)
    assert any(x.startswith("events[]") for x in problems) or not oracle.hidden(), problems
    assert oracle.hidden() or any(x.startswith("view[]") for x in problems), problems
    s.close()


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
