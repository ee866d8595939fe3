"""The declarations' words and the registry's check (issue 42, "Secrets fail closed"): what is
not declared is withheld, malformed declarations withhold and are refused, and a ruleset that
would bypass the filter is refused when it is registered or got."""

from __future__ import annotations

import weakref

import pytest

from game.core import registry
from game.core.match import Match, Seat
from game.core.secrets import (
    COUNT,
    HIDDEN,
    OWN,
    PUBLIC,
    By,
    Each,
    Map,
    Own,
    Owner,
    PerSeat,
    Secrets,
    SecretsError,
)
from tests.core.tinygame import Tiny

EVENT = {"type": "deal", "seat": 1, "deck": [4, 5, 6], "hands": [[1], [2, 3]], "note": "x"}


def secrets(**events) -> Secrets:
    return Secrets(events=events, view={"seat": OWN})


def test_undeclared_fields_are_none_in_place_and_undeclared_types_show_their_type_alone():
    s = secrets(deal={"seat": PUBLIC, "deck": COUNT})
    assert s.filter_event(EVENT, 0) == {
        "type": "deal",
        "seat": 1,
        "deck": [None] * 3,
        "hands": None,
        "note": None,
    }
    assert s.filter_event({"type": "peek", "deck": [4]}, 0) == {"type": "peek"}
    assert s.filter_event({"deck": [4]}, 0) == {"type": None}  # no type: nothing
    assert "deck" not in s.filter_event({"type": "deal", "seat": 0}, 0)  # absent stays absent
    assert s.filter_event(EVENT, 0) is not EVENT and EVENT["deck"] == [4, 5, 6]  # the log is untouched


def test_the_seat_dependent_words():
    s = secrets(
        deal={
            "seat": PUBLIC,
            "deck": Owner("seat", others=COUNT),
            "hands": PerSeat(others=COUNT),
            "note": By(lambda event, seat: f"{event['note']} for {seat}"),
        }
    )
    one, zero, nobody = (s.filter_event(EVENT, seat) for seat in (1, 0, None))
    assert one["deck"] == [4, 5, 6] and zero["deck"] == [None] * 3 and nobody["deck"] == [None] * 3
    assert zero["hands"] == [[1], [None, None]] and one["hands"] == [[None], [2, 3]]
    assert nobody["hands"] == [[None], [None, None]]
    assert zero["note"] == "x for 0" and nobody["note"] == "x for None"


def test_a_rules_own_function_still_passes_the_field_filter():
    """By's output goes through `then`: a function that hands over more than its slot (here an
    object with a field nobody declared) shows only what is declared."""
    s = secrets(
        deal={"note": By(lambda event, seat: {"card": 7, "deck": event["deck"]}, then={"card": PUBLIC})}
    )
    assert s.filter_event(EVENT, 0)["note"] == {"card": 7, "deck": None}


def test_values_of_the_wrong_shape_are_withheld():
    s = secrets(deal={"seat": COUNT, "deck": {"top": PUBLIC}, "hands": Each(COUNT), "note": Each(PUBLIC)})
    shown = s.filter_event(EVENT, 0)
    assert shown["seat"] is None and shown["deck"] is None and shown["note"] is None
    assert shown["hands"] == [[None], [None, None]]


def test_views_keep_declared_keys_and_withhold_the_rest():
    s = Secrets(
        events={"deal": {}},
        view={"seat": OWN, "hand": OWN, "deck": PUBLIC, "players": Each({"score": PUBLIC})},
    )
    view = {"seat": 0, "hand": [1], "deck": 3, "order": [4, 5], "players": [{"score": 2, "hand": [9]}]}
    assert s.filter_view(view, 0) == {
        "seat": 0,
        "hand": [1],
        "deck": 3,
        "order": None,
        "players": [{"score": 2, "hand": None}],
    }
    assert s.undeclared_keys(view) == ["order"] and s.undeclared_fields({"type": "peek", "x": 1}) == ["x"]
    assert s.view_spec("deck").shared and not s.view_spec("hand").shared and s.view_spec("players").shared


