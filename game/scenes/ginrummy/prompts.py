"""What the action bar says: the next step in plain words, with the numbers that help decide it.

Two different answers may show at once, and each says which it is: the hint is the hard bot's
advice (only it speaks of the "best" move), while the deadwood panel, the bar's numbers and the
Knock button count the least deadwood a discard leaves (`Least`, worked out once per view).
Card codes in these lines (`7H`) are drawn as rank and suit symbol by `card_text`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from game.core.i18n import N_, msg
from game.core.window import Window
from game.rules.ginrummy.face.cards import VALUE, sort_key
from game.rules.ginrummy.face.melds import deadwood
from game.rules.ginrummy.face.phases import (
    DISCARD,
    DISCARDED,
    DRAW,
    FIRST_UPCARD,
    HAND_OVER,
    LAYOFF,
    MATCH_OVER,
)
from game.ui.drag import DragDrop

if TYPE_CHECKING:
    from game.core.face import Command, Event, View


@dataclass(frozen=True)
class Least:
    """The least deadwood the person at the screen can reach, worked out once per view (the
    table keeps it: nothing here runs per frame). `card`: in the discard phase, the discard
    that leaves the least deadwood (the highest card among equals, never the card just taken),
    and `left` what it leaves; `taking`: in the upcard and draw phases, the least deadwood after
    taking the pile's top card and discarding another."""

    card: str | None = None
    left: int | None = None
    taking: int | None = None


def least_deadwood(v: View) -> Least:
    """`Least` for a view (tables call it when their view changes, never while drawing)."""
    options = {c: d for c, d in v.get("discard_deadwood", {}).items() if c != v.get("taken")}
    card = min(options, key=lambda c: (options[c], -VALUE[c], sort_key(c))) if options else None
    hand, pile = v.get("hand") or [], v.get("discard") or []
    taking = None
    if v.get("phase") in (FIRST_UPCARD, DRAW) and hand and pile:
        cards = [*hand, pile[-1]]
        taking = min(deadwood([c for c in cards if c != d]) for d in hand)
    return Least(card, options[card] if card else None, taking)


class Shown(Protocol):
    """What the bar's words depend on (the table provides it)."""

    v: View
    least: Least  # least_deadwood(v), kept by the table
    window: Window
    viewer: int | None
    hint: Command | None
    selected: str | None
    hover: str | None  # a target id: "hand.7H" is a card of my hand
    pointer: tuple[int, int] | None  # None: the pointer has left the window
    drag: DragDrop  # its payload is a target id too
    acknowledged: int  # the hands whose score sheet was opened here

    @property
    def acting_human(self) -> int | None: ...

    def over_pile(self, pos: tuple[int, int] | None) -> bool: ...

    def cannot(self, command: Command) -> str | None: ...

    def knock_card(self) -> str | None: ...

    def away(self, seat: int) -> bool: ...


def thrown_by(v: View) -> list[int | None]:
    """Who threw each card of the discard pile (None: the upcard turned from the deck)."""
    last: dict[str, int] = {}
    for seat, action, card in v["public"]:
        if action == DISCARDED:
            last[card] = seat
    return [last.get(card) for card in v["discard"]]


def fresh_card(events: list[Event], seat: int | None, hand: list[str]) -> str | None:
    """The card `seat` drew or took last in the current hand, while it is still in their hand
    and they have not discarded since: the "new" badge, found again from the log (a resumed
    table shows it too). Only that seat's own draws are read, never another seat's card."""
    if seat is None:
        return None
    for e in reversed(events):
        kind = e.get("type")
        if kind == "deal":
            return None
        if e.get("seat") != seat:
            continue
        if kind in ("discarded", "knocked"):
            return None
        if kind in ("drew", "upcard_taken"):
            return e["card"] if e["card"] in hand else None
    return None


def handoff_note(v: View, seat: int) -> str:
    phase, number = v["phase"], v["hand_number"]
    if phase == FIRST_UPCARD:
        return msg("Hand {number}: take the first upcard or pass.", number=number)
    if phase == DRAW:
        return msg("Hand {number}: your turn to draw.", number=number)
    return msg("Hand {number}: your turn.", number=number)


