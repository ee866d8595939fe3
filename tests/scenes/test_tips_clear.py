"""Issue 55, item 11: what a tip or a note says stands beside what it explains, never over it:
Taj Mahal's refusals and its action bar, Ubongo's row tips and the gem board, the setup
screen's tips and its hint, the Gin Rummy tutorial's banner and the panel it explains; and no
tile looks pointed at when the app starts with the pointer elsewhere."""

from __future__ import annotations

import random

import pygame
import pytest

from game.automation import Session
from game.scenes.tajmahal import layout as TL
from game.scenes.ubongo import layout as UL
from tests.scenes.ubongo_player import solution


def toasts_over(s: Session, area: pygame.Rect) -> list[str]:
    return [t.message for t, box, _lines, _size in s.app.toast_boxes() if box.colliderect(area)]


def to_pick(s: Session, rng: random.Random) -> None:
    """Random moves for the person until they take cards from the display."""
    while True:
        s.idle()
        if s.app.top is not s.table:
            s.click(s.app.top.proceed)
            continue
        if s.table.acting_phase() == "pick":
            return
        seat = s.waiting()[0]
        moves = s.legal(seat)
        withdraw = [m for m in moves if m["move"] == "withdraw"]
        s.perform(seat, withdraw[0] if withdraw and rng.random() < 0.5 else rng.choice(moves))


def record_drawing(monkeypatch) -> tuple[list[tuple[str, pygame.Rect]], list[pygame.Rect | None]]:
    """From now on, every text blitted (its words as shown, its rect) and every tooltip's box."""
    from game.core import i18n
    from game.ui import text, tooltip

    drawn: list[tuple[str, pygame.Rect]] = []
    boxes: list[pygame.Rect | None] = []
    real_blit, real_tip = text.blit, tooltip.draw

    def blit(surface, words, *args, **kwargs):
        rect = real_blit(surface, words, *args, **kwargs)
        drawn.append((str(i18n.tr(words)), pygame.Rect(rect)))
        return rect

    def tip(*args, **kwargs):
        boxes.append(real_tip(*args, **kwargs))
        return boxes[-1]

    monkeypatch.setattr(text, "blit", blit)
    monkeypatch.setattr(tooltip, "draw", tip)
    return drawn, boxes


def test_taj_mahal_says_why_enter_takes_nothing_in_its_bar_not_in_a_box_over_it():
    s = Session.open("tajmahal", seats=["human", "easy", "easy"], seed=5)
    to_pick(s, random.Random(3))
    s.key("return")  # Take with no display card chosen
    assert not toasts_over(s, pygame.Rect(TL.ACTION_BAR))
    title, detail, _mood = s.table.bar()
    assert "Take" in title and "Click display cards" in detail
    assert not any(e["type"] == "pick" and e["seat"] == 0 for e in s.log[-1:])
    s.close()


def gem_board_solved(seed: int = 4) -> Session:
    s = Session.open("ubongo", ["human", "easy", "easy"], seed=seed, options={"first": 0})
    s.idle()
    s.perform(0, {"move": "pawn", "row": 2})
    s.idle()
    s.perform(0, solution(s, 0))
    s.idle()
    return s


def board() -> pygame.Rect:
    return UL.row_rect(0).union(UL.row_rect(5))


def test_ubongo_row_tips_never_stand_over_the_gem_board():
    s = gem_board_solved()
    table = s.table
    row = s.view(0)["reach"][0]
    s.move(UL.row_rect((row + 1) % 6).center)  # the pointer rests over another row
    s.key(str(row + 1))  # gems taken by the row's number, the pointer still
    s.tick(1)
    assert s.view(0)["status"][0] == "moved"
    tip = table.tipped()
    assert tip is None or not tip.bounds.colliderect(board()), tip.tip
    s.move(UL.row_rect(row).center)  # moved onto a row: its tip, as it reads now
    tip = table.tipped()
    assert tip is not None and tip.id == f"row.{row}" and tip.tip == "You have taken your gems this round"
    s.close()


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_top_rows_tip_leaves_the_gem_boards_caption_readable(monkeypatch, language):
    """The pointer moved onto the first row: its tip stood over the board's title and note."""
    from game.core import i18n

    s = gem_board_solved()
    i18n.set_language(language)
    s.key(str(s.view(0)["reach"][0] + 1))  # gems taken: every row's tip says so
    s.tick(1)
    s.move(UL.row_rect(0).center)
    tip = s.table.tipped()
    assert tip is not None and tip.id == "row.0" and tip.tip
    drawn, boxes = record_drawing(monkeypatch)
    s.table.render.layer.key = None  # the board painted again, its words recorded
    s.app.draw()
    shown = [box for box in boxes if box is not None]
    assert len(shown) == 1, boxes
    box = shown[0]
    note = "Each row: its start field, then the gems; a pawn takes the two at the front."
    caption = [r for w, r in drawn if w in (i18n.tr("The gem board"), i18n.tr(note))]
    assert len(caption) == 2, drawn
    assert box.collidelist(caption) < 0, (box, caption)
    assert not box.colliderect(UL.row_rect(0)), "nor the row it explains"
    i18n.set_language("en")
    s.close()


