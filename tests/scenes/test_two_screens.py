"""Two apps on loopback, as two friends (issue 55, items 16 and 17): what each screen says while
it waits on the other, and what both say about who is where. Driven through game.automation;
every wait is on the server's messages and bounded; nothing sleeps."""

from __future__ import annotations

import pygame

from game.automation import Session
from game.core.face import Command
from game.rules.ginrummy.face.phases import HAND_OVER
from game.scenes.presence import AWAY, HERE, LEFT, UNKNOWN, state_words
from tests.scenes.label_fit import Overflow
from tests.scenes.test_network_ui import badge, online, wait_until, with_guest

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


# -- item 17: one answer for who is where -------------------------------------------------------
def sheet_words(s: Session, monkeypatch) -> tuple[list[str], list[str]]:
    """The connection sheet opened from the badge: each seat's state, and what it draws that
    does not lie within its dialog."""
    s.click("connection")
    assert s.scene == "connection"
    sheet = s.app.top
    drawn = Overflow(monkeypatch)
    sheet.draw(pygame.Surface((1280, 720)))
    outside = [words for rect, words in drawn.drawn if not sheet.box.contains(rect)]
    monkeypatch.undo()
    return sheet.states(), outside


def test_with_the_host_gone_the_guest_says_nothing_stale_and_the_sheet_wraps_why(monkeypatch):
    """With the host killed the guest showed Asha's green "Online" dot and "Asha is playing…",
    and the sheet's "Reconnecting… Nothing answers at 127.0.0.1:8765…" ran off the screen."""
    with with_guest("jaipur", first=0) as (host, guest):
        wait_until(guest, lambda: online(guest, 0), "the host online")
        host.app.hosting.stop()  # the host's server is gone: the guest's link drops
        link = guest.table.connection
        wait_until(guest, lambda: link.status != "online" and "Nothing answers" in link.problem, "why")
        title, detail = bar(guest)
        assert title == "Reconnecting…" and "Asha" not in title + detail
        assert "once the link is back" in detail
        label = badge(guest)
        assert "Reconnecting…" in label and "Online" not in label and "Asha" not in label
        states, outside = sheet_words(guest, monkeypatch)
        assert states == [UNKNOWN, HERE], "the last presence heard is stale: Asha is not known"
        assert outside == [], "every word of the sheet lies within its dialog"
        assert state_words(guest.table.window, 0, UNKNOWN) != "Online"


def test_a_guest_who_saved_and_left_is_said_to_have_left_by_the_badge_and_the_sheet_alike(monkeypatch):
    """After the guest's Save and leave the host's badge said "Bilal is reconnecting…" while
    the connection sheet said "left the table"."""
    with with_guest("jaipur", first=0) as (host, guest):
        guest.key("escape")
        guest.click("save-and-leave")
        assert guest.scene == "menu"
        wait_until(host, lambda: not online(host, 1), "the host hears Bilal left")
        label = badge(host)
        assert "Bilal left the table" in label and "reconnecting" not in label
        states, outside = sheet_words(host, monkeypatch)
        assert states == [HERE, LEFT] and outside == []
        assert state_words(host.table.window, 1, LEFT) == "Away: left the table"


def test_after_the_host_starts_again_a_seat_joined_before_is_not_waited_for_to_join(monkeypatch):
    """After a host restart the badge said "Waiting for Bilal to join", though Bilal had
    joined long before (the restarted host shows no invite for that seat: it is spent)."""
    host, invites = Session.host("jaipur", ["human", "online"], seed=3, options={"first": 0})
    try:
        guest = Session.join(invites[1])
        guest.tick(1)
        wait_until(host, lambda: online(host, 1), "the guest online")
        guest.close()
        wait_until(host, lambda: not online(host, 1), "the guest gone")
    finally:
        host.close()
        host.app.hosting.stop()
    again = Session.resume()  # the host's app started again: the match is hosted again
    try:
        assert again.table.connection is not None and again.table.invites == {}
        label = badge(again)
        assert "Waiting for Bilal to join" not in label and "Bilal" in label
        states, _outside = sheet_words(again, monkeypatch)
        assert states[1] in (AWAY, LEFT)
    finally:
        again.close()
        again.app.hosting.stop()
