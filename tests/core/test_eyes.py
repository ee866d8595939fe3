"""A seat window's eyes: the window read as one of its seats (or a spectator) by a window of
its own, so a server reads each viewer once, even off the loop, through the same gate."""

from __future__ import annotations

import pytest

from game.core import registry
from game.core.authority import Authority
from game.core.match import Match, Seat


def test_eyes_see_what_the_window_sees_as_that_viewer_and_no_other_seat():
    match = Match.new(registry.get("jaipur"), [Seat("a"), Seat("b")], {}, seed=3)
    window = Authority(match).window((0,))
    eyes = window.eyes(0)
    window.look_as(None)  # the window looks elsewhere: its eyes keep their viewer
    assert eyes.viewer == 0
    assert eyes.view() == match.ruleset.view(match.state, 0)
    assert eyes.events() == [match.ruleset.redact(e, 0) for e in match.events]
    assert window.eyes(None).view() == match.ruleset.view(match.state, None)
    with pytest.raises(ValueError):
        window.eyes(1)  # another seat's eyes are not this window's to lend
