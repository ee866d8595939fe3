"""Ubongo rules, each test citing the seed (ubongo-rules-ja.txt) or the facts page."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.core.match import Match, Seat
from game.core.ruleset import Rejected
from game.rules.ubongo.face import levels
from game.rules.ubongo.face.constants import COLOURS, HOURGLASS
from game.rules.ubongo.ruleset import RULESET

from .helpers import GEMS, new, reveal, solution, solve_cmd


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
    assert v["pawns"] == [4, 4] and v["phase"] == "roll" and v["round"] == 1


def test_the_boards_turn_up_for_everyone_at_once_when_the_hourglass_turns():
    """パズルを解く: the start player rolls the die and turns the hourglass, and everyone turns
    their board over at once (使用する面はまだ見てはいけません): until the table's clock
    turns it, a round's die is known, its boards are not, and nobody may act."""
    m = new(pawns=None, dice=[2, 1, 2, 3, 4, 5, 0, 1, 2])
    ok(m.submit(0, {"move": "pawn", "row": 0}))
    events = ok(m.submit(1, {"move": "pawn", "row": 1}))
    assert [e["type"] for e in events] == ["pawn_start", "round_start"]
    assert "puzzles" not in events[-1] and events[-1]["face"] == 2
    v = m.view(0)
    assert v["phase"] == "roll" and v["puzzles"] == [] and v["face"] == 2
    assert RULESET.clock(m.state) == {"move": "reveal", "tick": 0}
    rejected(m.submit(0, {"move": "give_up", "tick": 0}), "face down")
    rejected(m.submit(0, {"move": "reveal", "tick": 0}), "table's clock")
    rejected(m.submit(None, {"move": "time", "tick": 30}), "no hourglass")
    turned = ok(m.submit(None, {"move": "reveal", "tick": 0}))
    assert [e["type"] for e in turned] == ["reveal"]
    assert [p["board"] for p in turned[0]["puzzles"]] == [1, 2]
    v = m.view(1)
    assert v["phase"] == "solve" and len(v["puzzles"]) == 2 and v["now"] == [0, 0]
    assert m.to_act == {0, 1} and RULESET.clock(m.state) == {"move": "expire", "tick": HOURGLASS}
    rejected(m.submit(None, {"move": "reveal", "tick": 0}), "face up already")


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
    assert [e["type"] for e in events] == ["solve"] and events[0]["rank"] == 0
    v = m.view(0)
    assert v["status"] == ["solving", "solved"] and v["solves"] == [{"seat": 1, "tick": 900, "rank": 0}]
    assert m.to_act == {0, 1}  # seat 0 solves on, seat 1 moves its pawn
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


def test_a_solvers_reach_is_fixed_by_its_finishing_order_the_moment_it_solves():
    """駒を動かし (lines 49-52): the 1st to finish moves up to 3 rows, the 2nd up to 2 — known as
    soon as it shouts Ubongo!, while the others still solve."""
    m = new(seats=3)
    ok(m.submit(1, solve_cmd(m, 1, 500)))
    assert m.view(1)["allowance"] == 3 and m.view(1)["reach"] == [0, 1, 2, 3]
    ok(m.submit(0, solve_cmd(m, 0, 600)))
    assert m.view(0)["allowance"] == 2 and m.view(1)["allowance"] == 3
    assert m.view(2)["status"][2] == "solving" and m.to_act == {0, 1, 2}


def test_on_one_clock_time_only_runs_forward():
    """One clock for the table (a person with bots): a command is never dated before a moment the
    rules have already seen, so nobody can claim to have been quicker after the fact."""
    m = new()
    ok(m.submit(0, solve_cmd(m, 0, 2000)))
    rejected(m.submit(1, solve_cmd(m, 1, 1500)), "moment has passed")
    ok(m.submit(0, pawn(0, 2100)))
    rejected(m.submit(1, {"move": "solve", "tick": 2050, "placements": solution(m, 1)}), "moment has passed")
    assert m.view(1)["now"] == [2100, 2100]


