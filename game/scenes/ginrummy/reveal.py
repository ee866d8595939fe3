"""The knock and the reveal: both hands laid out as melds and deadwood, the defender's layoffs on
the knocker's melds, the counts and what the hand scores.

`Spread` is the layout of one reveal (positions of every card and the marks under each group).
`Defence` is the defender's choice of melds and layoffs, turned into rule commands: lay a card
off, take one back, break or form a meld, go back to the best, confirm.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from game.core.i18n import N_, msg, tr
from game.rules.ginrummy.face import scoring
from game.rules.ginrummy.face.cards import VALUE, sort_key
from game.rules.ginrummy.face.melds import best_layoffs, best_melds, is_meld
from game.scenes.ginrummy import art
from game.scenes.ginrummy import layout as L
from game.scenes.ginrummy.arrange import group_label, meld_kind
from game.ui import card_text, linebreak, text, theme

if TYPE_CHECKING:
    from game.core.face import Command, View


Grouped = tuple[str, tuple[str, ...], str]  # (kind, cards, label); kind run/set/deadwood


@dataclass
class Row:
    seat: int
    y: int
    groups: list[Grouped]
    centres: list[tuple[float, float]] = field(default_factory=list)

    def spans(self) -> list[tuple[str, float, float, str]]:
        out: list[tuple[str, float, float, str]] = []
        k = 0
        half = L.SPREAD_W / 2 - 4
        for kind, cards, label in self.groups:
            xs = [c[0] for c in self.centres[k : k + len(cards)]]
            out.append((kind, xs[0] - half, xs[-1] + half, label))
            k += len(cards)
        return out


class Spread:
    """Where every card of a reveal lies. `staged`: before the default layoffs move over."""

    def __init__(self, reveal: View, bottom: int, staged: bool = False):
        self.reveal = reveal
        self.knocker = reveal["knocker"]
        self.defender = 1 - self.knocker
        laid = [x["card"] for x in reveal["layoffs"]]
        self.laid = set() if staged else set(laid)
        if staged:
            knocker_melds = [tuple(sorted(m, key=sort_key)) for m in reveal["melds"]]
            defender_dead = sorted(reveal["defender_deadwood_cards"] + laid, key=sort_key)
        else:
            knocker_melds = [tuple(m) for m in reveal["extended_melds"]]
            defender_dead = list(reveal["defender_deadwood_cards"])
        self.meld_count = len(knocker_melds)
        rows = {
            self.knocker: self._groups(knocker_melds, reveal["knocker_deadwood_cards"]),
            self.defender: self._groups(
                [tuple(sorted(m, key=sort_key)) for m in reveal["defender_melds"]], defender_dead
            ),
        }
        rows[self.knocker] = [  # say how many of the defender's cards each meld took
            (
                kind,
                cards,
                msg("{label} +{n} laid off", label=label, n=n)
                if (n := len(self.laid & set(cards)))
                else label,
            )
            for kind, cards, label in rows[self.knocker]
        ]
        self.rows = {
            seat: Row(seat, L.SPREAD_BOTTOM_Y if seat == bottom else L.SPREAD_TOP_Y, groups)
            for seat, groups in rows.items()
        }
        self.pos: dict[str, tuple[float, float]] = {}
        self.group_of: dict[str, tuple[int, int]] = {}  # card -> (seat, group index)
        for row in self.rows.values():
            row.centres = L.spread_centres([len(g[1]) for g in row.groups], row.y)
            k = 0
            for gi, (_, cards, _) in enumerate(row.groups):
                for code in cards:
                    self.pos[code] = row.centres[k]
                    self.group_of[code] = (row.seat, gi)
                    k += 1

    @staticmethod
    def _groups(melds: list[tuple[str, ...]], dead: list[str]) -> list[Grouped]:
        out: list[Grouped] = [(meld_kind(m), m, group_label(meld_kind(m), m)) for m in melds]
        if dead:
            out.append(("deadwood", tuple(dead), group_label("deadwood", dead)))
        return out

    def hit(self, pos: tuple[int, int]) -> str | None:
        """The card under the pointer (the topmost of overlapping ones)."""
        for code, centre in reversed(list(self.pos.items())):
            if L.card_rect(centre, L.SPREAD_W, L.SPREAD_H).collidepoint(pos):
                return code
        return None


def draw_spread(
    surface: pygame.Surface,
    spread: Spread,
    glide_at: Callable[[str], tuple[float, float]],
    hidden: set[str],
    four: bool,
    lifted: set[str],
    lit: dict[str, art.Ink],
) -> None:
    """Both rows. `glide_at(code)` is where a card is drawn now; `lit` maps cards to outline colours."""
    for row in spread.rows.values():
        art.group_marks(surface, row.spans(), row.y + L.SPREAD_LABEL)
        for _, cards, _ in row.groups:
            for code in cards:
                if code in hidden:
                    continue
                centre = glide_at(code)
                rect = L.card_rect(centre, L.SPREAD_W, L.SPREAD_H, 16 if code in lifted else 0)
                surface.blit(art.face(code, L.SPREAD_W, L.SPREAD_H, four), rect)
                if code in spread.laid:
                    pygame.draw.rect(surface, art.LAYOFF_INK, rect.inflate(4, 4), 3, border_radius=10)
                if code in lit:
                    art.outline(surface, rect, lit[code])


def row_title(spread: Spread, seat: int, names: list[str]) -> str:
    r = spread.reveal
    if seat == spread.knocker:
        if r["gin"]:
            return msg("{name} went gin", name=names[seat])
        return msg("{name} knocked with {n}", name=names[seat], n=r["knocker_deadwood"])
    laid = len(spread.laid)  # none yet while the default layoffs wait to move over
    if not laid:
        before = r["defender_deadwood"] + sum(VALUE[x["card"]] for x in r["layoffs"])
        return msg("{name}: deadwood {n}", name=names[seat], n=before)
    return msg(
        "{name}: deadwood {deadwood} after laying off {n}",
        name=names[seat],
        deadwood=r["defender_deadwood"],
        n=laid,
    )


def provisional(v: View) -> View:
    """What the hand would score if the defender confirmed now (with the knocker and both
    deadwoods, as a line of the history has them)."""
    r = v["reveal"]
    knocker = r["knocker"]
    result = scoring.score(
        knocker,
        r["knocker_deadwood"],
        r["defender_deadwood"],
        r["gin"],
        v["gin_bonus"],
        v["undercut_bonus"],
    )
    deadwood = [0, 0]
    deadwood[knocker], deadwood[1 - knocker] = r["knocker_deadwood"], r["defender_deadwood"]
    return {**result, "knocker": knocker, "deadwood": deadwood}


def draw_result(surface: pygame.Surface, v: View, names: list[str], four: bool) -> None:
    """The counts, the difference, the bonus and the points, with the one-line explanation."""
    box = L.RESULT
    surface.blit(art.shade(box.w, box.h, 90), box)
    r = v["reveal"]
    last = v["last_hand"]
    final = last is not None and last["number"] == v["hand_number"]
    result = last if final else provisional(v)
    kd, dd = r["knocker_deadwood"], r["defender_deadwood"]
    winner, points = names[result["winner"]], result["points"]
    if result["kind"] == "gin":
        head = msg("Gin! {name} scores {points}", name=winner, points=points)
        calc = msg("{dd} deadwood + {bonus} gin bonus = {points}", dd=dd, bonus=v["gin_bonus"], points=points)
    elif result["kind"] == "undercut":
        head = msg("Undercut! {name} scores {points}", name=winner, points=points)
        calc = msg(
            "Difference {kd} − {dd} = {diff}, + {bonus} bonus",
            kd=kd,
            dd=dd,
            diff=kd - dd,
            bonus=v["undercut_bonus"],
        )
    else:
        head = msg("{name} scores {points}", name=winner, points=points)
        calc = msg("Difference {dd} − {kd} = {points}", dd=dd, kd=kd, points=points)
    x = box.x + 18
    label = N_("Hand result") if final else N_("If confirmed now")
    text.blit(surface, label, (x, box.y + 20), 15, theme.MUTED, "bold", "midleft")
    head_text, head_size = text.fit(head, box.w - 36, 28, "black", 20)
    text.blit(surface, head_text, (x, box.y + 50), head_size, theme.ACCENT, "black", "midleft")
    rows, size = explanation_rows(tr(scoring.explain(result, names)), box.w - 36)
    step = 21 if len(rows) <= 2 else 17
    top = box.y + (86 if len(rows) <= 2 else 82)
    for k, part in enumerate(rows):
        card_text.blit(
            surface, part, (x, top + step * k), size, theme.TEXT, anchor="midleft", four_colour=four
        )
    calc_text, calc_size = text.fit(calc, box.w - 36, 17, "bold", 13)
    text.blit(surface, calc_text, (x, box.bottom - 24), calc_size, theme.TEXT, "bold", "midleft")


def explanation_rows(said: str, width: int) -> tuple[list[str], int]:
    """The hand's sentence in at most three rows, every word of it: what happened, then from a
    new row after its colon what it scores ("…, Asha had 0:" / "undercut, Asha scores … = 34"),
    so a break never parts a player from their count; the size steps down from 16 to fit."""
    for most in (2, 3):
        for size in range(16, 11, -1):
            rows = [row for clause in linebreak.clauses(said) for row in text.wrap(clause, width, size)]
            if len(rows) <= most:
                return rows, size
    return rows, size


# -- the defender's choice -------------------------------------------------------------------
class Defence:
    """Turns the defender's clicks into rule commands. Reads only the public reveal."""

    def __init__(self) -> None:
        self.selected: list[str] = []

    def clear(self) -> None:
        self.selected = []

    @staticmethod
    def free(r: View) -> list[str]:
        return list(r["defender_deadwood_cards"])

    def toggle(self, code: str) -> None:
        if code in self.selected:
            self.selected.remove(code)
        else:
            self.selected.append(code)

    @staticmethod
    def _relay(r: View, melds: list[list[str]], skip: set[str]) -> list[Command]:
        """Arrange `melds`, then lay off again what was laid off before (in order) and still can be."""
        used = {c for m in melds for c in m} | skip
        out: list[Command] = [{"move": "arrange", "melds": melds}]
        out += [
            {"move": "layoff", "card": x["card"], "meld": x["meld"]}
            for x in r["layoffs"]
            if x["card"] not in used
        ]
        return out

    def take_back(self, r: View, code: str) -> list[Command]:
        return self._relay(r, [list(m) for m in r["defender_melds"]], {code})

    def break_meld(self, r: View, index: int) -> list[Command]:
        melds = [list(m) for k, m in enumerate(r["defender_melds"]) if k != index]
        return self._relay(r, melds, set())

    def make_meld(self, r: View) -> list[Command] | str:
        chosen = sorted(self.selected, key=sort_key)
        if len(chosen) < 3 or not is_meld(chosen):
            return N_("Those cards are not a meld (3 or 4 of a rank, or 3 or more in a row of one suit)")
        self.selected = []
        return self._relay(r, [list(m) for m in r["defender_melds"]] + [chosen], set(chosen))

    @staticmethod
    def best(r: View) -> list[Command]:
        """The default: the least deadwood, melds and layoffs as the rules would choose them."""
        hand = r["hands"][1 - r["knocker"]]
        _, layoffs = best_layoffs(hand, r["melds"])
        laid = {c for c, _ in layoffs}
        melds, _ = best_melds([c for c in hand if c not in laid])
        return [{"move": "arrange", "melds": melds}] + [
            {"move": "layoff", "card": c, "meld": k} for c, k in layoffs
        ]
