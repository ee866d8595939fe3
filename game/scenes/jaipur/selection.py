"""What a selection of cards on the Jaipur table means: the one command it makes, or why not.

`classify(view, market_sel, hand_sel, herd_sel)` -> (command or None, label, reason). The
table calls it as the player clicks cards, shows the label on the confirm button and the
reason when the selection is not a move. The check is the rules' own: the face's why_not
(rules/jaipur/checks.py, which decide runs too).
"""

from __future__ import annotations

from game.core.face import Command, View
from game.core.i18n import msg, msg_n
from game.rules.jaipur.face import FACE
from game.rules.jaipur.face.cards import CAMEL, bonus_for
from game.rules.jaipur.face.words import count, name


def _herd(herd_sel: int | list[str]) -> int:
    return herd_sel if isinstance(herd_sel, int) else len(herd_sel)


def classify(
    view: View, market_sel: list[str], hand_sel: list[str], herd_sel: int | list[str] = 0
) -> tuple[Command | None, str, str]:
    herd_n = _herd(herd_sel)
    if not market_sel and not hand_sel and not herd_n:
        return None, "", msg("Select cards in the market or your hand")
    command: Command
    if market_sel and not hand_sel and not herd_n:
        camels = market_sel.count(CAMEL)
        if camels and camels < len(market_sel):
            return None, "", msg("Take camels or goods, not both")
        if camels:
            n = view["market"].count(CAMEL)
            command, label = {"move": "camels"}, msg_n("Take {n} camel", "Take {n} camels", n)
        elif len(market_sel) == 1:
            command, label = (
                {"move": "take", "good": market_sel[0]},
                msg("Take {good}", good=name(market_sel[0])),
            )
        else:
            n = len(market_sel)
            return None, "", msg("Give back {n} cards from your hand or herd for {n}", n=n)
    elif hand_sel and not market_sel and not herd_n:
        good = hand_sel[0]
        if any(card != good for card in hand_sel):
            return None, "", msg("Sell one kind of good at a time")
        n = len(hand_sel)
        command = {"move": "sell", "good": good, "count": n}
        size = bonus_for(n)
        bonus = size is not None and view["bonus"][str(size)] > 0
        if bonus:
            label = msg("Sell {goods} + bonus", goods=count(good, n))
        else:
            label = msg("Sell {goods}", goods=count(good, n))
    elif not market_sel:
        return None, "", msg("Select market cards to exchange for")
    else:
        give = [*hand_sel, *[CAMEL] * herd_n]
        command = {"move": "exchange", "take": list(market_sel), "give": give}
        label = msg("Exchange {give} for {take}", give=len(give), take=len(market_sel))
        if len(market_sel) == 1 and CAMEL not in market_sel:  # the rules' own reason is terse
            n = len(give)
            if n == 1:
                return None, label, msg("One card for one is no exchange: take 2 or more, give as many")
            return (
                None,
                label,
                msg("Give back as many as you take: select {n} market cards for your {n}", n=n),
            )
    if view["seat"] not in view["to_act"]:
        return None, label, msg("It is not your turn")
    refused = FACE.why_not(view, view["seat"], command)
    if refused is not None:
        return None, label, refused.reason
    return command, label, ""
