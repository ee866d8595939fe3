"""The deck of 96 and the 4 special cards (facts page "Components"; seed 準備)."""

from collections import Counter

from game.rules.tajmahal.face.data import CARDS, COLOURS, DECK_IDS, OWN_PERSON, PERSONS, SPECIAL_IDS


def test_100_cards_96_in_the_deck_4_special():
    assert len(CARDS) == 100 and len(DECK_IDS) == 96 and len(SPECIAL_IDS) == 4
    assert [c.id for c in CARDS] == list(range(100))


def test_21_of_each_colour_and_12_white():
    by = Counter(CARDS[i].colour for i in DECK_IDS)
    assert by == {**dict.fromkeys(COLOURS, 21), "white": 12}


def test_coloured_cards_show_two_symbols_white_one():
    for i in DECK_IDS:
        assert len(CARDS[i].symbols) == (1 if CARDS[i].colour == "white" else 2)


def test_breakdown_of_one_colour():
    for colour in COLOURS:
        cards = Counter(tuple(sorted(c.symbols)) for c in CARDS if c.colour == colour)
        two_persons = [s for s in cards.elements() if all(x in PERSONS for x in s)]
        assert len(two_persons) == 4
        assert Counter(x for s in two_persons for x in s) == dict.fromkeys(PERSONS, 2)
        assert cards[("elephant", "mogul")] == 2 and cards[("elephant", "elephant")] == 2
        for person in PERSONS:
            assert cards[("elephant", person)] == 3
        assert cards[tuple(sorted(("mogul", OWN_PERSON[colour])))] == 1


def test_white_cards():
    white = Counter(CARDS[i].symbols[0] for i in DECK_IDS if CARDS[i].colour == "white")
    assert white == {**dict.fromkeys([*PERSONS, "mogul"], 1), "elephant": 7}


def test_special_cards():
    specials = {CARDS[i].special: CARDS[i].symbols for i in SPECIAL_IDS}
    assert specials == {"elephant": ("elephant",), "points": (), "mogul": ("mogul",), "change": ()}
