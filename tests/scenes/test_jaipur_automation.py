"""The Jaipur table driven by game.automation alone: whole matches of random legal moves, each
played by the clicks (or keys) a person would make, with random input in between; what each
seat's screen shows on the way; a hint asked for and played."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.automation import Session
from game.core.match import verify
from game.scenes.jaipur.sheets import JaipurResult
from game.scenes.overlays import HandOff
from tests.rules.jaipur.helpers import setup
from tests.scenes.jaipur_player import SpyScreen
from tests.scenes.keys import perform_by_keys
from tests.scenes.noise import noise

# Two people at one screen: test_pass_and_play_shows_each_hand_only_to_its_seat.
CONFIGS = {
    "easy": (["human", "easy"], {}),
    "medium": (["human", "medium"], {}),
    "hard": (["human", "hard"], {}),
    "solo": (["human", "rules"], {"variant": "solo"}),
}


def play_out(s: Session, rng: random.Random, perform=Session.perform, restless: int = 4) -> int:
    """Random legal moves for whoever the match waits on until its result; `restless` random
    inputs before each. Returns the moves the people made."""
    moves = 0
    while s.outcome is None:
        if restless:
            noise(s, rng, restless)
        s.idle()
        if s.outcome is not None:
            break
        seat = s.waiting()[0]
        perform(s, seat, rng.choice(s.legal(seat)))
        moves += 1
    s.idle()
    for _ in range(3):  # the last round's sheet stands before the result
        if isinstance(s.app.top, JaipurResult):
            break
        s.click(s.app.top.proceed)
        s.idle()
    return moves


def assert_finished(s: Session, moves: int) -> None:
    assert s.outcome is not None
    assert isinstance(s.app.top, JaipurResult), s.scene
    ok, why = verify(s.match.to_json())
    assert ok, why
    people = s.table.humans
    assert moves == sum(1 for seat, _ in s.commands if seat in people)  # noise never made a move
    assert s.app.store.load(s.table.match_id).events == s.match.events


@pytest.mark.parametrize("name", CONFIGS)
def test_a_whole_match_by_random_clicks_with_noise_between(name):
    seats, options = CONFIGS[name]
    s = Session.open("jaipur", seats=seats, seed=len(name), options=options)
    moves = play_out(s, random.Random(name))
    assert_finished(s, moves)


def test_a_whole_solo_match_by_keys_alone():
    s = Session.open("jaipur", seats=["human", "rules"], seed=8, options={"variant": "solo"})
    first = len(s.posted)
    moves = play_out(s, random.Random(2), perform=perform_by_keys, restless=0)
    assert_finished(s, moves)
    clicks = [p for p in s.posted[first:] if p["type"] == "MouseButtonDown"]
    assert len(clicks) <= 1  # only the last round's sheet, passed by its button


def test_every_target_is_drawn_where_it_is_clicked_and_says_why_it_is_disabled():
    s = Session.open("jaipur", seats=["human", "easy"], seed=3, options={"first": 0}, setup=DEAL)
    s.idle()
    ids = [t["id"] for t in s.targets()]
    assert ids == [*(f"market.{i}" for i in range(5)), *(f"hand.{j}" for j in range(5))] + [
        "clear",
        "confirm",
        "hint",
        "menu",
    ]
    labels = {t["id"]: t["label"] for t in s.targets()}
    assert labels["market.4"] == "Market 5: diamonds" and labels["hand.0"] == "Hand 1: gold"
    confirm = s.target("confirm")
    assert not confirm.enabled and confirm.tip == "Select cards in the market or your hand"
    s.click("hand.1")  # a single silver
    assert s.target("confirm").tip == "Silver sells 2 or more"
    lifted = s.target("hand.1").rect
    assert lifted.centery == 466 - 14  # raised as drawn, and clicked there
    s.key("escape")
    assert s.scene == "jaipur" and s.target("hand.1").rect.centery == 466
    s.perform(0, {"move": "camels"})
    assert s.target("herd").label == "Herd (3 camels)"
    s.tick(1)  # the camels are still in the air: the bot's turn waits for them to land
    assert s.table.busy() and not s.table.settled()
    s.idle()
    assert s.table.settled() and s.waiting() == [0]


def test_the_keyboard_walks_the_table_in_two_dimensions_and_esc_clears_before_it_pauses():
    s = Session.open("jaipur", seats=["human", "easy"], seed=3, options={"first": 0}, setup=DEAL)
    s.idle()
    table = s.table
    s.key("tab")
    assert table.focus == "market.0"
    s.key("right")
    assert table.focus == "market.1"
    s.key("down")  # the hand card below it
    assert table.focus == "hand.1"
    s.key("space")
    assert s.target("hand.1").label == "Hand 2: silver (selected)"
    s.key("up")
    assert table.focus == "market.1"
    s.key("escape")  # first the selection goes
    assert s.scene == "jaipur" and not s.target("clear").enabled
    s.key("escape")  # then, nothing selected, the pause menu
    assert s.scene == "pause"


def test_pass_and_play_shows_each_hand_only_to_its_seat():
    """Every frame is drawn through a spy: nothing under the hand-off cover, no hand before the
    first person takes the screen, never the other hand, and the person's own hand is seen."""
    s = Session.open("jaipur", seats=["human", "human"], seed=4)
    spy = s.app.screen = SpyScreen(paint=False)
    names = s.match.names
    seen = {"at": None, "handoffs": 0, "own": 0, "events": 0}
    recent = {0: [], 1: []}  # each seat's hand after each of the latest events
    rules = s.match.ruleset
    folded = [rules.empty(2, s.match.options)]  # the state after seen["events"] events

    def check() -> None:
        spy.faces.clear()
        s.app.draw()
        top, table, match = s.app.top, s.table, s.match
        for event in match.events[seen["events"] :]:  # as Match.view_at folds them, once each
            folded[0] = rules.evolve(folded[0], event)
            for seat in (0, 1):
                recent[seat] = [*recent[seat][-7:], rules.view(folded[0], seat)["hand"]]
        seen["events"] = len(match.events)
        if isinstance(top, HandOff):
            assert spy.faces == [], "a card face was drawn under the hand-off cover"
            if seen["at"] != names.index(top.player):
                seen["handoffs"] += 1
            seen["at"] = names.index(top.player)  # the screen is theirs once they confirm
            return
        assert spy.on_far_hand() == [], "the other hand was drawn face up"
        drawn = spy.in_hand_row()
        at = seen["at"]
        if at is None:
            assert drawn == [], "a hand was drawn before anybody took the screen"
            return
        allowed = Counter()
        for hand in recent[at] or [match.view(at)["hand"]]:
            allowed |= Counter(hand)
        assert not Counter(drawn) - allowed, (drawn, recent[at], at)
        if top is table and not table.busy() and table.viewer == at:  # not the round as it ended
            assert spy.shows(match.view(at)["hand"]), (drawn, match.view(at)["hand"])
            seen["own"] += 1

    s.app.frame_hooks.append(check)
    moves = play_out(s, random.Random(5), restless=2)  # every frame is drawn twice here
    assert_finished(s, moves)
    assert seen["handoffs"] >= 10 and seen["own"] >= moves


