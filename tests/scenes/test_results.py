"""The result sheet (issue 34): one frame in game/scenes/results.py, each game filling only its
columns, cells and extra lines. Every game's sheet, at the end of a match played by bots and
drawn in English and in Japanese, holds each player's name and score in that player's row, a
star in each winner's row and in no other, and keeps every text inside the table and clear of
the others."""

from __future__ import annotations

import inspect

import pygame
import pytest

from game.automation import Session
from game.core import i18n, registry
from game.rules.ubongo.face.constants import COLOURS, key
from game.scenes import results
from game.scenes.jaipur.sheets import JaipurResult
from game.scenes.results import Results
from game.scenes.tajmahal.sheets import TajMahalResult
from game.scenes.ubongo.sheets import Standings
from game.ui import text
from tests.scenes.label_fit import JAPANESE

# every registered game, at its most players: the tightest sheet
GAMES = {game: ["easy"] * registry.face(game).max_seats for game in registry.games()}

OPTIONS = {"ginrummy": {"target": 50}}  # the shorter of Gin Rummy's matches
SEEDS = {"ginrummy": 4}  # a short one


def finished(game: str) -> Session:
    """A match of bots played to its result sheet (closing the score sheets on the way)."""
    seats = GAMES[game]
    s = Session.open(game, seats=seats, seed=SEEDS.get(game, 1), options=OPTIONS.get(game))
    for _step in range(400):
        s.idle()
        if s.scene == "results":
            return s
        wanted = s.attention()
        if wanted and wanted.get("target"):
            s.click(wanted["target"])
    raise AssertionError(f"{game} did not end: {s.scene}")


class Seen:
    """What one frame of the screen drew: each text with the rect of its letters, each star's
    centre."""

    def __init__(self, monkeypatch):
        self.texts: list[tuple[pygame.Rect, str]] = []
        self.stars: list[tuple[int, int]] = []
        self.recording = False
        blit, star = text.blit, results.star

        def recording_blit(surface, words, pos, *args, **kwargs) -> pygame.Rect:
            rect = blit(surface, words, pos, *args, **kwargs)
            if not self.recording:  # the match on its way to the sheet
                return rect
            # where the letters are (a Japanese font's line is much taller than its letters)
            a = inspect.signature(blit).bind(surface, words, pos, *args, **kwargs)
            a.apply_defaults()
            draw = text.verbatim if a.arguments["as_is"] else text.render
            image = draw(words, a.arguments["size"], a.arguments["color"], a.arguments["face"])
            self.texts.append((image.get_bounding_rect().move(rect.topleft), i18n.tr(words)))
            return rect

        def recording_star(surface, centre, r, colour) -> None:
            star(surface, centre, r, colour)
            if self.recording:
                self.stars.append(centre)

        monkeypatch.setattr(text, "blit", recording_blit)
        monkeypatch.setattr(results, "star", recording_star)

    def frame(self, session: Session) -> None:
        self.texts.clear()
        self.stars.clear()
        self.recording = True
        session.app.draw()
        self.recording = False

    def within(self, rect: pygame.Rect) -> list[tuple[pygame.Rect, str]]:
        return [(r, words) for r, words in self.texts if rect.collidepoint(r.center)]


def shown(value: float) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def expected_score(screen: Results, seat: int) -> str:
    """What decides each game, worked out here from the outcome, not from the screen's hooks."""
    outcome = screen.outcome
    assert outcome is not None
    if isinstance(screen, Standings):  # the gems of each colour, largest first
        held = outcome.details["gems"][seat]
        return " · ".join(str(n) for n in key(tuple(held.get(c, 0) for c in COLOURS)) if n)
    return shown(outcome.scores[seat])


def jaipur_own(screen: Results, seen: Seen) -> None:
    """The seals are the score; every round's totals in a line under the table."""
    assert [c.heading for c in screen.columns()] == ["Seals"]
    drawn = [words for _rect, words in seen.texts]
    for sheet in screen.outcome.details["sheets"][-5:]:
        assert any(line.startswith(f"Round {sheet['round']}:") for line in drawn), drawn
    w = screen.outcome.winners[0]
    seals = f"{screen.window.names[w]} wins the match, {shown(screen.outcome.scores[w])} seals to"
    assert any(line.startswith(seals) for line in drawn), drawn


def taj_mahal_own(screen: Results, seen: Seen) -> None:
    """Best first (score, then palaces), with each player's hand bonus and palaces."""
    outcome, at = screen.outcome, screen.layout()
    palaces = outcome.details["palaces"]
    order = screen.order()
    ranks = [(outcome.scores[i], palaces[i]) for i in order]
    assert ranks == sorted(ranks, reverse=True)
    assert [seat for seat, _row in sorted(at.rows.items(), key=lambda r: r[1].y)] == order
    for seat, row in at.rows.items():
        in_row = [words for _rect, words in seen.within(row)]
        assert f"+{screen.hand_points()[seat]}" in in_row and str(palaces[seat]) in in_row, in_row
    drawn = [words for _rect, words in seen.texts]
    assert {"Hand bonus", "Palaces", "Score"} <= set(drawn)
    assert any(line.startswith("Hand bonus: 1 per white") for line in drawn)


