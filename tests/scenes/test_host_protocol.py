"""The app's matches are the door of game/scenes/host.py (issue 53, "One door, typed"): the type
checker holds `Matches` to the narrow `MatchesLike` a scene sees, and the replay and tutorial it
takes to what game/scenes/asked.py names of them (`make lint` checks this file strictly); every
member of that protocol is one `Matches` has at run time."""

from __future__ import annotations

from game.core.replays import Rewind
from game.matches import Matches
from game.scenes.asked import Replayed, Scripted
from game.scenes.host import MatchesLike
from game.scenes.tutorial.script import Tutorial


def door(matches: Matches) -> MatchesLike:
    """Checked, not run: the app's `Matches` is what a scene's `app.matches` promises."""
    return matches


def handed(rewind: Rewind, tutorial: Tutorial) -> tuple[Replayed, Scripted]:
    """Checked, not run: a replay is what `replay` promises, a tutorial what `tutorial` takes."""
    return rewind, tutorial


def test_matches_has_every_member_scenes_may_ask_for() -> None:
    wanted = {name for name in vars(MatchesLike) if not name.startswith("_")}
    assert {"new", "read", "replay", "play_on", "join", "tutorial"} <= wanted
    missing = sorted(name for name in wanted if not callable(getattr(Matches, name, None)))
    assert not missing, f"Matches lacks {missing}"


def test_scenes_are_not_offered_the_match_behind_a_window() -> None:
    """`record` and `referee` hand out the match and its referee: for automation and tests,
    never for a scene, so the protocol scenes see has neither."""
    wanted = set(vars(MatchesLike))
    assert not wanted & {"record", "referee", "local", "ask", "saved", "unsaved"}
