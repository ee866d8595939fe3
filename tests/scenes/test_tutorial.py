"""Every tutorial walked through game.automation: each step done as a person does it (its move
by the table's gestures, or Next), every id a step points at present on the table at that step,
a wrong move at each step refused with the step's hint and nothing changed, left and resumed at
the same step, and ending in a normal game against an easy bot."""

from __future__ import annotations

import pytest

from game.automation import AutomationError
from game.core import i18n
from game.matches import play_scripts, tutorial_match
from game.scenes.tutorial import load, progress
from game.scenes.tutorial.coach import NEXT_STEP
from game.scenes.tutorial.script import declared
from tests.scenes.driver import record
from tests.scenes.tutorial_walk import do_step, opened, pointed_ids, tidy, to_table, wrong_moves

TUTORIALS = list(declared())


@pytest.mark.parametrize("name", TUTORIALS)
def test_every_step_is_walked_by_its_move_or_next_and_ends_in_a_normal_game(name):
    tutorial = load(name)
    s = opened(name)
    for i, step in enumerate(tutorial.steps):
        to_table(s)
        coach = s.table.coach
        assert coach.index == i and coach.ready
        missing = [t for t in step.targets if t not in pointed_ids(s)]
        assert not missing, f"step {i}: {missing} are not on the table"
        spots = coach.spots()
        assert len(spots) == len(step.targets)
        assert not any(coach.bubble.colliderect(r) for r in spots), f"step {i}: the bubble covers its target"
        assert ("coach.next" in pointed_ids(s)) == (step.expect is None)
        if i + 1 < len(tutorial.steps):
            assert progress.step(name) == i
        do_step(s, step)
    table = s.table
    assert not hasattr(table, "coach") and table.guard is None
    assert table.match_id is not None  # a normal game, saved like any other
    assert [seat.kind for seat in record(table).seats][0] == "human"
    assert all(seat.level in ("easy", "Solo rule bot") for seat in record(table).seats[1:])
    assert progress.step(name) == 0


@pytest.mark.parametrize("name", TUTORIALS)
def test_a_wrong_move_at_each_step_is_refused_with_the_hint_and_changes_nothing(name):
    tutorial = load(name)
    s = opened(name)
    tried = 0
    for i, step in enumerate(tutorial.steps):
        to_table(s)
        wrong = wrong_moves(s, tutorial, step)
        if wrong:
            before = unchanged(s, tutorial)
            with pytest.raises(AutomationError):
                s.perform(tutorial.person, wrong[0])
            s.idle()
            assert unchanged(s, tutorial) == before, f"step {i}"
            coach = s.table.coach
            assert coach.index == i
            assert coach.refused == (step.hint or NEXT_STEP), f"step {i}"
            assert coach.refused, f"step {i} has no hint"
            tried += 1
            tidy(s)
        do_step(s, step)
    assert tried >= len([st for st in tutorial.steps if st.expect is not None])


@pytest.mark.parametrize("name", TUTORIALS)
def test_left_at_a_step_it_resumes_there_with_the_same_table(name):
    tutorial = load(name)
    stop = max(i for i, st in enumerate(tutorial.steps) if st.expect is not None)
    s = opened(name)
    for step in tutorial.steps[:stop]:
        do_step(s, step)
    view = s.view(tutorial.person)
    s.click("coach.leave")
    assert s.scene == "menu" and progress.step(name) == stop
    s.close()
    again = opened(name, start=None)
    assert again.table.coach.index == stop
    # rebuilt from the deal and each step's own move, then the scripted moves the table plays
    # on its own (in its time): the table as it was left, where every step matched its move
    # whole (a puzzle solved another way is rebuilt as the step's own solution)
    # (moves only: the seconds of sand in the log fall where each ran its clock)
    rebuilt = tutorial_match(tutorial, stop)
    before = moves(rebuilt)
    play_scripts(tutorial, rebuilt)
    after = moves(rebuilt)
    made = moves(again.match)
    assert made[: len(before)] == before and made == after[: len(made)]
    if all(st.match is None for st in tutorial.steps[:stop]):
        assert again.view(tutorial.person) == view
    for step in tutorial.steps[stop:]:
        do_step(again, step)
    assert not hasattr(again.table, "coach")


def unchanged(s, tutorial):
    """The moves made and what the person sees, but for the clock: in a timed game the sand
    runs (and is written into the log) while a wrong move is tried."""
    view = {k: v for k, v in s.view(tutorial.person).items() if k != "now"}
    return s.match.moves, view