def test_in_turns_a_later_player_quicker_on_their_own_clock_ranks_first():
    """Pass-and-play (facts page): each person solves in turn on their own clock and the times
    decide the order. One who plays later but solves quicker ranks ahead; the rank of one who
    played before stays as it was given (they have already moved with it)."""
    m = new(options={"clock": "turns"})
    ok(m.submit(0, solve_cmd(m, 0, 2000)))
    assert m.view(0)["allowance"] == 3
    ok(m.submit(1, solve_cmd(m, 1, 1500)))
    v = m.view(1)
    assert v["order"] == [1, 0] and v["allowance"] == 3
    assert v["solves"] == [{"seat": 1, "tick": 1500, "rank": 0}, {"seat": 0, "tick": 2000, "rank": 0}]


def test_pawn_moves_three_two_one_zero_by_solve_rank_in_any_order():
    """駒を動かし / 補足ルール (line 70): 1st up to 3, 2nd up to 2, 3rd up to 1, 4th not at all —
    also with fewer than four players; the allowance follows the solve rank, whoever moves first."""
    m = new(seats=4)
    for seat, tick in ((2, 100), (0, 200), (3, 300), (1, 400)):
        ok(m.submit(seat, solve_cmd(m, seat, tick)))
    assert m.view(0)["order"] == [2, 0, 3, 1]
    assert m.to_act == {0, 1, 2, 3}  # every solver at once, none waits for another
    rejected(m.submit(1, pawn(1, 500)), "stays where it is")
    assert m.legal(1) == [pawn(0, 400)]  # listed with the earliest tick it may send
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
    assert kinds(events) == ["pawn", "gems", "round_end", "round_start"]
    assert [e["seat"] for e in m.events if e["type"] == "gems"] == [1, 3, 0, 2]  # as they moved


def test_a_solver_moves_and_takes_gems_while_two_others_still_solve():
    """Lines 45 and 49: who finishes shouts Ubongo!, moves its pawn and takes the two gems at
    the head of its row at once; the others go on solving until the sand runs out."""
    m = new(seats=3)
    ok(m.submit(2, solve_cmd(m, 2, 600)))
    events = ok(m.submit(2, pawn(2, 700)))
    assert events == [
        {"type": "pawn", "seat": 2, "from": 0, "to": 2, "tick": 700},
        {"type": "gems", "seat": 2, "row": 2, "gems": GEMS[2][:2], "tick": 700},
    ]
    v = m.view(0)
    assert v["status"] == ["solving", "solving", "moved"] and m.to_act == {0, 1}
    assert v["gems"][2] == GEMS[2][2:] and v["held"][2][GEMS[2][0]] == 2
    assert v["moves"] == [{"seat": 2, "from": 0, "to": 2, "tick": 700, "gems": GEMS[2][:2]}]
    ok(m.submit(0, solve_cmd(m, 0, 1200)))  # the others solve on after it
    assert m.view(0)["allowance"] == 2


def test_a_person_who_never_solves_costs_nobody_their_gems():
    """Line 54: every player who solved gets gems, provided they hold them before the sand runs
    out — whether or not anyone else solved."""
    for solver in (0, 1):
        m = new()
        ok(m.submit(solver, solve_cmd(m, solver, 1126)))
        ok(m.submit(solver, pawn(1, 1200)))
        events = ok(m.submit(None, RULESET.clock(m.state)))
        assert kinds(events) == ["time_out", "round_end", "round_start"]
        assert events[0]["seats"] == [1 - solver]
        held = m.view(0)["held"]
        assert sum(held[solver].values()) == 2 and sum(held[1 - solver].values()) == 0


def test_a_person_who_solves_first_moves_at_once():
    """Line 49 (全ての動作は砂時計が落ちきる前に): the first solver need not wait for anyone."""
    m = new()
    ok(m.submit(0, solve_cmd(m, 0, 300)))
    assert 0 in m.to_act and m.legal(0)[0]["tick"] == 300
    events = ok(m.submit(0, pawn(3, 360)))
    assert kinds(events) == ["pawn", "gems"] and m.view(1)["status"] == ["moved", "solving"]


