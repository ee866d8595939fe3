"""What one seat may know: its own hand, the public pile and actions, and the reveal after a knock."""

from __future__ import annotations

from typing import Any

from game.rules.ginrummy.face import scoring
from game.rules.ginrummy.face.cards import BIT, VALUE, mask_of, sorted_cards
from game.rules.ginrummy.face.melds import best_melds, deadwood_mask
from game.rules.ginrummy.face.phases import DISCARD, DISCARDED, HAND_OVER, LAYOFF, MATCH_OVER, PASSED, TOOK
from game.rules.ginrummy.state import State, to_act

DEFAULT_NAMES = ("Seat 1", "Seat 2")


def known_in_hand(state: State, seat: int) -> list[str]:
    """Cards everyone knows `seat` holds: taken from the pile and not thrown away since."""
    known: list[str] = []
    for who, action, card in state.public:
        if who != seat:
            continue
        if action == TOOK:
            known.append(card)
        elif action == DISCARDED and card in known:
            known.remove(card)
    return sorted_cards(known)


def passed_by(state: State, seat: int) -> list[str]:
    return [card for who, action, card in state.public if who == seat and action == PASSED]


def reveal(state: State) -> dict[str, Any] | None:
    knock = state.knock
    if knock is None or state.phase not in (LAYOFF, HAND_OVER, MATCH_OVER):
        return None
    knocker, defender = knock.knocker, 1 - knock.knocker
    laid = tuple(c for c, _ in knock.layoffs)
    k_dead = scoring.leftover(state.hands[knocker], knock.melds)
    d_dead = scoring.leftover(state.hands[defender], knock.defender_melds, laid)
    return {
        "knocker": knocker,
        "gin": knock.gin,
        "card": knock.card,
        "hands": [sorted_cards(state.hands[0]), sorted_cards(state.hands[1])],
        "melds": [list(m) for m in knock.melds],
        "extended_melds": scoring.extended_melds(knock.melds, knock.layoffs),
        "knocker_deadwood_cards": sorted_cards(k_dead),
        "knocker_deadwood": sum(VALUE[c] for c in k_dead),
        "defender_melds": [list(m) for m in knock.defender_melds],
        "layoffs": [{"card": c, "meld": k} for c, k in knock.layoffs],
        "defender_deadwood_cards": sorted_cards(d_dead),
        "defender_deadwood": sum(VALUE[c] for c in d_dead),
    }


def history(state: State) -> list[dict[str, Any]]:
    return [
        {
            "number": r.number,
            "kind": r.kind,
            "knocker": r.knocker,
            "winner": r.winner,
            "points": r.points,
            "deadwood": list(r.deadwood),
            "totals": list(r.totals),
            "template": r.template,
            "text": r.template.format(*DEFAULT_NAMES),
        }
        for r in state.history
    ]


def view(state: State, seat: int | None) -> dict[str, Any]:
    own = state.hands[seat] if seat is not None else ()
    hand_mask = mask_of(own)
    out: dict[str, Any] = {
        "seat": seat,
        "to_act": sorted(to_act(state)),
        "phase": state.phase,
        "hand_number": state.hand_number,
        "dealer": state.dealer,
        "hand": sorted_cards(own),
        "discard": list(state.pile),
        "stock": len(state.stock),
        "hand_counts": [len(state.hands[0]), len(state.hands[1])],
        "opponent_hand": len(state.hands[1 - seat]) if seat is not None else 0,
        "scores": list(state.scores),
        "target": state.target,
        "undercut_bonus": state.undercut_bonus,
        "gin_bonus": state.gin_bonus,
        "taken": state.taken if seat == state.turn else None,
        "deadwood": deadwood_mask(hand_mask) if seat is not None else None,
        "public": [[who, action, card] for who, action, card in state.public],
        "known": [known_in_hand(state, 0), known_in_hand(state, 1)],
        "passed": [passed_by(state, 0), passed_by(state, 1)],
        "reveal": reveal(state),
        "history": history(state),
        "last_hand": history(state)[-1] if state.history and state.phase in (HAND_OVER, MATCH_OVER) else None,
    }
    if seat is not None and own:
        melds, dead = best_melds(own)
        out["melds"], out["deadwood_cards"] = melds, sorted_cards(dead)
    else:
        out["melds"], out["deadwood_cards"] = [], []
    if seat is not None and state.phase == DISCARD and seat == state.turn:
        # Deadwood after each possible discard: what a table shows beside the knock button.
        out["discard_deadwood"] = {c: deadwood_mask(hand_mask & ~BIT[c]) for c in sorted_cards(own)}
    else:
        out["discard_deadwood"] = {}
    return out
