"""The Gin Rummy table after Continue keeps its context: the last moves in the log panel and the
"new" badge on the card just drawn (found again from the log, never another seat's card). A cut
log line read whole in a tooltip: test_ginrummy_automation's layoff test."""

from __future__ import annotations

import pygame
import pytest

from game.automation import Session
from game.scenes.ginrummy import art, prompts
from game.ui import tooltip
from game.ui.targets import Target

SHORT = {"target": 50}


@pytest.fixture
def tags(monkeypatch) -> list[tuple[str, str]]:
    """Every badge drawn over a card of the hand: (card under it, label)."""
    seen: list[tuple[str, str]] = []
    real = art.tag

    def spy(surface, rect, label, colour):
        seen.append((rect.topleft, label))
        real(surface, rect, label, colour)

    monkeypatch.setattr(art, "tag", spy)
    return seen


def to_my_discard(s: Session) -> str:
    """Moves until Asha (seat 0) has drawn from the stock and must discard; the card drawn."""
    for _ in range(20):
        s.idle()
        legal = s.legal(0) if 0 in s.waiting() else []
        if s.view(0)["phase"] == "discard" and legal:
            break
        move = next(c for c in legal if c["move"] in ("pass", "draw") and c.get("source", "stock") == "stock")
        s.perform(0, move)
    else:
        raise AssertionError("Asha never came to discard a card from the stock")
    drawn = [e for e in s.log if e["type"] == "drew" and e["seat"] == 0]
    return drawn[-1]["card"]


def badge_on(s: Session, tags: list, card: str) -> list[str]:
    tags.clear()
    s.app.draw()
    rect = s.table.card_rect(card)
    return [label for at, label in tags if at[0] == rect.x]


def test_continue_shows_the_last_moves_and_the_new_badge(tags):
    s = Session.open("ginrummy", seats=["human", "easy"], seed=5, options=SHORT)
    card = to_my_discard(s)
    assert s.table.fresh == card and badge_on(s, tags, card) == ["new"]
    log = list(s.table.log)
    s.close()

    again = Session.resume()
    table = again.table
    assert again.scene == "ginrummy" and table.viewer == 0
    assert table.log == log and table.log[-1] == "Asha draws from the stock"
    on_show = [full for full, _ in table.log_panel.shown(table.log)]
    assert len(on_show) >= 3 and on_show == log[-len(on_show) :]  # the newest lines whole
    assert table.fresh == card and badge_on(again, tags, card) == ["new"]
    again.perform(0, {"move": "discard", "card": card})
    assert again.table.fresh is None


def test_after_a_pass_and_play_continue_the_badge_waits_for_its_seat(tags):
    s = Session.open("ginrummy", seats=["human", "human"], seed=2, options=SHORT)
    for _ in range(2):  # both pass the first upcard
        s.idle()
        s.perform(s.waiting()[0], {"move": "pass"})
    s.idle()
    drawer = s.waiting()[0]
    s.perform(drawer, {"move": "draw", "source": "stock"})
    card = s.log[-1]["card"]
    s.close()

    again = Session.resume()
    assert again.table.viewer is None and again.table.fresh is None  # nothing hidden before the hand-off
    again.idle()
    assert again.scene == "handoff"
    again.click("ready")
    again.idle()
    assert again.table.viewer == drawer and again.table.fresh == card
    assert badge_on(again, tags, card) == ["new"]


def test_the_badge_is_only_ever_the_viewers_own_draw():
    deal = {"type": "deal", "number": 1, "dealer": 0, "deck": []}
    theirs = {"type": "drew", "seat": 1, "source": "stock", "card": "7H"}
    mine = {"type": "drew", "seat": 0, "source": "stock", "card": "2C"}
    thrown = {"type": "discarded", "seat": 0, "card": "9S"}
    hand = ["2C", "7H"]  # both in the hand given: what is checked is whose draws are read
    assert prompts.fresh_card([deal, mine], 0, hand) == "2C"
    assert prompts.fresh_card([deal, mine, theirs], 0, hand) == "2C"
    assert prompts.fresh_card([deal, mine, theirs], 1, hand) == "7H"
    assert prompts.fresh_card([deal, theirs], 0, hand) is None
    assert prompts.fresh_card([deal, mine, thrown], 0, hand) is None
    assert prompts.fresh_card([mine, deal], 0, hand) is None  # a new hand: nothing drawn yet
    assert prompts.fresh_card([deal, mine], None, hand) is None
    assert prompts.fresh_card([deal, mine], 0, ["7H"]) is None  # no longer in the hand


def test_a_tooltip_draws_card_codes_as_rank_and_suit_when_asked():
    """Gin's cut log lines name cards ("7H"): their tooltip shows them as the line did."""
    line = Target("log.0", "x", "log", pygame.Rect(600, 400, 200, 22), tip="Bilal takes 7H from the pile")
    plain, cards = pygame.Surface((1280, 720)), pygame.Surface((1280, 720))
    tooltip.draw(plain, line)
    tooltip.draw(cards, line, four_colour=False)
    assert pygame.image.tobytes(plain, "RGB") != pygame.image.tobytes(cards, "RGB")


def test_the_sort_chosen_is_kept_after_continue_and_for_the_next_match():
    s = Session.open("ginrummy", seats=["human", "easy"], seed=5, options=SHORT)
    s.idle()
    assert s.table.hand_order().mode == "suit"
    s.click("sort")
    assert s.table.hand_order().mode == "rank"
    hand = [c for g in s.table.groups() for c in g.cards]
    s.close()
    again = Session.resume()
    again.idle()
    assert again.table.hand_order().mode == "rank"
    assert [c for g in again.table.groups() for c in g.cards] == hand
    fresh = Session.open("ginrummy", seats=["human", "easy"], seed=6, options=SHORT)
    assert fresh.table.hand_order().mode == "rank"