@pytest.mark.parametrize(
    ("events", "view", "said"),
    [
        ({}, {"seat": OWN}, "no event types"),
        ({"deal": {"deck": COUNT}}, {}, "no view keys"),
        ({"deal": {"deck": "hidden"}}, {"seat": OWN}, "event 'deal'.deck: 'hidden' is not a declaration"),
        ({"deal": ["deck"]}, {"seat": OWN}, "event 'deal': declare its fields as a dict"),
        ({"deal": {"deck": OWN}}, {"seat": OWN}, "OWN is for views"),
        ({"deal": {"deck": Each(OWN)}}, {"seat": OWN}, "OWN is for views"),
        ({"deal": {"type": HIDDEN}}, {"seat": OWN}, "its type is always shown"),
        ({"deal": {"card": Owner(3)}}, {"seat": OWN}, "Owner names its seat by a key"),
        ({"deal": {"card": By("not a function")}}, {"seat": OWN}, "By needs a function"),
        ({"deal": {"card": PUBLIC}}, {"hand": {"cards": None}}, "view.hand.cards: None is not a declaration"),
    ],
)
def test_malformed_declarations_are_named_and_withhold(events, view, said):
    s = Secrets(events=events, view=view)
    assert any(said in problem for problem in s.problems), s.problems
    assert s.filter_event({"type": "deal", "deck": [1], "card": 2}, 0).get("deck") in (None, [None])


class Declared(Tiny):
    name = "declared"


class ShowsItsOwnView(Tiny):
    name = "ownview"

    def view(self, state, seat):
        return {"deck": list(state.deck)}


class ShowsItsOwnEvents(Tiny):
    name = "ownevents"

    def redact(self, event, seat):
        return event


class DeclaresNothing(Tiny):
    name = "undeclared"
    secrets = None


class DeclaresBadly(Tiny):
    name = "malformed"
    secrets = Secrets(events={"deal": {"deck": "nobody"}}, view={"hand": OWN})


def test_the_registry_admits_a_ruleset_only_with_its_secrets_kept():
    registry.register(Declared())
    assert registry.get("declared").name == "declared"
    with pytest.raises(SecretsError, match=r"ownview: view\(\) is the filtered entry point"):
        registry.register(ShowsItsOwnView())
    with pytest.raises(SecretsError, match=r"ownevents: redact\(\) is the filtered entry point"):
        registry.register(ShowsItsOwnEvents())
    with pytest.raises(SecretsError, match="undeclared: no `secrets` declared"):
        registry.register(DeclaresNothing())
    with pytest.raises(SecretsError, match="malformed: malformed secrets: event 'deal'.deck"):
        registry.register(DeclaresBadly())
    patched = Declared()
    patched.redact = lambda event, seat: event  # on the instance
    with pytest.raises(SecretsError, match="redact"):
        registry.register(patched)
    assert not {"ownview", "ownevents", "undeclared", "malformed"} & set(registry.names())


@pytest.mark.parametrize("game", registry.games())
def test_the_built_in_games_are_checked_when_got(game, monkeypatch):
    rules = registry.get(game)
    assert rules.secrets.problems == []
    monkeypatch.setattr(registry, "_admitted", weakref.WeakSet())  # as in a fresh process
    monkeypatch.setattr(type(rules), "secrets", Secrets(events={"x": {"y": "z"}}, view={"seat": OWN}))
    with pytest.raises(SecretsError, match=f"{game}: malformed secrets"):
        registry.get(game)


def test_a_game_without_declarations_would_show_nothing():
    """Even unregistered (a ruleset handed to Match directly), withheld is the default: Tiny's
    events and view through declarations that name nothing of them."""
    bare = Declared()
    bare.secrets = Secrets(events={"other": {}}, view={"other": PUBLIC})  # type: ignore[misc]
    match = Match.new(bare, [Seat("a"), Seat("b")], seed=1)
    match.submit(0, {"move": "draw"})
    assert [bare.redact(e, 0) for e in match.events] == [{"type": "deal"}, {"type": "draw"}]
    assert set(bare.view(match.state, 0).values()) == {None}


