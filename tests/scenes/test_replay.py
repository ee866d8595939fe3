"""Replays through game.automation: a finished match of each game opened from the History,
stepped to its end and back with every shown view compared with the rules' own fold; the
controls and keys; hidden cards; the review; and a match played on from a point to its end."""

from __future__ import annotations

import random

import pygame
import pytest

from game.automation import Session
from game.core import i18n
from game.core.match import Match, verify
from game.core.replays import ReplayWindow
from game.core.store import fold
from game.scenes.replay import SPEEDS, Replay
from game.scenes.table import Table
from game.ui import theme
from tests import games
from tests.core.test_history import played
from tests.scenes.driver import record


def open_replay(s: Session, match_id: int) -> Replay:
    if s.scene == "menu":
        s.click("history")
    assert s.scene == "history"
    s.click(f"replay.{match_id}")
    assert s.scene == "replay"
    replay = s.app.top
    assert isinstance(replay, Replay)
    return replay


def stored(s: Session) -> list[tuple[int, int, int]]:
    return [tuple(r) for r in s.app.store.conn.execute("SELECT id, n_events, n_commands FROM matches")]


def truth(replay: Replay) -> Match:
    """The stored match the replay walks (its own record never reaches the scene)."""
    return fold(replay.app.store.data(replay.match_id), "the replayed match")


def check_shown(replay: Replay) -> None:
    """The table shows exactly what the rules' fold gives that seat at that point."""
    match = truth(replay)
    expected = match.view_at(replay.count, replay.viewer)
    assert replay.shown_view() == expected, replay.count
    shown = getattr(replay.table, "v", None)
    if shown is not None and getattr(replay.table, "frozen", None) is None:
        assert shown == expected, replay.count
    assert replay.table.watching and isinstance(replay.table.window, ReplayWindow)
    assert replay.table.window.count == replay.count


@pytest.mark.parametrize("game", games.games())
def test_a_finished_match_steps_to_the_end_and_back_as_the_rules_fold_it(game):
    s = Session.menu()
    match = played(game)
    match_id = s.app.store.attach(match)
    before = stored(s)
    replay = open_replay(s, match_id)
    assert replay.count == replay.timeline.start and replay.viewer == 0
    check_shown(replay)
    while replay.count < replay.timeline.end:
        at = replay.count
        s.key("shift+right")  # one event
        assert replay.count == at + 1
        check_shown(replay)
    assert replay.status().endswith("the end")
    while replay.count > replay.timeline.start:
        at = replay.count
        s.key("shift+left")
        assert replay.count == at - 1
        check_shown(replay)
    # by moves: Right walks the moves' starts, Left walks them back
    for turn in replay.timeline.turns[1:6]:
        s.key("right")
        assert replay.count == turn
        check_shown(replay)
    s.key("end")
    assert replay.count == replay.timeline.end
    s.key("home")
    assert replay.count == replay.timeline.start
    s.key("escape")
    assert s.scene == "history"
    assert stored(s) == before  # a replay writes nothing


def test_buttons_timeline_marks_and_playing_at_three_speeds():
    s = Session.menu()
    match_id = s.app.store.attach(played("jaipur"))
    replay = open_replay(s, match_id)
    tl = replay.timeline
    s.click("move.forward")
    assert replay.count == tl.turns[1]
    s.click("event.forward")
    assert replay.count == tl.turns[1] + 1
    s.click("move.back")
    assert replay.count == tl.turns[1]
    s.click("end")
    assert replay.count == tl.end and not s.target("end").enabled and not s.target("play").enabled
    s.click("start")
    assert replay.count == tl.start and not s.target("start").enabled
    # the round starts are marked; pressing PgDn goes to the next one
    rounds = [m.at for m in tl.marks]
    assert len(rounds) == 3 and {t["id"] for t in s.targets()} >= {"mark.0", "mark.1", "mark.2", "timeline"}
    s.key("pagedown")
    assert replay.count == rounds[1]
    # the timeline scrubs: a click at the second round's mark lands at a move's start there
    s.click("mark.2")
    assert replay.count == tl.turn_at(replay.count) and abs(replay.count - rounds[2]) <= 3
    for speed, (_, wait) in enumerate(SPEEDS):
        s.key(str(speed + 1))
        at = replay.count
        s.key("space")
        assert replay.playing and s.target("play").label == "Pause"
        s.tick(wait - 1)
        assert replay.count == at
        s.tick(1)
        assert replay.count == tl.next_turn(at)
        s.tick(wait)
        assert replay.count == tl.next_turn(tl.next_turn(at))
        s.key("space")
        assert not replay.playing
        s.tick(wait * 3)
        assert replay.count == tl.next_turn(tl.next_turn(at))
    s.key("end")
    s.key("space")
    assert not replay.playing  # nothing left to play