def prompt(t: Shown) -> tuple[str, str, str]:
    """(title, detail, tone) for the bar; tone is "", "good" or "bad"."""
    v, names = t.v, t.window.names
    phase, seat = v["phase"], t.acting_human
    waiting = sorted(t.window.to_act)
    other = names[waiting[0]] if waiting else ""
    if phase in (HAND_OVER, MATCH_OVER):
        last = v["last_hand"]
        if last and last["kind"] == "dead":
            dealer = names[v["to_act"][0]] if v["to_act"] else ""
            return (
                N_("Dead hand: the stock ran down to 2 cards"),
                msg("Nobody scores; {dealer} deals again.", dealer=dealer),
                "",
            )
        if phase == MATCH_OVER:
            return N_("The match is over"), N_("See the score sheet, then the result (Enter)."), "good"
        if seat is not None:
            return N_("The hand is over"), N_("See the score sheet and deal the next hand (Enter)."), ""
        return N_("The hand is over"), dealt_elsewhere(t, names[v["to_act"][0]] if v["to_act"] else ""), ""
    if phase == LAYOFF:
        knocker = names[v["reveal"]["knocker"]]
        if seat is None:
            return msg("{knocker} knocked", knocker=knocker), msg("{other} is laying off…", other=other), ""
        if t.hint:
            return msg("Hint: {move}", move=hint_line(t.hint)), hint_note(t.hint), "good"
        return (
            msg("Lay off on {knocker}'s melds, or confirm", knocker=knocker),
            N_("Click a deadwood card, then the meld it fits. Click a laid-off card to take it back."),
            "",
        )
    dragged = t.drag.payload()
    if dragged and dragged.startswith("hand."):
        return drag_prompt(t, dragged[5:])
    if seat is None or t.viewer is None:
        return (
            msg("{other}'s turn", other=other),
            (
                msg("{other} is reconnecting…", other=other)
                if waiting and t.away(waiting[0])
                else msg("{other} is thinking…", other=other)
                if waiting
                else ""
            ),
            "",
        )
    if t.hint and not t.selected:
        return msg("Hint: {move}", move=hint_line(t.hint)), hint_note(t.hint), "good"
    top = v["discard"][-1] if v["discard"] else None
    now = v["deadwood"]
    if phase == FIRST_UPCARD:
        first = (
            msg("You deal: you decide first.")
            if v["dealer"] == seat
            else msg("{who} passed.", who=names[v["dealer"]])
        )
        return (
            msg("The first upcard: take {card} or pass", card=top),
            msg(
                "{first} Taking it, the least deadwood after a discard would be {taken}; you have {now} now.",
                first=first,
                taken=t.least.taking,
                now=now,
            ),
            "",
        )
    if phase == DRAW:
        return (
            N_("Draw a card"),
            msg(
                "Click or drag the stock, or take {card} from the pile "
                "(the least deadwood after a discard would then be {taken}).",
                card=top,
                taken=t.least.taking,
            ),
            "",
        )
    if phase == DISCARD:
        return discard_prompt(t)
    return "", "", ""


def dealt_elsewhere(t: Shown, dealer: str) -> str:
    """A finished hand whose next deal is not this screen's (network play, or a bot's deal): the
    score sheet first, then whom the table waits for; no key is offered that would do nothing."""
    if t.acknowledged < len(t.v["history"]):
        return msg("See the score sheet (Enter); then {dealer} deals the next hand.", dealer=dealer)
    if t.v["to_act"] and t.away(t.v["to_act"][0]):
        return msg("Waiting for {dealer} to deal the next hand: {dealer} is reconnecting…", dealer=dealer)
    return msg("Waiting for {dealer} to deal the next hand.", dealer=dealer)


def drag_prompt(t: Shown, card: str) -> tuple[str, str, str]:
    """While a card of my hand follows the pointer."""
    if not t.over_pile(t.pointer):
        return (
            msg("Moving {card}", card=card),
            N_("Drop it in your hand to put it there, or on the pile to discard it."),
            "",
        )
    reason = t.cannot({"move": "discard", "card": card})
    if reason:
        return msg("{card} cannot be discarded", card=card), reason, "bad"
    left = t.v["discard_deadwood"].get(card)
    return (
        msg("Discard {card}", card=card),
        msg("Let go to discard it; your deadwood will be {n}.", n=left),
        "good",
    )


def least_named(t: Shown) -> str | None:
    """The discard leaving the least deadwood, as the bar, the deadwood box and Knock name it:
    the hint's card when it leaves as little (so the hint and the panel never name two cards
    for one deadwood), else the highest card among equals."""
    hint = t.hint
    hinted = hint.get("card") if hint and hint.get("move") in ("discard", "knock") else None
    left = t.v.get("discard_deadwood", {}).get(hinted) if hinted else None
    if hinted and left is not None and left == t.least.left and hinted != t.v.get("taken"):
        return str(hinted)
    return t.least.card


