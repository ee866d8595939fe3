"""The Gin Rummy table driven by game.automation alone: whole matches to their result screen,
each move played by the clicks and drags a person would make (`GinRummyTable.gestures`), with
random input in between; what each seat's screen shows in pass-and-play; and the first frame
after Continue."""

from __future__ import annotations

import random

import pygame
import pytest

from game.automation import Session
from game.core.match import verify
from game.rules.ginrummy.face.melds import deadwood
from game.scenes.ginrummy import layout as L
from game.scenes.overlays import HandOff
from game.scenes.table.overlay import said as bar_says
from game.ui import playing_cards
from tests.rules.ginrummy.helpers import deck_for
from tests.scenes.noise import noise

SHORT = {"target": 50}  # the shortest match the rules offer (100 or 50)


def knock_first(rng: random.Random, legal: list[dict]) -> dict:
    """A random legal command, but a knock (or gin) whenever one is legal: purely random play
    seldom ends a hand before the stock runs out."""
    knocks = [c for c in legal if c["move"] == "knock"]
    return rng.choice(knocks or legal)


def sensible(rng: random.Random, legal: list[dict], view: dict) -> dict:
    """Knock whenever legal, take the pile's card when it cuts the deadwood, throw the card
    leaving the least: with two random players a match to 50 takes hundreds of moves (their
    deadwood stays alike, so a knock scores little); one sensible player ends it in a few hands."""
    knocks = [c for c in legal if c["move"] == "knock"]
    if knocks:
        return rng.choice(knocks)
    discards = [c for c in legal if c["move"] == "discard"]
    if discards:
        return min(discards, key=lambda c: view["discard_deadwood"][c["card"]])
    if {"move": "draw", "source": "discard"} in legal:
        hand, top = view["hand"], view["discard"][-1]
        if min(deadwood([c for c in [*hand, top] if c != d]) for d in hand) < view["deadwood"]:
            return {"move": "draw", "source": "discard"}
    return rng.choice(legal)


def play_out(s: Session, rng: random.Random, choose=None) -> int:
    """Until the result screen: noise, then a move for whoever the match waits on, played by
    gestures (`Session.perform`); a finished hand's score sheet opened and closed when no move
    waits on a person (the bot deals next, or the match is over). Returns the moves made."""
    moves = 0
    for _ in range(2000):
        if s.outcome is None:  # not on the result screen: a right click there leaves it
            noise(s, rng)
        s.idle()
        if s.scene == "results":
            return moves
        if s.scene == "ginrummy-sheet":  # the noise opened it (Space on its button): close it
            s.click("continue")
            continue
        waiting = s.waiting()
        if not waiting:
            if s.scene == "handoff":
                s.click("ready")
            else:
                s.click("score-sheet")
                s.click("continue")
            continue
        seat = waiting[0]
        legal = s.legal(seat)
        command = choose(rng, seat, legal, s.view(seat)) if choose else knock_first(rng, legal)
        s.perform(seat, command)
        moves += 1
    raise AssertionError("the match did not finish")


def assert_finished(s: Session, moves: int) -> None:
    assert s.outcome is not None and s.scene == "results", s.scene
    assert moves > 0  # by gestures (a bot may take all 50 points in one hand)
    ok, why = verify(s.match.to_json())
    assert ok, why


@pytest.mark.parametrize(("level", "seed"), [("easy", 2), ("medium", 4), ("hard", 5)])
def test_a_whole_match_against_a_bot_by_gestures(level, seed):
    s = Session.open("ginrummy", seats=["human", level], seed=seed, options=SHORT)
    moves = play_out(s, random.Random(seed))
    assert_finished(s, moves)


def one_sensible(rng: random.Random, seat: int, legal: list[dict], view: dict) -> dict:
    return sensible(rng, legal, view) if seat == 0 else knock_first(rng, legal)


# -- what each screen shows ------------------------------------------------------------------
class SpyScreen(pygame.Surface):
    """The app's screen, noting every playing-card face blitted on it and where."""

    def __init__(self):
        super().__init__((1280, 720))
        self.faces: list[tuple[str, tuple[int, int]]] = []
        self.lookup: dict[int, str] = {}
        sizes = [(L.HAND_W, L.HAND_H), (L.OPP_W, L.OPP_H), (L.SPREAD_W, L.SPREAD_H), (L.MINI_W, L.MINI_H)]
        for code in (r + s for s in "SHDC" for r in "A23456789TJQK"):
            for w, h in sizes:
                for four in (False, True):
                    self.lookup[id(playing_cards.face(code, four, w, h))] = code

    def blit(self, image, dest, *args, **kwargs):
        code = self.lookup.get(id(image))
        if code:
            self.faces.append((code, pygame.Rect(dest).topleft))
        return super().blit(image, dest, *args, **kwargs)

    def codes(self) -> set[str]:
        return {code for code, _ in self.faces}


def in_flight(table, lookup) -> set[str]:
    """Cards shown face up by flights (drawn scaled, so the spy's blit does not know them)."""
    return {
        lookup[id(image)]
        for flight in table.flights.items
        for image in (flight.image, flight.flip_to)
        if image is not None and id(image) in lookup
    }


