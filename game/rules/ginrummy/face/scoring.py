"""Knock defaults and the score of a hand: pure functions over card codes and masks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.core.i18n import Msg, msg
from game.rules.ginrummy.face.cards import BIT, DECK, cards_of, mask_of, value_of_mask
from game.rules.ginrummy.face.melds import arrangements_mask, best_layoffs_mask, deadwood_mask

Melds = tuple[tuple[str, ...], ...]


def knocker_default(hand: int, defender: int) -> tuple[int, ...]:
    """The knocker's melds: least deadwood, and among those the one leaving the defender
    the least to lay off (the defender's best deadwood against it is highest)."""
    options = arrangements_mask(hand)
    if len(options) == 1:
        return options[0]
    return max(options, key=lambda melds: best_layoffs_mask(defender, list(melds))[0])


def defender_default(
    hand: int, knocker_melds: list[int], gin: bool
) -> tuple[tuple[int, ...], list[tuple[int, int]]]:
    """The defender's melds and layoffs that leave the least deadwood (no layoffs against gin)."""
    if gin:
        return arrangements_mask(hand)[0], []
    _, layoffs = best_layoffs_mask(hand, knocker_melds)
    laid = 0
    for bit, _k in layoffs:
        laid |= bit
    return arrangements_mask(hand & ~laid)[0], layoffs


def to_codes(melds) -> Melds:
    return tuple(tuple(cards_of(m)) for m in melds)


def layoffs_to_codes(layoffs: list[tuple[int, int]]) -> tuple[tuple[str, int], ...]:
    return tuple((DECK[b.bit_length() - 1], k) for b, k in layoffs)


def leftover(hand: tuple[str, ...], melds: Melds, laid: tuple[str, ...] = ()) -> list[str]:
    """Cards of a hand in no meld and not laid off: the deadwood cards."""
    used = mask_of(c for m in melds for c in m) | mask_of(laid)
    return [c for c in hand if not BIT[c] & used]


def deadwood_of(hand: tuple[str, ...], melds: Melds, laid: tuple[str, ...] = ()) -> int:
    return value_of_mask(mask_of(leftover(hand, melds, laid)))


def extended_melds(melds: Melds, layoffs: tuple[tuple[str, int], ...]) -> list[list[str]]:
    """The knocker's melds with the defender's layoffs added, each in card order."""
    out = [list(m) for m in melds]
    for card, k in layoffs:
        out[k].append(card)
    return [cards_of(mask_of(m)) for m in out]


def score(knocker: int, knocker_dw: int, defender_dw: int, gin: bool, gin_bonus: int, undercut: int) -> dict:
    """Who scores how much, and the sentence that explains it ({0}/{1} are the seat names)."""
    defender = 1 - knocker
    k, d = f"{{{knocker}}}", f"{{{defender}}}"
    if gin:
        points = defender_dw + gin_bonus
        text = (
            f"{k} went gin, {d} had {defender_dw}: "
            f"{k} scores {defender_dw} + {gin_bonus} gin bonus = {points}"
        )
        return {"kind": "gin", "winner": knocker, "points": points, "template": text}
    if knocker_dw < defender_dw:
        points = defender_dw - knocker_dw
        text = f"{k} knocked with {knocker_dw}, {d} had {defender_dw}: {k} scores {points}"
        return {"kind": "knock", "winner": knocker, "points": points, "template": text}
    points = knocker_dw - defender_dw + undercut
    text = (
        f"{k} knocked with {knocker_dw}, {d} had {defender_dw}: undercut, "
        f"{d} scores {knocker_dw - defender_dw} + {undercut} bonus = {points}"
    )
    return {"kind": "undercut", "winner": defender, "points": points, "template": text}


def knock_deadwood(hand: list[str], card: str) -> int:
    """Deadwood left after discarding `card` from an 11-card hand."""
    return deadwood_mask(mask_of(hand) & ~BIT[card])


def can_knock(hand: list[str], card: str) -> bool:
    return card in hand and knock_deadwood(hand, card) <= 10


def explain(hand: dict[str, Any], names: Sequence[str]) -> Msg:
    """The sentence of a scored (or dead) hand, in words the screen can translate: the
    `template` of a hand's record said with the seat names. `hand` is a `hand_scored` or
    `hand_dead` event, a line of the view's history, or `score`'s result with `knocker` and
    `deadwood` added."""
    kind = hand.get("kind", "dead")
    if kind == "dead":
        # a record of the history keeps no dealer: its template names them ("{0} deals again")
        dealer = hand["next_dealer"] if "next_dealer" in hand else int("{1}" in hand["template"])
        return msg(
            "The stock ran down to 2 cards: dead hand, no score; {dealer} deals again", dealer=names[dealer]
        )
    knocker = hand["knocker"]
    defender = 1 - knocker
    kd, dd = hand["deadwood"][knocker], hand["deadwood"][defender]
    points = hand["points"]
    k, d = names[knocker], names[defender]
    if kind == "gin":
        return msg(
            "{knocker} went gin, {defender} had {dd}: {knocker} scores {dd} + {bonus} gin bonus = {points}",
            knocker=k,
            defender=d,
            dd=dd,
            bonus=points - dd,
            points=points,
        )
    if kind == "knock":
        return msg(
            "{knocker} knocked with {kd}, {defender} had {dd}: {knocker} scores {points}",
            knocker=k,
            defender=d,
            kd=kd,
            dd=dd,
            points=points,
        )
    return msg(
        "{knocker} knocked with {kd}, {defender} had {dd}: undercut, "
        "{defender} scores {diff} + {bonus} bonus = {points}",
        knocker=k,
        defender=d,
        kd=kd,
        dd=dd,
        diff=kd - dd,
        bonus=points - (kd - dd),
        points=points,
    )
