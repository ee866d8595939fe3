"""Drawing the Taj Mahal table from its view and the state of the screen (selection, hover,
focus, hint, flights), and what the action bar says. Nothing here decides anything."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Literal

import pygame

from game.core import i18n
from game.core.i18n import N_, _, _n, msg, msg_n
from game.rules.tajmahal.face.data import CATEGORIES, PERSONS
from game.rules.tajmahal.face.words import COLOUR, place
from game.scenes.tajmahal import art, pieces
from game.scenes.tajmahal import layout as L
from game.scenes.tajmahal.desk import Desk
from game.scenes.tajmahal.map_art import city_id, map_art, paint_map, placement, tile_spots, write
from game.scenes.tajmahal.motion import played_ids
from game.scenes.tajmahal.preview import cards_words, play_words, withdraw_words
from game.ui import marks, text, theme
from game.ui.layer import Layer
from game.ui.widgets import panel

if TYPE_CHECKING:
    from game.core.face import View

# an item of a line of `inline`: words, ("symbol", kind) or ("gap", pixels)
Item = str | tuple[Literal["symbol"], str] | tuple[Literal["gap"], int]

# What the bar says under a hint, by its move: where it is ringed in green (draw_map, draw_hand,
# draw_header, the Withdraw button's ring) and what Use hint does with it (table.use_hint).
HINT_SHOWN = {
    "play": N_("Its cards are ringed in green: Use hint selects them (then Play), or play others."),
    "pick": N_("Its cards are ringed in green: Use hint chooses them (then Take), or choose others."),
    "build": N_("Its city is ringed in green: Use hint builds there at once, or click another lit city."),
    "withdraw": N_("Withdraw is ringed in green: Use hint withdraws at once, or play a card instead."),
}


def _length(item: Item, size: int) -> int:
    if isinstance(item, tuple):
        return size + 6 if item[0] == "symbol" else item[1]  # a symbol, and air before its words
    return text.font(size).size(i18n.tr(item))[0]


@cache
def _inline_layout(
    items: tuple[Item, ...], width: int, largest: int, language: str
) -> tuple[int, tuple[int, ...]]:
    """The size a line of `inline` is drawn at, and where each of its items starts."""
    size = largest
    while size > 11 and sum(_length(item, size) for item in items) > width:
        size -= 1
    starts, x = [], 0
    for item in items:
        starts.append(x)
        x += _length(item, size)
    return size, tuple(starts)


def inline(
    surface: pygame.Surface, items: list[Item], at: tuple[int, int], width: int, largest: int = 13
) -> None:
    """Words and symbols in a line from `at` (its left middle): each item is words (drawn
    through the catalogue), ("symbol", kind) or ("gap", pixels); the words step down to 11
    points (the symbols with them) until the line fits `width`."""
    size, starts = _inline_layout(tuple(items), width, largest, i18n.language())
    y = at[1]
    for item, x in zip(items, starts, strict=True):
        if isinstance(item, tuple) and item[0] == "symbol":
            art.draw_symbol(surface, item[1], (at[0] + x + (size + 4) / 2, y), size + 4, theme.TEXT)
        elif not isinstance(item, tuple):
            text.blit(surface, item, (at[0] + x, y), size, theme.MUTED, anchor="midleft")


def sentences(lines: list[str]) -> str:
    """Log lines in a row: "a; b; c" in English."""
    if not lines:
        return ""
    out = lines[-1]
    for line in reversed(lines[:-1]):
        out = msg("{earlier}; {later}", earlier=line, later=out)
    return out


class Render:
    """Owned by the table (`table.render`): paints it from the view and the state of the
    screen (selection, hover, focus, hint, flights) and says what the action bar shows;
    `focused` is the id of the target the keyboard is on (None: none). It keeps its own
    pictures: the map and the panels' frames, painted once (`layer`), and the canvas with
    what moves on them, painted again only when `scene_key` changes."""

    def __init__(self, table: Desk):
        self.t = table
        self.layer = Layer()
        self.canvas: pygame.Surface | None = None
        self.canvas_key: tuple[object, ...] | None = None

    # -- drawing ----------------------------------------------------------------------------
    def scene_key(self, focused: str | None) -> tuple[object, ...]:
        """Everything the map, the panel and the hand are drawn from: they are painted again
        only when this changes (a card landing, a point counted, the pointer on a new target)."""
        t = self.t
        return (
            t.v,  # the object itself: an id could be reused by a later view
            t.viewer,
            i18n.generation,  # a language switch paints everything again
            tuple(round(s) for s in t.shown_scores),
            t.hover,
            focused,
            t.focus,
            tuple(t.selected),
            tuple(t.picked),
            repr(t.hint),
            t.acting_phase(),
            tuple(f.mask for f in t.flights.items),
        )

    def paint_scene(self, surface: pygame.Surface, focused: str | None) -> None:
        self.layer.draw(surface, ("table", i18n.generation), self.paint_static)
        self.draw_map(surface, focused)
        self.draw_header(surface, focused)
        self.draw_rows(surface)
        self.draw_hand(surface, focused)
        t = self.t
        if t.hint and t.hint.get("move") == "withdraw" and t.acting_phase() == "play":
            marks.draw(surface, pygame.Rect(L.WITHDRAW_RECT), hint=True)  # round it, outside it

    def draw(self, surface: pygame.Surface) -> None:
        """The painted canvas, then what changes every frame: the bar, the buttons, the
        flights and the tooltip."""
        t = self.t
        now = t.target_map().get(t.focus) if t.focus else None
        focused = now.id if now is not None and now.enabled else None
        key = self.scene_key(focused)
        if self.canvas is None or self.canvas_key != key or self.canvas.get_size() != surface.get_size():
            if self.canvas is None or self.canvas.get_size() != surface.get_size():
                self.canvas = pygame.Surface(surface.get_size())
                if pygame.display.get_surface():
                    self.canvas = self.canvas.convert()
            self.paint_scene(self.canvas, focused)
            self.canvas_key = key
        surface.blit(self.canvas, (0, 0))
        t.draw_overlay(surface)

    def paint_static(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        paint_map(surface)
        panel(surface, L.PANEL, theme.BG_DEEP)
        panel(surface, L.ACTION_BAR, theme.BG_DEEP)
        for k, cat in enumerate(CATEGORIES):  # each kind's symbol over its name
            art.draw_symbol(surface, cat, (L.category(k), L.CAT_SYMBOL_Y), 20, theme.TEXT)
            shown, size = text.fit(art.SYMBOL_TITLE[cat], L.CAT_STEP - 2, 12, "bold", smallest=9)
            text.blit(surface, shown, (L.category(k), L.CATS_Y), size, theme.MUTED, "bold", "center")
        played, size = text.fit(
            N_("Played this visit"), L.category(0) - 22 - L.PX - 4, 13, "bold", smallest=10
        )
        text.blit(surface, played, (L.PX + 4, L.CATS_Y), size, theme.MUTED, "bold", "midleft")
        text.blit(surface, N_("Score"), (L.PANEL.right - 16, L.CATS_Y), 13, theme.MUTED, "bold", "midright")

    def draw_map(self, surface: pygame.Surface, focused: str | None) -> None:
        """What changes on the map: the visited province's outline, a lit chain, the tiles and
        bonus tags where the placement (labels.py) keeps room for them, the rings within a
        town's zone (labels.ZONE) and the palaces in the room beside its mark (pieces.py), where
        no name enters."""
        t = self.t
        v, fl, m, placed = t.v, t.flights, map_art(), placement()
        if v["province"] and v["phase"] != "over":
            pts = m.provinces[v["province"]]
            pygame.draw.polygon(surface, theme.ACCENT, pts, 5)
            pygame.draw.polygon(surface, (255, 250, 230), pts, 1)
            for word in placed.under[v["province"]]:  # the names stay on top of the outline
                write(surface, word)
        seat = t.highlight_seat()
        if seat is not None:
            self.draw_chain(surface, seat)
            for word in placed.lit(v["players"][seat]["chain"]["cities"], v["board"]["roads"]):
                write(surface, word)  # the names stay on top of its roads and rings
        owned = {tile for p in v["players"] for tile in p["tiles"]}
        spots = tile_spots()
        for name, prov in v["board"]["provinces"].items():
            tile = prov["tile"]
            if tile is None or tile in owned or tile < v["visit"]:
                continue
            image = art.province_tile(tile, tuple(prov["goods"]))
            surface.blit(image, image.get_rect(center=spots[name]))
        for city, kind in v["bonus"].items():
            image = art.bonus_tile(kind)
            surface.blit(image, placed.tag_rect(city, image.get_size()))
        buildable = set((v.get("pending") or {}).get("cities", [])) if t.acting_phase() == "build" else set()
        hinted = t.hint.get("city") if t.hint and t.hint.get("move") == "build" else None
        for city in buildable:  # a saffron ring, rimmed white under the pointer
            x, y = m.cities[city]
            rim = (255, 255, 255) if t.hover == city_id(city) else theme.ACCENT_TEXT
            pygame.draw.circle(surface, rim, (x, y), 11, 4)
            pygame.draw.circle(surface, theme.ACCENT, (x, y), 10, 2)
        if hinted:
            x, y = m.cities[hinted]
            pygame.draw.circle(surface, theme.GOOD, (x, y), 11, 3)
        if focused and focused.startswith("city."):
            target = t.target_map().get(focused)
            if target is not None:
                pygame.draw.circle(surface, theme.FOCUS, target.centre, 11, 2)
        for city, tokens in pieces.palaces_at(v).items():  # beside the town's mark, side by side
            for (seat_, kind), at in zip(tokens, placed.palace_spots(city, len(tokens)), strict=False):
                if not fl.masked(("palace", city, seat_, kind)):
                    image = art.palace(seat_, kind == "mogul", pieces.R)
                    surface.blit(image, image.get_rect(center=at))

    def draw_chain(self, surface: pygame.Surface, seat: int) -> None:
        """A player's largest chain: its roads and cities ringed in the seat's colour, and
        the count of provinces it joins."""
        t = self.t
        m = map_art()
        chain = t.v["players"][seat]["chain"]  # worked out by the rules, in the view
        cities, provinces = chain["cities"], chain["provinces"]
        colour = art.SEAT_COLOURS[seat % 5]
        roads = t.v["board"]["roads"]
        for a, b in roads:
            if a in cities and b in cities:
                pygame.draw.line(surface, art.INK, m.cities[a], m.cities[b], 8)
                pygame.draw.line(surface, colour, m.cities[a], m.cities[b], 5)
        for c in cities:
            pygame.draw.circle(surface, art.INK, m.cities[c], 13, 4)
            pygame.draw.circle(surface, colour, m.cities[c], 12, 2)
        name = t.window.names[seat]
        line = _n(
            "{name}'s largest chain: {n} province",
            "{name}'s largest chain: {n} provinces",
            len(provinces),
            name=name,
        )
        if not cities:
            line = _("{name} has no palaces yet", name=name)
        box = pygame.Rect(0, 0, text.font(15, "bold").size(line)[0] + 20, 26)
        box.midbottom = (L.MAP_RECT.centerx, L.MAP_RECT.bottom - 8)
        pygame.draw.rect(surface, theme.BG_DEEP, box, border_radius=8)
        pygame.draw.rect(surface, colour, box, 2, border_radius=8)
        text.blit(surface, line, box.center, 15, theme.TEXT, "bold", "center")

    def draw_header(self, surface: pygame.Surface, focused: str | None) -> None:
        t = self.t
        v, fl = t.v, t.flights
        title = (
            N_("The game is over")
            if v["phase"] == "over"
            else msg("Visit {visit} of 12 · {province}", visit=v["visit"], province=place(v["province"]))
        )
        at = text.blit(surface, title, (L.PX, L.HEADER_Y), 22, theme.TEXT, "black", "midleft")
        if v["phase"] != "over" and v["province"]:
            goods = tuple(v["tile_goods"].get(str(v["visit"]), []))
            image = art.province_tile(v["visit"], goods)
            surface.blit(image, image.get_rect(midleft=(at.right + 10, L.HEADER_Y)))
        items: list[Item] = []
        if v["table_specials"]:  # each special card as its effect: a symbol and +1, +2, any colour
            items += [N_("Special cards beside the board:"), ("gap", 5)]
            for name in v["table_specials"]:
                items += [("symbol", art.SPECIAL_SYMBOL[name]), art.SPECIAL_TAG[name], ("gap", 7)]
            items += ["·", ("gap", 7)]
        items += [N_("Influence left:"), ("gap", 5)]
        for person in PERSONS:
            items += [("symbol", person), str(v["influence_pool"][person]), ("gap", 7)]
        inline(surface, items, (L.PX, L.HEADER_Y + 24), L.PANEL.w - 24)
        hinted = set(t.hint.get("cards", [])) if t.hint and t.hint.get("move") == "pick" else set()
        for i, card in enumerate(v["display"]):
            if fl.masked(("display", i)):
                continue
            cid = card["id"]
            up = cid in t.picked
            rect = pygame.Rect(0, 0, L.CARD_W, L.CARD_H)
            rect.center = (L.display(i)[0], L.display(i)[1] - (L.LIFT if up else 0))
            surface.blit(art.card_face(cid), rect)
            marks.draw(surface, rect, up, t.hover == f"display.{i}", cid in hinted, focused == f"display.{i}")
        deck = pygame.Rect(0, 0, L.CARD_W, L.CARD_H)
        deck.center = L.DECK
        if v["deck"]:
            surface.blit(art.card_back(), deck)
        else:
            pygame.draw.rect(surface, theme.LINE, deck, 1, border_radius=6)
        caption = msg("Deck {deck} · discards {discard}", deck=v["deck"], discard=v["discard"])
        text.blit(surface, caption, (L.PANEL.right - 14, L.CAPTION_Y), 13, theme.TEXT, "bold", "midright")
        size = len(v["display"])
        text.blit(
            surface,
            msg_n(
                "Display: {n} card, taken after withdrawing",
                "Display: {n} cards, taken after withdrawing",
                size,
            ),
            (L.PX, L.CAPTION_Y),
            13,
            theme.MUTED,
            "bold",
            "midleft",
        )

    def draw_rows(self, surface: pygame.Surface) -> None:
        t = self.t
        v, fl = t.v, t.flights
        seats = v["seats"]
        lit = t.highlight_seat()
        for seat, p in enumerate(v["players"]):
            r = L.row(seat, seats)
            turn = seat in v["to_act"]
            fill = theme.PANEL_HI if lit == seat else theme.PANEL
            panel(surface, r, fill, theme.ACCENT if turn else theme.LINE, width=3 if turn else 1)
            art.seat_mark(surface, seat, (r.x + 16, r.y + L.NAME_DY), 7)
            ink = theme.TEXT if p["in_visit"] else theme.MUTED
            name, size = text.fit(t.window.names[seat], 126, 16, "bold", smallest=13)
            text.blit(surface, name, (r.x + 30, r.y + L.NAME_DY), size, ink, "bold", "midleft")
            under = (r.x + 30, r.y + L.PLAYS_DY)
            if not p["in_visit"] and v["phase"] != "over":
                text.blit(surface, N_("withdrawn"), under, 12, theme.MUTED, anchor="midleft")
            elif p["colour"]:
                plays = msg("plays {colour}", colour=COLOUR[p["colour"]])
                text.blit(surface, plays, under, 12, theme.MUTED, anchor="midleft")
            for k, cat in enumerate(CATEGORIES):
                self.draw_cell(surface, seat, cat, (L.category(k), r.y + 16))
            played = played_ids(v, seat)
            for k, cid in enumerate(played):
                if fl.masked(("played", cid)):
                    continue
                image = art.card_face(cid, L.MINI_W, L.MINI_H)
                surface.blit(image, image.get_rect(center=L.played(seat, seats, k, len(played))))
            self.draw_belongings(surface, seat, p, r)
            score = round(t.shown_scores[seat])
            at = text.blit(
                surface,
                str(score),
                L.score_at(seat, seats),
                26,
                theme.ACCENT if turn else theme.TEXT,
                "black",
                "midright",
            )
            if p["score"] > score:  # points still counting up: what is still to come
                gain = f"+{p['score'] - score}"
                text.blit(surface, gain, (at.x - 6, at.centery), 16, theme.GOOD, "black", "midright")
            cards, palaces = p["hand_size"], p["palaces"]
            hand = msg_n("{n} card · {palaces} pal.", "{n} cards · {palaces} pal.", cards, palaces=palaces)
            text.blit(surface, hand, (r.right - 12, r.y + 40), 12, theme.MUTED, anchor="midright")
            if t.focus == f"player.{seat}":
                pygame.draw.rect(surface, theme.FOCUS, r.inflate(4, 4), 2, border_radius=12)

    def draw_cell(self, surface: pygame.Surface, seat: int, cat: str, at: tuple[int, int]) -> None:
        """A player's count in one category: a filled plaque when they lead it (the view's
        `leads`, worked out by the rules), a ringed 'won' when they took it this visit."""
        v = self.t.v
        p = v["players"][seat]
        n = p["shown"].get(cat, 0)
        if v["won"].get(cat) == seat:
            rect = pygame.Rect(0, 0, 34, 22)
            rect.center = at
            pygame.draw.rect(surface, theme.GOOD, rect, 2, border_radius=5)
            won, size = text.fit(N_("won"), rect.w - 4, 12, "black", smallest=9)
            text.blit(surface, won, at, size, theme.GOOD, "black", "center")
            return
        if not n:
            text.blit(surface, "·", at, 16, theme.LINE, "bold", "center")
            return
        if cat in p["leads"]:
            rect = pygame.Rect(0, 0, 30, 22)
            rect.center = at
            pygame.draw.rect(surface, theme.ACCENT, rect, border_radius=5)
            pygame.draw.polygon(
                surface,
                theme.ACCENT,
                [(rect.x + 8, rect.y), (rect.centerx, rect.y - 5), (rect.right - 8, rect.y)],
            )
            text.blit(surface, str(n), at, 16, theme.ACCENT_TEXT, "black", "center")
        else:
            text.blit(surface, str(n), at, 16, theme.TEXT, "bold", "center")

    def draw_belongings(self, surface: pygame.Surface, seat: int, p: View, r: pygame.Rect) -> None:
        """Under the categories: influence tiles (a person's symbol ×n), special cards (their
        effect's symbol and +1, +2 on the special cards' violet), goods and province tiles."""
        x, y = L.category(0) - 16, r.bottom - 15
        right = r.right - 104
        items: list[tuple[str, str, int]] = []  # (kind, a person, a special, a good or words, how many)
        for person in PERSONS:
            if p["influence"][person]:
                items.append(("influence", person, p["influence"][person]))
        for name in p["specials"]:
            items.append(("special", name, 1))
        goods: dict[str, int] = {}
        for g in p["goods"]:
            goods[g] = goods.get(g, 0) + 1
        for g, n in goods.items():
            items.append(("good", g, n))
        if p["tiles"]:
            items.append(("text", _("tiles {tiles}", tiles=",".join(map(str, p["tiles"]))), 1))
        for kind, item, count in items:
            if kind == "good":
                chip = art.good_chip(item, 7)
                if x + 30 > right:
                    break
                surface.blit(chip, chip.get_rect(midleft=(x, y)))
                x = (
                    text.blit(surface, "×" + str(count), (x + 17, y), 12, theme.TEXT, anchor="midleft").right
                    + 8
                )
                continue
            kind_symbol, words, ink = "", "", theme.TEXT
            if kind == "influence":
                kind_symbol, words = item, "×" + str(count)
            elif kind == "special":
                kind_symbol, ink = art.SPECIAL_SYMBOL[item], art.PAPER
                words = art.SPECIAL_TAG[item] if item != "change" else ""
            else:
                words = item
            image = text.render(words, 12, ink, "bold") if words else None
            w = (16 if kind_symbol else 0) + (image.get_width() if image else 0) + 10
            if x + w > right:
                break
            box = pygame.Rect(x, y - 9, w, 18)
            fill = art.CARD_FILL["special"] if kind == "special" else theme.BG_DEEP
            border = theme.ACCENT if kind == "special" else theme.LINE
            pygame.draw.rect(surface, fill, box, border_radius=4)
            pygame.draw.rect(surface, border, box, 1 if kind == "text" else 2, border_radius=4)
            at = box.x + 5
            if kind_symbol:
                art.draw_symbol(surface, kind_symbol, (at + 7, box.centery), 14, ink)
                at += 16
            if image:
                surface.blit(image, image.get_rect(midleft=(at, box.centery)))
            x = box.right + 6

    def draw_hand(self, surface: pygame.Surface, focused: str | None) -> None:
        t = self.t
        fl = t.flights
        hand = t.hand()
        if t.viewer is None:
            text.blit(
                surface,
                N_("Hands are hidden until the next player takes the screen"),
                (L.HAND_LEFT, L.HAND_Y),
                16,
                theme.MUTED,
                anchor="midleft",
            )
            return
        hinted = set(t.hint.get("cards", [])) if t.hint and t.hint.get("move") == "play" else set()
        for j, cid in enumerate(hand):
            if fl.masked(("hand", cid)):
                continue
            up = cid in t.selected
            rect = pygame.Rect(0, 0, L.CARD_W, L.CARD_H)
            x, y = L.hand(j, len(hand))
            rect.center = (x, y - (L.LIFT if up else 0))
            surface.blit(art.card_face(cid), rect)
            marks.draw(surface, rect, up, t.hover == f"hand.{j}", cid in hinted, focused == f"hand.{j}")

    # -- the action bar ---------------------------------------------------------------------
    def bar(self) -> tuple[str, str, str]:
        t = self.t
        v = t.v
        names = t.window.names
        waiting = sorted(t.window.to_act)
        if not waiting:
            return N_("The game is over"), "", "over"
        if t.flights.busy and t.last_move:
            first, *rest = t.last_move
            return first, sentences(rest[:3]), "moving"
        seat = t.acting_human
        if seat is None:
            if t.viewer is None:
                return msg("{name} takes the screen next", name=names[waiting[0]]), "", "waiting"
            playing = msg("{name} is playing…", name=names[waiting[0]])
            return playing, sentences(t.last_move[-2:]), "waiting"
        phase = t.acting_phase()
        if t.hint and not t.selected and not t.picked:  # in any phase: where it is ringed
            what = HINT_SHOWN.get(t.hint.get("move", ""), "")
            return msg("Hint: {move}", move=t.hint_words()), what, "hint"
        if phase == "build":
            pending = v["pending"]
            mogul = pending["builds"][0] == "mogul"
            what = msg("the mogul's palace") if mogul else msg("a palace")
            left = len(pending["builds"])
            province = place(v["province"])
            if left > 1:
                title = msg("Build {what} in {province} ({n} to place)", what=what, province=province, n=left)
            else:
                title = msg("Build {what} in {province}", what=what, province=province)
            where = msg("any city") if mogul else msg("an empty city")
            return (
                title,
                msg("Click a lit city: {where} of the province (or Tab to it, Space).", where=where),
                "move",
            )
        if phase == "pick":
            picks = v["pending"]["picks"]
            chosen = cards_words(t.picked) if t.picked else msg("none yet")
            return (
                msg_n("Take {n} card from the display", "Take {n} cards from the display", picks),
                msg("Chosen: {chosen}. Click display cards, then Take (Enter).", chosen=chosen),
                "move",
            )
        if t.selected:
            reason = t.problem()
            if reason:
                return N_("Not a move"), reason, "refused"
            return (
                msg("Play {cards}", cards=cards_words(t.selected)),
                msg("{words} Enter plays it.", words=play_words(v, seat, t.selected)),
                "move",
            )
        return N_("Your turn: play a card or withdraw"), withdraw_words(v, seat), "idle"
