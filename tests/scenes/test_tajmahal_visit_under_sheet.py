"""Issue 55, item 10: under a Taj Mahal visit's summary the table shows the visit as it
ended, not the next one already dealt; the next visit is dealt once the summary is closed."""

from __future__ import annotations

import random

from game.automation import Session
from game.scenes.tajmahal.sheets import VisitSheet


def to_first_summary(s: Session, rng: random.Random) -> VisitSheet:
    """Random legal moves for the person until the first visit's summary stands."""
    while not isinstance(s.app.top, VisitSheet):
        s.idle()
        if isinstance(s.app.top, VisitSheet):
            break
        seat = s.waiting()[0]
        s.perform(seat, rng.choice(s.legal(seat)))
    return s.app.top


def test_the_summary_stands_over_the_visit_as_it_ended_and_the_next_is_dealt_after():
    s = Session.open("tajmahal", seats=["human", "easy", "easy"], seed=5)
    sheet = to_first_summary(s, random.Random(3))
    table = s.table
    assert s.view(0)["visit"] == sheet.visit + 1  # the rules have dealt the next visit
    shown = table.v
    assert shown["visit"] == sheet.visit and shown["province"] == sheet.province
    assert all(not p["played"] for p in shown["players"])  # the visit's cards went back, and
    next_display = {c["id"] for c in s.view(0)["display"]}  # none of the next display shows
    assert not next_display & {c["id"] for c in shown["display"]}
    s.click(sheet.proceed)
    s.idle()
    assert table.v["visit"] == sheet.visit + 1
    s.close()