def test_a_later_solver_who_moves_first_takes_the_head_of_a_shared_row():
    """補足ルール (line 71): パズルを解いた順番と宝石を手に入れる順番は関係ありません — a pawn that
    reaches a row whose pawn has not taken its gems yet takes them first; pawns in one row race."""
    m = new()
    solved(m, 100, 200)
    ok(m.submit(1, pawn(2, 300)))  # the 2nd solver is at the gems first
    events = ok(m.submit(0, pawn(2, 900)))
    gems = [e for e in m.events if e["type"] == "gems"]
    assert gems == [
        {"type": "gems", "seat": 1, "row": 2, "gems": GEMS[2][:2], "tick": 300},
        {"type": "gems", "seat": 0, "row": 2, "gems": GEMS[2][2:4], "tick": 900},
    ]
    assert kinds(events) == ["pawn", "gems", "round_end", "round_start"]


def test_once_the_first_gem_is_taken_the_second_goes_with_it():
    """補足ルール (line 72): 1つ目の宝石を手に入れば、二つ目の宝石は自動的にそのプレイヤーのもの —
    both gems of a take go to one player, never one each."""
    m = new()
    solved(m, 100, 200)
    ok(m.submit(0, pawn(1, 300)))
    ok(m.submit(1, pawn(1, 300)))  # the same moment, one after the other
    takes = [e["gems"] for e in m.events if e["type"] == "gems"]
    assert takes == [GEMS[1][:2], GEMS[1][2:4]]


def test_in_turns_the_race_for_a_shared_row_goes_by_each_players_own_clock():
    """Pass-and-play (docs/ubongo.md): people play one after another, each solving and moving on
    their own clock. Whoever reached the row earlier on their own clock takes its head, whoever
    played first; gems wait until nobody still to play could reach that row earlier."""
    m = new(options={"clock": "turns"})
    ok(m.submit(0, solve_cmd(m, 0, 1000)))
    events = ok(m.submit(0, pawn(2, 1500)))  # first at the screen, at the row at 25 s
    assert kinds(events) == ["pawn"]  # seat 1 has not played: it might be quicker
    assert m.view(1)["moves"][0]["gems"] is None and m.view(1)["gems"][2] == GEMS[2]
    assert m.to_act == {1}
    ok(m.submit(1, solve_cmd(m, 1, 600)))
    events = ok(m.submit(1, pawn(2, 800)))  # second at the screen, at the row at 13 s
    assert [(e["seat"], e["gems"]) for e in events if e["type"] == "gems"] == [
        (1, GEMS[2][:2]),
        (0, GEMS[2][2:4]),
    ]
    assert kinds(events)[-2:] == ["round_end", "round_start"]


def test_in_turns_a_move_waits_only_for_those_who_could_still_reach_its_row_earlier():
    """A seat still to play blocks only the rows its pawn could reach (3 rows at most), and
    only until it is known to be later."""
    m = new(seats=3, options={"clock": "turns"}, pawns=(0, 0, 5))
    ok(m.submit(0, solve_cmd(m, 0, 1000)))
    ok(m.submit(1, {"move": "give_up", "tick": 2700}))
    assert kinds(ok(m.submit(0, pawn(2, 1100)))) == ["pawn"]  # seat 2, on row 6, could reach row 3
    events = ok(m.submit(2, solve_cmd(m, 2, 1200)))  # ... but it solved after 1100
    assert kinds(events) == ["solve", "gems"] and events[1]["seat"] == 0
    m = new(seats=3, options={"clock": "turns"}, pawns=(0, 0, 5))
    ok(m.submit(0, solve_cmd(m, 0, 1000)))
    ok(m.submit(1, {"move": "give_up", "tick": 2700}))
    assert kinds(ok(m.submit(0, pawn(1, 1100)))) == ["pawn", "gems"]  # row 2 is out of its reach