def test_a_hint_is_shown_at_once_and_played_by_its_cards():
    s = Session.open("jaipur", seats=["human", "easy"], seed=3, options={"first": 0}, setup=DEAL)
    s.idle()
    s.click("hint")
    s.tick(1)  # under automation the hint is worked out when asked; the next tick shows it
    hint = s.table.hint
    assert hint in s.legal(0)
    market, hand, herd = s.table.hinted()
    assert market or hand or herd  # the cards it uses are ringed
    s.perform(0, hint)  # by clicking the cards it names: perform checks the very move was made


def test_the_hint_setting_hides_the_button_and_the_key():
    s = Session.open("jaipur", seats=["human", "easy"], seed=3, options={"first": 0}, setup=DEAL)
    s.idle()
    s.click("menu")
    s.click("settings")
    s.click("hint-button-at-the-table")
    assert s.app.settings.show_hints is False
    s.click("done")
    s.click("resume")
    assert s.scene == "jaipur"
    assert "hint" not in [t["id"] for t in s.targets()]
    s.key("h")
    s.tick(1)
    assert not s.table.hint_pending and s.table.hint is None


# Asha is dealt gold, silver and three leather; the market is three camels, gold and diamond;
# the deck's next cards are cloth, spice and cloth.
DEAL = setup(
    ["gold", "silver", "leather", "leather", "leather"],
    ["spice", "spice", "cloth", "diamond", "silver"],
    ["gold", "diamond"],
    ["cloth", "spice", "cloth"],
)
