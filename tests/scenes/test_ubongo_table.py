"""The Ubongo table driven by game.automation alone: whole games (solo, one person against
three bots, two people passing the screen) to the final standings, pieces dragged, turned and
flipped, the clock ticked in any step size, the keyboard alone, hints and the sand running out."""

from __future__ import annotations

import random

import pygame
import pytest

from game.automation import Session
from game.core.match import verify
from game.rules.ubongo.face.constants import HINT_TICKS
from game.scenes.overlays import HandOff
from game.scenes.ubongo.table import UbongoTable
from tests.scenes.ubongo_player import choose, move_to, play_to_standings, press, solution

FOUR = ["human", "hard", "medium", "easy"]


def test_a_solo_game_is_played_to_its_standings_by_dragging_and_clicking():
    s = Session.open("ubongo", ["human"], seed=4, options={"mode": "solo"})
    made = play_to_standings(s, random.Random(4), give_up_odds=0.1)
    solves = [e for e in s.log if e["type"] == "solve"]
    assert len([e for e in s.log if e["type"] == "round_end"]) == 9
    assert made >= 9 + 1 and solves  # a start field, then per round a solve (or a give-up) and a row
    assert s.outcome.details["solved"] == [len(solves)]
    assert verify(s.match.to_json())[0]  # the commands re-decided give the same log


def test_one_person_races_three_bots_on_one_clock_to_the_standings():
    s = Session.open("ubongo", FOUR, seed=8)
    play_to_standings(s, random.Random(8), think=40 * 60)
    assert s.outcome.winners
    for round_no in range(1, 10):  # on one clock, solves reach the rules in the order of their ticks
        start = next(i for i, e in enumerate(s.log) if e["type"] == "round_start" and e["round"] == round_no)
        end = next(i for i, e in enumerate(s.log) if e["type"] == "round_end" and e["round"] == round_no)
        ticks = [e["tick"] for e in s.log[start:end] if e["type"] == "solve"]
        assert ticks == sorted(ticks)
    bots_first = [e for e in s.log if e["type"] == "solve" and e["rank"] == 0 and e["seat"] != 0]
    assert bots_first, "in nine rounds a bot never beat the person: the race is not a race"
    assert verify(s.match.to_json())[0]


def test_two_people_pass_the_screen_each_against_their_own_hourglass():
    s = Session.open("ubongo", ["human", "human"], seed=2)
    seen: list[tuple[int | None, str]] = []
    real_push = s.app.push

    def push(scene):
        if isinstance(scene, HandOff):
            table = s.table
            seen.append((table.viewer, scene.player))  # nothing of anyone is on show meanwhile
        real_push(scene)

    s.app.push = push
    play_to_standings(s, random.Random(2), give_up_odds=0.05)
    assert seen and all(viewer is None for viewer, _ in seen)
    assert {name for _, name in seen} == set(s.match.names)
    for e in s.log:  # each person's solve tick is on their own clock, from the hourglass turned
        if e["type"] == "solve":
            assert e["tick"] < 2 * 2700
    assert verify(s.match.to_json())[0]


