"""A hint on its way shows from the frame it was asked in (issue 55, item 14): Jaipur's first
hard-bot hint once took about 0.8 s with nothing shown. The Hint button of every table whose
hint a bot thinks says "Thinking…" at once, and "Use hint" once the hint is there."""

from __future__ import annotations

import pytest

from game.automation import Session

TABLES = {
    "jaipur": (["human", "hard"], {}),
    "ginrummy": (["human", "hard"], {}),
    "tajmahal": (["human", "easy", "easy"], {}),
}


@pytest.mark.parametrize("game", sorted(TABLES))
def test_the_hint_button_says_thinking_from_the_first_frame(game):
    seats, options = TABLES[game]
    s = Session.open(game, seats, seed=5, options=options)
    for _ in range(20):  # to the person's turn (Gin Rummy: the dealer may be the bot)
        s.idle()
        if 0 in s.waiting():
            break
    table = s.table
    assert table.acting_human == 0 and table.hint_button.label == "Hint"
    table.hint_clicked()
    assert table.hint_pending and table.hint_button.label == "Thinking…"
    s.app.draw()  # the frame drawn now says it
    s.tick(1)
    s.idle()
    assert not table.hint_pending and table.hint_button.label == "Use hint"
