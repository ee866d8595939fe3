"""History queries, the replay's timeline, the review and branching, without a window."""

from __future__ import annotations

import sqlite3

import pytest

from game.core import history, registry, storedb
from game.core.codec import roundtrip
from game.core.match import Match, Seat, verify
from game.core.rng import stream
from game.core.ruleset import Budget
from game.core.store import Store
from tests import games


def played(game: str, seed: int = 3, moves: int | None = None, names: tuple[str, ...] = ()) -> Match:
    """A match of `game` between Ann (a person whose moves an easy bot makes) and easy bots,
    to its end or to `moves` moves; the same every time."""
    rules = registry.get(game)
    count = games.seat_range(game)[0]
    labels = names or ("Ann", *(f"Bot {i}" for i in range(1, count)))
    seats = [Seat(labels[0])] + [Seat(n, "bot", "easy") for n in labels[1:count]]
    match = Match.new(rules, seats, seed=seed)
    bot = rules.bot("easy")
    while not match.finished and (moves is None or len(match.commands) < moves):
        waiting = sorted(match.to_act)
        if not waiting:
            assert match.submit(None, rules.clock(match.state))
            continue
        seat = waiting[0]
        rng = stream("bot", seed, seat, len(match.events))
        command = bot.choose(match.view(seat), match.legal(seat), rng, Budget(seconds=60, iterations=20))
        assert match.submit(seat, command)
    return match


@pytest.fixture
def store(tmp_path):
    with Store.open(tmp_path / "db.sqlite3") as s:
        yield s


def test_matches_lists_every_match_with_result_and_length_and_filters(store):
    done = played("jaipur")
    open_one = played("ginrummy", moves=9, names=("Ann", "Rahul"))
    first, second = store.attach(done), store.attach(open_one)
    rows = history.matches(store)
    assert [r.id for r in rows] == [second, first]  # the most recent first
    fin = rows[1]
    assert fin.finished and fin.moves == len(done.commands) and fin.events == len(done.events)
    assert fin.winners == done.outcome.winners
    assert fin.scores == tuple(float(s) for s in done.outcome.scores)
    winner = done.names[done.outcome.winners[0]]
    assert fin.result.startswith(f"{winner} won (") and fin.length == f"{len(done.commands)} moves"
    assert rows[0].result == "not finished" and rows[0].moves == 9
    assert [r.id for r in history.matches(store, game="jaipur")] == [first]
    assert [r.id for r in history.matches(store, opponent="Rahul")] == [second]
    assert [r.id for r in history.matches(store, game="jaipur", opponent="Rahul")] == []
    assert history.names(store) == ["Ann", "Bot 1", "Rahul"]


def test_a_damaged_winners_cell_costs_that_row_its_winners_only(store):
    match_id = store.attach(played("jaipur"))
    store.conn.execute("UPDATE matches SET winners = 'not json' WHERE id = ?", (match_id,))
    (row,) = history.matches(store)
    assert row.winners == () and row.result.startswith("Nobody won")


@pytest.mark.parametrize("game", games.games())
def test_timeline_folds_like_the_rules_and_marks_parts(game):
    match = played(game)
    timeline = history.Timeline(match)
    assert timeline.start == match.commands[0].at and timeline.end == len(match.events)
    for count in range(timeline.start, timeline.end + 1):
        for seat in (0, None):
            assert timeline.view(count, seat) == match.view_at(count, seat)
    assert timeline.turns == sorted({c.at for c in match.commands})
    label = registry.plugin(game).parts.label or history.OTHER_PART  # "Round {n}"
    kinds = label.split()[0]
    parts = [m for m in timeline.marks if m.label.startswith(kinds)]
    assert len(parts) >= 2 and [m.label for m in parts][:2] == [label.format(n=1), label.format(n=2)]
    assert timeline.marks[0].at == timeline.start
    assert all(timeline.start <= m.at <= timeline.end for m in timeline.marks)
    # stepping by moves visits every move's start once, in order, and stops at the ends
    seen, count = [], timeline.start
    while count < timeline.end:
        seen.append(count)
        count = timeline.next_turn(count)
    assert seen == timeline.turns and timeline.prev_turn(timeline.start) == timeline.start


NUMBERED = [game for game in games.games() if registry.plugin(game).parts.number]


