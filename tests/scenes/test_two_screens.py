"""Two apps on loopback, as two friends (issue 55, items 16 and 17): what each screen says while
it waits on the other, and what both say about who is where. Driven through game.automation;
every wait is on the server's messages and bounded; nothing sleeps."""

from __future__ import annotations

from game.automation import Session
from game.core.face import Command
from game.rules.ginrummy.face.phases import HAND_OVER
from tests.scenes.test_network_ui import online, wait_until, with_guest

MOVES = 200  # a greedy hand of Gin Rummy knocks long before this


def greedy(s: Session, seat: int) -> Command:
    """Knock when the rules let it, else draw from the stock and throw the card that leaves the
    least deadwood: a hand that ends soon, by a knock."""
    legal = s.legal(seat)
    moves = {c["move"]: c for c in legal}
    if "knock" in moves:
        return moves["knock"]
    if "discard" in moves:
        left = s.view(seat)["discard_deadwood"]
        return min((c for c in legal if c["move"] == "discard"), key=lambda c: left.get(c["card"], 99))
    for move in ("pass", "done"):
        if move in moves:
            return moves[move]
    if "draw" in moves:
        return next(c for c in legal if c["move"] == "draw" and c["source"] == "stock")
    return legal[0]


def caught_up(s: Session, count: int) -> bool:
    return s.table.window.count >= count


def play_to_the_hands_end(screens: dict[int, Session]) -> None:
    """Each seat plays at its own screen until the hand is over; the other screen keeps up."""
    for _ in range(MOVES):
        ahead = max(screens.values(), key=lambda s: s.table.window.count)
        if ahead.table.v["phase"] == HAND_OVER:
            break
        seat = sorted(ahead.table.window.to_act)[0]
        s = screens[seat]
        count = ahead.table.window.count
        wait_until(s, lambda s=s, n=count: caught_up(s, n), "the screen that acts has the news")
        s.perform(seat, greedy(s, seat))
    else:
        raise AssertionError(f"the hand did not end in {MOVES} moves")
    count = max(s.table.window.count for s in screens.values())
    for s in screens.values():
        wait_until(s, lambda s=s: caught_up(s, count), "both screens at the hand's end")
        s.idle()


def bar(s: Session) -> tuple[str, str]:
    s.tick(1)
    title, detail, _mood = s.table.bar_shown(*s.table.bar())
    return str(title), str(detail)


def test_the_screen_that_does_not_deal_says_whom_it_waits_for_and_offers_no_key():
    """Item 16: after "Next hand · Bilal deals" the other screen said "deal the next hand
    (Enter)", with no button, Enter doing nothing, and nothing saying it waited for Bilal."""
    with with_guest("ginrummy", first_dealer=1) as (host, guest):
        screens = {0: host, 1: guest}
        wait_until(guest, lambda: online(guest, 0), "the host online")
        play_to_the_hands_end(screens)
        dealer = host.table.v["to_act"][0]
        dealer_name = host.table.window.names[dealer]
        other = screens[1 - dealer]
        title, detail = bar(other)
        assert title == "The hand is over"
        assert detail == f"See the score sheet (Enter); then {dealer_name} deals the next hand."
        other.key("return")  # Enter opens the score sheet, as the bar says
        assert other.scene == "ginrummy-sheet"
        other.key("return")  # and closes it
        assert other.scene == "ginrummy"
        title, detail = bar(other)
        assert detail == f"Waiting for {dealer_name} to deal the next hand."
        assert "(Enter)" not in title + detail and "deal the next hand (" not in detail
        visible = [b.tid for b in other.table.action_buttons if b.visible]
        assert visible == [], "nothing to press: the deal is the other screen's"
        count = other.table.window.count
        screens[dealer].perform(dealer, {"move": "next_hand"})
        wait_until(other, lambda: caught_up(other, count + 1), "the next hand dealt")
        assert "Waiting for" not in bar(other)[1]