# -- issue 53: nested shapes, the outcome, a spectator ---------------------------------------
def test_nothing_nested_under_a_public_key_passes_whole():
    """PUBLIC is a leaf (numbers, strings, lists of them): an object anywhere under it is
    withheld, and inside a declared shape an undeclared key is None, at any depth."""
    s = Secrets(
        events={"deal": {"market": PUBLIC, "board": {"cities": PUBLIC}, "gems": Map(PUBLIC)}},
        view={"market": PUBLIC, "players": Each({"score": PUBLIC}), "tokens": {"gold": PUBLIC}},
    )
    view = {
        "market": {"cards": [1], "deck_order": [4, 5]},
        "players": [{"score": 1, "extra": {"deck_order": [4]}}],
        "tokens": {"gold": [5, 5], "deck_order": [4, 5]},
    }
    assert s.filter_view(view, 0) == {
        "market": None,
        "players": [{"score": 1, "extra": None}],
        "tokens": {"gold": [5, 5], "deck_order": None},
    }
    assert s.filter_view({"market": [{"card": 1}]}, 0) == {"market": None}  # a list of objects
    assert s.filter_view({"market": [[1, 2], [3]]}, 0) == {"market": [[1, 2], [3]]}  # lists of lists
    event = {
        "type": "deal",
        "market": [[1]],
        "board": {"cities": ["Agra"], "deck_order": [4]},
        "gems": {"red": 2},
    }
    event["gems"]["more"] = {"deck_order": [4]}
    assert s.filter_event(event, 0) == {
        "type": "deal",
        "market": [[1]],
        "board": {"cities": ["Agra"], "deck_order": None},
        "gems": {"red": 2, "more": None},
    }


def test_a_deck_order_nested_inside_a_games_public_key_is_withheld(monkeypatch):
    """Jaipur's tokens are public: a deck order a view put inside them reaches nobody."""
    rules = registry.get("jaipur")
    see = type(rules).see

    def peeking(self, state, seat):
        shown = see(self, state, seat)
        return {**shown, "tokens": {**shown["tokens"], "deck_order": list(state.deck)}}

    monkeypatch.setattr(type(rules), "see", peeking)
    match = Match.new(rules, [Seat("A"), Seat("B")], {"first": 0}, seed=5)
    for seat in (0, 1, None):
        tokens = match.view(seat)["tokens"]
        assert tokens["deck_order"] is None and tokens["diamond"] == [7, 7, 5, 5, 5]


def test_the_outcomes_details_go_through_the_declarations(monkeypatch):
    """What a window (the room's only source) and a replay hand out of the outcome: declared
    details as declared, any other None; who won and the scores as they are."""
    from game.core.authority import Authority
    from game.core.replays import ReplayWindow, Rewind
    from game.core.ruleset import Outcome

    def outcome(self, state):
        if state.deck:
            return None
        return Outcome((0,), (1.0, 0.0), details={"hands": [list(h) for h in state.hands], "rounds": 1})

    monkeypatch.setattr(Tiny, "outcome", outcome)
    declared = Secrets(events=Tiny.secrets.events, view=Tiny.secrets.view, outcome={"rounds": PUBLIC})
    match = Match.new(Tiny(), [Seat("A"), Seat("B")], seed=1)
    while not match.finished:
        match.submit(min(match.to_act), {"move": "draw"})
    assert match.outcome.details["hands"]  # the rules made them
    for seat in (0, 1, None):
        shown = Authority(match).window(set() if seat is None else {seat}, seat).outcome
        assert shown.details == {"hands": None, "rounds": None} and shown.winners == (0,)
    monkeypatch.setattr(Tiny, "secrets", declared)
    window = Authority(match).window({0}, 0)
    assert window.outcome.details == {"hands": None, "rounds": 1}
    replay = ReplayWindow(Rewind(match), len(match.events), None)
    assert replay.outcome.details == {"hands": None, "rounds": 1}


def test_a_spectator_never_sees_a_seats_own(monkeypatch):
    """OWN is the viewer's own: a view that hands a spectator a seat's hand shows it nothing
    (an empty list where the value is one); the seat itself sees its own, nested shapes too."""
    see = Tiny.see

    def careless(self, state, seat):
        return {**see(self, state, 0 if seat is None else seat), "seat": seat}

    monkeypatch.setattr(Tiny, "see", careless)
    match = Match.new(Tiny(), [Seat("A"), Seat("B")], seed=1, setup={"deck": [3, 1, 4, 5, 9, 2, 6, 8, 7]})
    match.submit(0, {"move": "draw"})
    assert match.view(0)["hand"] == [3]
    assert match.view(None)["hand"] == [] and match.view(None)["opponent_hand"] is None
    s = Secrets(events={"deal": {}}, view={"hand": Own(Each({"id": PUBLIC}))})
    hand = [{"id": 3, "peek": [4]}]
    assert s.filter_view({"hand": hand}, 0) == {"hand": [{"id": 3, "peek": None}]}
    assert s.filter_view({"hand": hand}, None) == {"hand": []}
