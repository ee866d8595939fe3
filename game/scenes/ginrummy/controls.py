"""Mouse and keyboard at the Gin Rummy table: what is under the pointer, clicks, drags and
drops, and one keyboard focus over the piles, the cards and the buttons."""

from __future__ import annotations

from typing import Any

import pygame

from game.rules.ginrummy import why_not
from game.rules.ginrummy.cards import sort_key
from game.rules.ginrummy.state import DISCARD, LAYOFF
from game.scenes.ginrummy import draw
from game.scenes.ginrummy import layout as L
from game.ui import focus
from game.ui.fan import fanned


class Controls:
    """Mixed into GinRummyTable."""

    # -- input ----------------------------------------------------------------------------
    def targets(self) -> list[tuple[str, Any]]:
        """Everything the keyboard can reach, in reading order."""
        out: list[tuple[str, Any]] = []
        if self.spread is not None:
            if self.v["phase"] == LAYOFF and self.acting_human is not None:
                s = self.spread
                out += [("meld", k) for k in range(s.meld_count)]
                out += [("laid", c) for c in sorted(s.laid, key=sort_key)]
                out += [("own", k) for k in range(len(self.v["reveal"]["defender_melds"]))]
                out += [("free", c) for c in self.free_cards()]
        else:
            out += [("stock", 0), ("discard", 0)]
            out += [("hand", c) for g in self.groups() for c in g.cards]
        out += [("button", k) for k, b in enumerate(self.buttons.widgets) if b.visible and b.enabled]
        return out

    def focused(self) -> tuple[str, Any] | None:
        targets = self.targets()
        if self.focus is not None and self.focus < len(targets):
            return targets[self.focus]
        return None

    def hit(self, pos: tuple[int, int]) -> tuple[str, Any] | None:
        if self.spread is not None:
            code = self.spread.hit(pos)
            return ("card", code) if code else None
        if self.v.get("hand"):
            _, centres = self.hand_layout()
            for code in reversed(list(centres)):
                if self.card_rect(code).collidepoint(pos):
                    return ("hand", code)
        if L.card_rect(L.STOCK).collidepoint(pos):
            return ("stock", 0)
        if L.card_rect(L.DISCARD).collidepoint(pos):
            return ("discard", 0)
        return None

    def lift(self, code: str) -> int:
        if code == self.selected:
            return L.LIFT_SELECTED
        if self.hover == ("hand", code) and not self.drag.dragging:
            return L.LIFT_HOVER
        return 0

    def card_rect(self, code: str) -> pygame.Rect:
        return L.card_rect(self.glide.at(code), lift=self.lift(code))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
            self.buttons.handle(event)
            self.hover = self.hit(event.pos)
            self.drag.move(event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self.press(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            gesture = self.drag.release(event.pos)
            if gesture is not None:
                if gesture.active:
                    self.drop(gesture.payload, event.pos)
                else:
                    self.click(gesture.payload)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.consume_escape()
            return True
        if event.type == pygame.KEYDOWN:
            return self.key(event) or super().handle(event)
        return False

    def press(self, pos: tuple[int, int]) -> bool:
        for b in self.buttons.widgets:  # a greyed-out button still says why
            if b.visible and not b.enabled and b.rect.collidepoint(pos):
                if b.hint:
                    self.say(b.hint)
                return True
        if self.buttons.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)):
            return True
        if self.flights.busy and self.acting_human is not None:
            self.flights.finish()  # a player in a hurry: land everything, then take the click
            self.aim()
        target = self.hit(pos)
        if target is None:
            if L.card_rect(L.DISCARD).collidepoint(pos):
                return True
            if self.flights.busy:
                self.flights.finish()
            return False
        kind, key = target
        if kind == "card":
            self.reveal_click(key)
        elif kind == "hand":
            cards = self.meld_of(key)  # a meld moves as one
            images = [draw.face(c, L.HAND_W, L.HAND_H, self.four()) for c in cards]
            rect = self.card_rect(key)
            first = self.card_rect(cards[0])
            image = fanned(images, L.HAND_STEP)
            centre = (first.x + image.get_width() / 2, rect.centery)
            self.drag.press(pos, target, image, centre)
        else:
            image = self.pile_image(kind)
            centre = L.STOCK if kind == "stock" else L.DISCARD
            if image is not None:
                self.drag.press(pos, target, image, centre)
        return True

    def pile_image(self, kind: str) -> pygame.Surface | None:
        if kind == "stock":
            return draw.back(L.HAND_W, L.HAND_H) if self.v["stock"] else None
        pile = self.v["discard"]
        return draw.face(pile[-1], L.HAND_W, L.HAND_H, self.four()) if pile else None

    def reveal_click(self, code: str) -> None:
        if self.v["phase"] == LAYOFF and self.acting_human is not None:
            self.defend_click(code)
        elif self.v["phase"] == LAYOFF:
            self.say("The defender is choosing layoffs")

    def click(self, target: tuple[str, Any]) -> None:
        kind, key = target
        phase = self.v["phase"]
        if kind == "hand":
            if self.acting_human is None or phase != DISCARD:
                self.say(self.cannot({"move": "discard", "card": key}) or "Drag cards to reorder your hand")
            elif self.selected == key:
                self.discard(key)
            else:
                self.select(key)
        elif kind == "stock":
            self.draw_from("stock")
        elif kind == "discard":
            if phase == DISCARD and self.selected and self.acting_human is not None:
                self.discard(self.selected)
            else:
                self.draw_from("discard")

    def cannot(self, command: dict[str, Any]) -> str | None:
        seat = self.acting_human if self.acting_human is not None else self.viewer
        return why_not(self.match.state, seat, command)

    def drop(self, payload: tuple[str, Any], pos: tuple[int, int]) -> None:
        kind, key = payload
        over_hand = self.over_hand(pos)
        if kind == "hand":
            if self.over_pile(pos):
                self.discard(key)
            elif over_hand:
                self.reorder(self.meld_of(key), pos[0])
                self.app.sounds.play("card")
        elif over_hand:
            self.draw_from(kind)
        self.setup_buttons()

    def key(self, event: pygame.event.Event) -> bool:
        targets = self.targets()
        k = event.key
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        current = self.focused()
        if k in (pygame.K_LEFT, pygame.K_RIGHT) and shift and current and current[0] == "hand":
            self.move_card(current[1], -1 if k == pygame.K_LEFT else 1)
            self.focus = self.targets().index(current)
            return True
        if k in focus.NAVIGATION:
            self.focus = focus.step([t[0] for t in targets], self.focus, k, shift)
            return True
        if k in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            if current is not None:
                self.activate(current, k == pygame.K_SPACE)
            else:
                self.default_action()
            return True
        if k == pygame.K_k:
            self.knock()
            return True
        if k == pygame.K_r and self.sort_button.visible:
            self.toggle_sort()
            return True
        if k == pygame.K_v:
            self.history_open = not self.history_open
            return True
        if k == pygame.K_h and self.hint_button.visible:
            self.request_hint()
            return True
        return False

    def activate(self, target: tuple[str, Any], space: bool) -> None:
        kind, key = target
        if kind == "button":
            self.buttons.widgets[key].activate()
        elif kind in ("stock", "discard", "hand"):
            self.click(target)
        elif kind == "meld":
            self.lay_on(key)
        elif kind == "own":
            self.act_all(self.defence.break_meld(self.v["reveal"], key))
        elif kind in ("free", "laid"):
            self.defend_click(key)
        self.setup_buttons()

    def default_action(self) -> None:
        """Enter with nothing focused: discard the chosen card, else the main button's action."""
        if self.selected and self.v["phase"] == DISCARD:
            self.discard(self.selected)
            return
        for b in reversed(self.action_buttons):
            if b.visible and b.enabled and b.primary:
                b.activate()
                return