def test_clock_steps_of_1_2_or_7_give_the_same_log_with_a_drag_in_progress():
    logs = []
    for step in (1, 2, 7):
        s = Session.open("ubongo", FOUR, seed=12, options={"first": 0}, setup={"pawns": [0, 1, 2, 3]})
        s.idle()
        table = s.table
        assert table.solving()
        letter = table.handler.letters[0]
        grab = s.target(f"piece.{letter}").centre
        press(s, grab)
        move_to(s, (grab[0] - 150, grab[1] + 20))
        assert table.handler.hold is not None and table.handler.hold.active
        for _ in range(6300 // step):  # past the first hourglass: bots solve, the sand runs out
            table.update(step)
        logs.append([e for e in s.log])
        assert any(e["type"] == "time_out" for e in s.log)
    assert logs[0] == logs[1] == logs[2]


def test_a_piece_dragged_turned_and_flipped_lands_on_the_cells_its_ghost_showed():
    s = Session.open("ubongo", ["human"], seed=6, options={"mode": "solo"}, setup={"pawns": [0]})
    s.idle()
    table = s.table
    handler = table.handler
    letter = max(handler.letters, key=lambda p: len(handler.pieces[p].cells()))
    grab = s.target(f"piece.{letter}").centre
    press(s, grab)
    board = handler.board.rect
    move_to(s, board.center)
    s._post(pygame.MOUSEBUTTONDOWN, pos=board.center, button=3)  # a quarter turn mid-drag
    s._post(pygame.MOUSEBUTTONDOWN, pos=board.center, button=2)  # and a flip
    s.app.step(1)
    assert handler.hold is not None and handler.pieces[letter].flip == 1
    assert handler.ghost() is not None  # over the board the turned piece shows where it would go
    ghost = None
    for cell in handler.board.cells:  # on to a place where it fits (the middle may not do)
        spot = handler.board.centre(cell)
        move_to(s, spot)
        ghost = handler.ghost()
        if ghost is not None and ghost[2]:
            break
    assert ghost is not None and ghost[2], "the turned and flipped piece fits nowhere on the empty board"
    s._post(pygame.MOUSEBUTTONUP, pos=spot, button=1)
    s.app.step(1)
    assert sorted(handler.pieces[letter].board_cells()) == sorted(ghost[1])


def test_the_keyboard_alone_solves_and_takes_gems():
    s = Session.open("ubongo", ["human", "easy"], seed=9, options={"first": 0}, setup={"pawns": [2, 3]})
    s.idle()
    table = s.table
    handler = table.handler
    for placed in solution(s, 0)["placements"]:
        letter, cells = placed["piece"], sorted(tuple(c) for c in placed["cells"])
        while handler.hold is None or handler.hold.letter != letter:
            s.key("tab")
        from game.scenes.ubongo.handling import SHAPES

        flip, rot = SHAPES.orientation_for(letter, cells)[0]
        if handler.pieces[letter].flip != flip:
            s.key("f")
        while handler.pieces[letter].rot != rot:
            s.key("r")
        local = handler.pieces[letter].cells()
        ax, ay = min(c[0] for c in cells), min(c[1] for c in cells)
        want = (ax + local[handler.hold.pivot][0], ay + local[handler.hold.pivot][1])
        while handler.hold.key_cell != want:
            kx, ky = handler.hold.key_cell
            s.key("right" if kx < want[0] else "left" if kx > want[0] else "down" if ky < want[1] else "up")
        s.key("return")
        assert sorted(handler.pieces[letter].board_cells()) == cells
    assert s.view(0)["status"][0] == "solved"
    s.idle()
    assert 0 in s.waiting()  # solved, Asha moves her pawn: a row in reach by the arrows and Enter
    s.key("down")
    row = int(table.focus.split(".")[1])
    s.key("return")
    assert any(e["type"] == "pawn" and e["seat"] == 0 and e["to"] == row for e in s.log)


def test_a_hint_lays_one_piece_and_costs_ten_seconds_in_solo():
    s = Session.open("ubongo", ["human"], seed=3, options={"mode": "solo"}, setup={"pawns": [0]})
    s.idle()
    table = s.table
    before = table.window.now(0)
    s.click("hint")
    assert table.window.now(0) == before + HINT_TICKS
    assert len(table.handler.laid()) == 1
    s.key("h")
    assert len(table.handler.laid()) == 2 and table.window.now(0) == before + 2 * HINT_TICKS
    # the cost is in the log, as the rules' time: Continue and the score both count it
    spent = [e for e in s.log if e["type"] == "time" and e.get("hint")]
    assert [e["tick"] for e in spent] == [before + HINT_TICKS, before + 2 * HINT_TICKS]


def test_out_of_sand_the_pieces_freeze_and_a_solution_is_shown():
    """The person's sand runs out mid-drag while a bot with extra time still solves: the piece
    in hand goes back, and since the hard bot solved the puzzle cannot come back this round,
    so the gem board shows with a solution on their frozen puzzle in its corner."""
    options, setup = {"first": 0, "extra3": 30}, {"pawns": [0, 1, 2]}
    s = Session.open("ubongo", ["human", "hard", "easy"], seed=11, options=options, setup=setup)
    s.idle()
    table = s.table
    letter = table.handler.letters[0]
    grab = s.target(f"piece.{letter}").centre
    press(s, grab)
    move_to(s, table.handler.board.rect.center)
    for _ in range(3000):  # the hard bot solves; the person's sand runs out mid-drag
        table.update(1)
        if s.view(0)["status"][0] == "out":
            break
    assert s.view(0)["status"][0] == "out" and table.handler.hold is None and not table.solving()
    assert s.view(0)["phase"] == "solve" and s.view(0)["status"][2] == "solving"  # the easy bot works on
    assert table.shown_solution, "no solution shown to the person who ran out of sand"
    assert table.gem_board_shown() and not table.rows_open()


def test_setup_offers_the_handicaps_per_seat_and_only_seats_in_the_game():
    from game.scenes.setup import Setup

    s = Session.menu()
    s.app.push(Setup(s.app, "ubongo"))
    s.app.step(0)
    setup = s.app.top
    ids = {t["id"] for t in s.targets()}
    assert {"option.side1", "option.extra1", "option.side2", "practice"} <= ids
    assert "option.side3" not in ids
    first = next(w for w in setup.option_widgets if w.tid == "option.first")
    assert first.names == ["Drawn at random", "Asha", "Bilal"]
    s.click("option.extra2")
    assert setup.chosen_options()["extra2"] == 10
    setup._set_count(4)
    setup.count_choice.set(4)
    assert "option.side4" in {t["id"] for t in s.targets()} and len(first.names) == 5
    s.click("practice")
    assert s.scene == "ubongo-practice"


def test_practice_browses_boards_and_solves_with_a_hint_and_a_new_puzzle():
    from game.scenes.ubongo.practice import Practice

    s = Session.menu()
    s.app.push(Practice(s.app, board=7, side="hard", face=2, seed=1))
    s.app.step(0)
    practice = s.app.top
    assert len(practice.handler.letters) == 4
    s.key("h")
    assert len(practice.handler.laid()) == 1
    placements = solution_of(practice)
    for gesture in practice.handler.gestures(placements):
        s.gesture(gesture)
    assert practice.solved_at is not None
    s.key("n")
    assert practice.generated and practice.solved_at is None
    assert solution_of(practice)  # a generated puzzle always tiles
    s.key("escape")
    assert s.scene != "ubongo-practice"


def solution_of(practice) -> list[dict]:
    from game.rules.ubongo.face.solver import solve

    tiling = solve(practice.handler.board.cells, practice.handler.letters)
    assert tiling is not None
    return [{"piece": p, "cells": [list(c) for c in cells]} for p, cells in tiling]


@pytest.mark.parametrize("speed", [0.0])
def test_instant_animations_still_show_every_round(speed):
    """With animations off the die and the gems do not wait, and the game still runs through."""
    from dataclasses import replace

    s = Session.open("ubongo", ["human", "medium"], seed=1)
    s.app.settings = replace(s.app.settings, animation_speed=speed)
    play_to_standings(s, random.Random(1))
    assert isinstance(s.table, UbongoTable)


def test_restless_input_between_moves_never_breaks_a_game():
    """Clicks, drags, keys (G gives up, H, R, F, Tab...) and resizes at random before every
    move: the game still runs to its standings and replays from its log."""
    from tests.scenes.noise import noise

    rng = random.Random(17)
    s = Session.open("ubongo", ["human", "medium"], seed=17)
    for _ in range(300):
        noise(s, rng, 3)
        s.idle()
        if s.outcome is not None:
            break
        if not s.waiting():  # a round's sheet stands: the next boards turn up once it is read
            s.click(s.attention()["target"])
            continue
        seat = s.waiting()[0]
        s.perform(seat, choose(s, seat, rng))
    assert s.outcome is not None
    assert verify(s.match.to_json())[0]


def test_a_match_left_mid_round_resumes_with_its_hourglass_where_it_was():
    s = Session.open("ubongo", ["human", "easy"], seed=23, options={"first": 0}, setup={"pawns": [0, 1]})
    s.idle()
    s.tick(600)  # ten seconds into the sand
    s.perform(0, {"move": "give_up"})
    s.close()  # the time reached is in the log: the give-up's tick, or a tick after it
    again = Session.resume()
    table = again.table
    left_at = max(e.get("tick", 0) for e in again.log)
    assert isinstance(table, UbongoTable) and table.window.now() == left_at
    play_to_standings(again, random.Random(1))


def test_every_shipped_puzzle_has_cells_of_at_least_40_px_at_the_table():
    from game.rules.ubongo.face import levels
    from game.scenes.ubongo import layout
    from game.scenes.ubongo.handling import puzzle_handler

    sizes = [
        puzzle_handler(side.cells, row, layout.PLAY).cell
        for board in levels.boards()
        for side in (board.easy, board.hard)
        for row in side.rows
    ]
    assert len(sizes) == 432 and min(sizes) >= 40


def hourglass_apart(s: Session, moment: str) -> None:
    """The frame drawn now: the hourglass stays inside its room and the side panel, and covers
    none of the words beside it (the time, which hourglass, the handicap)."""
    from game.scenes.ubongo import layout

    table = s.table
    s.app.draw()
    drawn = table.render.drawn
    glass = drawn["glass"]
    assert layout.GLASS_ROOM.contains(glass) and layout.SIDE.contains(glass), (moment, glass)
    for name in ("time", "turn", "extra"):
        if name in drawn:
            assert not glass.colliderect(drawn[name]), (moment, name, glass, drawn[name])


@pytest.mark.parametrize("speed", [0.5, 1.0, 2.0])
def test_the_turning_hourglass_never_covers_the_time(speed):
    """Every tick of both turns (the round's first, as the die lands, and the second when
    nobody solved), at every animation speed and with a handicap line: apart."""
    from dataclasses import replace

    options = {"mode": "solo", "extra1": 30}
    s = Session.open("ubongo", ["human"], seed=4, options=options, setup={"pawns": [0]})
    s.app.settings = replace(s.app.settings, animation_speed=speed)
    table = s.table
    table.start_round()
    seen = 0
    while table.intro:
        hourglass_apart(s, f"intro {table.intro}")
        seen += table.intro <= table.speed(30)
        s.tick(1)
    assert seen >= table.speed(30) - 1
    s.idle()
    s.perform(0, {"move": "give_up"})
    for _ in range(7000):  # the sand runs out; nobody solved: it turns over
        s.tick(1)
        if table.turning:
            break
    assert table.turning, "the hourglass did not turn for its second run"
    turns = 0
    while table.turning:
        hourglass_apart(s, f"second turn {table.turning}")
        assert "time" in table.render.drawn and "turn" in table.render.drawn and "extra" in table.render.drawn
        turns += 1
        s.tick(1)
    assert turns >= table.speed(30) - 1
    hourglass_apart(s, "standing again")


@pytest.mark.parametrize("how", ["r", "f", "wheel", "right button"])
def test_r_f_the_wheel_and_the_right_button_turn_the_piece_pointed_at(how):
    """What a newcomer tries first: the pointer over a piece, not held, and R (or F, the
    wheel, a right-click). The piece turns where it lies, in the tray or on the board."""
    s = Session.open("ubongo", ["human", "easy"], seed=4, options={"first": 0}, setup={"pawns": [0, 1]})
    s.idle()
    table = s.table
    handler = table.handler
    assert table.solving()
    placed = solution(s, 0)["placements"][0]  # one piece laid where a solution has it
    assert handler.lay(placed["piece"], placed["cells"]) is None
    for letter in handler.letters:
        p = handler.pieces[letter]
        before, at = (p.flip, p.rot), p.at
        point = handler.cell_rects(letter)[0].center
        s.move(point)
        if how in ("r", "f"):
            s.key(how)
        elif how == "wheel":
            s._post(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0)
            s.app.step(0)
        else:
            s.click(point, button=3)
        assert (p.flip, p.rot) != before, (letter, how)
        if at is None:  # a tray piece stays in its slot, not in hand
            assert handler.hold is None and p.at is None
        elif handler.hold is None:  # a laid piece still lies on the board where it fitted
            assert p.at is not None and handler.reason(letter, p.board_cells()) is None
        else:  # or, no longer fitting there, is lifted, and the bar says why
            assert handler.hold.lifted and handler.misfit()
            assert str(handler.misfit()) in table.bar()[1]
            s.key("escape")
        s.tick(20)


def test_the_top_bar_says_what_the_gem_board_is_for(monkeypatch):
    """On the gem board the header says what it is about for the person at the screen: a
    start field to choose, gems to take (and how far the pawn goes), gems taken."""
    from game.scenes.ubongo import layout
    from game.ui import text

    drawn: list[tuple[str, pygame.Rect]] = []
    real = text.blit

    def spy(surface, words, pos, *args, **kwargs):
        rect = real(surface, words, pos, *args, **kwargs)
        drawn.append((str(words), rect))
        return rect

    monkeypatch.setattr(text, "blit", spy)
    s = Session.open("ubongo", ["human", "easy"], seed=4, options={"first": 0})
    s.idle()
    table = s.table

    def header() -> str:
        drawn.clear()
        s.app.draw()
        return " | ".join(w for w, r in drawn if layout.HEADER.contains(r))

    assert table.gem_board_shown() and s.view(0)["phase"] == "start"
    assert "Put your pawn on a start field" in header()
    s.perform(0, {"move": "pawn", "row": 2})
    s.idle()
    s.perform(0, solution(s, 0))
    s.idle()
    v = s.view(0)
    assert table.gem_board_shown() and v["status"][0] == "solved"
    n = v["allowance"]
    assert f"Take your gems: move your pawn up to {n} rows" in header() or (
        n < 2 and "Take your gems" in header()
    )
    s.perform(0, {"move": "pawn", "row": v["reach"][0]})
    s.idle()
    if table.gem_board_shown():
        assert "Your gems are taken" in header()
