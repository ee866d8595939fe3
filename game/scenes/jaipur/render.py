"""Drawing the Jaipur table from its view and the state of the screen (selection, hover, focus,
hint, flights), and what the action bar says. Nothing here decides anything: `Render` reads the
table through `desk.Desk`, never through the table's class."""

from __future__ import annotations

import pygame

from game.core.face import Command, View
from game.core.i18n import N_, Msg, msg, msg_n
from game.rules.jaipur.face.cards import CAMEL, HAND_LIMIT, bonus_for
from game.rules.jaipur.face.words import cards_text, count, name, person
from game.scenes.jaipur import art, draw
from game.scenes.jaipur import layout as L
from game.scenes.jaipur.desk import Desk
from game.ui import text, theme

SMALL = (L.SMALL_W, L.SMALL_H)
HERD_NOTE = N_("Camels: click your herd once per camel; right-click takes one back.")


class Render:
    """Owned by the table (`table.render`): draws it from the view and the state of the
    screen, and says what its action bar says."""

    def __init__(self, table: Desk):
        self.t = table

    # -- drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        t = self.t
        v, fl = t.v, t.flights
        now = t.target_map().get(t.focus) if t.focus else None  # no map built for nothing
        focused = now.id if now is not None and now.enabled else None
        hint_market, hint_hand, hint_herd = t.hinted()
        me, other = t.bottom_seat(), 1 - t.bottom_seat()
        names = t.window.names
        waiting = sorted(t.window.to_act) if t.frozen is None else []
        t.background.draw(surface, v)
        if t.frozen is not None:
            line = N_("Round over")
        elif waiting:
            line = N_("Your turn") if t.acting_human is not None and len(t.humans) == 1 else ""
            line = line or msg("{name} to play", name=person(names[waiting[0]]))
        else:
            line = ""
        draw.status(surface, v["round"], line)
        self.draw_far_side(surface, other)
        draw.player_strip(surface, v, other, False, fl.masked, person(names[other]), other in waiting)
        # the market, deck and discard pile
        draw.pile(surface, L.DECK, art.card_back(), v["deck"], msg("Deck · {n}", n=v["deck"]))
        discard = v["discard"]
        shown = discard[:-1] if fl.masked("discard") else discard  # a card still on its way
        top = art.card_face(shown[-1]) if shown else art.card_back()
        draw.pile(surface, L.DISCARD, top, len(shown), msg("Discard · {n}", n=len(discard)))
        lifted = t.lifted()
        for i, card in enumerate(v["market"]):
            if not fl.masked(("market", i)):
                draw.card(
                    surface,
                    art.card_face(card),
                    L.market(i),
                    f"market.{i}" in lifted,
                    focused == f"market.{i}",
                    i in hint_market,
                    hover=t.hover == f"market.{i}",
                )
        self.draw_my_side(surface, focused, hint_hand, hint_herd)
        draw.player_strip(surface, v, me, True, fl.masked, person(names[me]), me in waiting)
        t.log_panel.draw(surface, t.log)
        # the move's name on Confirm, in the type size that fits it in the language shown
        _, t.confirm.size = text.fit(t.confirm.label, t.confirm.rect.w - 20, 22, "bold", 15)
        t.draw_overlay(surface)

    def draw_far_side(self, surface: pygame.Surface, other: int) -> None:
        """The opponent's hand (backs, counted) and herd (no number), or the solo bot's area."""
        t = self.t
        v, fl = t.v, t.flights
        if t.solo:
            left = v.get("bot_deck", 0)
            caption = msg("Action deck · {n}", n=left)
            draw.pile(surface, L.BOT_DECK, art.card_back(*SMALL), left, caption)
            revealed = v.get("bot_revealed", [])
            for k, card in enumerate(revealed):
                if not fl.masked(("revealed", k)):
                    surface.blit(art.card_face(card, *SMALL), L.card_rect(L.bot_revealed(k), *SMALL))
            if revealed:
                # under the cards, clear of the deck's caption (a longer one in Japanese)
                after = L.BOT_DECK[0] + text.render(caption, 16).get_width() // 2 + 12
                x = max(L.bot_revealed(0)[0] - L.SMALL_W // 2, after)
                at = (x, L.OPP_Y + L.SMALL_H // 2 + L.LABEL_GAP)
                text.blit(surface, N_("Revealed this cycle"), at, 16, draw.FELT_INK, anchor="midleft")
            herd = v.get("bot_herd", 0)
            shown = herd - sum(1 for f in fl.items if f.mask == "opp_herd")
            draw.pile(surface, L.OPP_HERD, art.card_face(CAMEL, *SMALL), shown, msg("Herd · {n}", n=herd))
            return
        count = v["hand_counts"][other]
        for j in range(count):
            if not fl.masked(("opp_hand", j)):
                surface.blit(art.card_back(*SMALL), L.card_rect(L.opp_hand(j), *SMALL))
        if count:
            right = L.opp_hand(count - 1)[0] + L.SMALL_W // 2
            cards = msg_n("{n} card", "{n} cards", count)
            text.blit(surface, cards, (right + 14, L.OPP_Y), 16, draw.FELT_INK, anchor="midleft")
        else:
            text.blit(surface, N_("No cards"), (L.LEFT - 30, L.OPP_Y), 16, draw.FELT_INK, anchor="midleft")
        # the herd lies open on the table, but its size may not be asked: no number; an empty
        # one is seen to be empty
        empty = v.get("herd_empty", [False, False])[other]
        draw.pile(surface, L.OPP_HERD, art.card_face(CAMEL, *SMALL), 0 if empty else 1, N_("Herd"))

    def draw_my_side(
        self, surface: pygame.Surface, focused: str | None, hint_hand: set[int], hint_herd: bool
    ) -> None:
        t = self.t
        v, fl = t.v, t.flights
        herd = v.get("herd") or 0
        landing = sum(1 for f in fl.items if f.mask == "herd")
        if herd - landing > 0:
            for k in range(min(3, herd - landing - 1), 0, -1):
                surface.blit(art.card_face(CAMEL), L.card_rect(L.HERD).move(-2 * k, -2 * k))
            draw.card(
                surface,
                art.card_face(CAMEL),
                L.HERD,
                t.herd_sel > 0,
                focused == "herd",
                hint_herd,
                hover=t.hover == "herd",
            )
            draw.caption(surface, L.HERD, L.CARD_H, msg("Herd · {n}", n=herd))
        else:
            draw.pile(surface, L.HERD, art.card_face(CAMEL), 0, msg("Herd · {n}", n=herd))
        if herd and t.herd_sel:
            text.blit(
                surface,
                msg("{n} to give", n=t.herd_sel),
                (L.HERD[0], L.HERD[1] - L.CARD_H // 2 - 28),
                16,
                theme.ACCENT,
                "bold",
                "center",
            )
        for j, card in enumerate(v["hand"]):
            if not fl.masked(("hand", j)):
                draw.card(
                    surface,
                    art.card_face(card),
                    L.hand(j),
                    j in t.hand_sel,
                    focused == f"hand.{j}",
                    j in hint_hand,
                    hover=t.hover == f"hand.{j}",
                )

    def bar(self) -> tuple[str, str, str]:
        """The action bar's two lines and what they say: over, moving, waiting, hint, move,
        refused or idle (which sets their colours)."""
        t = self.t
        seat = t.acting_human
        waiting = sorted(t.window.to_act)
        if t.frozen is not None or (seat is None and not waiting):
            return N_("Round over"), "", "over"
        if t.revealing is not None:  # Instant animations: the rule bot's pause
            return msg("{name} is playing…", name=person(t.window.names[1])), "", "waiting"
        if t.flights.busy and t.last_move:  # the moves being animated, in words
            first, *rest = t.last_move
            while len(rest) > 1 and not self.fits(joined(rest)):
                rest.pop()  # the last words go first; the log keeps them all
            return first, joined(rest), "moving"
        if seat is None:
            return msg("{name} is playing…", name=person(t.window.names[waiting[0]])), "", "waiting"
        if t.market_sel or t.hand_sel or t.herd_sel:
            if t.command:
                what: str = msg("{what}  Enter plays it.", what=consequence(t.v, t.command))
                return t.label, what, "move"
            return t.label or N_("Not a move"), t.reason, "refused"
        if t.hint:
            what = N_("Its cards are ringed in green: Use hint selects them, or play anything you like.")
            return msg("Hint: {move}", move=describe_command(t.hint)), what, "hint"
        return (
            N_("Your turn"),
            N_("Click cards in the market, your hand or your herd (or Tab, Space)."),
            "idle",
        )

    def building_exchange(self) -> bool:
        """Goods chosen in the market with something to give for them (or two or more goods),
        and camels in the herd that could be given: the bar says how the herd is used."""
        t = self.t
        if not (t.v.get("herd") or 0) or not t.market_sel:
            return False
        if any(t.v["market"][i] == CAMEL for i in t.market_sel if i < len(t.v["market"])):
            return False
        return len(t.market_sel) >= 2 or bool(t.hand_sel or t.herd_sel)

    def bar_note(self) -> str:
        """The bar's standing how-to under its detail: how camels are given, while an exchange
        is built."""
        t = self.t
        idle = t.acting_human is not None and t.frozen is None and not t.flights.busy
        return HERD_NOTE if idle and self.building_exchange() else ""

    def fits(self, line: str) -> bool:
        return self.t.action_bar.fits(line, self.t.bar_right())


def joined(lines: list[str]) -> str:
    """Moves in one line: "discards 2 spice; takes 1 camel"."""
    if not lines:
        return ""
    out = lines[0]
    for line in lines[1:]:
        out = msg("{moves}; {move}", moves=out, move=line)
    return out


def consequence(v: View, command: Command) -> Msg | str:
    """What a legal move will do, in a few words, for the action bar."""
    move = command["move"]
    if move == "take":
        return msg(
            "Into your hand ({n} of {limit}); the market refills.", n=len(v["hand"]) + 1, limit=HAND_LIMIT
        )
    if move == "camels":
        n = v["market"].count(CAMEL)
        return msg("Your herd grows to {n}; the market refills.", n=(v.get("herd") or 0) + n)
    if move == "sell":
        earns = earnings(v, command["good"], command["count"])
        left = len(v["tokens"][command["good"]])
        if 0 < left < command["count"]:  # the cards beyond the pile earn nothing: say so
            return msg_n(
                "{earns} Only {n} token is left for {count} cards.",
                "{earns} Only {n} tokens are left for {count} cards.",
                left,
                earns=earns,
                count=command["count"],
            )
        return earns
    if move == "exchange":
        return msg("You give {cards}; nothing is drawn.", cards=cards_text(command["give"]))
    return ""


def earnings(v: View, good: str, n: int) -> Msg:
    """What selling `n` cards of `good` earns: the tokens it takes, and a bonus token."""
    values = v["tokens"][good][:n]
    size = bonus_for(n)
    bonus = size is not None and v["bonus"][str(size)] > 0
    if not values:
        if bonus:
            return msg("No tokens left in that pile and a bonus token.")
        return msg("No tokens left in that pile.")
    if len(values) == 1:
        if bonus:
            return msg("Earns {points} and a bonus token.", points=values[0])
        return msg("Earns {points}.", points=values[0])
    sum_text = " + ".join(map(str, values))  # figures only: the same in every language
    if bonus:
        return msg("Earns {values} = {points} and a bonus token.", values=sum_text, points=sum(values))
    return msg("Earns {values} = {points}.", values=sum_text, points=sum(values))


def describe_command(command: Command) -> Msg | str:
    move = command.get("move")
    if move == "take":
        return msg("take {good}", good=name(command["good"]))
    if move == "camels":
        return msg("take the camels")
    if move == "sell":
        return msg("sell {cards}", cards=count(command["good"], command["count"]))
    if move == "exchange":
        return msg(
            "take {took} for {gave}", took=cards_text(command["take"]), gave=cards_text(command["give"])
        )
    return str(command)
