"""The bots' palace-chain arithmetic (game/rules/tajmahal/bot_chain.py)."""

from game.rules.tajmahal import bot_chain
from game.rules.tajmahal.face.board import load


def test_a_palace_joins_the_provinces_of_the_chains_it_touches():
    board = load()
    assert bot_chain.joined(board, {"Baramulla"}, "Peshawar") == 1  # Kabul joins Kashmir
    assert bot_chain.joined(board, {"Baramulla"}, "Ghazni") == 0  # no road to Baramulla
    # Lahore (the city) touches Peshawar, whose chain holds Kabul and Kashmir
    assert bot_chain.joined(board, {"Baramulla", "Peshawar"}, "Lahore") == 2
    # a palace of the province already in the chain joins nothing new
    assert bot_chain.joined(board, {"Baramulla", "Peshawar"}, "Jalalabad") == 0


def test_the_network_promises_the_chain_a_palace_to_come_would_join():
    board = load()
    assert bot_chain.potential(board, frozenset(), frozenset({"Kabul"})) == 0
    assert bot_chain.potential(board, frozenset({"Baramulla"}), frozenset({"Kabul"})) == 1
    two = frozenset({"Baramulla", "Peshawar"})
    assert bot_chain.potential(board, two, frozenset({"Lahore"})) == 2
    assert bot_chain.potential(board, two, frozenset({"Lahore", "Kashmir"})) == 3  # Kashmir: Kabul


def test_joins_answers_as_joined_for_every_city_of_a_province():
    board = load()
    for mine in ({"Baramulla"}, {"Baramulla", "Peshawar"}, {"Sialkot", "Jammu", "Sirhind"}, set()):
        for province in ("Kabul", "Lahore", "Kashmir", "Delhi"):
            cities = list(board.provinces[province].cities)
            assert bot_chain.joins(board, mine, cities) == [bot_chain.joined(board, mine, c) for c in cities]