def test_the_pointer_resting_where_the_window_opens_lights_no_tile():
    """As SDL says it when the window opens under a pointer nobody moves: the window entered,
    then a motion of nothing to where the pointer rests (over Gin Rummy's tile)."""
    from game.scenes.menu import GameTile

    s = Session.menu()
    tile = next(w for w in s.app.top.group.widgets if isinstance(w, GameTile) and w.game == "ginrummy")
    pygame.event.post(pygame.event.Event(pygame.WINDOWENTER))
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=tile.rect.center, rel=(0, 0), buttons=(0, 0, 0))
    )
    s.tick(1)
    assert not tile.hover
    x, y = tile.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x + 3, y), rel=(3, 0), buttons=(0, 0, 0)))
    s.tick(1)
    assert tile.hover  # once it moves, the pointer lights what it is over
    s.close()


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("game", ["jaipur", "ubongo"])
def test_a_setup_screens_tip_leaves_its_note_and_offer_readable(monkeypatch, language, game):
    """Learn to play pointed at: its tip covers none of the words drawn on the screen."""
    from game.core import i18n
    from game.scenes.setup import Setup

    s = Session.menu()
    i18n.set_language(language)
    s.app.push(Setup(s.app, game))
    s.move("learn")
    drawn, boxes = record_drawing(monkeypatch)
    s.app.draw()
    box = boxes[-1]
    assert box is not None  # the tip of Learn to play is shown
    tipped = s.app.top.group.tipped().target().tip
    covered = [w for w, r in drawn if r.colliderect(box) and w not in i18n.tr(tipped)]
    assert not covered, covered
    s.close()


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_gin_rummy_tutorials_bubble_leaves_the_hands_result_in_sight(language):
    """Once the hand is over, the bubbles of steps 7 (the lay-offs, as both hands are shown),
    8 (the undercut) and 9 (going Gin, by the scores) leave the result panel in sight; step
    7's, both hands too."""
    from game.core import i18n
    from game.scenes.tutorial import areas
    from tests.scenes.tutorial_walk import do_step, opened

    s = opened("ginrummy")
    i18n.set_language(language)
    coach = s.table.coach
    steps = coach.tutorial.steps
    for k in range(6):  # to the knock
        do_step(s, steps[k])
    s.idle()
    named = areas.of(s.table)
    for k in (6, 7, 8):
        s.idle()
        assert coach.index == k
        coach.layout()
        assert not coach.bubble.colliderect(named["area.result"]), (k + 1, coach.bubble)
        if k == 6:  # both hands are shown: the bubble hides neither
            assert not coach.bubble.colliderect(named["area.their-spread"]), coach.bubble
            assert not coach.bubble.colliderect(named["area.my-spread"]), coach.bubble
        do_step(s, steps[k])
    s.close()


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_connection_sheets_tips_leave_the_seats_lines_readable(monkeypatch, language):
    """The host's sheet with a guest away: New invite pointed at, its tip stood over the row
    above, the host's own seat's line; nor may it stand over another button."""
    from game.core import i18n
    from tests.scenes.test_network_ui import hosting, joined, online, wait_until

    with hosting("jaipur", ["human", "online"], first=0) as (host, invites):
        guest = joined(invites[1])
        wait_until(host, lambda: online(host, 1), "the guest online")
        guest.close()
        wait_until(host, lambda: not online(host, 1), "the guest gone")
        host.click("connection")
        i18n.set_language(language)
        host.move("reinvite.1")
        drawn, boxes = record_drawing(monkeypatch)
        host.app.draw()
        box = boxes[-1]
        assert box is not None  # New invite's tip is shown
        sheet = host.app.top
        ours = i18n.tr(sheet.reinvites[1].hint)
        covered = [w for w, r in drawn if r.colliderect(box) and w not in ours]
        buttons = [w.tid for w in sheet.group.widgets if w.visible and w.rect.colliderect(box)]
        i18n.set_language("en")
        assert not covered, covered
        assert not buttons, buttons