@pytest.mark.parametrize("game", NUMBERED)
def test_each_mark_names_the_part_its_table_shows(game):
    """A mark's number is the one the table shows from its point to the next mark, read from
    the view's key the game declares (`Parts.number`; Taj Mahal's first visit once read "Start"
    and its second "Visit 1"; a new round or hand was marked one event before its deal); moves
    before a game's first part are named as such ("Before round 1"), never a bare "Start", and
    show part 0."""
    number = registry.plugin(game).parts.number
    match = played(game)
    timeline = history.Timeline(match)
    for mark, after in zip(timeline.marks, [*timeline.marks[1:], None], strict=True):
        assert mark.label != "Start"
        stop = after.at if after is not None else timeline.turns[-1] + 1  # to the last move's start
        shown = {timeline.view(count, 0)[number] for count in range(mark.at, stop)}
        if mark.label.startswith("Before"):
            assert mark.at == timeline.start and shown == {0}, (mark, shown)
            assert mark.label == (registry.plugin(game).parts.before or history.BEFORE_OTHER)
        else:
            assert {f"{mark.label.split()[0]} {n}" for n in shown} == {mark.label}, (mark, shown)


def test_match_at_is_a_prefix_attached_to_nothing():
    match = played("jaipur")
    timeline = history.Timeline(match)
    part = timeline.match_at(40)
    assert part.events == match.events[:40] and not part.listeners
    assert all(c.at < 40 for c in part.commands)
    assert part.view(0) == match.view_at(40, 0)


def test_branch_starts_at_a_move_and_verifies_as_a_match_of_its_own():
    match = played("jaipur")
    timeline = history.Timeline(match)
    inside = timeline.turns[20] + 1  # inside a move: the branch starts where that move began
    if inside in timeline.turns:
        inside = timeline.turns[21] - 1
    new = history.branch(timeline, inside)
    assert len(new.events) == timeline.turn_at(inside)
    assert new.seats == match.seats and new.seed == match.seed and new.options == match.options
    ok, why = verify(roundtrip(new.to_json()))
    assert ok, why
    assert not new.finished and new.to_act


def test_review_is_deterministic_and_says_when_the_bot_agrees():
    match = played("ginrummy", moves=30)
    timeline = history.Timeline(match)
    mine = history.decisions(timeline, 0)
    assert mine and all(match.commands[i].seat == 0 for i in mine)
    first = [history.review(timeline, i) for i in mine[:6]]
    again = [history.review(timeline, i) for i in mine[:6]]
    assert first == again
    for advice in first:
        assert advice.made == history.describe(match, timeline.events_of(advice.index))
        assert advice.differs == (advice.bot != advice.made)


def test_same_move_ignores_ticks_and_the_order_of_listed_things():
    assert history.same_move({"move": "sell", "cards": ["a", "b"]}, {"cards": ["b", "a"], "move": "sell"})
    assert history.same_move({"move": "solve", "tick": 3}, {"move": "solve", "tick": 9})
    assert not history.same_move({"move": "sell", "count": 2}, {"move": "sell", "count": 3})


def test_branch_note_is_kept_and_exported(store, tmp_path):
    parent = store.attach(played("jaipur"))
    child = store.attach(history.branch(history.Timeline(store.load(parent)), 30))
    store.note_branch(child, parent, 30, 12)
    (row,) = [r for r in history.matches(store) if r.id == child]
    assert row.branch == history.Branch(parent, 30, 12)
    assert "after move 12" in row.branch.text
    assert store.data(child)["branch"] == {"match": parent, "event": 30, "move": 12}
    assert "branch" not in store.data(parent)
    store.delete(child)
    assert store.conn.execute("SELECT COUNT(*) FROM branches").fetchone()[0] == 0


def test_a_file_of_schema_one_without_branches_gains_the_table(tmp_path):
    path = tmp_path / "old.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA application_id = {storedb.APPLICATION_ID}")
    conn.execute("PRAGMA user_version = 1")
    for statement in storedb.SCHEMA:
        conn.execute(statement)
    conn.commit()
    conn.close()
    with Store.open(path) as s:
        assert s.problem is None
        match_id = s.attach(played("jaipur", moves=4))
        assert [r.id for r in history.matches(s)] == [match_id]
        assert s.conn.execute("SELECT COUNT(*) FROM branches").fetchone()[0] == 0
