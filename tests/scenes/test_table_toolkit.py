"""The pieces every table shares: cached layers, the log panel, the tooltip, the card marks."""

from __future__ import annotations

import pygame

from game.ui import marks, theme, tooltip
from game.ui.layer import Layer
from game.ui.log_panel import LogPanel
from game.ui.targets import Target


def canvas() -> pygame.Surface:
    pygame.font.init()
    return pygame.Surface((theme.WIDTH, theme.HEIGHT))


def test_a_layer_is_painted_again_only_when_its_key_changes():
    layer, surface = Layer(), canvas()
    for _ in range(5):
        layer.draw(surface, ("piles", 3), lambda s: s.fill((10, 20, 30)))
    assert layer.paints == 1 and surface.get_at((5, 5))[:3] == (10, 20, 30)
    layer.draw(surface, ("piles", 2), lambda s: s.fill((40, 50, 60)))
    assert layer.paints == 2 and surface.get_at((5, 5))[:3] == (40, 50, 60)


def test_the_log_panel_wraps_a_long_line_whole_and_shows_the_newest_lines_that_fit():
    canvas()
    panel = LogPanel(940, 480, 200, rows=4)
    long = "Bilal exchanges 2 camels and a leather for two diamonds and a cloth"
    lines = ["Asha takes a camel", "Bilal sells 3 cloth", long, "Asha takes 2 camels"]
    shown = panel.shown(lines)
    assert [full for full, _ in shown] == lines[-2:]  # the long line takes three of the four rows
    rows = dict(shown)[long]
    assert len(rows) == 3 and " ".join(rows) == long  # every word of it, none cut
    assert panel.targets(lines) == []  # nothing cut, nothing to point at
    rects = panel.line_rects(lines)
    assert rects[0].h == 3 * panel.step and rects[1].top == rects[0].bottom


def test_the_log_panel_cuts_only_a_line_longer_than_the_panel_and_offers_it_whole():
    canvas()
    panel = LogPanel(940, 480, 200, rows=2)
    long = "Bilal exchanges 2 camels and a leather for two diamonds and a cloth from the market"
    targets = panel.targets(["Asha takes a camel", long])
    assert [t.tip for t in targets] == [long]
    assert targets[0].id == "log.0" and targets[0].kind == "log"
    assert targets[0].contains(targets[0].centre)
    assert panel.shown(["Asha takes a camel", long])[0][1][-1].endswith("…")


def test_a_tooltip_stays_on_the_canvas_and_says_the_tip():
    surface = canvas()
    surface.fill((0, 0, 0))
    corner = Target("x", "X", rect=pygame.Rect(theme.WIDTH - 20, 2, 18, 18), tip="Why this is greyed out")
    tooltip.draw(surface, corner)
    lit = [
        (x, y)
        for x in range(0, theme.WIDTH, 4)
        for y in range(0, 120, 4)
        if surface.get_at((x, y))[:3] != (0, 0, 0)
    ]
    assert lit, "nothing was drawn"
    assert max(x for x, _ in lit) < theme.WIDTH and min(y for _, y in lit) > 18  # below the target, inside
    quiet = pygame.Surface((theme.WIDTH, theme.HEIGHT), pygame.SRCALPHA)
    tooltip.draw(quiet, Target("y", "Y", rect=pygame.Rect(0, 0, 5, 5)))  # no tip: nothing
    assert quiet.get_bounding_rect().w == 0


def test_card_marks_differ_in_shape_as_well_as_colour():
    rect = pygame.Rect(100, 100, 80, 110)

    def ring(**kind) -> pygame.Rect:
        surface = pygame.Surface((300, 300), pygame.SRCALPHA)
        marks.draw(surface, rect, **kind)
        return surface.get_bounding_rect()

    selected, hover, hint, focus = (ring(**{k: True}) for k in ("selected", "hover", "hint", "focus"))
    assert len({selected.size, hover.size, hint.size, focus.size}) == 4  # no two marks the same shape


def test_a_guard_turns_a_persons_other_moves_away_with_its_reason_and_changes_nothing():
    """The tutorial's hold on a table: only the move a step waits for goes through."""
    from game.automation import Session

    s = Session.open("jaipur", ["human", "easy"], seed=5)
    s.idle()
    table = s.table
    wanted = s.legal(0)[0]
    table.guard = lambda seat, command: None if command == wanted else "Not yet: follow the coach"
    before = list(s.log)
    other = next(c for c in s.legal(0) if c != wanted)
    refused = table.submit(0, other)
    assert getattr(refused, "reason", "") == "Not yet: follow the coach" and s.log == before
    assert not isinstance(table.submit(0, wanted), type(refused))


def test_a_watching_table_plays_nothing_and_accepts_nothing():
    """A replay's table: bots are not asked, the clock submits nothing, no command goes in."""
    from game.automation import Session

    s = Session.open("ubongo", ["human", "hard"], seed=5, options={"first": 0}, setup={"pawns": [0, 1]})
    table = s.table
    table.watching = True
    before = list(s.log)
    for _ in range(6000):  # longer than two hourglasses
        table.update(1)
    assert s.log == before and table.acting_human is None
    assert table.submit(0, {"move": "give_up"}).reason.startswith("This is a replay")
    assert s.settled()