def discard_prompt(t: Shown) -> tuple[str, str, str]:
    v = t.v
    after = v["discard_deadwood"]
    least = least_named(t)
    gin = least is not None and t.least.left == 0
    hovered = t.hover[5:] if t.hover and t.hover.startswith("hand.") else None
    card = t.selected or hovered
    if card and card == v.get("taken"):
        return (
            msg("You just took {card}", card=card),
            msg("You just took {card} from the pile; discard another card.", card=card),
            "bad",
        )
    if t.selected:
        left = after.get(t.selected)
        if left == 0:
            return (
                msg("Gin with {card}!", card=t.selected),
                msg("Throwing {card} leaves every card in a meld: press Gin (or K).", card=t.selected),
                "good",
            )
        title: str = msg("Discard {card}?", card=t.selected)
        if left is not None and left <= 10:
            return (
                title,
                msg(
                    "Leaves deadwood {n}. Click it again, drag it to the pile or press Enter. "
                    "You may knock (K) or just discard.",
                    n=left,
                ),
                "good",
            )
        return (
            title,
            msg("Leaves deadwood {n}. Click it again, drag it to the pile or press Enter.", n=left),
            "",
        )
    if gin:
        return N_("Gin!"), msg("Discard {card} and knock to go gin: press Gin (or K).", card=least), "good"
    if hovered and hovered in after:
        return (
            msg("Discard {card}?", card=hovered),
            msg("Throwing {card} leaves deadwood {n}.", card=hovered, n=after[hovered]),
            "",
        )
    title = N_("Discard a card")
    if not least:
        return title, N_("Click a card to choose it, or drag it onto the pile."), ""
    if after[least] <= 10:
        line = msg(
            "Click a card to choose it, or drag it onto the pile. "
            "Throwing {card} leaves the least deadwood, {n}: you can knock.",
            card=least,
            n=after[least],
        )
    else:
        line = msg(
            "Click a card to choose it, or drag it onto the pile. "
            "Throwing {card} leaves the least deadwood, {n}.",
            card=least,
            n=after[least],
        )
    return title, line, ""


def meter(t: Shown) -> tuple[str, int, str, str, bool]:
    """The deadwood box beside the piles: (title, value, status, note, good). Its title says
    what it counts: the card chosen (or dragged), else the discard leaving the least deadwood
    (never called "best": that word is the hint's)."""
    v = t.v
    if v["phase"] == DISCARD and t.acting_human is not None:
        dragged = t.drag.payload()
        chosen = dragged[5:] if dragged and dragged.startswith("hand.") else t.selected
        card = chosen or least_named(t)
        after = v["discard_deadwood"].get(card, v["deadwood"]) if card else v["deadwood"]
        note = msg("throwing {card}", card=card) if card else ""
        title = N_("Deadwood after this discard") if chosen else N_("Least deadwood after a discard")
        if after == 0:
            return title, 0, N_("Gin!"), note, True
        if after <= 10:
            return title, after, msg("You can knock with {n}", n=after), note, True
        return title, after, N_("Too high to knock"), note, False
    value = v["deadwood"]
    if value <= 10:
        return N_("Your deadwood"), value, N_("Low enough to knock"), N_("after your next draw"), True
    return (
        N_("Your deadwood"),
        value,
        N_("Too high to knock"),
        msg("{n} over the limit of 10", n=value - 10),
        False,
    )


def hint_line(command: Command) -> str:
    move = command.get("move")
    if move == "draw":
        return msg("draw from the stock") if command["source"] == "stock" else msg("take the pile's top card")
    if move == "take_upcard":
        return msg("take the upcard")
    if move == "pass":
        return msg("pass the upcard")
    if move == "discard":
        return msg("discard {card}", card=command["card"])
    if move == "knock":
        return msg("knock, throwing {card}", card=command["card"])
    if move == "layoff":
        return msg("lay off {card}", card=command["card"])
    if move == "done":
        return msg("confirm: no card of yours can be laid off any more")
    return ""


def hint_note(command: Command) -> str:
    """The bar's second line under a hint: where it shows, and what Use hint does with it."""
    move = command.get("move")
    if move in ("discard", "knock"):
        return N_(
            "The hard bot's advice, its card ringed in green: Use hint chooses it, or play as you like."
        )
    if move == "layoff":
        return N_("The hard bot's advice, lit in green: Use hint lays the card off, or play as you like.")
    if move in ("draw", "take_upcard"):
        return N_(
            "The hard bot's advice, its pile lit in green: Use hint takes the card, or play as you like."
        )
    return N_("The hard bot's advice: Use hint plays it, or play as you like.")