def test_in_turns_gems_go_by_tick_whatever_order_the_moves_arrive_in():
    """The order of arrival never matters in turns: the same moves in either order give one state."""
    states = []
    for first, second in (((0, pawn(1, 700)), (1, pawn(1, 650))), ((1, pawn(1, 650)), (0, pawn(1, 700)))):
        m = new(options={"clock": "turns"})
        solved(m, 100, 200)
        ok(m.submit(*first))
        ok(m.submit(*second))
        states.append((m.state.held, m.state.gems, m.state.results))
    assert states[0] == states[1]
    assert states[0][0][1][COLOURS.index(GEMS[1][0])] == 2  # seat 1 (650) before seat 0 (700)


def test_in_turns_equal_pawn_ticks_go_to_the_better_solve():
    """Ours: two moves at the same tick on one row: the earlier solver takes the head."""
    m = new(options={"clock": "turns"})
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
    assert events[1]["gems"] == GEMS[2][2:4] and events[1]["seat"] == 1
    v = m.view(0)
    assert v["gems"][2] == GEMS[2][4:]
    assert v["held"][0][GEMS[2][0]] == 2 and v["held"][1][GEMS[2][2]] == 2


def test_an_empty_row_stays_empty():
    """補足ルール (line 74): a row whose gems are gone is never refilled; nobody can take from it."""
    gems = [row[:] for row in GEMS]
    m = new()
    m.state = replace(m.state, gems=((), *m.state.gems[1:]))
    solved(m, 100, 200)
    events = ok(m.submit(0, pawn(0, 300)))
    assert events[1]["gems"] == []
    events = ok(m.submit(1, pawn(0, 400)))
    assert events[1]["gems"] == []
    assert m.view(0)["gems"][0] == [] and sum(m.view(0)["held"][0].values()) == 0
    assert gems == GEMS


def test_give_up_waits_for_the_clock_and_the_hourglass_is_turned_once_more():
    """補足ルール (line 69): nobody solved in time -> the hourglass is turned once more, only once."""
    m = new()
    ok(m.submit(0, {"move": "give_up", "tick": 1000}))
    ok(m.submit(1, {"move": "give_up"}))
    assert m.to_act == frozenset() and m.events[-1]["tick"] == 1000  # giving up now
    clock = RULESET.clock(m.state)
    assert clock == {"move": "expire", "tick": 2700}
    rejected(m.submit(0, clock), "clock")
    events = ok(m.submit(None, clock))
    assert events == [
        {"type": "time_out", "seats": [], "tick": 2700, "turn": 1},
        {"type": "hourglass_turned", "turn": 2, "tick": 2700},
    ]
    v = m.view(0)
    assert v["hourglass"]["turn"] == 2 and v["hourglass"]["start"] == [2700, 2700] and m.to_act == {0, 1}
    rejected(m.submit(0, solve_cmd(m, 0, 2000)), "before this hourglass")
    events = ok(m.submit(None, RULESET.clock(m.state)))
    assert [e["type"] for e in events] == ["time_out", "round_end", "round_start"]
    v = m.view(0)
    assert v["round"] == 2 and v["results"] == [[None, None]]
    assert all(sum(h.values()) == 0 for h in v["held"])


def test_the_second_hourglass_runs_from_when_it_was_turned():
    """With a handicap the first sand runs out at different times: the hourglass is turned when
    the longest has run out, and each seat's second sand runs from then."""
    m = new(options={"extra2": 10})
    ok(m.submit(None, {"move": "expire", "tick": 2700}))
    ok(m.submit(None, {"move": "expire", "tick": 3300}))
    glass = m.view(0)["hourglass"]
    assert glass["turn"] == 2 and glass["start"] == [3300, 3300] and glass["end"] == [6000, 6600]


