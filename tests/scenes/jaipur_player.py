"""A scripted person at the Jaipur table: turns a command into clicks or key presses."""

from __future__ import annotations

import random
from collections import Counter

import pygame

from game.rules.jaipur.face.cards import CAMEL, GOODS
from game.scenes.jaipur import art
from game.scenes.jaipur import layout as L
from game.scenes.jaipur.table import JaipurTable
from tests.scenes.driver import click, frame, key, record, run, shot


def slots(pool: list[str], cards: list[str]) -> list[int]:
    used: list[int] = []
    for card in cards:
        used.append(next(i for i, c in enumerate(pool) if c == card and i not in used))
    return used


def same(a: dict | None, b: dict) -> bool:
    """Commands equal up to the order of the cards named (the rules treat them alike)."""

    def norm(c: dict) -> dict:
        return {k: sorted(v) if isinstance(v, list) else v for k, v in c.items()}

    return a is not None and norm(a) == norm(b)


def selection(table: JaipurTable, command: dict) -> tuple[list[int], list[int], int]:
    """Market slots, hand slots and herd clicks that express a command."""
    v = table.v
    move = command["move"]
    if move == "take":
        return slots(v["market"], [command["good"]]), [], 0
    if move == "camels":
        return slots(v["market"], [CAMEL]), [], 0
    if move == "sell":
        return [], slots(v["hand"], [command["good"]] * command["count"]), 0
    give = command["give"]
    return (
        slots(v["market"], command["take"]),
        slots(v["hand"], [c for c in give if c != CAMEL]),
        give.count(CAMEL),
    )


def select_by_mouse(app, table: JaipurTable, command: dict) -> None:
    """Click the cards a command uses, leaving it selected in the action bar."""
    market, hand, herd = selection(table, command)
    for i in market:
        click(app, L.market(i))
    for j in hand:
        click(app, L.hand(j))
    for _ in range(herd):
        click(app, L.HERD)
    assert same(table.command, command), (table.command, command, table.reason)


def play_by_mouse(app, table: JaipurTable, command: dict) -> None:
    select_by_mouse(app, table, command)
    click(app, table.confirm.rect.center)


def play_by_keyboard(app, table: JaipurTable, command: dict) -> None:
    market, hand, herd = selection(table, command)
    wanted = [f"market.{i}" for i in market] + [f"hand.{j}" for j in hand] + ["herd"] * herd
    for target in wanted:
        for _ in range(40):
            if table.focus == target:
                break
            key(app, pygame.K_TAB)
        key(app, pygame.K_SPACE)
    assert same(table.command, command), (table.command, command, table.reason)
    key(app, pygame.K_RETURN)


def finish_match(
    app, table: JaipurTable, seat: int, play, rng: random.Random, max_frames: int = 60_000
) -> int:
    """Play `seat` until the result screen; other seats are bots. Returns frames used."""
    from game.scenes.jaipur.sheets import RoundSheet
    from game.scenes.results import Results

    for n in range(max_frames):
        top = app.top
        if isinstance(top, Results):
            return n
        if isinstance(top, RoundSheet):
            run(app, 240)  # let every bonus token turn over
            shot(app, "jaipur-sheet")
            key(app, pygame.K_RETURN)
            continue
        if top is table and table.idle() and table.acting_human == seat:
            legal = record(table).legal(seat)
            play(app, table, rng.choice(legal))
            continue
        frame(app, 4)
    raise AssertionError("the match did not finish")


class SpyScreen(pygame.Surface):
    """The app's screen, noting every goods card face drawn and where. Faces are known by the
    cached surface drawn (one per good and size), so a card scaled in flight goes unnoted.
    `paint=False` notes the images without copying their pixels (much faster, nothing to see)."""

    def __init__(self, paint: bool = True):
        super().__init__((1280, 720))
        self.paint = paint
        self.faces: list[tuple[str, pygame.Rect]] = []
        sizes = ((L.CARD_W, L.CARD_H), (L.SMALL_W, L.SMALL_H))
        self.lookup = {id(art.card_face(g, *size)): g for g in GOODS for size in sizes}

    def blit(self, image, dest, *args, **kwargs):
        at = image.get_rect(topleft=tuple(dest)[:2])
        good = self.lookup.get(id(image))
        if good:
            self.faces.append((good, at))
        return super().blit(image, dest, *args, **kwargs) if self.paint else at

    def in_hand_row(self) -> list[str]:
        return [g for g, r in self.faces if abs(r.centery - L.HAND_Y) <= 30 and r.centerx < L.FELT.right]

    def on_far_hand(self) -> list[str]:
        far = [L.card_rect(L.opp_hand(j), L.SMALL_W, L.SMALL_H) for j in range(8)]
        return [g for g, r in self.faces if r in far]

    def shows(self, hand: list[str]) -> bool:
        """Whether every card of `hand` was drawn face up in the hand row."""
        return not Counter(hand) - Counter(self.in_hand_row())
