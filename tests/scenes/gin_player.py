"""A scripted person at the Gin Rummy table: turns a command into clicks, drags or key presses."""

from __future__ import annotations

import random

import pygame

from game.scenes.ginrummy import layout as L
from game.scenes.ginrummy.table import GinRummyTable
from tests.scenes.driver import click, frame, key, record


def settle(app, table: GinRummyTable, limit: int = 600) -> None:
    """Let flights land and cards glide into place."""
    for _ in range(limit):
        if not table.flights.busy and table.glide.settled and not table.staged:
            return
        frame(app, 2)
    raise AssertionError("the table never settled")


def card_point(table: GinRummyTable, code: str) -> tuple[int, int]:
    """A point on the visible strip of a card in my hand (cards overlap to the right)."""
    _, centres = table.hand_layout()
    xs = sorted(x for x, _ in centres.values())
    x, y = centres[code]
    later = [c for c in xs if c > x]
    visible = min(L.HAND_W, (later[0] - x) if later else L.HAND_W)
    return (int(x - L.HAND_W / 2 + visible / 2), int(y + 20))


def spread_point(table: GinRummyTable, code: str) -> tuple[int, int]:
    assert table.spread is not None
    x, y = table.spread.pos[code]
    later = [p[0] for p in table.spread.pos.values() if p[1] == y and p[0] > x]
    visible = min(L.SPREAD_W, (min(later) - x) if later else L.SPREAD_W)
    return (int(x - L.SPREAD_W / 2 + visible / 2), int(y + 10))


def drag(app, start: tuple[int, int], end: tuple[int, int], steps: int = 6) -> None:
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)))
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    for k in range(1, steps + 1):
        pos = (start[0] + (end[0] - start[0]) * k // steps, start[1] + (end[1] - start[1]) * k // steps)
        app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0)))
        frame(app)
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    frame(app)


def play_by_mouse(app, table: GinRummyTable, command: dict, rng: random.Random) -> None:
    settle(app, table)
    move = command["move"]
    if move == "take_upcard":
        click(app, table.take_button.rect.center)
    elif move == "pass":
        click(app, table.pass_button.rect.center)
    elif move == "draw":
        pile = L.STOCK if command["source"] == "stock" else L.DISCARD
        if rng.random() < 0.5:
            click(app, pile)
        else:
            drag(app, pile, (L.MID_X, L.HAND_Y))
    elif move == "discard":
        point = card_point(table, command["card"])
        if rng.random() < 0.5:
            drag(app, point, L.DISCARD)
        else:
            click(app, point)
            settle(app, table)
            assert table.selected == command["card"]
            click(app, card_point(table, command["card"]))
    elif move == "knock":
        click(app, card_point(table, command["card"]))
        settle(app, table)
        assert table.selected == command["card"]
        assert table.knock_button.enabled, table.knock_button.hint
        click(app, table.knock_button.rect.center)
    elif move == "layoff":
        click(app, spread_point(table, command["card"]))
        assert table.defence.selected == [command["card"]]
        meld = next(
            c
            for c, (s, g) in table.spread.group_of.items()
            if s != table.acting_human and g == command["meld"]
        )
        click(app, spread_point(table, meld))
    elif move == "done":
        click(app, table.done_button.rect.center)
    else:
        raise AssertionError(f"no mouse gesture for {command}")


def focus_on(app, table: GinRummyTable, target: str) -> None:
    """Move the keyboard focus as a person would: Down to the right row, then Left or Right
    along it (Tab when the arrows do not get there)."""
    for k in range(80):
        current = table.focused()
        if current is not None and current.id == target:
            return
        want = table.target_map().get(target)
        assert want is not None, f"no target {target}"
        if k >= 40:
            key(app, pygame.K_TAB)
        elif current is None or (current.row or current.kind) != (want.row or want.kind):
            key(app, pygame.K_DOWN if current is None or want.centre[1] > current.centre[1] else pygame.K_UP)
        else:
            key(app, pygame.K_RIGHT if want.centre[0] > current.centre[0] else pygame.K_LEFT)
    raise AssertionError(f"cannot focus {target}: {[t.id for t in table.targets()]}")


def play_by_keyboard(app, table: GinRummyTable, command: dict, rng: random.Random) -> None:
    settle(app, table)
    move = command["move"]
    if move == "take_upcard":
        focus_on(app, table, "discard")
        key(app, pygame.K_RETURN)
    elif move == "pass":
        focus_on(app, table, "pass")
        key(app, pygame.K_SPACE)
    elif move == "draw":
        focus_on(app, table, command["source"])
        key(app, pygame.K_SPACE)
    elif move in ("discard", "knock"):
        focus_on(app, table, f"hand.{command['card']}")
        key(app, pygame.K_SPACE)
        assert table.selected == command["card"]
        if move == "knock":
            key(app, pygame.K_k)
        else:
            key(app, pygame.K_RETURN)
    elif move == "layoff":
        focus_on(app, table, f"free.{command['card']}")
        key(app, pygame.K_SPACE)
        focus_on(app, table, f"meld.{command['meld']}")
        key(app, pygame.K_SPACE)
    elif move == "done":
        focus_on(app, table, "done")
        key(app, pygame.K_RETURN)
    else:
        raise AssertionError(f"no keys for {command}")


def finish_match(
    app, table: GinRummyTable, seat: int, play, choose, rng: random.Random, max_frames: int = 80_000
):
    """Play `seat` until the result screen; the other seat is a bot. `choose(table, legal)` picks
    the command. Returns the number of commands played."""
    from game.scenes.ginrummy.sheets import ScoreSheet
    from game.scenes.results import Results

    played = 0
    for _ in range(max_frames):
        top = app.top
        if isinstance(top, Results):
            return played
        if isinstance(top, ScoreSheet):
            key(app, pygame.K_RETURN)
            continue
        if top is table and table.idle() and table.acting_human == seat:
            legal = record(table).legal(seat)
            if legal and legal[0]["move"] != "next_hand":
                before = len(record(table).commands)
                command = choose(table, legal)
                play(app, table, command, rng)
                assert len(record(table).commands) > before, (command, table.notice)
                played += 1
                continue
        if top is table and table.continue_button.visible:
            settle(app, table)
            click(app, table.continue_button.rect.center)
            continue
        frame(app, 4)
    raise AssertionError("the match did not finish")