def test_the_sand_runs_out_on_a_slow_solver_and_a_solver_who_did_not_move():
    """ラウンドの終了 (lines 58, 75): when the sand has run out the round ends: a later solve is
    too late, and a solver who had not moved yet gets no gems."""
    m = new()
    ok(m.submit(1, solve_cmd(m, 1, 2000)))
    rejected(m.submit(None, {"move": "expire", "tick": 2600}), "not run out yet")
    rejected(m.submit(0, solve_cmd(m, 0, 2701)), "too late")
    events = ok(m.submit(None, {"move": "expire", "tick": 2700}))
    assert kinds(events) == ["time_out", "too_late", "round_end", "round_start"]
    assert events[0]["seats"] == [0] and events[1]["seats"] == [1]
    assert m.view(0)["results"] == [[None, 2000]] and all(sum(h.values()) == 0 for h in m.view(0)["held"])


def test_the_round_ends_at_once_when_nobody_may_act_any_more():
    """Ours (issue 33): once every seat has solved and moved, or given up, the round does not
    wait for the sand."""
    m = new(seats=3)
    ok(m.submit(0, solve_cmd(m, 0, 500)))
    ok(m.submit(1, {"move": "give_up", "tick": 600}))
    ok(m.submit(0, pawn(1, 650)))
    assert m.view(0)["round"] == 1
    events = ok(m.submit(2, {"move": "give_up", "tick": 700}))
    assert kinds(events) == ["give_up", "round_end", "round_start"]


def test_extra_time_seat_works_on_after_the_others_sand():
    m = new(options={"extra1": 10})
    events = ok(m.submit(None, {"move": "expire", "tick": 2700}))
    assert events == [{"type": "time_out", "seats": [1], "tick": 2700, "turn": 1}]
    assert m.to_act == {0}
    ok(m.submit(0, solve_cmd(m, 0, 3200)))
    assert m.view(0)["status"][0] == "solved" and m.view(0)["pawn_window"] == [3200, 3300]
    assert kinds(ok(m.submit(0, pawn(0, 3250)))) == ["pawn", "gems", "round_end", "round_start"]


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
        reveal(m)
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
            reveal(m)
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
    assert m.to_act == frozenset()  # roll: the boards lie face down, nobody may act yet
    reveal(m)
    assert m.to_act == {0, 1}  # solve: everyone still solving or still to move
    ok(m.submit(0, solve_cmd(m, 0, 500)))
    assert m.to_act == {0, 1}
    ok(m.submit(1, {"move": "give_up"}))
    assert m.to_act == {0}
    assert RULESET.clock(m.state) == {"move": "expire", "tick": 2700}  # the mover's sand
    ok(m.submit(0, pawn(0, 600)))
    assert RULESET.clock(m.state) is not None and m.view(0)["round"] == 2
    m.state = replace(m.state, phase="over")
    assert RULESET.clock(m.state) is None and m.to_act == frozenset()


def test_view_lists_solves_in_finishing_order():
    m = new(seats=3, options={"clock": "turns"})
    ok(m.submit(2, solve_cmd(m, 2, 900)))
    ok(m.submit(0, solve_cmd(m, 0, 400)))
    assert m.view(1)["solves"] == [{"seat": 0, "tick": 400, "rank": 0}, {"seat": 2, "tick": 900, "rank": 0}]


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


def test_pass_and_play_each_human_solves_and_moves_on_their_own_clock():
    """Facts page (one screen): each person solves in turn on the clock, then moves within their
    own sand; times decide the order."""
    m = new(seats=3, options={"clock": "turns"})
    # the table takes the lowest seat in to_act, hands off, runs that person's own clock
    assert min(m.to_act) == 0
    ok(m.submit(0, solve_cmd(m, 0, 2100)))
    assert min(m.to_act) == 0  # still at the screen: the pawn
    ok(m.submit(0, pawn(0, 2200)))
    assert min(m.to_act) == 1
    ok(m.submit(1, {"move": "give_up", "tick": 2700}))  # their sand ran out: the table gives up for them
    assert m.to_act == {2}
    ok(m.submit(2, solve_cmd(m, 2, 1300)))  # on its own clock, earlier than seat 0
    assert m.view(0)["order"] == [2, 0] and m.view(2)["allowance"] == 3
    ok(m.submit(2, pawn(0, 1400)))  # quicker to row 1 than seat 0 was: the head is seat 2's
    takes = [(e["seat"], e["gems"]) for e in m.events if e["type"] == "gems"]
    assert takes == [(2, GEMS[0][:2]), (0, GEMS[0][2:4])]