def test_a_finished_match_shows_any_seat_an_unfinished_one_only_its_own():
    s = Session.menu()
    done = s.app.store.attach(played("ginrummy"))
    going = s.app.store.attach(played("ginrummy", seed=8, moves=20, names=("Ann", "Rahul")))
    replay = open_replay(s, done)
    assert s.target("hands").enabled
    for _ in range(10):
        s.key("right")
    s.click("hands")
    assert replay.viewer == 1
    check_shown(replay)
    assert replay.shown_view() != truth(replay).view_at(replay.count, 0)
    s.key("escape")
    replay = open_replay(s, going)
    assert replay.viewer == 0 and not s.target("hands").enabled
    s.click("hands")
    assert replay.viewer == 0
    s.key("end")
    check_shown(replay)
    hands = replay.shown_view()
    assert hands == truth(replay).view_at(replay.count, 0) != truth(replay).view_at(replay.count, 1)
    assert replay.status().endswith("where it stopped")


def test_the_hands_unlock_at_the_matchs_own_end_not_at_its_row_in_the_history():
    """A row that says "finished" (an imported file's, a store written by anything else) over
    a match whose log does not end unlocks no hand: only the match's own end does."""
    s = Session.menu()
    going = s.app.store.attach(played("ginrummy", seed=8, moves=20, names=("Ann", "Rahul")))
    with s.app.store.conn:
        s.app.store.conn.execute("UPDATE matches SET status = 'finished' WHERE id = ?", (going,))
    replay = open_replay(s, going)
    assert not replay.rewind.finished and replay.rewind.viewers == [0]
    assert replay.viewer == 0 and not s.target("hands").enabled
    s.key("end")
    assert replay.shown_view() == truth(replay).view_at(replay.count, 0)


def test_whose_hands_show_is_a_choice_when_there_is_one_and_plain_words_when_not():
    """An unfinished match shows only its one person's cards: that is said in words, drawn as
    words (no box, no arrows), with the reason in its tip, and the keyboard never stops on it;
    a finished match offers every seat in a choice that looks like one."""
    s = Session.menu()
    done = s.app.store.attach(played("ginrummy"))
    going = s.app.store.attach(played("ginrummy", seed=8, moves=20, names=("Ann", "Rahul")))
    replay = open_replay(s, going)
    hands = s.target("hands")
    assert hands.kind == "label" and not hands.enabled and hands.label == "Showing Ann's cards"
    assert hands.tip == "Until the match is over, a replay shows only your own hidden cards"
    s.move((640, 200))
    s.app.draw()
    corner = (hands.bounds.x + 3, hands.bounds.centery)
    assert tuple(s.app.screen.get_at(corner))[:3] == theme.BG_DEEP  # the controls' ground: no box
    visited = set()
    for _ in range(20):
        s.key("tab")
        visited.add(s.focused)
    assert "hands" not in visited and {"review", "close"} <= visited
    try:
        i18n.set_language("ja")
        assert i18n.tr(replay.seat_choice.label) == "Annの手札を表示中"
    finally:
        i18n.set_language("en")
    s.key("escape")
    replay = open_replay(s, done)
    hands = s.target("hands")
    assert hands.kind == "choice" and hands.enabled and hands.label == "Hands"
    assert hands.tip == "Whose hidden cards show: click for the next (right-click: back)"
    s.move((640, 200))
    s.app.draw()
    corner = (hands.bounds.x + 3, hands.bounds.centery)
    assert tuple(s.app.screen.get_at(corner))[:3] == theme.PANEL  # a box, with its arrows
    s.click("hands")
    assert replay.viewer == 1
    s.click("hands", button=3)
    assert replay.viewer == 0


def test_review_sets_the_hard_bots_choice_beside_the_viewers_moves():
    s = Session.menu()
    match_id = s.app.store.attach(played("ginrummy", moves=40))
    replay = open_replay(s, match_id)
    mine = replay.rewind.decisions(0)
    s.key("r")
    assert replay.review.open and replay.animated
    for _ in range(len(mine)):
        s.tick(1)  # one move answered per update, the one the replay stands on first
    assert not replay.review.working
    expected = {i: replay.rewind.review(i) for i in mine}
    assert {i: replay.review.advice_at(i) for i in mine} == expected
    differ = [i for i in mine if expected[i].differs]
    assert replay.review.differing() == differ
    assert [t["id"] for t in s.targets() if t["id"].startswith("review.")][:3] == [
        f"review.{i}" for i in differ[:3]
    ]
    assert differ, "this match has moves where hard would have played otherwise"
    s.click(f"review.{differ[0]}")
    assert replay.count == replay.rewind.move_at(differ[0])
    assert "hard bot:" in replay.next_words()
    s.key("escape")  # Esc closes the review first
    assert not replay.review.open and s.scene == "replay"


