"""Ubongo rules, each test citing the seed (ubongo-rules-ja.txt) or the facts page."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.core.match import Match, Seat
from game.core.ruleset import Rejected
from game.rules.ubongo import RULESET, levels
from game.rules.ubongo.state import COLOURS, HOURGLASS

from .helpers import GEMS, new, solution, solve_cmd


def ok(result):
    assert not isinstance(result, Rejected), result.reason
    return result


def pawn(row, tick):
    return {"move": "pawn", "row": row, "tick": tick}


def solved(m, *ticks):
    """Seat 0, 1, ... solve at these ticks, in seat order."""
    for seat, tick in enumerate(ticks):
        ok(m.submit(seat, solve_cmd(m, seat, tick)))


def kinds(events):
    return [e["type"] for e in events]


def rejected(result, text):
    assert isinstance(result, Rejected), "the command was accepted"
    assert text.lower() in result.reason.lower(), result.reason


@pytest.mark.parametrize("seats,boards", [(1, 9), (2, 18), (3, 27), (4, 36)])
def test_boards_per_player_count(seats, boards):
    """ゲームの準備: 2 players use 18 boards, 3 use 27, 4 all 36 (solo: 9 for 9 rounds)."""
    options = {"mode": "solo"} if seats == 1 else {}
    m = Match.new(RULESET, [Seat(str(i)) for i in range(seats)], options, seed=3)
    setup = m.events[0]
    assert len(setup["boards"]) == boards == len(set(setup["boards"]))
    assert len(setup["dice"]) == 9


def test_gem_board_is_six_rows_of_twelve_random():
    """ゲームの準備: gems at random, one per space: 6 rows x 12, 12 of each of 6 colours."""
    a = Match.new(RULESET, [Seat("a"), Seat("b")], {}, seed=1).view(0)["gems"]
    b = Match.new(RULESET, [Seat("a"), Seat("b")], {}, seed=2).view(0)["gems"]
    assert a != b
    for gems in (a, b):
        assert [len(r) for r in gems] == [12] * 6
        flat = [g for r in gems for g in r]
        assert all(flat.count(c) == 12 for c in COLOURS)


def test_pawns_start_on_any_field_and_may_share():
    """ゲームの準備: each pawn on any start field; several may stand on the same one."""
    m = new(pawns=None)
    assert m.view(0)["phase"] == "start" and m.to_act == {0, 1}
    ok(m.submit(1, {"move": "pawn", "row": 4}))
    rejected(m.submit(1, {"move": "pawn", "row": 2}), "already")
    rejected(m.submit(0, {"move": "pawn", "row": 6}), "row from 0 to 5")
    ok(m.submit(0, {"move": "pawn", "row": 4}))
    v = m.view(0)
    assert v["pawns"] == [4, 4] and v["phase"] == "solve" and v["round"] == 1


def test_die_chooses_the_row_of_each_players_board():
    """パズルを解く: the die shows which row of pieces everyone takes, each on their own board."""
    m = new(dice=[3, 1, 2, 3, 4, 5, 0, 1, 2])
    v = m.view(0)
    assert v["face"] == 3 and v["symbol"] == "spear and shield"
    for seat in (0, 1):
        b = levels.board(seat + 1)
        assert v["puzzles"][seat]["pieces"] == list(b.easy.rows[3])
        assert sorted(map(tuple, v["puzzles"][seat]["cells"])) == sorted(b.easy.cells)


def test_side_per_seat_handicap():
    """Facts page (one screen): the easy side for one player lets mixed ages play together."""
    m = new(options={"side1": "hard", "side2": "easy"})
    v = m.view(0)
    assert [p["side"] for p in v["puzzles"]] == ["hard", "easy"]
    assert [len(p["pieces"]) for p in v["puzzles"]] == [4, 3]


def test_extra_time_per_seat_lengthens_that_seats_hourglass():
    """Facts page: handicap with extra time; the hourglass is 45 s (2700 ticks)."""
    m = new(options={"extra2": 20})
    glass = m.view(0)["hourglass"]
    assert glass["length"] == [HOURGLASS, HOURGLASS + 1200] and glass["end"] == [2700, 3900]
    rejected(m.submit(0, solve_cmd(m, 0, 2701)), "too late")
    ok(m.submit(1, solve_cmd(m, 1, 3800)))


def test_a_correct_solve_is_accepted_and_recorded():
    """パズルを解く / issue 7: a solve carries its tick and full placement; "Ubongo!" is recorded."""
    m = new()
    events = ok(m.submit(1, solve_cmd(m, 1, 900)))
    assert [e["type"] for e in events] == ["solve"]
    v = m.view(0)
    assert v["status"] == ["solving", "solved"] and v["solves"] == [{"seat": 1, "tick": 900}]
    assert m.to_act == {0}
    rejected(m.submit(1, solve_cmd(m, 1, 950)), "already solved")


def test_solve_placements_are_checked_by_the_rules():
    """Issue 7: the rules check the placement themselves (row's pieces, legal shapes, inside the
    area, no overlap, area covered) and reject anything else with a reason."""
    m = new()
    good = solution(m, 0)
    wrong_piece = [dict(good[0], piece="H" if good[0]["piece"] != "H" else "A"), *good[1:]]
    rejected(m.submit(0, {"move": "solve", "tick": 10, "placements": wrong_piece}), "")
    rejected(m.submit(0, {"move": "solve", "tick": 10, "placements": good[:-1]}), "empty cell")
    shifted = [dict(good[0], cells=[[x + 10, y] for x, y in good[0]["cells"]]), *good[1:]]
    rejected(m.submit(0, {"move": "solve", "tick": 10, "placements": shifted}), "sticks out")
    rejected(m.submit(0, {"move": "solve", "tick": 10, "placements": "nope"}), "list of placements")
    rejected(m.submit(0, {"move": "solve", "placements": good}), "tick")
    assert m.view(0)["status"] == ["solving", "solving"]


def test_solve_order_is_by_tick_not_by_arrival():
    """駒を動かし: 1st solver moves up to 3, 2nd up to 2 — the order is the order of solving."""
    m = new()
    ok(m.submit(0, solve_cmd(m, 0, 2000)))
    events = ok(m.submit(1, solve_cmd(m, 1, 1500)))
    assert events[-1] == {"type": "solving_over", "order": [1, 0]}
    v = m.view(0)
    assert v["phase"] == "pawn" and v["movers"] == [1, 0] and v["allowance"] == 2  # seat 0 is 2nd
    assert m.view(1)["allowance"] == 3


def test_pawn_moves_three_two_one_zero_by_solve_rank_in_any_order():
    """駒を動かし / 補足ルール: 1st up to 3, 2nd up to 2, 3rd up to 1, 4th not at all — the
    allowance follows the solve rank, whoever moves first."""
    m = new(seats=4)
    for seat, tick in ((2, 100), (0, 200), (3, 300), (1, 400)):
        ok(m.submit(seat, solve_cmd(m, seat, tick)))
    assert m.view(0)["order"] == [2, 0, 3, 1]
    assert m.to_act == {0, 1, 2, 3}  # every solver at once, none waits for another
    rejected(m.submit(1, pawn(1, 500)), "stays where it is")
    assert m.legal(1) == [pawn(0, 400)]  # listed with its solve tick, the earliest it may move
    ok(m.submit(1, pawn(0, 500)))  # the 4th solver moves first
    rejected(m.submit(1, pawn(0, 600)), "already moved")
    assert m.to_act == {0, 2, 3}
    rejected(m.submit(2, pawn(4, 700)), "up to 3 rows")
    assert [c["row"] for c in m.legal(2)] == [0, 1, 2, 3]
    assert [c["row"] for c in m.legal(0)] == [0, 1, 2]
    assert [c["row"] for c in m.legal(3)] == [0, 1]
    ok(m.submit(3, pawn(1, 800)))
    ok(m.submit(0, pawn(2, 900)))
    events = ok(m.submit(2, pawn(3, 1000)))
    assert kinds(events) == ["pawn", "gems", "gems", "gems", "gems", "round_end", "round_start"]
    assert [e["seat"] for e in events if e["type"] == "gems"] == [1, 3, 0, 2]  # by tick


def test_the_order_of_taking_gems_is_unrelated_to_the_order_of_solving():
    """補足ルール: パズルを解いた順番と宝石を手に入れる順番は関係ありません — the second solver,
    quicker to the gems, takes the head of the row the first solver also went to."""
    m = new()
    solved(m, 100, 200)
    ok(m.submit(0, pawn(2, 900)))  # 1st solver reaches row 3 at 15 s
    assert m.view(0)["gems"][2] == GEMS[2]  # nothing taken while another may still come first
    events = ok(m.submit(1, pawn(2, 300)))  # 2nd solver, arriving later, was there at 5 s
    gems = [e for e in events if e["type"] == "gems"]
    assert gems == [
        {"type": "gems", "seat": 1, "row": 2, "gems": GEMS[2][:2], "tick": 300},
        {"type": "gems", "seat": 0, "row": 2, "gems": GEMS[2][2:4], "tick": 900},
    ]


def test_gems_go_by_tick_whatever_order_the_moves_arrive_in():
    """The order of arrival never matters: the same moves sent in either order give one state."""
    states = []
    for first, second in (((0, pawn(1, 700)), (1, pawn(1, 650))), ((1, pawn(1, 650)), (0, pawn(1, 700)))):
        m = new()
        solved(m, 100, 200)
        ok(m.submit(*first))
        ok(m.submit(*second))
        states.append(m.state)
    assert states[0] == states[1]
    assert states[0].held[1][COLOURS.index(GEMS[1][0])] == 2  # seat 1 (650) before seat 0 (700)


def test_equal_pawn_ticks_go_to_the_better_solve_rank():
    """Ours: two moves at the same tick on one row: the earlier solver takes the head."""
    m = new()
    solved(m, 200, 100)
    ok(m.submit(0, pawn(0, 500)))
    events = ok(m.submit(1, pawn(0, 500)))
    assert [e["seat"] for e in events if e["type"] == "gems"] == [1, 0]


def test_take_the_two_gems_nearest_the_head():
    """駒を動かし: take 2 gems from the row, nearest the pawn (the head of the row) first."""
    m = new()
    solved(m, 100, 200)
    ok(m.submit(0, pawn(2, 300)))
    events = ok(m.submit(1, pawn(2, 400)))
    assert events[1]["gems"] == GEMS[2][:2] and events[1]["seat"] == 0
    v = m.view(0)
    assert v["gems"][2] == GEMS[2][4:]
    assert v["held"][0][GEMS[2][0]] == 2 and v["held"][1][GEMS[2][2]] == 2


def test_an_empty_row_stays_empty():
    """補足ルール: a row whose gems are gone is never refilled; nobody can take from it."""
    gems = [row[:] for row in GEMS]
    m = new()
    state = m.state
    emptied = replace(state, gems=((), *state.gems[1:]))
    m.state = emptied
    solved(m, 100, 200)
    ok(m.submit(0, pawn(0, 300)))
    events = ok(m.submit(1, pawn(0, 400)))
    assert events[1]["gems"] == [] and events[2]["gems"] == []
    assert m.view(0)["gems"][0] == [] and sum(m.view(0)["held"][0].values()) == 0
    assert gems == GEMS


def test_give_up_waits_for_the_clock_and_the_hourglass_is_turned_once_more():
    """補足ルール: nobody solved in time -> the hourglass is turned once more, only once."""
    m = new()
    ok(m.submit(0, {"move": "give_up", "tick": 1000}))
    ok(m.submit(1, {"move": "give_up"}))
    assert m.to_act == frozenset()
    clock = RULESET.clock(m.state)
    assert clock == {"move": "expire", "tick": 2700}
    rejected(m.submit(0, clock), "clock")
    events = ok(m.submit(None, clock))
    assert [e["type"] for e in events] == ["time_out", "hourglass_turned"]
    v = m.view(0)
    assert v["hourglass"]["turn"] == 2 and v["hourglass"]["start"] == [2700, 2700] and m.to_act == {0, 1}
    rejected(m.submit(0, solve_cmd(m, 0, 2000)), "before this hourglass")
    events = ok(m.submit(None, RULESET.clock(m.state)))
    assert [e["type"] for e in events] == ["time_out", "round_end", "round_start"]
    v = m.view(0)
    assert v["round"] == 2 and v["results"] == [[None, None]]
    assert all(sum(h.values()) == 0 for h in v["held"])


def test_the_sand_runs_out_on_a_slow_solver():
    """ラウンドの終了: when the sand has run out the round ends; a later solve is too late."""
    m = new()
    ok(m.submit(1, solve_cmd(m, 1, 2000)))
    rejected(m.submit(None, {"move": "expire", "tick": 2600}), "not run out yet")
    events = ok(m.submit(None, {"move": "expire", "tick": 2700}))
    assert [e["type"] for e in events] == ["time_out", "solving_over"]
    rejected(m.submit(0, solve_cmd(m, 0, 2600)), "no puzzle to solve")


def test_extra_time_seat_works_on_after_the_others_sand():
    m = new(options={"extra1": 10})
    events = ok(m.submit(None, {"move": "expire", "tick": 2700}))
    assert events == [{"type": "time_out", "seats": [1], "tick": 2700, "turn": 1}]
    assert m.to_act == {0}
    ok(m.submit(0, solve_cmd(m, 0, 3200)))
    assert m.view(0)["phase"] == "pawn"


def finish(m: Match, held_by_seat) -> None:
    """Put holdings in place and end the game (the cascade is what is tested)."""
    m.state = replace(m.state, held=tuple(tuple(h) for h in held_by_seat), phase="over")


@pytest.mark.parametrize(
    "held,winners",
    [
        ([(5, 1, 0, 0, 0, 0), (4, 4, 4, 0, 0, 0)], (0,)),  # most of one colour wins, not most gems
        ([(5, 3, 1, 0, 0, 0), (0, 5, 3, 2, 0, 0)], (1,)),  # tie on 5: next largest colour decides
        ([(4, 3, 2, 1, 0, 0), (1, 2, 3, 4, 0, 1)], (1,)),  # ties on 4, 3, 2, 1: fifth colour
        ([(4, 3, 0, 0, 0, 0), (0, 0, 3, 4, 0, 0)], (0, 1)),  # tied all the way: shared win (ours)
    ],
)
def test_winner_by_most_gems_of_one_colour_with_cascading_tie_break(held, winners):
    """ゲームの終了: most gems of one colour; ties go to the next largest colour, and so on."""
    m = new()
    finish(m, held)
    assert m.outcome.winners == winners


def test_nine_rounds_then_the_game_ends():
    """ゲームの終了 / facts page: 9 rounds whatever the player count, then the game is over."""
    m = new()
    for _ in range(9):
        assert m.outcome is None
        ok(m.submit(0, {"move": "give_up"}))
        ok(m.submit(1, {"move": "give_up"}))
        ok(m.submit(None, RULESET.clock(m.state)))
        ok(m.submit(None, RULESET.clock(m.state)))
    assert m.view(0)["phase"] == "over" and m.outcome is not None
    assert len(m.view(0)["results"]) == 9
    rejected(m.submit(0, {"move": "give_up"}), "over")


def test_solo_reports_time_and_gems():
    """Facts page: solo mode races the clock over 9 puzzles."""
    m = new(seats=1, options={"mode": "solo"})
    for r in range(9):
        if r == 4:
            ok(m.submit(0, {"move": "give_up"}))
            ok(m.submit(None, RULESET.clock(m.state)))
            ok(m.submit(None, RULESET.clock(m.state)))
            continue
        ok(m.submit(0, solve_cmd(m, 0, 600)))
        ok(m.submit(0, pawn(0, 700)))
    out = m.outcome
    assert out.details["ticks"] == 8 * 600 + 2 * 2700
    assert out.details["solved"] == [8]
    assert out.scores == (12.0,)  # row 0 ran dry after six takes and stayed empty
    assert "Solved 8 of 9" in out.summary


def test_to_act_per_phase():
    m = new(pawns=None)
    assert m.to_act == {0, 1}  # start: everyone without a pawn
    ok(m.submit(0, {"move": "pawn", "row": 0}))
    assert m.to_act == {1}
    ok(m.submit(1, {"move": "pawn", "row": 0}))
    assert m.to_act == {0, 1}  # solve: everyone still solving
    ok(m.submit(0, solve_cmd(m, 0, 500)))
    assert m.to_act == {1}
    ok(m.submit(1, {"move": "give_up"}))
    assert m.to_act == {0}  # pawn: every solver still to move whose sand is running
    assert RULESET.clock(m.state) == {"move": "expire", "tick": 2700}  # the mover's sand
    ok(m.submit(0, pawn(0, 600)))
    assert RULESET.clock(m.state) is not None and m.view(0)["round"] == 2
    m.state = replace(m.state, phase="over")
    assert RULESET.clock(m.state) is None and m.to_act == frozenset()


def test_view_lists_solves_by_tick_so_far():
    m = new(seats=3)
    ok(m.submit(2, solve_cmd(m, 2, 900)))
    ok(m.submit(0, solve_cmd(m, 0, 400)))
    assert m.view(1)["solves"] == [{"seat": 0, "tick": 400}, {"seat": 2, "tick": 900}]


def test_move_log_lines():
    m = new()
    names = ["Ann", "Bob"]
    ok(m.submit(1, solve_cmd(m, 1, 1410)))
    ok(m.submit(0, {"move": "give_up"}))
    lines = [RULESET.describe(e, names) for e in m.events]
    assert "Round 1: the die shows the elephant (row 1)" in lines
    assert "Bob: Ubongo! in 23.5 s" in lines
    assert "Ann gives up on this hourglass" in lines
    events = ok(m.submit(1, pawn(3, 1500)))
    assert RULESET.describe(events[0], names) == "Bob moves to row 4 at 25.0 s"
    assert RULESET.describe(events[1], names) == f"Bob takes {GEMS[3][0]} and {GEMS[3][1]} from row 4"


def test_pass_and_play_each_human_solves_on_their_own_clock():
    """Facts page (one screen): each person solves in turn on the clock; times decide the order."""
    m = new(seats=3)
    # the table takes the lowest seat in to_act, hands off, runs that person's own clock
    assert min(m.to_act) == 0
    ok(m.submit(0, solve_cmd(m, 0, 2100)))
    assert min(m.to_act) == 1
    ok(m.submit(1, {"move": "give_up", "tick": 2700}))  # their sand ran out: the table gives up for them
    assert m.to_act == {2}
    events = ok(m.submit(2, solve_cmd(m, 2, 1300)))
    assert events[-1] == {"type": "solving_over", "order": [2, 0]}
    assert m.view(0)["movers"] == [2, 0]


@pytest.mark.parametrize(
    "bad,message",
    [
        ({"gems": [["red"] * 12] * 6}, "12 of each colour"),
        ({"boards": [1] * 18}, "different board numbers"),
        ({"dice": [0, 1]}, "9 faces"),
        ({"pawns": [0, 7]}, "start row"),
    ],
)
def test_a_bad_fixed_deal_is_refused(bad, message):
    from .helpers import deal

    with pytest.raises(ValueError, match=message):
        Match.new(RULESET, [Seat("a"), Seat("b")], {}, seed=1, setup={**deal(2, [0, 0]), **bad})


def test_gems_must_be_taken_before_the_sand_runs_out():
    """補足ルール: solved in time but no gems taken before the sand ran out -> no gems; the round
    ends with the sand. Each mover's window runs from its solve to the end of its own sand."""
    m = new(options={"extra2": 10})
    solved(m, 2500, 2600)
    v = m.view(0)
    assert v["movers"] == [0, 1] and v["pawn_window"] == [2500, 2700]
    assert v["pawn_windows"] == [[2500, 2700], [2600, 3300]]  # seat 1 has its extra 10 s
    rejected(m.submit(0, pawn(1, 2499)), "before you solved")
    rejected(m.submit(0, pawn(1, 2701)), "too late")
    rejected(m.submit(0, {"move": "pawn", "row": 1}), "tick")
    assert RULESET.clock(m.state) == {"move": "expire", "tick": 2700}  # the first end among movers
    rejected(m.submit(None, {"move": "expire", "tick": 2699}), "not run out yet")
    events = ok(m.submit(None, RULESET.clock(m.state)))
    assert events == [{"type": "too_late", "seats": [0], "tick": 2700}]
    rejected(m.submit(0, pawn(1, 2600)), "too late")  # its sand is gone, whatever tick it sends
    assert m.to_act == {1} and m.view(1)["pawn_window"] == [2600, 3300]
    assert m.view(1)["allowance"] == 2  # still the second solver, though the first took nothing
    events = ok(m.submit(1, pawn(2, 3300)))
    assert events[0]["tick"] == 3300 and kinds(events) == ["pawn", "gems", "round_end", "round_start"]
    held = m.view(0)["held"]
    assert sum(held[0].values()) == 0 and sum(held[1].values()) == 2
    assert m.view(0)["pawns"] == [0, 2]


