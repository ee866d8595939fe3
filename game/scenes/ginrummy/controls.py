"""What is Gin Rummy's own in the input at its table: the target map, the drag and drop of
cards (a press on a card or a pile starts a drag; let go, it drops or clicks) and its keys.
The hover, the right-click, the keyboard focus, Space and Enter on it, H and Esc are the
table base's (game.scenes.table.base, "input over the target map"), which calls back here.

Target ids: "stock", "discard", "hand.<card>" while playing; while the defender lays off
"meld.<k>" (the knocker's meld k), "laid.<card>", "own.<k>" (the defender's meld k),
"free.<card>" (the defender's deadwood) and "dead.<card>" (the knocker's, never usable); the
buttons by their tid ("take", "knock", "score-sheet", "menu", ...); "log.<k>", a shortened
line of the move log, read whole in its tooltip.
"""

from __future__ import annotations

import pygame

from game.core.i18n import N_, msg
from game.rules.ginrummy.face.cards import sort_key
from game.rules.ginrummy.face.phases import DISCARD, LAYOFF
from game.scenes.ginrummy import art
from game.scenes.ginrummy import layout as L
from game.scenes.ginrummy.actions import Actions
from game.scenes.ginrummy.desk import Desk
from game.ui.fan import fanned
from game.ui.targets import Target

SPREAD_LIFT = 16  # a chosen card of the defender's deadwood stands this much higher
DEFENDING = N_("The defender is choosing layoffs")


def shaped(
    target_id: str, label: str, kind: str, shape: L.Shape, enabled: bool = True, tip: str = "", row: str = ""
) -> Target:
    if isinstance(shape, pygame.Rect):
        return Target(target_id, label, kind, rect=shape, enabled=enabled, tip=tip, row=row)
    return Target(target_id, label, kind, polygon=shape, enabled=enabled, tip=tip, row=row)


