"""The outside heuristic player (tools/opponents/tajmahal_heuristic.py): it plays legal moves
from the view alone, speaks the protocol, and the ladder of our levels measured against it."""

import json
import subprocess
import sys
from pathlib import Path

from tests.rules.tajmahal.helpers import leave, match, play
from tools.opponents import tajmahal_heuristic

ROOT = Path(__file__).resolve().parents[3]
PROGRAM = ROOT / "tools" / "opponents" / "tajmahal_heuristic.py"

HEUR = f"cmd:{sys.executable} {PROGRAM}"


def test_the_heuristic_player_finishes_games_with_legal_moves_only():
    for seats in (3, 4, 5):
        m = match(seats, seed=seats)
        while not m.finished:
            seat = min(m.to_act)
            legal = m.legal(seat)
            command = tajmahal_heuristic.choose(m.view(seat), legal)
            assert command in legal
            assert m.submit(seat, command)


def test_the_heuristic_player_withdraws_with_two_persons_it_cannot_defend():
    m = match(3, hands=[[0, 18, 19], [39, 40, 30, 31], [60, 61, 51, 52]])
    play(m, 0, 0)
    play(m, 1, 39)
    play(m, 2, 60)
    assert tajmahal_heuristic.choose(m.view(0), m.legal(0)) == {"move": "withdraw"}


def test_the_heuristic_player_as_the_last_one_in_takes_open_persons_with_its_points_card():
    m = match(3, hands=[[0, 18], [39, 40], [60, 61]], specials={"points": 0}, start=1)
    leave(m, 1, 2)
    assert tajmahal_heuristic.choose(m.view(0), m.legal(0)) == {"move": "play", "cards": [0, 97]}


def _build_view(**setup):
    m = match(3, hands=[[6, 7], [27], [48]], **setup)
    play(m, 0, 6)
    leave(m, 1, 2)
    m.submit(0, {"move": "withdraw"})
    assert m.state.phase == "build"
    return m


def test_the_heuristic_player_builds_on_the_fortress_bonus_or_to_join_its_chain():
    m = _build_view(bonus={"Agra": "taj", "Ghazni": "points2"}, palaces=[["Baramulla", 0]])
    assert tajmahal_heuristic.choose(m.view(0), m.legal(0)) == {"move": "build", "city": "Ghazni"}
    m = _build_view(palaces=[["Baramulla", 0]])
    assert tajmahal_heuristic.choose(m.view(0), m.legal(0)) == {"move": "build", "city": "Peshawar"}


def test_the_heuristic_player_speaks_the_protocol():
    m = match(4, seed=2)
    seat = m.state.turn
    request = {"seat": seat, "view": m.view(seat), "legal": m.legal(seat)}
    lines = json.dumps(request) + "\n" + "not json\n"
    out = subprocess.run(
        [sys.executable, str(PROGRAM)], input=lines, capture_output=True, text=True, timeout=30
    )
    first, second = out.stdout.splitlines()
    assert json.loads(first)["command"] in m.legal(seat)
    assert "error" in json.loads(second)
    assert out.returncode == 0