def test_a_move_after_ones_own_sand_is_refused_while_another_still_has_sand():
    """補足ルール: gems must be in hand before one's own sand runs out; the other's extra time
    does not lend any."""
    m = new(options={"extra2": 20})
    solved(m, 1000, 900)
    rejected(m.submit(0, pawn(0, 2800)), "too late")
    ok(m.submit(1, pawn(0, 3800)))  # seat 1's sand runs to 3900
    events = ok(m.submit(None, RULESET.clock(m.state)))
    assert kinds(events)[:2] == ["too_late", "gems"] and events[0]["seats"] == [0]


def test_the_start_player_passes_left_and_wins_ties_on_the_clock():
    """ラウンドの終了: the player left of the last start player rolls the die next round. Ours: on
    equal ticks the seat nearer the start player goes first, whatever the order of arrival."""
    m = new(seats=3)
    # round 1 (start player seat 0): seats 1 and 2 tie, arriving 2 first; seat 0 one tick later.
    # round 2 (start player seat 1): all three tie, arriving 0, 1, 2.
    rounds = [(0, [(2, 900), (1, 900), (0, 901)]), (1, [(0, 500), (1, 500), (2, 500)])]
    for start, solves in rounds:
        assert m.view(0)["start_player"] == start
        for seat, tick in solves:
            events = ok(m.submit(seat, solve_cmd(m, seat, tick)))
        assert events[-1]["order"] == [1, 2, 0]
        for seat in (1, 2, 0):
            ok(m.submit(seat, pawn(0, 1000)))
    assert m.view(0)["round"] == 3 and m.view(0)["start_player"] == 2