def moves(match):
    return [(e.seat, e.command) for i, e in enumerate(match.commands) if not match.is_time(i)]


def test_the_hint_is_the_steps_move_and_use_hint_plays_it():
    tutorial = load("jaipur")
    s = opened("jaipur")
    first = next(i for i, st in enumerate(tutorial.steps) if st.expect is not None)
    for step in tutorial.steps[:first]:
        do_step(s, step)
    s.click("hint")
    s.idle()
    assert s.table.hint == tutorial.steps[first].expect
    s.click("hint")  # "Use hint": its cards selected
    s.click("confirm")
    s.idle()
    assert s.table.coach.index == first + 1


def test_a_note_is_read_on_by_keys_alone():
    s = opened("jaipur")
    for _ in range(40):
        if s.focused == "coach.next":
            break
        s.key("tab")
    assert s.focused == "coach.next"
    s.key("return")
    assert s.table.coach.index == 1
    s.key("return")  # Enter reads on from any note
    assert s.table.coach.index == 2


def test_ubongo_goes_on_when_kavi_solves_first():
    """The hourglass runs while the puzzle is on: a person slower than Kavi's 15 s solves
    second, moves a pawn with the second's reach, and the tutorial still ends in a game."""
    tutorial = load("ubongo")
    s = opened("ubongo")
    solve = next(i for i, st in enumerate(tutorial.steps) if st.expect and st.expect["move"] == "solve")
    for step in tutorial.steps[:solve]:
        do_step(s, step)
    to_table(s)
    s.tick(20 * 60)  # the notes are read; now 20 s pass with the puzzle untouched
    assert [x["seat"] for x in s.view(0)["solves"]] == [1]
    for i, step in enumerate(tutorial.steps[solve:], solve):
        to_table(s)
        assert s.table.coach.index == i
        assert all(t in pointed_ids(s) for t in step.targets)
        do_step(s, step)
    assert not hasattr(s.table, "coach") and s.table.match_id is not None


def test_gin_score_sheet_opened_during_the_closing_notes_deals_no_new_hand():
    """The notes after the knock are about that hand: looking at the score sheet meanwhile
    must not let Kavi deal the next one under them."""
    tutorial = load("ginrummy")
    s = opened("ginrummy")
    knock = next(i for i, st in enumerate(tutorial.steps) if st.expect and st.expect["move"] == "knock")
    for step in tutorial.steps[: knock + 1]:
        do_step(s, step)
    s.idle()
    assert s.table.v["phase"] == "hand_over" and s.table.coach.index == knock + 1
    s.click("score-sheet")
    s.idle()
    assert s.app.top is not s.table  # the sheet is up
    to_table(s)
    assert s.table.v["phase"] == "hand_over" and s.table.v["hand_number"] == 1
    assert s.table.coach.refused == NEXT_STEP
    for step in tutorial.steps[knock + 1 :]:
        do_step(s, step)
    assert not hasattr(s.table, "coach") and s.table.match_id is not None


def _walked_to_the_last_note(name: str):
    """A tutorial walked up to its last step (still on its own table), and its log."""
    tutorial = load(name)
    s = opened(name)
    for step in tutorial.steps[:-1]:
        do_step(s, step)
    to_table(s)
    assert s.table.coach.index == len(tutorial.steps) - 1
    return tutorial, s, [str(line) for line in s.table.log]


@pytest.mark.parametrize("name", TUTORIALS)
def test_the_log_names_the_person_by_name_never_you(name):
    """The coach says "you"; the log and the table name the person (issue 36): "Tara draws
    from the stock", never "You draws from the stock"."""
    tutorial, s, log = _walked_to_the_last_note(name)
    person = tutorial.names[tutorial.person]
    assert person == "Tara" and "You" not in tutorial.names
    assert s.match.seats[tutorial.person].name == person
    assert any(line.startswith(f"{person} ") for line in log), log
    assert not any("You " in line for line in log), log


def test_the_log_names_the_person_in_japanese_too(japanese):
    tutorial, s, log = _walked_to_the_last_note("ginrummy")
    shown = [i18n.tr(line) for line in s.table.log]
    assert "Tara draws from the stock" in log
    assert "ターラが山札から引く" in shown
    assert not any("あなた" in line or "You" in line for line in shown), shown
