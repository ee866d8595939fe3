"""Seats taken at other computers (issue 55, item 19): rows that tell two seats of one game
apart; a seat the host no longer knows says what to do next and leaves the list; Continue leads
back to a joined match when no match is saved here."""

from __future__ import annotations

from pathlib import Path

from game.automation import Session
from game.core import paths
from game.net import tickets
from game.scenes.join import ADVICE, JoinScreen
from game.ui import text
from tests.net.support import LOOPBACK, serving


def remember(port: int, match: int, token: str = "token") -> None:
    ticket = tickets.Ticket(
        f"ws://{LOOPBACK}:{port}/", token, "jaipur", match, (1,), ("Asha", "Bilal"), "2026-11-20T10:00:00"
    )
    tickets.remember(paths.data_dir(), ticket)


def test_continue_leads_to_the_seats_at_other_computers_when_nothing_is_saved_here():
    remember(8765, 12)
    s = Session.menu()
    try:
        s.app.top.enter()
        s.idle()
        assert s.app.top.continue_button.enabled and s.app.top.continue_button.label == "Continue (1)"
        s.click("continue")
        assert isinstance(s.app.top, JoinScreen) and len(s.app.top.tickets) == 1
    finally:
        s.close()


def test_two_seats_of_one_game_read_apart_by_their_match_and_host(monkeypatch):
    remember(8765, 12)
    remember(8765, 13, token="other")
    s = Session.menu()
    try:
        s.click("join")
        drawn: list[str] = []
        render = text._render
        monkeypatch.setattr(text, "_render", lambda words, *a: (drawn.append(words), render(words, *a))[1])
        s.app.draw()
        rows = [line for line in drawn if line.startswith("match ")]
        assert any("match 12 at 127.0.0.1:8765" in r for r in rows) and any("match 13" in r for r in rows), (
            drawn
        )
    finally:
        s.close()


def test_a_seat_the_host_no_longer_knows_says_what_to_do_and_leaves_the_list(tmp_path: Path):
    with serving(tmp_path) as (_, _, address):
        remember(address[1], 99, token="nobody-knows-this")
        s = Session.menu()
        try:
            s.click("join")
            screen = s.app.top
            assert len(screen.tickets) == 1
            s.click("rejoin.0")
            assert screen.attempt is not None
            screen.attempt.future.exception(timeout=60)  # the host answered, off the frame (a bound)
            s.tick(1)  # the frame takes the answer
            assert screen.attempt is None
            headline, reason, advice = screen.problem
            assert "no longer knows this seat" in reason and advice == ADVICE["bad-token"]
            assert screen.tickets == [] and screen.remembered == []
        finally:
            s.close()