def test_the_clock_cannot_run_out_the_sand_early_even_when_all_gave_up():
    """補足ルール: the second turn comes when the sand has run out, not before."""
    m = new()
    ok(m.submit(0, {"move": "give_up", "tick": 300}))
    ok(m.submit(1, {"move": "give_up", "tick": 400}))
    rejected(m.submit(None, {"move": "expire", "tick": 1000}), "not run out yet")
    assert m.view(0)["hourglass"]["turn"] == 1
    ok(m.submit(None, {"move": "expire", "tick": 2700}))
    assert m.view(0)["hourglass"]["turn"] == 2


def test_the_start_player_is_drawn_or_chosen():
    """ゲームの準備: decide the start player. Drawn from the seed unless the options chose one (a
    fixed deal may name it too); the start player then passes left each round."""
    drawn = {
        Match.new(RULESET, [Seat("A"), Seat("B"), Seat("C")], {}, seed=s).view(0)["start_player"]
        for s in range(12)
    }
    assert drawn == {0, 1, 2}
    chosen = Match.new(RULESET, [Seat("A"), Seat("B"), Seat("C")], {"first": 2}, seed=5)
    assert chosen.events[0]["first"] == 2
    with pytest.raises(ValueError, match="start player"):
        Match.new(RULESET, [Seat("A"), Seat("B")], {"first": 3}, seed=5)
    assert RULESET.fixed_options({"mode": "solo"}) == {"first": 0}
