"""The core screens and moments in Japanese and English (issue 21): a table's pause and
pass-and-play hand-off, a tutorial step (Jaipur), the History with finished matches, a replay
with its timeline and the review. No label spills out of its box, and Japanese is shown.

`BAZAAR_SHOTS=/tmp/shots-core` also saves a screenshot of each moment in Japanese.
"""

from __future__ import annotations

import os
import random
import re
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from game.automation import AutomationError, Session
from game.core import history, i18n
from game.core.match import Seat
from game.core.outside import OutsideBotError
from game.core.records import joined
from game.core.store import Store
from game.scenes.tutorial import load, open_tutorial
from game.scenes.tutorial.script import declared
from tests.core.test_history import played
from tests.scenes.driver import record
from tests.scenes.label_fit import Drawn, Overflow
from tests.scenes.test_outside_seat import BADBOT
from tests.scenes.tutorial_walk import wrong_moves

NAMES = {"Ann", "Bot", "Asha", "Bilal", "Chandra", "Devi", "Eshan", "Kavi", "Rahul", "You"}
PROGRAM = re.compile(r"\(/[^)]*badbot[^)]*\)|badbot: out of ideas")  # a failing program's words


def paused() -> Session:
    s = Session.open("jaipur", ["human", "easy"], seed=3)
    s.idle()
    s.key("escape")
    s.idle()
    assert s.scene == "pause"
    return s


def handed_off() -> Session:
    s = Session.open("ginrummy", ["human", "human"], seed=3)
    s.idle()
    assert s.scene == "handoff"
    return s


def tutorial_step() -> Session:
    s = Session.menu()
    open_tutorial(s.app, "jaipur", start=0)
    s.app.step(0)
    s.idle()
    return s


def with_matches(s: Session) -> list[int]:
    store = s.app.store
    return [
        store.attach(played("jaipur")),
        store.attach(played("ginrummy", moves=6, names=("Ann", "Rahul"))),
        store.attach(played("jaipur", seed=5)),
    ]


def history_screen() -> Session:
    s = Session.menu()
    with_matches(s)
    s.click("history")
    assert s.scene == "history"
    return s


def history_deleted() -> Session:
    s = history_screen()
    first = s.app.top.rows[0].id
    s.click(f"delete.{first}")
    return s