class Controls:
    """Owned by the table (`table.controls`)."""

    def __init__(self, table: Desk, actions: Actions):
        self.t = table
        self.actions = actions

    # -- the target map -------------------------------------------------------------------
    def targets(self) -> list[Target]:
        """Everything clickable, in reading order (the Tab order), later ones drawn on top."""
        t = self.t
        out = self.spread_targets() if t.spread is not None else self.play_targets()
        bar = sorted((b for b in t.action_buttons if b.visible), key=lambda b: b.rect.x)  # as they read
        for b in [*bar, t.sort_button, t.hint_button, t.menu_button]:
            if b.visible:
                target = b.target()
                target.row = "buttons"
                out.append(target)
        return out + t.log_panel.targets(t.log)

    def play_targets(self) -> list[Target]:
        t, v = self.t, self.t.v
        top = v["discard"][-1] if v["discard"] else ""
        out = [
            Target("stock", msg("Stock · {n}", n=v["stock"]), "pile", L.card_rect(L.STOCK), row="piles"),
            Target(
                "discard",
                msg("Discard pile {card}", card=top) if top else msg("Discard pile"),
                "pile",
                L.card_rect(L.DISCARD),
                row="piles",
            ),
        ]
        if v.get("hand"):
            codes = list(t.hand_layout()[1])
            rects = [t.card_rect(c) for c in codes]
            for k, code in enumerate(codes):
                above = rects[k + 1] if k + 1 < len(rects) else None
                out.append(shaped(f"hand.{code}", code, "card", L.uncovered(rects[k], above), row="hand"))
        return out

    def spread_targets(self) -> list[Target]:
        """The reveal while the defender lays off: usable by the person defending, else
        disabled with the reason (nothing is clickable once the hand is scored)."""
        t, s = self.t, self.t.spread
        assert s is not None
        if t.v["phase"] != LAYOFF:
            return []
        acting = t.acting_human is not None
        lifted = set(t.defence.selected)
        shapes: dict[str, L.Shape] = {}
        spans: dict[str, tuple[float, float]] = {}
        for row in s.rows.values():
            codes = [c for _, cards, _ in row.groups for c in cards]
            rects = [
                L.card_rect(s.pos[c], L.SPREAD_W, L.SPREAD_H, SPREAD_LIFT if c in lifted else 0)
                for c in codes
            ]
            for k, code in enumerate(codes):
                above = rects[k + 1] if k + 1 < len(rects) else None
                shapes[code] = L.uncovered(rects[k], above)
                spans[code] = (rects[k].left, min(rects[k].right, above.left) if above else rects[k].right)

        def group(seat: int, gi: int, kind: str) -> Target:
            row = s.rows[seat]
            cards = [c for c in row.groups[gi][1] if c not in s.laid]
            y = row.y - L.SPREAD_H / 2
            shape = L.strips([spans[c] for c in cards], y, y + L.SPREAD_H)
            tip = "" if acting else DEFENDING
            shown = " ".join(cards)
            label = (
                msg("Lay off on {cards}", cards=shown)
                if kind == "meld"
                else msg("Break up {cards}", cards=shown)
            )
            return shaped(f"{kind}.{gi}", label, kind, shape, enabled=acting, tip=tip, row=f"seat.{seat}")

        def card(kind: str, code: str, tip: str) -> Target:
            usable = acting and not tip
            why = "" if usable else (tip or DEFENDING)
            row = f"seat.{s.defender if kind == 'free' else s.knocker}"  # Left/Right along a row
            return shaped(f"{kind}.{code}", code, kind, shapes[code], enabled=usable, tip=why, row=row)

        knocker, defender = s.rows[s.knocker], s.rows[s.defender]
        out = [group(s.knocker, k, "meld") for k in range(s.meld_count)]
        out += [card("laid", c, "") for c in sorted(s.laid, key=sort_key)]
        out += [
            card("dead", c, N_("That card is the knocker's deadwood"))
            for kind, cards, _ in knocker.groups
            if kind == "deadwood"
            for c in cards
        ]
        out += [group(s.defender, k, "own") for k in range(len(t.v["reveal"]["defender_melds"]))]
        free = t.free_cards()
        out += [card("free", c, "") for _, cards, _ in defender.groups for c in cards if c in free]
        return out

    # -- mouse: the drag of cards (the pointer's hover and the right-click are the base's) --
    def handle(self, event: pygame.event.Event) -> bool:
        t = self.t
        if event.type == pygame.MOUSEMOTION:
            t.drag.move(event.pos)
            return False  # the base lights what is under the pointer
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.press(event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            gesture = t.drag.release(event.pos)
            if gesture is not None and gesture.active:
                self.drop(gesture.payload, event.pos)
            elif gesture is not None:
                self.click(gesture.payload)
            return True
        return False

    def press(self, pos: tuple[int, int]) -> None:
        """A button acts, a grey target says why it is grey, a card of my hand or a pile starts
        a drag (a click when let go unmoved), a meld or a card of the reveal is chosen."""
        t = self.t
        found = t.target_map().hit(pos)
        if found is not None and found.kind == "button":
            button = t.button(found.id)
            if not found.enabled:  # a greyed-out button still says why
                if found.tip:
                    t.say(found.tip)
            elif button is not None:
                button.activate()
            return
        if t.flights.busy and t.acting_human is not None:
            t.flights.finish()  # a player in a hurry: land everything, then take the click
            t.aim()
            found = t.target_map().hit(pos)
        if found is None:
            if t.flights.busy and not L.card_rect(L.DISCARD).collidepoint(pos):
                t.flights.finish()
            return
        if found.kind == "log":
            return  # a shortened log line is only read (its tooltip), never chosen
        if not found.enabled:
            if found.tip:
                t.say(found.tip)
            return
        if found.id.startswith("hand."):
            code = found.id[5:]
            cards = t.meld_of(code)  # a meld moves as one
            images = [art.face(c, L.HAND_W, L.HAND_H, t.four()) for c in cards]
            rect = t.card_rect(code)
            first = t.card_rect(cards[0])
            image = fanned(images, L.HAND_STEP)
            centre = (first.x + image.get_width() / 2, rect.centery)
            t.drag.press(pos, found.id, image, centre)
        elif found.id in ("stock", "discard"):
            pile = self.pile_image(found.id)
            if pile is not None:
                t.drag.press(pos, found.id, pile, L.STOCK if found.id == "stock" else L.DISCARD)
        else:
            self.actions.defend(found.id)

    def pile_image(self, pile: str) -> pygame.Surface | None:
        t = self.t
        if pile == "stock":
            return art.back(L.HAND_W, L.HAND_H) if t.v["stock"] else None
        cards = t.v["discard"]
        return art.face(cards[-1], L.HAND_W, L.HAND_H, t.four()) if cards else None

    def click(self, target: str) -> None:
        """A press and release without moving, on a card of my hand or a pile."""
        t, a = self.t, self.actions
        phase = t.v["phase"]
        if target.startswith("hand."):
            code = target[5:]
            if t.acting_human is None or phase != DISCARD:
                t.say(t.cannot({"move": "discard", "card": code}) or N_("Drag cards to reorder your hand"))
            elif t.selected == code:
                a.discard(code)
            else:
                a.select(code)
        elif target == "stock":
            a.draw_from("stock")
        elif target == "discard":
            if phase == DISCARD and t.selected and t.acting_human is not None:
                a.discard(t.selected)
            else:
                a.draw_from("discard")

    def drop(self, payload: str, pos: tuple[int, int]) -> None:
        t, a = self.t, self.actions
        over_hand = t.over_hand(pos)
        if payload.startswith("hand."):
            code = payload[5:]
            if t.over_pile(pos):
                a.discard(code)
            elif over_hand:
                a.reorder(t.meld_of(code), pos[0])
                t.aim()
                t.app.sounds.play("card")
        elif over_hand:
            a.draw_from(payload)
        a.setup_buttons()

    # -- keyboard: Gin's own keys (Tab, arrows, Space or Enter on the focus, H, Esc: the base's) --
    def key(self, event: pygame.event.Event) -> bool:
        """Shift+Left/Right move the focused card of my hand, K knocks, R re-sorts, V shows the
        pile's history; Space with nothing focused plays the default action, as Enter does."""
        t, a = self.t, self.actions
        k = event.key
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        current = t.focused()
        if k in (pygame.K_LEFT, pygame.K_RIGHT) and shift and current and current.id.startswith("hand."):
            a.move_card(current.id[5:], -1 if k == pygame.K_LEFT else 1)  # the focus keeps its card
            return True
        if k == pygame.K_SPACE and current is None:
            self.default_action()
            return True
        if k == pygame.K_k:
            a.knock()
            return True
        if k == pygame.K_r and t.sort_button.visible:
            a.toggle_sort()
            return True
        if k == pygame.K_v:
            t.history_open = not t.history_open
            return True
        return False

    def activate(self, target: str) -> None:
        """A target pressed from the keyboard: Space on the focus, or Enter (on a card too)."""
        t = self.t
        button = t.button(target)
        if button is not None:
            button.activate()
        elif target.startswith("hand.") or target in ("stock", "discard"):
            self.click(target)
        elif not target.startswith("log."):
            self.actions.defend(target)
        self.actions.setup_buttons()

    def default_action(self) -> None:
        """Enter or Space with nothing focused: discard the chosen card, else the main button's
        action."""
        t = self.t
        if t.selected and t.v["phase"] == DISCARD:
            self.actions.discard(t.selected)
            return
        for b in reversed(t.action_buttons):
            if b.visible and b.enabled and b.primary:
                b.activate()
                return
