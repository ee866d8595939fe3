"""Drawing the Gin Rummy table from its view and the state of the screen (selection, hover,
drag, flights). Nothing here decides anything."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.i18n import N_, msg_n, tr
from game.core.seats import level_name
from game.rules.ginrummy.face.cards import VALUE
from game.rules.ginrummy.face.phases import LAYOFF
from game.scenes.ginrummy import art, prompts, reveal
from game.scenes.ginrummy import layout as L
from game.scenes.ginrummy.arrange import group_label
from game.scenes.ginrummy.desk import Desk
from game.ui import marks, text, theme

if TYPE_CHECKING:
    from game.core.face import Command

MOODS = {"": "idle", "good": "good", "bad": "refused"}  # a prompt's tone -> the ActionBar's mood


class Render:
    """Owned by the table (`table.render`): draws it from the view and the state of the
    screen; `focused` is the id of the target the keyboard is on (None: none)."""

    def __init__(self, table: Desk):
        self.t = table

    def draw(self, surface: pygame.Surface) -> None:
        t = self.t
        surface.blit(art.backdrop(), (0, 0))
        target = t.focused()
        focused = target.id if target else None
        sort = t.sort_button  # drawn with the hand; the other buttons are the overlay's
        sort.hover, sort.focused = sort.visible and sort.enabled and t.hover == sort.tid, focused == sort.tid
        if self.t.spread is not None:
            self.draw_reveal(surface, focused)
        else:
            self.draw_play(surface, focused)
        self.draw_names(surface)
        for seat, line in t.bubbles.items():
            top = seat != self.t.bottom_seat()
            # under the top seat's note (its own row), above the bottom seat's name
            anchor = (L.TOP_NAME[0], L.TOP_NAME[1] + 50) if top else (L.BOTTOM_NAME[0], L.BOTTOM_NAME[1] - 24)
            art.bubble(surface, anchor, line, self.t.four(), top)
        if self.t.history_open or (t.hover == "discard" and not t.drag.item and self.t.spread is None):
            self.draw_history(surface)
        self.t.flights.draw(surface)
        self.t.drag.draw(surface)
        art.score_panel(surface, self.t.v, self.t.window.names)
        self.t.log_panel.draw(surface, self.t.log, self.t.four())
        if focused and focused.startswith("log."):  # a cut line the keyboard is on
            row = self.t.log_panel.line_rects(self.t.log)[int(focused[4:])]
            pygame.draw.rect(surface, theme.FOCUS, row.inflate(10, 2), 2, border_radius=6)
        t.draw_overlay(surface)
        if t.gin_forced():  # make it impossible to miss
            glow = 4 + 2 * abs((t.age // 6) % 4 - 2)
            art.outline(surface, t.knock_button.rect, art.MELD_INK, 3, 2 * glow)

    def draw_names(self, surface: pygame.Surface) -> None:
        v, names = self.t.v, self.t.window.names
        bottom = self.t.bottom_seat()
        for seat, pos in ((1 - bottom, L.TOP_NAME), (bottom, L.BOTTOM_NAME)):
            if self.t.spread is not None:
                note = reveal.row_title(self.t.spread, seat, names)
                text.blit(surface, note, (pos[0], pos[1]), 20, theme.TEXT, "black", "midleft")
                continue
            kind = self.t.window.players[seat]
            points = v["scores"][seat]
            if kind.is_bot:
                level = level_name(kind.level)
                note = msg_n("bot · {level} · {n} point", "bot · {level} · {n} points", points, level=level)
            else:
                note = msg_n("{n} point", "{n} points", points)
            top = seat != bottom
            # the note ends before the face-down hand beside the top name, or the sort button
            right = int(L.opp_centres(11)[0][0] - L.OPP_W / 2 - 10) if top else self.t.sort_button.rect.x - 10
            art.nameplate(
                surface, pos, names[seat], note, v["dealer"] == seat, seat in self.t.window.to_act, right, top
            )

    def draw_play(self, surface: pygame.Surface, focused: str | None) -> None:
        v, fl, four = self.t.v, self.t.flights, self.t.four()
        bottom = self.t.bottom_seat()
        hint: Command = self.t.hint or {}
        # the face-down hands
        for seat in (0, 1):
            if seat == self.t.viewer:
                continue
            small = (L.OPP_W, L.OPP_H)
            fan = self.t.fan(v, seat)
            for key, centre in fan:
                if fl.masked(key):
                    continue
                rect = L.card_rect(centre, *small)
                if isinstance(key, str):
                    surface.blit(art.face(key, *small, four), rect)
                else:
                    surface.blit(art.back(*small), rect)
            known = v["known"][seat]
            if known and seat != bottom:
                x = dict(fan)[known[0]][0] - L.OPP_W / 2
                text.blit(
                    surface,
                    N_("seen taken"),
                    (int(x) + 4, L.OPP_Y + L.OPP_H // 2 + 12),
                    13,
                    theme.MUTED,
                    anchor="midleft",
                )
        # the piles
        drag_payload = self.t.drag.payload()
        stock_lit = self.pile_light("stock", focused, hint.get("source") == "stock")
        art.stock(surface, v["stock"] - (1 if drag_payload == "stock" else 0), stock_lit)
        hidden = {c for c in v["discard"][-1:] if fl.masked(c)}
        if drag_payload == "discard":
            hidden |= set(v["discard"][-1:])
        hinted = hint.get("source") == "discard" or hint.get("move") == "take_upcard"
        pile_lit = self.pile_light("discard", focused, hinted)
        if drag_payload and drag_payload.startswith("hand.") and self.t.over_pile(self.t.pointer):
            pile_lit = (
                theme.GOOD
                if self.t.cannot({"move": "discard", "card": drag_payload[5:]}) is None
                else theme.DANGER
            )
        art.discard_pile(surface, v["discard"], hidden, four, pile_lit)
        # my hand
        if v.get("hand"):
            art.meter(surface, prompts.meter(self.t), four)
            self.draw_hand(surface, focused, hint)
        self.t.sort_button.draw(surface)

    def pile_light(self, kind: str, focused: str | None, hinted: bool) -> art.Ink | None:
        if focused == kind:
            return theme.FOCUS
        if hinted:
            return theme.GOOD
        if self.t.hover == kind and self.t.acting_human is not None and not self.t.drag.item:
            return theme.ACCENT
        return None

    def draw_hand(self, surface: pygame.Surface, focused: str | None, hint: Command) -> None:
        four = self.t.four()
        groups, centres = self.t.hand_layout()
        dragged = set(self.t.dragged_hand_cards())
        spans: list[tuple[str, float, float, str]] = []
        step: float = L.HAND_STEP
        flat = list(centres)
        if len(flat) > 1:
            step = centres[flat[1]][0] - centres[flat[0]][0]
        for g in groups:
            xs = [self.t.glide.at(c)[0] for c in g.cards if c not in dragged] or [centres[g.cards[0]][0]]
            label = group_label(g.kind, g.cards)
            spans.append((g.kind, min(xs) - L.HAND_W / 2 + 4, max(xs) + L.HAND_W / 2 - 4, label))
        art.group_marks(surface, spans, L.GROUP_LABEL_Y)
        dead = {c for g in groups if g.kind == "deadwood" for c in g.cards}
        hinted = hint.get("card") if hint.get("move") in ("discard", "knock") else None
        for g in groups:
            for code in g.cards:
                if code in dragged or self.t.flights.masked(code):
                    continue
                rect = self.t.card_rect(code)
                surface.blit(art.face(code, L.HAND_W, L.HAND_H, four), rect)
                if code in dead:
                    art.value_tag(surface, rect, VALUE[code], step)
                if code == self.t.fresh:
                    taken = code == self.t.v.get("taken")
                    art.tag(surface, rect, N_("taken") if taken else N_("new"), theme.ACCENT)
                marks.draw(
                    surface,
                    rect,
                    selected=code == self.t.selected,
                    hint=code == hinted,
                    focus=focused == f"hand.{code}",
                    inside=True,  # the next card overlaps this one: the hint's ring stays on it
                )

    def draw_reveal(self, surface: pygame.Surface, focused: str | None) -> None:
        v, four = self.t.v, self.t.four()
        spread = self.t.spread
        assert spread is not None
        hidden = {c for c in v["discard"][-1:] if self.t.flights.masked(c)}
        art.discard_pile(surface, v["discard"], hidden, four, None)
        masked = {c for c in spread.pos if self.t.flights.masked(c)}
        lit: dict[str, art.Ink] = {}
        lifted = set(self.t.defence.selected)
        if v["phase"] == LAYOFF and self.t.acting_human is not None and len(self.t.defence.selected) == 1:
            card = self.t.defence.selected[0]
            for k in range(spread.meld_count):
                if self.t.cannot({"move": "layoff", "card": card, "meld": k}) is None:
                    for code, (seat, gi) in spread.group_of.items():
                        if seat == spread.knocker and gi == k:
                            lit[code] = theme.GOOD
        hint: Command = self.t.hint or {}
        if hint.get("move") == "layoff":  # the hint's card and the meld it goes on
            for code, (seat, gi) in spread.group_of.items():
                if code == hint["card"] or (seat == spread.knocker and gi == hint["meld"]):
                    lit[code] = theme.GOOD
        if focused:
            kind, _, key = focused.partition(".")
            for code, (seat, gi) in spread.group_of.items():
                if (
                    (kind == "meld" and seat == spread.knocker and str(gi) == key)
                    or (kind == "own" and seat == spread.defender and str(gi) == key)
                    or (kind in ("free", "laid") and code == key)
                ):
                    lit[code] = theme.FOCUS
        reveal.draw_spread(surface, spread, self.t.glide.at, masked, four, lifted, lit)
        if v["reveal"] and not self.t.staged:
            reveal.draw_result(surface, v, self.t.window.names, four)

    def draw_history(self, surface: pygame.Surface) -> None:
        pile = self.t.v["discard"]
        who = prompts.thrown_by(self.t.v)
        art.history(surface, pile, who, self.t.window.names, self.t.four())

    def bar(self) -> tuple[str, str, str]:
        """The prompt, or a refusal just said (`notice`); the bar names cards as drawn."""
        t = self.t
        title, detail, tone = prompts.prompt(t)
        mood = MOODS[tone]
        if t.notice:
            detail, mood = t.notice, "refused"
        t.action_bar.four_colour = t.four()
        # card_text draws what it is given: the words in the chosen language first
        return tr(title), tr(detail), mood