def replay_screen() -> Session:
    s = Session.menu()
    first = with_matches(s)[0]
    s.click("history")
    s.click(f"replay.{first}")
    assert s.scene == "replay"
    replay = s.app.top
    s.key("right")
    s.key("right")
    bar = replay.bar()
    s.move((bar.x + bar.w * 2 // 3, bar.centery))  # the tip naming the point under the mouse
    return s


def review_screen() -> Session:
    return reviewing("ginrummy", 40)


def reviewing(game: str, moves: int) -> Session:
    """A finished match of `game` replayed, its review open, one move on."""
    s = Session.menu()
    match_id = s.app.store.attach(played(game, moves=moves))
    s.click("history")
    s.click(f"replay.{match_id}")
    replay = s.app.top
    s.key("r")
    for _step in range(len(replay.rewind.decisions(0))):
        s.tick(1)
    s.key("right")
    return s


def history_empty() -> Session:
    s = Session.menu()
    s.click("history")
    return s


def replay_end() -> Session:
    s = replay_screen()
    s.key("end")
    s.move((10, 10))
    return s


def tutorial_refused() -> Session:
    """A step waiting for a move, after a wrong one: the hint below the step's words."""
    s = Session.menu()
    tutorial = load("jaipur")
    index = next(i for i, step in enumerate(tutorial.steps) if i and step.expect is not None)
    open_tutorial(s.app, "jaipur", start=index)
    s.app.step(0)
    s.idle()
    wrong = wrong_moves(s, tutorial, tutorial.steps[index])
    with pytest.raises(AutomationError):
        s.perform(tutorial.person, wrong[0])
    s.idle()
    assert s.table.coach.refused
    return s


def handover() -> Session:
    """An outside program that crashed: the toast saying who, what, and who plays on."""
    program = f"{sys.executable} {BADBOT} crash 0"
    s = Session.open("jaipur", ["human", f"cmd:{program}"], seed=3)
    rng = random.Random(3)
    for _step in range(6):
        s.idle()
        if record(s.table).seats[1].kind == "bot":
            break
        s.perform(0, rng.choice(s.legal(0)))
    assert record(s.table).seats[1].kind == "bot" and s.app.toasts
    return s


def replay_of(game: str, moves: int) -> Callable[[], Session]:
    """A replay of `game` on its own table (Taj Mahal's controls sit in a narrow box), its
    review open and the tip of the timeline's point under the mouse."""

    def visit() -> Session:
        s = reviewing(game, moves)
        bar = s.app.top.bar()
        s.move((bar.x + bar.w // 2, bar.centery))
        return s

    return visit


def history_pages() -> Session:
    s = Session.menu()
    for seed in range(8):
        s.app.store.attach(played("jaipur", seed=seed, moves=4))
    s.click("history")
    s.key("pagedown")
    return s


NAMES_T = list(declared())
NAMES |= {name for t in NAMES_T for name in load(t).names}  # the tutorials' players


def tutorial_at(name: str, last: bool) -> Callable[[], Session]:
    """A tutorial's first or last step (the last one's Next button says where it leads)."""

    def visit() -> Session:
        s = Session.menu()
        open_tutorial(s.app, name, start=len(load(name).steps) - 1 if last else 0)
        s.app.step(0)
        s.idle()
        return s

    return visit


VISITS: dict[str, Callable[[], Session]] = {
    **{f"tutorial.{n}.{end}": tutorial_at(n, end == "last") for n in NAMES_T for end in ("first", "last")},
    "replay-tajmahal": replay_of("tajmahal", 30),
    "replay-ubongo": replay_of("ubongo", 12),
    "history-pages": history_pages,
    "history-empty": history_empty,
    "replay-end": replay_end,
    "tutorial-refused": tutorial_refused,
    "handover": handover,
    "pause": paused,
    "handoff": handed_off,
    "tutorial": tutorial_step,
    "history": history_screen,
    "history-deleted": history_deleted,
    "replay": replay_screen,
    "review": review_screen,
}


@pytest.mark.parametrize("language", i18n.LANGUAGES)
@pytest.mark.parametrize("visit", sorted(VISITS))
def test_every_label_fits_and_japanese_is_shown(visit, language, monkeypatch, bazaar_home):
    drawn = Drawn(monkeypatch)
    overflow = Overflow(monkeypatch)
    session = VISITS[visit]()
    try:
        assert i18n.set_language(language) is None
        drawn.clear()
        assert own_problems(overflow, session) == []
        if language == "ja":
            assert drawn.japanese()
            drawn.lines[:] = without_program(drawn.lines, session)
            assert drawn.english(NAMES) == []
            shots = os.environ.get("BAZAAR_SHOTS")
            if shots:
                Path(shots).mkdir(parents=True, exist_ok=True)
                session.screenshot(str(Path(shots) / f"{visit}.png"))
    finally:
        i18n.set_language("en")
        session.close()


def own_problems(overflow: Overflow, session: Session) -> list[str]:
    """The overflow's problems, less the spills of what lies beneath or above the texts
    checked here: the game's table under a replay's controls or a tutorial's coach (the tables'
    own tests check it), the coach's bubble over the table's cards, and a toast over the table.
    A text cut short counts wherever it is, beneath too. The coach's words must stay inside
    its bubble."""
    top = session.app.top
    beneath: list[tuple] = []
    coach_drawn: list[tuple] = []
    if session.scene == "replay":
        table = top.table
        draw = table.draw

        def layer(surface):
            start = len(overflow.drawn)
            draw(surface)
            beneath.extend(overflow.drawn[start:])

        table.draw = layer
        top.frame = None  # paint afresh, not the last frame again
    elif hasattr(top, "coach"):
        coach_draw = top.coach.draw

        def coached(surface):
            beneath.extend(overflow.drawn)  # all drawn before the coach is the table's
            start = len(overflow.drawn)
            coach_draw(surface)
            coach_drawn.extend(overflow.drawn[start:])

        top.coach.draw = coached
    found = overflow.problems(session)
    toasts = [i18n.tr(t.message) for t in session.app.toasts]
    hidden = {f"{words!r} {tuple(rect)}" for rect, words in beneath}
    hidden |= {f"{words!r} {tuple(rect)}" for rect, words in coach_drawn}
    kept = [
        p
        for p in found
        if not any(h in p for h in hidden)
        and not any(
            f"{words!r} {tuple(rect)}" in p for rect, words in overflow.drawn if in_toast(words, toasts)
        )
    ]
    if coach_drawn:
        bubble = top.coach.bubble
        kept += [
            f"coach: {words!r} {tuple(rect)} spills out of its bubble"
            for rect, words in coach_drawn
            if not bubble.contains(rect)
        ]
    return kept


def without_program(lines: list[str], session: Session) -> list[str]:
    """The lines drawn, a failing program's own words taken out. A toast's lines are judged
    as its whole message: where it wraps depends on the program's path (the checkout's) and on
    its last words, so a per-line filter let a command line cut in two through."""
    toasts = [i18n.tr(t.message) for t in session.app.toasts]
    kept = [line for line in lines if not in_toast(line, toasts)]
    return kept + [PROGRAM.sub(" ", toast) for toast in toasts]


def in_toast(words: str, toasts: list[str]) -> bool:
    return any(words.strip() and words.strip() in " ".join(t.split()) for t in toasts)


def test_history_rows_say_their_result_in_japanese(tmp_path):
    with Store.open(tmp_path / "db.sqlite3") as store:
        store.attach(played("jaipur"))
        store.attach(played("ginrummy", moves=6, names=("Ann", "Rahul")))
        rows = history.matches(store)
    finished = next(r for r in rows if r.finished)
    unfinished = next(r for r in rows if not r.finished)
    assert unfinished.length == "6 moves" and unfinished.result == "not finished"
    assert finished.result.endswith("won") or " won (" in finished.result
    try:
        i18n.set_language("ja")
        assert i18n.tr(unfinished.length) == "6手"
        assert i18n.tr(unfinished.result) == "未終了"
        assert "の勝ち" in i18n.tr(finished.result) or "の引き分け" in i18n.tr(finished.result)
    finally:
        i18n.set_language("en")


def test_two_winners_and_a_failed_program_in_japanese():
    names = joined(["Asha", "Bilal", "Chandra"])
    assert names == "Asha and Bilal and Chandra"
    error = OutsideBotError("prog", i18n.msg("did not answer within {seconds} s", seconds="10"))
    assert str(error) == "prog did not answer within 10 s"
    try:
        i18n.set_language("ja")
        assert i18n.tr(names) == "AshaとBilalとChandra"
        assert i18n.tr(error.message()) == "prog：10秒以内に応答しませんでした"
    finally:
        i18n.set_language("en")


def test_a_replay_mark_and_seat_text_follow_the_language():
    match = played("jaipur", moves=30)
    timeline = history.Timeline(match)
    labels = [m.label for m in timeline.marks]
    assert labels[0] == "Round 1"
    before = history.Timeline(played("ubongo", moves=12)).marks[0].label  # the pawns, set first
    try:
        i18n.set_language("ja")
        assert i18n.tr(labels[-1]).startswith("ラウンド")
        assert i18n.tr(before) == "ラウンド1の前"
        from game.scenes.history import seat_text

        assert seat_text(Seat("Bilal", "bot", "easy")) == "Bilal（やさしい）"
    finally:
        i18n.set_language("en")
