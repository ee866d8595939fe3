"""Drawing the Gin Rummy table from its view and the state of the screen (selection, hover,
drag, flights). Nothing here decides anything."""

from __future__ import annotations

from typing import Any

import pygame

from game.rules.ginrummy.cards import VALUE
from game.rules.ginrummy.state import LAYOFF
from game.scenes.ginrummy import draw, prompts, reveal
from game.scenes.ginrummy import layout as L
from game.ui import card_text, text, theme


class Render:
    """Mixed into GinRummyTable."""

    # -- drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(draw.backdrop(), (0, 0))
        focused = self.focused()
        if self.spread is not None:
            self.draw_reveal(surface, focused)
        else:
            self.draw_play(surface, focused)
        self.draw_names(surface)
        for seat, line, _ in self.bubbles:
            top = seat != self.bottom_seat()
            anchor = (L.TOP_NAME[0], L.TOP_NAME[1] + 24) if top else (L.BOTTOM_NAME[0], L.BOTTOM_NAME[1] - 24)
            draw.bubble(surface, anchor, line, self.four(), top)
        if self.history_open or (self.hover == ("discard", 0) and not self.drag.item and self.spread is None):
            self.draw_history(surface)
        self.flights.draw(surface)
        self.drag.draw(surface)
        draw.score_panel(surface, self.v, self.match.names, self.log, self.four())
        self.draw_bar(surface, focused)

    def draw_names(self, surface: pygame.Surface) -> None:
        v, names = self.v, self.match.names
        bottom = self.bottom_seat()
        for seat, pos in ((1 - bottom, L.TOP_NAME), (bottom, L.BOTTOM_NAME)):
            if self.spread is not None:
                note = reveal.row_title(self.spread, seat, names)
                text.blit(surface, note, (pos[0], pos[1]), 20, theme.TEXT, "black", "midleft")
                continue
            kind = self.match.seats[seat]
            who = "bot · " + kind.level if kind.is_bot else ""
            note = " · ".join(x for x in (who, f"{v['scores'][seat]} points") if x)
            draw.nameplate(surface, pos, names[seat], note, v["dealer"] == seat, seat in self.match.to_act)

    def draw_play(self, surface: pygame.Surface, focused) -> None:
        v, fl, four = self.v, self.flights, self.four()
        bottom = self.bottom_seat()
        hint = self.hint or {}
        # the face-down hands
        for seat in (0, 1):
            if seat == self.viewer:
                continue
            small = (L.OPP_W, L.OPP_H)
            fan = self.fan(v, seat)
            for key, centre in fan:
                if fl.masked(key):
                    continue
                rect = L.card_rect(centre, *small)
                if isinstance(key, str):
                    surface.blit(draw.face(key, *small, four), rect)
                else:
                    surface.blit(draw.back(*small), rect)
            known = v["known"][seat]
            if known and seat != bottom:
                x = dict(fan)[known[0]][0] - L.OPP_W / 2
                text.blit(
                    surface,
                    "seen taken",
                    (int(x) + 4, L.OPP_Y + L.OPP_H // 2 + 12),
                    13,
                    theme.MUTED,
                    anchor="midleft",
                )
        # the piles
        drag_payload = self.drag.payload()
        stock_lit = self.pile_light(
            "stock", focused, hint.get("source") == "stock" or hint.get("move") == "pass"
        )
        draw.stock(surface, v["stock"] - (1 if drag_payload == ("stock", 0) else 0), stock_lit)
        hidden = {c for c in v["discard"][-1:] if fl.masked(c)}
        if drag_payload == ("discard", 0):
            hidden |= set(v["discard"][-1:])
        hinted = hint.get("source") == "discard" or hint.get("move") == "take_upcard"
        pile_lit = self.pile_light("discard", focused, hinted)
        if drag_payload and drag_payload[0] == "hand" and self.over_pile(self.pointer):
            pile_lit = (
                theme.GOOD
                if self.cannot({"move": "discard", "card": drag_payload[1]}) is None
                else theme.DANGER
            )
        draw.discard_pile(surface, v["discard"], hidden, four, pile_lit)
        # my hand
        if v.get("hand"):
            draw.meter(surface, prompts.meter(self), four)
            self.draw_hand(surface, focused, hint)
        self.sort_button.draw(surface)

    def pile_light(self, kind: str, focused, hinted: bool):
        if focused == (kind, 0):
            return theme.FOCUS
        if hinted:
            return theme.GOOD
        if self.hover == (kind, 0) and self.acting_human is not None and not self.drag.item:
            return theme.ACCENT
        return None

    def draw_hand(self, surface: pygame.Surface, focused, hint: dict[str, Any]) -> None:
        four = self.four()
        groups, centres = self.hand_layout()
        dragged = set(self.dragged_hand_cards())
        spans = []
        step = L.HAND_STEP
        flat = list(centres)
        if len(flat) > 1:
            step = centres[flat[1]][0] - centres[flat[0]][0]
        for g in groups:
            xs = [self.glide.at(c)[0] for c in g.cards if c not in dragged] or [centres[g.cards[0]][0]]
            label = (
                g.kind.capitalize() if g.kind != "deadwood" else f"Deadwood {sum(VALUE[c] for c in g.cards)}"
            )
            spans.append((g.kind, min(xs) - L.HAND_W / 2 + 4, max(xs) + L.HAND_W / 2 - 4, label))
        draw.group_marks(surface, spans, L.GROUP_LABEL_Y)
        dead = {c for g in groups if g.kind == "deadwood" for c in g.cards}
        hinted = hint.get("card") if hint.get("move") in ("discard", "knock") else None
        for g in groups:
            for code in g.cards:
                if code in dragged or self.flights.masked(code):
                    continue
                rect = self.card_rect(code)
                surface.blit(draw.face(code, L.HAND_W, L.HAND_H, four), rect)
                if code in dead:
                    draw.value_tag(surface, rect, VALUE[code], step)
                if code == self.fresh:
                    taken = code == self.v.get("taken")
                    draw.tag(surface, rect, "taken" if taken else "new", theme.ACCENT)
                if code == self.selected:
                    draw.outline(surface, rect, theme.ACCENT, 4)
                if code == hinted:
                    draw.outline(surface, rect, theme.GOOD)
                if focused == ("hand", code):
                    draw.outline(surface, rect, theme.FOCUS, 2, 12)

    def draw_reveal(self, surface: pygame.Surface, focused) -> None:
        v, four = self.v, self.four()
        spread = self.spread
        assert spread is not None
        hidden = {c for c in v["discard"][-1:] if self.flights.masked(c)}
        draw.discard_pile(surface, v["discard"], hidden, four, None)
        masked = {c for c in spread.pos if self.flights.masked(c)}
        lit: dict[str, Any] = {}
        lifted = set(self.defence.selected)
        if v["phase"] == LAYOFF and self.acting_human is not None and len(self.defence.selected) == 1:
            card = self.defence.selected[0]
            for k in range(spread.meld_count):
                if self.cannot({"move": "layoff", "card": card, "meld": k}) is None:
                    for code, (seat, gi) in spread.group_of.items():
                        if seat == spread.knocker and gi == k:
                            lit[code] = theme.GOOD
        if focused:
            kind, key = focused
            for code, (seat, gi) in spread.group_of.items():
                if (
                    (kind == "meld" and seat == spread.knocker and gi == key)
                    or (kind == "own" and seat == spread.defender and gi == key)
                    or (kind in ("free", "laid") and code == key)
                ):
                    lit[code] = theme.FOCUS
        reveal.draw_spread(surface, spread, self.glide.at, masked, four, lifted, lit)
        if v["reveal"] and self.stage is None:
            reveal.draw_result(surface, v, self.match.names, four)

    def draw_history(self, surface: pygame.Surface) -> None:
        pile = self.v["discard"]
        who = prompts.thrown_by(self.v)
        draw.history(surface, pile, who, self.match.names, self.four())

    def draw_bar(self, surface: pygame.Surface, focused) -> None:
        bar = L.BAR
        title, detail, tone = prompts.prompt(self)
        greyed = [b for b in self.buttons.widgets if b.visible and not b.enabled and b.hint]
        pointed = [b.hint for b in greyed if b.rect.collidepoint(self.pointer)]
        if self.notice:
            detail, tone = self.notice[0], "bad"
        elif pointed:  # a greyed-out button says why before it is even clicked
            detail, tone = pointed[0], "bad"
        colour = {"bad": theme.DANGER, "good": draw.MELD_INK}.get(tone, theme.MUTED)
        left = (
            min(b.rect.x for b in self.action_buttons if b.visible)
            if any(b.visible for b in self.action_buttons)
            else bar.right
        )
        width = left - bar.x - 40
        card_text.blit(
            surface, title, (bar.x + 20, bar.y + 28), 22, theme.TEXT, "bold", "midleft", self.four()
        )
        lines = text.wrap(detail, width, 16)[:2]
        for k, line in enumerate(lines):
            card_text.blit(
                surface,
                line,
                (bar.x + 20, bar.y + 56 + 18 * k - 8 * (len(lines) - 1)),
                16,
                colour,
                anchor="midleft",
                four_colour=self.four(),
            )
        for k, button in enumerate(self.buttons.widgets):
            button.focused = focused == ("button", k)
        for b in self.buttons.widgets:
            if b is not self.sort_button:
                b.draw(surface)
        if self.gin_forced():  # make it impossible to miss
            glow = 4 + 2 * abs((self.clock.now // 6) % 4 - 2)
            draw.outline(surface, self.knock_button.rect, draw.MELD_INK, 3, 2 * glow)
