"""What a choice at the Taj Mahal table would do, in words, read from the view alone: the
categories a play would lead (the rules' play_standing works them out), what withdrawing
wins, what a hint or a move says."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.i18n import Msg, msg, msg_n
from game.rules.tajmahal.face.data import CARDS, COLOURS, PERSONS
from game.rules.tajmahal.face.standing import play_standing
from game.rules.tajmahal.face.words import CATEGORY, COLOUR, GOOD, SPECIAL, listing, place
from game.scenes.tajmahal.art import SPECIAL_SHORT, SYMBOL_SHORT

if TYPE_CHECKING:
    from game.core.face import Command, View

COLOUR_ORDER = {c: k for k, c in enumerate((*COLOURS, "white", "special"))}


def sort_key(card: View) -> tuple[int, int]:  # a card of a view
    return (COLOUR_ORDER[card["colour"]], card["id"])


def card_words(card_id: int) -> Msg:
    card = CARDS[card_id]
    if card.colour == "special":
        return msg("special {name} ({short})", name=SPECIAL[card.special], short=SPECIAL_SHORT[card.special])
    shorts = [SYMBOL_SHORT[s] for s in card.symbols]
    symbols = shorts[0] if len(shorts) == 1 else msg("{first}/{second}", first=shorts[0], second=shorts[1])
    return msg("{colour} {symbols}", colour=COLOUR[card.colour], symbols=symbols)


def cards_words(ids: list[int]) -> Msg:
    out = card_words(ids[-1])
    for cid in reversed(ids[:-1]):
        out = msg("{first} + {second}", first=card_words(cid), second=out)
    return out


def clauses(parts: list[Msg]) -> Msg:
    """Clauses joined "a; b; c" (a semicolon in English)."""
    out = parts[-1]
    for part in reversed(parts[:-1]):
        out = msg("{first}; {rest}", first=part, rest=out)
    return out


def gains(v: View, seat: int, cats: list[str]) -> Msg:
    """What winning these categories gives, in short: palaces, influence, the tile."""
    if not cats:
        return msg("nothing")
    parts = []
    persons = [c for c in cats if c in PERSONS]
    if persons:
        n = len(persons)
        influence = listing([CATEGORY[c] for c in persons])
        parts.append(
            msg_n(
                "{n} palace and {persons} influence",
                "{n} palaces and {persons} influence",
                n,
                persons=influence,
            )
        )
    if "mogul" in cats:
        parts.append(msg("the mogul's palace"))
    if "elephant" in cats:
        goods = v["tile_goods"].get(str(v["visit"]), [])
        parts.append(msg("tile {tile} ({goods})", tile=v["visit"], goods=listing([GOOD[g] for g in goods])))
    return clauses(parts)


def withdraw_words(v: View, seat: int) -> Msg:
    """What withdrawing now gives, in a line."""
    won = v.get("would_win") or []
    free = not v["players"][seat]["played"]
    if not won:
        if free:
            return msg(
                "Withdrawing now wins nothing; you draw a free card (you played none); "
                "then you take display cards."
            )
        return msg("Withdrawing now wins nothing; then you take display cards.")
    what, gain = listing([CATEGORY[c] for c in won]), gains(v, seat, won)
    if free:
        return msg(
            "Withdrawing now wins {won}: {gains}; you draw a free card (you played none).",
            won=what,
            gains=gain,
        )
    return msg("Withdrawing now wins {won}: {gains}.", won=what, gains=gain)


def play_words(v: View, seat: int, ids: list[int]) -> Msg:
    lead, tie = play_standing(v, seat, ids)  # the rules compare; the table only words it
    if not lead and not tie:
        return msg("You would lead nothing; withdrawing then wins what you lead.")
    if not lead:  # ties alone: no "lead nothing (tied in ...)"
        return msg(
            "You would lead nothing, only tie in {tie}; a tie wins nothing.",
            tie=listing([CATEGORY[c] for c in tie]),
        )
    led = listing([CATEGORY[c] for c in lead])
    if tie:
        return msg(
            "You would lead {lead} (tied in {tie}); withdrawing then wins what you lead.",
            lead=led,
            tie=listing([CATEGORY[c] for c in tie]),
        )
    return msg("You would lead {lead}; withdrawing then wins what you lead.", lead=led)


def command_words(command: Command) -> Msg | str:
    move = command.get("move")
    if move == "play":
        return msg("play {cards}", cards=cards_words(command["cards"]))
    if move == "withdraw":
        return msg("withdraw")
    if move == "build":
        return msg("build in {city}", city=place(command["city"]))
    if move == "pick":
        return msg("take {cards}", cards=cards_words(command["cards"]))
    return str(move)