def test_the_clock_is_shared_unless_several_people_share_the_screen():
    """Who sits where sets the clock: one person (or none) with bots races one clock; two or
    more people at one screen take turns on their own."""
    seats = {
        "one": [Seat("A"), Seat("B", "bot", "hard")],
        "two": [Seat("A"), Seat("B"), Seat("C", "bot", "easy")],
    }
    assert Match.new(RULESET, seats["one"], {}, seed=1).options["clock"] == "shared"
    assert Match.new(RULESET, seats["two"], {}, seed=1).options["clock"] == "turns"
    with pytest.raises(ValueError, match="shared or turns"):
        Match.new(RULESET, seats["one"], {"clock": "sometimes"}, seed=1)


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
    """補足ルール (line 75): solved in time but no gems taken before the sand ran out -> no gems;
    the round ends with the sand. Each mover's window runs from its solve to the end of its own
    sand."""
    m = new(options={"extra2": 10})
    solved(m, 2500, 2600)
    v = m.view(0)
    assert v["movers"] == [0, 1] and v["pawn_window"] == [2500, 2700]
    assert v["pawn_windows"] == [[2500, 2700], [2600, 3300]]  # seat 1 has its extra 10 s
    rejected(m.submit(0, pawn(1, 2499)), "before you solved")
    rejected(m.submit(0, pawn(1, 2599)), "moment has passed")
    rejected(m.submit(0, pawn(1, 2701)), "too late")
    rejected(m.submit(0, {"move": "pawn", "row": 1}), "tick")
    assert RULESET.clock(m.state) == {"move": "expire", "tick": 2700}  # the first end among movers
    rejected(m.submit(None, {"move": "expire", "tick": 2699}), "not run out yet")
    events = ok(m.submit(None, RULESET.clock(m.state)))
    assert events == [{"type": "too_late", "seats": [0], "tick": 2700}]
    rejected(m.submit(0, pawn(1, 2700)), "too late")  # its sand is gone, whatever tick it sends
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
    solved(m, 900, 1000)
    rejected(m.submit(0, pawn(0, 2800)), "too late")
    events = ok(m.submit(None, RULESET.clock(m.state)))
    assert events == [{"type": "too_late", "seats": [0], "tick": 2700}]
    assert kinds(ok(m.submit(1, pawn(0, 3800)))) == ["pawn", "gems", "round_end", "round_start"]


def test_the_start_player_passes_left_and_wins_ties_on_the_clock_in_turns():
    """ラウンドの終了: the player left of the last start player rolls the die next round. Ours: on
    equal ticks in pass-and-play the seat nearer the start player goes first, whatever the order
    of arrival."""
    m = new(seats=3, options={"clock": "turns"})
    # round 1 (start player seat 0): seats 1 and 2 tie, arriving 2 first; seat 0 one tick later.
    # round 2 (start player seat 1): all three tie, arriving 0, 1, 2.
    rounds = [(0, [(2, 900), (1, 900), (0, 901)]), (1, [(0, 500), (1, 500), (2, 500)])]
    for start, solves in rounds:
        assert m.view(0)["start_player"] == start
        for seat, tick in solves:
            ok(m.submit(seat, solve_cmd(m, seat, tick)))
        assert m.view(0)["order"] == [1, 2, 0]
        for seat in (1, 2, 0):
            ok(m.submit(seat, pawn(0, 1000)))
    assert m.view(0)["round"] == 3 and m.view(0)["start_player"] == 2


def test_on_one_clock_equal_ticks_go_by_who_came_first():
    """Ours: on one clock two solves in the same sixtieth of a second rank as they came in."""
    m = new(seats=3)
    for seat in (2, 1):
        ok(m.submit(seat, solve_cmd(m, seat, 900)))
    assert m.view(0)["order"] == [2, 1] and m.view(1)["allowance"] == 2


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