def ubongo_own(screen: Results, seen: Seen) -> None:
    """Ranked by the tie-break, with a count beside each colour's gem and the rounds solved."""
    held, at = screen.outcome.details["gems"], screen.layout()
    order = screen.order()
    keys = [key(tuple(held[i].get(c, 0) for c in COLOURS)) for i in order]
    assert keys == sorted(keys, reverse=True)
    assert [seat for seat, _row in sorted(at.rows.items(), key=lambda r: r[1].y)] == order
    for seat, row in at.rows.items():
        in_row = [words for _rect, words in seen.within(row)]
        counts = [str(held[seat].get(c, 0) or "–") for c in COLOURS]
        assert [words for _rect, words in seen.within(screen.cell_rects(row)[0])] == counts, in_row
        assert f"solved {screen.outcome.details['solved'][seat]} of 9" in in_row
    drawn = [words for _rect, words in seen.texts]
    assert {"gems of each colour", "largest colours, in order"} <= set(drawn)
    assert any(line.startswith("Most gems of one colour wins;") for line in drawn)


def common_own(screen: Results, seen: Seen) -> None:
    """The common sheet: seats in order, person or bot under each name, a Score column."""
    assert [c.heading for c in screen.columns()] == ["Score"]
    assert screen.order() == [0, 1]
    for seat, row in screen.layout().rows.items():
        kind = "bot · easy" if screen.window.players[seat].is_bot else "person"
        assert kind in [words for _rect, words in seen.within(row)]


# each sheet's own part, by the sheet a game's table declares (not by game): a game on the
# common sheet is checked as such; a new sheet of its own has no check here yet and says so
OWN = {Results: common_own, JaipurResult: jaipur_own, TajMahalResult: taj_mahal_own, Standings: ubongo_own}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_sheet_names_each_player_with_their_score_and_stars_the_winners(game, monkeypatch):
    seen = Seen(monkeypatch)
    s = finished(game)
    try:
        screen = s.app.top
        assert isinstance(screen, Results)  # the common sheet, or the game's own made from it
        outcome, names = screen.outcome, screen.window.names
        assert outcome is not None and outcome.winners
        for language in ("en", "ja"):
            assert i18n.set_language(language) is None
            seen.frame(s)
            at = screen.layout()
            assert sorted(at.rows) == list(range(len(names)))
            drawn = [words for _rect, words in seen.texts]
            assert any(names[w] in line for line in drawn for w in outcome.winners), drawn  # the headline
            for seat, row in at.rows.items():
                in_row = [words for _rect, words in seen.within(row)]
                assert i18n.tr(names[seat]) in in_row, (language, seat, in_row)
                assert expected_score(screen, seat) in in_row, (language, seat, in_row)
            starred = sorted(seat for seat, row in at.rows.items() for c in seen.stars if row.collidepoint(c))
            assert starred == sorted(outcome.winners) and len(seen.stars) == len(outcome.winners)
            # legible: every text of the table inside it, none over another, all above the buttons
            table = seen.within(at.table)
            assert all(at.table.contains(rect) for rect, _words in table), table
            for k, (a, words_a) in enumerate(table):
                for b, words_b in table[k + 1 :]:
                    assert not a.colliderect(b), (language, words_a, words_b)
            bottom = max(rect.bottom for rect, _words in seen.texts if 92 < rect.y < 600)
            assert bottom <= 600, (language, bottom)
            if language == "ja":  # the headings in Japanese too
                headings = [i18n.tr(c.heading) for c in screen.columns() if c.heading]
                assert headings and all(JAPANESE.search(h) for h in headings), headings
                assert set(headings) <= set(drawn)
        assert i18n.set_language("en") is None
        seen.frame(s)
        assert type(screen) in OWN, f"{game}'s sheet {type(screen).__name__} has no check of its own part"
        OWN[type(screen)](screen, seen)
    finally:
        i18n.set_language("en")
        s.close()


def test_each_game_keeps_only_its_own_part_of_the_sheet():
    """No game draws the frame again: each fills hooks of the common sheet."""
    for kind in [k for k in OWN if k is not Results]:
        assert "draw" not in vars(kind) and "draw_table" not in vars(kind), kind
        assert "columns" in vars(kind) and "extra_lines" in vars(kind), kind


def test_rematch_opens_the_same_players_and_options_anew():
    s = finished("jaipur")
    before = s.table.match_id
    players = list(s.table.window.players)
    s.click("rematch")
    table = s.table
    assert table.match_id != before and table.window.players == players
    assert not table.window.finished and s.match.moves <= 2