def play_to_end(s: Session, rng: random.Random) -> None:
    while s.outcome is None:
        s.idle()
        if s.outcome is not None:
            break
        if not s.waiting():  # an Ubongo round's sheet: the next boards turn up once it is read
            s.click(s.attention()["target"])
            continue
        seat = s.waiting()[0]
        s.perform(seat, rng.choice(s.legal(seat)))
    s.idle()


@pytest.mark.parametrize("game", ["jaipur", "ubongo"])
def test_play_on_from_a_point_is_a_new_match_that_plays_to_its_end(game):
    s = Session.menu()
    original = played(game)
    match_id = s.app.store.attach(original)
    replay = open_replay(s, match_id)
    for _ in range(12):
        s.key("right")
    s.key("shift+right")  # one event on: where a move is cut, the new match begins at its start
    at = replay.timeline.turn_at(replay.count)
    moves = sum(1 for c in original.commands if c.at < at)
    s.click("playon")
    table = s.table
    assert isinstance(s.app.top, Table) and table.match_id not in (None, match_id)
    new = record(table)
    assert new.events[:at] == original.events[:at] and len(new.events) >= at
    assert [c.command for c in new.commands[:moves]] == [c.command for c in original.commands[:moves]]
    assert new.seats == original.seats and not table.watching
    play_to_end(s, random.Random(5))
    data = s.app.store.data(table.match_id)
    assert data["branch"] == {"match": match_id, "event": at, "move": moves}
    ok, why = verify(data)
    assert ok, why
    assert fold(data, "branched").finished
    assert s.app.store.data(match_id)["events"] == original.events  # the original is untouched


def test_off_automation_the_review_thinks_on_a_worker_thread_one_move_at_a_time():
    s = Session.menu()
    match_id = s.app.store.attach(played("ginrummy", moves=12))
    replay = open_replay(s, match_id)
    s.app.automated = False  # as in the real window: the bot is asked off the UI thread
    s.key("r")
    replay.update(1)
    key, future = replay.review.job
    assert key == (0, replay.rewind.decisions(0)[0]) and not replay.review.advice
    future.result()  # the worker's answer (a future, not a clock)
    replay.update(1)
    assert replay.review.advice == {key: replay.rewind.review(key[1])}
    assert replay.review.job is not None  # and the next move is on its way
    replay.review.job[1].result()
    s.app.automated = True


def test_a_frame_that_shows_nothing_new_is_not_painted_again(monkeypatch):
    s = Session.menu()
    replay = open_replay(s, s.app.store.attach(played("jaipur", moves=10)))
    painted = []
    original = Replay.paint
    monkeypatch.setattr(
        Replay, "paint", lambda self, surface: painted.append(self.count) or original(self, surface)
    )
    s.app.draw()
    s.app.draw()
    assert painted == []  # the frame drawn when it opened still shows all there is
    s.key("right")
    s.app.draw()
    assert painted == [replay.count]
    s.move("review")  # a button lit by the pointer is something new
    assert len(painted) == 2


def test_the_wheel_steps_moves_over_the_controls_and_scrolls_the_review_over_its_panel():
    s = Session.menu()
    replay = open_replay(s, s.app.store.attach(played("ginrummy", moves=40)))
    tl = replay.timeline
    s.move("timeline")
    s._post(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)
    s.tick(1)
    assert replay.count == tl.turns[1]
    s._post(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)
    s.tick(1)
    assert replay.count == tl.start
    s.key("r")
    while replay.review.working:
        s.tick(1)
    assert len(replay.review.differing()) > 1
    s.move(replay.review.rect.center)
    s._post(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)
    s.tick(1)
    assert replay.review.scroll == 1 and replay.count == tl.start


def test_hovering_the_timeline_names_the_point_a_click_goes_to():
    s = Session.menu()
    replay = open_replay(s, s.app.store.attach(played("jaipur")))
    bar = replay.bar()
    second, third = replay.timeline.marks[1:3]  # the middle of the second round
    where = ((replay.x_of(second.at) + replay.x_of(third.at)) // 2, bar.centery)
    s.move(where)
    point = replay.pointed()
    assert point in replay.timeline.turns and replay.timeline.mark_at(point).label == "Round 2"
    s.click(where)
    assert replay.count == point
    s.move((bar.x, bar.y - 60))
    assert replay.pointed() is None


def test_an_ubongo_replay_calls_no_seat_you(monkeypatch):
    """The replay's viewed seat is one of the players, not the person watching."""
    from game.core import i18n
    from game.ui import text
    from tests.scenes.test_japanese_core import replay_of

    seen: list[str] = []
    render = text._render

    def recording(words, *args):
        seen.append(words)
        return render(words, *args)

    session = replay_of("ubongo", 6)()
    try:
        monkeypatch.setattr(text, "_render", recording)
        i18n.set_language("en")  # every cached layer is painted again, as on a switch
        session.app.draw()
        assert "bot · easy" in seen or any(w.startswith("bot · ") for w in seen), seen
        assert "you" not in seen
    finally:
        session.close()
