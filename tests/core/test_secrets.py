"""The declarations' words and the registry's check (issue 42, "Secrets fail closed"): what is
not declared is withheld, malformed declarations withhold and are refused, and a ruleset that
would bypass the filter is refused when it is registered or got."""

from __future__ import annotations

import weakref

import pytest

from game.core import registry
from game.core.match import Match, Seat
from game.core.secrets import COUNT, HIDDEN, OWN, PUBLIC, By, Each, Owner, PerSeat, Secrets, SecretsError
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
