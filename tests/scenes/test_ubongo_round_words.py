"""What a person trips on at the Ubongo table, round two (issue 44), driven by game.automation:
a solve too late for gems is said on the gem board and on the round's sheet; an empty row is
open but not lit as worth taking, and taking it says nothing was taken; a dim row's number and
tip say why it is dim; the round's sheet stands over the round that ended, not the next one;
the header's sign and mode word are explained in words."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.automation import Session
from game.scenes.ubongo import layout as L
from game.scenes.ubongo.table import SAY
from game.ui import text, theme
from tests.scenes.ubongo_player import empty_row_match, open_match, solution, too_late


class Blits:
    """Every text drawn (as given, untranslated: English in these tests), with its ink and rect."""

    def __init__(self, monkeypatch):
        self.drawn: list[tuple[str, tuple, pygame.Rect]] = []
        real = text.blit

        def spy(surface, words, pos, size=20, color=theme.TEXT, *args: Any, **kwargs: Any) -> pygame.Rect:
            rect = real(surface, words, pos, size, color, *args, **kwargs)
            self.drawn.append((str(words), tuple(color), pygame.Rect(rect)))
            return rect

        monkeypatch.setattr(text, "blit", spy)

    def frame(self, s: Session) -> list[tuple[str, tuple, pygame.Rect]]:
        """What one frame of the whole app draws."""
        self.drawn.clear()
        s.app.draw()
        return list(self.drawn)

    def inside(self, s: Session, box: pygame.Rect) -> list[str]:
        return [w for w, _, r in self.frame(s) if box.contains(r)]


# -- 7: solved, but too late for gems -------------------------------------------------------


def test_too_late_the_gem_board_says_so_before_the_sheet_which_says_it_in_words(monkeypatch):
    blits = Blits(monkeypatch)
    s = too_late()
    table = s.table
    assert any(e["type"] == "too_late" and 0 in e["seats"] for e in s.log)
    # the sand ran out: the table says so on the gem board first, the sheet waits a moment
    assert s.scene == "ubongo" and table.late > 0 and table.sheet_waiting is not None
    assert table.gem_board_shown() and table.v["status"][0] == "late"
    frame = blits.frame(s)
    banner = [(w, ink) for w, ink, r in frame if L.GEM_ROWS_RECT.contains(r)]
    assert ("Too late for gems", theme.DANGER) in banner
    assert ("Too late for gems this round", theme.DANGER) in [
        (w, ink) for w, ink, r in frame if L.HEADER.contains(r)
    ]
    assert table.bar()[:1] == ("Too late for gems",) and table.bar()[2] == "refused"
    s.idle()  # the moment passes by itself
    assert s.scene == "ubongo-round"
    box = s.app.top.box
    rows = [(w, ink, r) for w, ink, r in blits.frame(s) if box.contains(r)]  # the sheet's, not the table's
    late = [(w, ink) for w, ink, _ in rows if w in ("too late for gems", "nothing: too late")]
    assert ("too late for gems", theme.DANGER) in late and ("nothing: too late", theme.MUTED) in late
    solved = [ink for w, ink, _ in rows if w.startswith("Ubongo! ") and "·" not in w]  # not the corner's
    assert len(solved) == 2 and solved.count(theme.GOOD) == 1  # the bot's in time; Asha's not green


def test_a_key_or_a_click_during_the_too_late_moment_brings_the_sheet_at_once():
    for press in ("key", "click"):
        s = too_late()
        assert s.scene == "ubongo" and s.table.late
        if press == "key":
            s.key("space")
        else:
            s.click(L.PLAY.center)
        s.tick(1)
        assert s.scene == "ubongo-round", press


# -- 8: an empty row, and rows that cannot be taken -----------------------------------------


def solved_beside_an_empty_row() -> Session:
    """Asha solves first (3 rows) with her pawn on row 1, which is empty."""
    s = open_match(empty_row_match())
    s.idle()
    s.perform(0, solution(s, 0))
    s.idle()
    assert s.view(0)["status"][0] == "solved" and s.view(0)["allowance"] == 3
    return s


def test_an_empty_row_in_reach_may_be_taken_but_is_not_lit_and_taking_it_says_nothing_was(monkeypatch):
    blits = Blits(monkeypatch)
    s = solved_beside_an_empty_row()
    table = s.table
    assert table.rows_open() == [0, 1, 2, 3]  # the rules let a pawn stop on an empty row
    empty = s.target("row.0")
    assert empty.enabled and empty.tip == "Row 1 is empty: your pawn may stop there, but takes nothing"
    assert s.target("row.1").tip == ""
    table.render.layer.surface = None  # the gem rows painted again, in this frame
    frame = blits.frame(s)
    assert "empty: no gems left" in [w for w, _, r in frame if L.row_rect(0).contains(r)]
    screen = s.app.screen
    pointer = lambda row: tuple(screen.get_at((L.row_rect(row).x - 10, L.row_rect(row).centery)))[:3]  # noqa: E731
    assert pointer(1) == theme.GOOD and pointer(0) != theme.GOOD  # the pointer only beside rows with gems
    edge = lambda row: tuple(screen.get_at((L.row_rect(row).centerx, L.row_rect(row).y + 1)))[:3]  # noqa: E731
    assert edge(1) == theme.GOOD and edge(0) != theme.GOOD
    s.perform(0, {"move": "pawn", "row": 0})
    (took,) = [e for e in s.log if e["type"] == "gems" and e["seat"] == 0 and e["row"] == 0][-1:]
    assert took["gems"] == []
    header = " | ".join(blits.inside(s, L.HEADER))
    assert "You took nothing: row 1 was empty" in header and "Your gems are taken" not in header
    assert table.bar()[0] == "You took nothing: the row was empty"


def test_a_dim_rows_number_or_click_says_why_as_its_tip_does_on_hover():
    s = solved_beside_an_empty_row()
    table = s.table
    why = "Out of reach: your pawn may move up to 3 rows"
    s.move(s.target("row.5").centre)
    tipped = table.tipped()
    assert tipped is not None and tipped.id == "row.5" and tipped.tip == why
    s.move((L.SIDE.centerx, L.SIDE.bottom - 20))
    usual = table.bar()
    moves = lambda: [e for e in s.log if e["type"] == "pawn"]  # noqa: E731
    before = moves()
    s.key("6")
    assert moves() == before  # nothing played
    assert table.bar() == (usual[0], why, "refused")
    s.tick(SAY)
    assert table.bar() == usual  # said for a while, then the usual words again
    s.click(s.target("row.4").centre)
    assert table.bar()[1:] == (why, "refused") and moves() == before
    s.perform(0, {"move": "pawn", "row": 2})
    s.key("4")
    assert table.bar()[1:] == ("You have taken your gems this round", "refused")


# -- 9: the sheet over the round that ended --------------------------------------------------


def test_under_the_round_sheet_the_table_shows_the_round_that_ended_and_the_next_comes_after(monkeypatch):
    blits = Blits(monkeypatch)
    setup = {"pawns": [2, 2]}
    s = Session.open("ubongo", ["human", "easy"], seed=4, options={"first": 0}, setup=setup)
    s.idle()
    s.perform(0, solution(s, 0))
    s.perform(0, {"move": "pawn", "row": 2})
    for _ in range(6000):
        if s.scene == "ubongo-round":
            break
        s.tick(1)
    assert s.scene == "ubongo-round"
    table = s.table
    live = table.window.view()
    assert live["round"] == 2  # the match has rolled round 2's die
    assert table.v["round"] == 1 and table.v["phase"] == "solve" and not table.intro
    header = blits.inside(s, L.HEADER)
    assert "Round 1 of 9" in header and "Round 2 of 9" not in header
    assert table.bar()[0] == "The round is over"
    end = [e for e in s.log if e["type"] == "round_end"][0]
    solved = end["ticks"][0]
    assert solved is not None and table.clock_at(0) >= solved  # the hourglass as the round ended
    s.tick(30)
    assert table.v["round"] == 1 and not table.intro  # still: nothing of round 2 under the sheet
    boards: list[int] = []
    monkeypatch.setattr(table.render, "silhouette", lambda surface, seat, box: boards.append(seat))
    s.click("continue")
    assert s.scene == "ubongo" and table.v["round"] == 2 and table.intro > 0  # now its die rolls
    assert "Round 2 of 9" in blits.inside(s, L.HEADER)
    assert boards == []  # the players' boards lie face down while it rolls
    s.idle()
    assert not table.intro and table.solving()
    blits.frame(s)
    assert sorted(set(boards)) == [0, 1]


# -- 10: the header's sign and mode word ------------------------------------------------------


@pytest.mark.parametrize(
    ("seats", "options", "name", "gloss", "tip"),
    [
        (["human", "medium"], {}, "Race", "everyone at once", "Everyone solves at the same time"),
        (["human", "human"], {}, "Pass and play", "one screen, in turn", "Each person solves in turn"),
        (["human"], {"mode": "solo"}, "Solo", "against the clock", "Nine puzzles, alone"),
    ],
)
def test_the_header_says_what_the_mode_means_and_its_tips_explain_it(
    monkeypatch, seats, options, name, gloss, tip
):
    blits = Blits(monkeypatch)
    pawns = [2] * len(seats)
    s = Session.open("ubongo", seats, seed=3, options={"first": 0, **options}, setup={"pawns": pawns})
    s.idle()
    if s.scene == "handoff":
        s.click(s.app.top.proceed)
        s.idle()
    table = s.table
    header = blits.inside(s, L.HEADER)
    assert name in header and gloss in header
    s.move(s.target("header.mode").centre)
    tipped = table.tipped()
    assert tipped is not None and tipped.id == "header.mode" and str(tipped.tip).startswith(tip)
    s.move(s.target("header.sign").centre)  # while solving, the die
    tipped = table.tipped()
    assert tipped is not None and tipped.id == "header.sign"
    face = s.view(0)["face"]
    assert f"row {face + 1} of every board gives this round's pieces" in str(tipped.tip)


def test_on_the_gem_board_the_sign_and_mode_word_are_reached_by_keys_and_explained():
    s = Session.open("ubongo", ["human", "medium"], seed=3, options={"first": 0}, setup={"pawns": [2, 2]})
    s.idle()
    s.perform(0, solution(s, 0))
    s.idle()
    table = s.table
    assert table.gem_board_shown() and table.rows_open()
    s.move((L.SIDE.centerx, L.SIDE.bottom - 20))  # the pointer on nothing: the keys alone
    seen = set()
    for _ in range(12):
        s.key("tab")
        seen.add(table.focus)
        if table.focus == "header.sign":
            tipped = table.tipped()
            assert tipped is not None and tipped.tip.startswith("The gem board: a pawn takes the two gems")
    assert {"header.sign", "header.mode"} <= seen