def test_a_whole_pass_and_play_match_shows_each_hand_only_to_its_seat():
    """A whole match for two people, every frame through a spy: nothing under the hand-off
    cover, never a hidden card of the seat away from the screen, and the hand of the seat at
    the screen seen whole."""
    s = Session.open("ginrummy", seats=["human", "human"], seed=3, options=SHORT)
    spy = s.app.screen = SpyScreen()
    seen = {"handoffs": 0, 0: 0, 1: 0}

    def check() -> None:
        spy.faces.clear()
        s.app.draw()
        top, table, match = s.app.top, s.table, s.match
        if isinstance(top, HandOff):
            assert spy.faces == [], "a card face was drawn under the hand-off cover"
            seen["handoffs"] += 1
            return
        public = match.view(None)
        if public["reveal"] is not None:
            return  # after a knock both hands are laid open
        allowed = set(public["discard"]) | set(public["known"][0]) | set(public["known"][1])
        at = table.viewer
        if at is not None:
            allowed |= set(match.view(at)["hand"])
        wrong = (spy.codes() | in_flight(table, spy.lookup)) - allowed
        assert not wrong, (wrong, at)
        if at is not None and top is table and not table.busy() and public["phase"] in ("draw", "discard"):
            hand = set(match.view(at)["hand"]) - set(table.dragged_hand_cards())  # those follow the pointer
            assert hand <= spy.codes(), hand - spy.codes()
            seen[at] += 1

    s.app.frame_hooks.append(check)
    moves = play_out(s, random.Random(3), one_sensible)
    assert_finished(s, moves)
    assert {e.seat for e in s.match.commands} == {0, 1}
    assert seen["handoffs"] >= 10 and seen[0] >= 10 and seen[1] >= 10, seen


def test_after_continue_the_first_frame_lays_out_the_hand():
    """Continue opens the table with every card of my hand at its place in the very first
    frame (it once showed them heaped in the top-left corner until the mouse moved)."""
    s = Session.open("ginrummy", seats=["human", "easy"], seed=6, options=SHORT)
    for _ in range(3):
        s.idle()
        s.perform(0, knock_first(random.Random(0), s.legal(0)))
    s.idle()
    s.close()
    again = Session.resume()
    table = again.table
    assert again.scene == "ginrummy" and table.viewer == 0
    spy = again.app.screen = SpyScreen()
    again.app.draw()  # nothing has changed since the first frame: no tick, no input
    hand = table.v["hand"]
    _, centres = table.hand_layout()
    drawn = {code: pos for code, pos in spy.faces if code in hand}
    assert set(drawn) == set(hand)
    for code in hand:
        assert drawn[code] == L.card_rect(centres[code]).topleft, code
        assert again.target(f"hand.{code}").bounds.left == drawn[code][0]


def test_the_layoff_targets_and_the_reasons_of_greyed_buttons():
    """Bilal knocks with 9 after one draw; Asha's 5C goes on his club run by default: she takes
    it back and lays it off again by clicks, then confirms (an undercut). The hand's line in the
    log panel is cut, and read whole in a tooltip."""
    melded = "AS 2S 3S 4H 5H 6H JC JD JH 5C"
    deck = deck_for(melded, "2C 3C 4C 5D 6D 7D 8S 9S TS KH", "QH", "KD 9H", dealer=0)
    s = Session.open("ginrummy", ["human", "human"], seed=1, options=SHORT, setup={"deck": deck, "dealer": 0})
    for seat, command in [
        (0, {"move": "pass"}),
        (1, {"move": "pass"}),
        (0, {"move": "draw", "source": "stock"}),
    ]:
        s.perform(seat, command)
    s.idle()
    greyed = s.target("discard-selected")
    assert not greyed.enabled and greyed.tip == "Choose the card to discard first"
    s.move("discard-selected")  # the action bar says why, and no tooltip says it again
    pointed = s.table.pointed(s.table.target_map())
    assert bar_says(s.table.bar()[1], pointed) == "Choose the card to discard first"
    assert s.table.tipped() is None
    s.click("discard-selected")
    assert s.table.notice == "Choose the card to discard first"
    for seat, command in [
        (0, {"move": "discard", "card": "KD"}),
        (1, {"move": "draw", "source": "stock"}),
        (1, {"move": "knock", "card": "KH"}),
    ]:
        s.perform(seat, command)
    s.idle()
    runs = s.view(0)["reveal"]["extended_melds"]
    clubs = next(k for k, m in enumerate(runs) if "2C" in m)
    ids = [t["id"] for t in s.targets()]
    assert {f"meld.{clubs}", "laid.5C", "dead.9H", "done", "least-deadwood"} <= set(ids)
    assert (
        not s.target("dead.9H").enabled and s.target("dead.9H").tip == "That card is the knocker's deadwood"
    )
    s.click("laid.5C")  # take the layoff back: 5C is deadwood again
    s.idle()
    assert s.view(0)["reveal"]["layoffs"] == [] and "free.5C" in [t["id"] for t in s.targets()]
    table = s.table  # idle waited for 5C to glide back into Asha's deadwood (it once stayed put)
    assert table.glide.at("5C") == table.spread.pos["5C"] == s.target("free.5C").bounds.center
    s.perform(0, {"move": "layoff", "card": "5C", "meld": clubs})
    s.perform(0, {"move": "done"})
    assert s.view(0)["last_hand"]["kind"] == "undercut"
    s.idle()  # the hand's line is wider than the log panel: wrapped whole, nothing cut to point at
    full, rows = s.table.log_panel.shown(s.table.log)[-1]
    assert full == s.table.log[-1] and full.startswith("Bilal knocked with 9") and len(rows) > 1
    assert " ".join(rows) == full and not [t for t in s.targets() if t["id"].startswith("log.")]
