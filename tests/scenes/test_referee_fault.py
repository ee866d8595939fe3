"""A table whose referee raises (issue 51, item 4): the app shows a notice instead of crashing,
the match pauses there, its log is kept, the person leaves, and Continue picks it up again."""

from __future__ import annotations

import logging
from typing import Any

from game.automation import Session
from game.core import local

SECRET = "SECRET-19c4"


def test_a_table_whose_referee_raises_shows_a_notice_and_can_be_left(caplog):
    caplog.set_level(logging.ERROR, logger="bazaar")
    s = Session.open("jaipur", ["human", "easy"], seed=3, options={"first": 0})
    try:
        s.idle()
        referee = s.app.matches.referee(s.table.window)

        def broken(*args: Any) -> bool:
            raise RuntimeError(f"the referee broke collecting a move: {SECRET}")

        referee._collect = broken  # type: ignore[method-assign]
        s.perform(0, s.legal(0)[0])  # the bot's turn comes: collecting its move fails
        s.idle()
        assert s.scene == "fault"
        assert s.app.top.words == local.FAULT and SECRET not in s.app.top.words  # type: ignore[union-attr]
        assert s.table.window.fault == local.FAULT
        assert [t["id"] for t in s.targets()] == ["back", "leave"]
        faults = [r for r in caplog.records if r.exc_info and SECRET in str(r.exc_info[1])]
        assert len(faults) == 1 and "jaipur match (seed 3) paused" in faults[0].getMessage()
        kept = list(s.log)
        match_id = s.table.match_id
        # back at the table it stands still: nothing is played, nothing crashes
        s.click("back")
        s.tick(120)
        assert s.scene == "jaipur" and s.log == kept
        assert s.table.submit(0, s.legal(0)[0] if s.legal(0) else {"move": "camels"}) is not None
        s.tick(10)
        assert s.scene == "jaipur"  # shown once, not over and over
        s.key("escape")  # the pause menu
        s.click("save-and-leave")
        assert s.scene == "menu"
        assert s.app.store.load(match_id).events == kept  # the log as it stood
    finally:
        s.close()
    # Continue picks it up again with a new referee: the bot moves, the person is to act
    again = Session.resume()
    try:
        again.idle()
        assert again.scene == "jaipur" and again.table.window.fault is None
        assert len(again.log) > len(kept) and again.waiting() == [0]
    finally:
        again.close()
