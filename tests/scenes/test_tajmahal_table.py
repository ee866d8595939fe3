"""The Taj Mahal table driven by game.automation alone: whole games (one person against
bots, three people passing the screen) played by clicks and keys to the final scoring, every
kind of command made the way a person makes it, what the screen says about a choice, the
targets a person clicks, and the hands each screen may show."""

from __future__ import annotations

import math
import random
from collections import Counter

import pygame
import pytest

from game.automation import Session
from game.core import i18n
from game.core.match import verify
from game.rules.tajmahal.face.data import CARDS, COLOURS
from game.scenes.overlays import HandOff
from game.scenes.tajmahal import layout as L
from game.scenes.tajmahal import map_art, render
from game.scenes.tajmahal.sheets import TajMahalResult, VisitSheet
from game.scenes.tajmahal.table import USE_HINT
from game.ui import theme
from tests.scenes.driver import record
from tests.scenes.keys import perform_by_keys
from tests.scenes.tutorial_walk import opened

MOVES = ("play", "withdraw", "build", "pick")


def pass_sheet(s: Session, perform) -> None:
    """Go on past a visit's summary: Enter when playing by keys, else its button."""
    if perform is perform_by_keys:
        s.key("return")
    else:
        s.click(s.app.top.proceed)


def play_out(s: Session, rng: random.Random, perform=Session.perform) -> Counter:
    """Random legal commands for whoever the match waits on until the result screen, each
    made by input events; the pointer wanders over the table between them. Returns how many
    of each move the people made."""
    made: Counter = Counter()
    while s.outcome is None:
        s.idle()
        if s.outcome is not None:
            break
        if s.app.top is not s.table and not s.waiting():  # a visit's summary, bots next
            pass_sheet(s, perform)
            continue
        s.move((rng.randrange(10, 1270), rng.randrange(10, 710)))
        seat = s.waiting()[0]
        command = rng.choice(s.legal(seat))
        perform(s, seat, command)
        made[command["move"]] += 1
    s.idle()
    for _ in range(3):  # the last visit's summary stands before the result
        if isinstance(s.app.top, TajMahalResult):
            break
        assert isinstance(s.app.top, VisitSheet), s.scene
        pass_sheet(s, perform)
        s.idle()
    return made


def assert_finished(s: Session, made: Counter) -> None:
    assert s.outcome is not None and isinstance(s.app.top, TajMahalResult), s.scene
    ok, why = verify(s.match.to_json())
    assert ok, why
    people = s.table.humans
    assert sum(made.values()) == sum(1 for seat, _ in s.commands if seat in people)
    assert all(made[m] > 0 for m in MOVES), made  # every kind of command was clicked
    assert s.app.store.load(s.table.match_id).events == s.match.events


@pytest.mark.parametrize(
    "bots", [["easy", "medium"], ["hard", "easy", "medium"], ["easy", "easy", "medium", "hard"]]
)
def test_one_person_against_bots_to_the_final_scoring(bots):
    s = Session.open("tajmahal", seats=["human", *bots], seed=len(bots))
    made = play_out(s, random.Random(len(bots)))
    assert_finished(s, made)
    assert s.log[-1]["type"] == "game_over"


def test_one_person_plays_a_whole_game_by_keys_alone():
    s = Session.open("tajmahal", seats=["human", "easy", "easy"], seed=9)
    first = len(s.posted)
    made = play_out(s, random.Random(4), perform=perform_by_keys)
    assert_finished(s, made)
    clicks = [p for p in s.posted[first:] if p["type"] == "MouseButtonDown"]
    assert clicks == []


def test_three_people_pass_and_play_and_each_screen_shows_only_its_own_hand(monkeypatch):
    """Every hand the table draws is the hand of the person who took the screen last, as the
    rules show it to that seat; under the hand-off cover no table is drawn at all."""
    s = Session.open("tajmahal", seats=["human", "human", "human"], seed=6)
    drawn: list[tuple[int | None, list[int], list[int]]] = []
    original = render.Render.draw_hand

    def spy(self, surface, focused):
        table = self.t  # the render draws the table it belongs to
        if table.viewer is not None:
            own = [c["id"] for c in record(table).view(table.viewer)["hand"]]
            drawn.append((table.viewer, table.hand(), own))
        original(self, surface, focused)

    monkeypatch.setattr(render.Render, "draw_hand", spy)
    handoffs = []

    def check() -> None:
        top = s.app.top
        if isinstance(top, HandOff):
            handoffs.append(top.player)
            assert s.table.viewer is None  # nothing hidden is drawn until the person confirms

    s.app.frame_hooks.append(check)
    made = play_out(s, random.Random(3))
    assert_finished(s, made)
    assert len(set(handoffs)) == 3 and len(handoffs) >= 30
    seats_seen = {viewer for viewer, _, _ in drawn}
    assert seats_seen == {0, 1, 2}
    for viewer, hand, own in drawn:
        assert sorted(hand) == sorted(own), (viewer, hand, own)


def fresh(seed: int = 2) -> Session:
    """One person (seat 0) and two bots; the person starts."""
    s = Session.open("tajmahal", seats=["human", "easy", "easy"], seed=seed, setup={"start": 0})
    s.idle()
    return s


def test_the_targets_a_person_clicks_exist_with_stable_ids():
    s = fresh()
    ids = [t["id"] for t in s.targets()]
    hand = len(s.view(0)["hand"])
    display = len(s.view(0)["display"])
    for tid in (
        *(f"hand.{j}" for j in range(hand)),
        *(f"display.{i}" for i in range(display)),
        "player.0",
        "player.2",
        "play",
        "withdraw",
        "hint",
        "menu",
        "province.delhi",
        "province.agra",
        "city.agra",
        "city.dera-ghazi-khan",
        "city.fatehpur-sikri",
    ):
        assert tid in ids, tid
    assert len(ids) == len(set(ids))
    assert s.target("province.delhi").polygon  # provinces are hit by their outline
    assert s.target("city.agra").label.startswith("Agra (Agra), the Taj Mahal")
    # while playing, the cities and the display take no clicks; the hand does
    assert not s.target("city.agra").enabled and not s.target("display.0").enabled
    assert s.target("hand.0").enabled


def test_a_choice_says_what_it_would_do_or_why_it_cannot_be_played():
    s = fresh()
    table = s.table
    hand = table.hand()
    coloured = [j for j, c in enumerate(hand) if CARDS[c].colour in COLOURS]
    s.click(f"hand.{coloured[0]}")
    title, detail, mood = table.bar()
    assert mood == "move" and title.startswith("Play ") and detail.startswith("You would lead")
    assert s.target("play").enabled
    s.click(f"hand.{coloured[1]}")  # two coloured cards: the rules' reason, in words
    title, detail, mood = table.bar()
    assert (title, mood) == ("Not a move", "refused")
    assert detail == "Play exactly one coloured card, plus at most one white or special card"
    assert not s.target("play").enabled
    assert s.target("play").tip == detail
    s.key("escape")  # Esc clears the choice first
    assert s.scene == "tajmahal" and table.selected == []
    assert s.target("withdraw").tip.startswith("Withdrawing now wins nothing")


def test_hovering_a_player_lights_their_largest_chain():
    s = fresh()
    rng = random.Random(1)
    while s.view(0)["visit"] < 4:  # palaces go up as the visits pass
        s.idle()
        if s.app.top is not s.table:
            s.click(s.app.top.proceed)
            continue
        seat = s.waiting()[0]
        s.perform(seat, rng.choice(s.legal(seat)))
    s.idle()
    if s.app.top is not s.table:
        s.click(s.app.top.proceed)
    owner = max(range(3), key=lambda i: s.view(0)["players"][i]["palaces"])
    s.move(f"player.{owner}")
    assert s.table.highlight_seat() == owner
    chain = s.view(0)["players"][owner]["chain"]  # the rules put the largest chain in the view
    cities, provinces = chain["cities"], chain["provinces"]
    assert cities and provinces
    assert f"largest chain {len(provinces)} province" in s.target(f"player.{owner}").label


def test_a_keyboard_move_builds_on_a_city_reached_by_tab_and_arrows():
    s = fresh()
    rng = random.Random(5)
    while True:
        s.idle()
        if s.app.top is not s.table:
            s.key("return")
            continue
        seat = s.waiting()[0]
        legal = s.legal(seat)
        if legal[0]["move"] == "build" and seat == 0:
            break
        s.perform(seat, rng.choice(legal))
    city = legal[-1]["city"]
    count = len(s.match.commands)
    keys = []
    for g in s.table.gestures(0, legal[-1], keyboard=True):  # each made before the next is asked
        keys.append(g)
        s.gesture(g)
    assert keys[-1] == ("key", "space") and all(g[0] == "key" for g in keys)
    made = s.match.commands[count]
    assert made.seat == 0 and made.command == {"move": "build", "city": city}


def test_the_menu_offers_the_game_and_its_setup_opens_the_table():
    s = Session.menu()
    s.click("tajmahal")
    assert s.scene == "setup"
    s.click("start")
    assert s.scene == "tajmahal" and len(s.match.seats) == 3


def test_the_busy_table_plays_with_five_bots():
    from game.app import App
    from game.busy_tables import tajmahal as busy_table

    app = App(windowed=True, automated=True)
    table = busy_table(app)
    app.push(table)
    for _ in range(600):
        app.update(1)
        app.present()
    assert len(record(table).seats) == 5 and len(record(table).commands) > 10


def test_a_hint_is_shown_and_played_by_its_clicks():
    s = fresh()
    s.click("hint")
    s.tick(1)  # under automation the hint is worked out when asked; the next tick shows it
    hint = s.table.hint
    assert hint in s.legal(0)
    title, _, mood = s.table.bar()
    assert mood == "hint" and title.startswith("Hint: ")
    s.perform(0, hint)


def test_a_game_left_mid_visit_resumes_where_it_was():
    s = fresh()
    rng = random.Random(8)
    while len([c for c in s.commands if c[0] == 0]) < 4:
        s.idle()
        if s.app.top is not s.table:
            s.click(s.app.top.proceed)
            continue
        seat = s.waiting()[0]
        s.perform(seat, rng.choice(s.legal(seat)))
    s.idle()
    events = list(s.log)
    s.close()
    again = Session.resume()
    assert again.scene in ("tajmahal", "tajmahal-visit") and again.log == events
    again.idle()
    if again.app.top is not again.table:
        again.click(again.app.top.proceed)
        again.idle()
    seat = again.waiting()[0]
    again.perform(seat, again.legal(seat)[-1])


def test_a_refused_move_is_said_where_it_covers_no_control():
    """Issue 44: in the tutorial a refused move's hint came as a banner along the bottom of the
    window, over the hand and the Play, Withdraw and Hint buttons, for five seconds. The Taj
    Mahal table keeps its toasts over the action bar: they cover no card of the hand, no
    button, no target a person may click (the coach's included)."""
    s = opened("tajmahal", start=2)  # "Play a card: click the red monk-and-princess card"
    try:
        s.click("withdraw")  # not this move: the step's hint
        boxes = [box for _toast, box, _lines, _size in s.app.toast_boxes()]
        assert len(boxes) == 1 and s.app.toasts[0].message == s.table.coach.step.hint
        hand = [t for t in s.table.table_targets() if t.kind == "hand"]
        buttons = {
            t["id"]: s.target(t["id"]) for t in s.targets() if t["id"] in ("play", "withdraw", "hint", "menu")
        }
        assert len(hand) == 6 and set(buttons) == {"play", "withdraw", "hint", "menu"}
        controls = [t.bounds for t in hand] + [t.bounds for t in buttons.values()]
        controls += [s.target(t["id"]).bounds for t in s.targets() if t["enabled"]]
        assert [c for c in controls for box in boxes if box.colliderect(c)] == []
        assert all(L.ACTION_BAR.contains(box) for box in boxes)
    finally:
        s.close()


def shows(s: Session, hint: dict) -> tuple[str, str]:
    """The bar's line under this hint and the Use hint button's tip, as the hard bot's hint
    would show them (set here so that each kind of move can be had)."""
    s.table.hint = hint
    s.table.on_hint()
    s.tick(1)
    _title, detail, mood = s.table.bar()
    assert mood == "hint" and s.target("hint").label == "Use hint"
    return detail, s.target("hint").tip


def ringed_green(s: Session, rect: pygame.Rect, city: bool = False) -> bool:
    """The hint's green ring drawn round this rectangle (marks.draw's, just outside it), or
    round a city (a circle of radius 11)."""
    frame = pygame.Surface((1280, 720))
    s.table.draw(frame)
    if city:
        x, y = rect.center
        edge = [(round(x + 10 * math.cos(k / 8)), round(y + 10 * math.sin(k / 8))) for k in range(50)]
    else:
        ring = rect.inflate(10, 10)
        edge = [(x, ring.top + 1) for x in range(ring.left + 14, ring.right - 14)]
    return sum(frame.get_at(p)[:3] == theme.GOOD[:3] for p in edge) > len(edge) // 2


@pytest.mark.parametrize("language", ("en", "ja"))
def test_what_a_hint_says_it_shows_and_use_hint_does_is_what_happens(language):
    """Issue 44: a withdrawal's hint promised a green ring that never appeared, and Use hint
    said it chose the hint's cards or city where it withdrew at once. For each kind of move the
    bar says where the hint is ringed and what Use hint does, the ring is there, and Use hint
    does just that: a play's or a pick's cards are chosen (Play, Take finish), a build or a
    withdrawal is made at once."""
    s = fresh()
    i18n.set_language(language)
    try:
        table = s.table
        hand = table.hand()
        play = next(c for c in s.legal(0) if c["move"] == "play")
        detail, tip = shows(s, play)
        assert (detail, tip) == (render.HINT_SHOWN["play"], USE_HINT["play"])
        j = hand.index(play["cards"][0])
        assert ringed_green(s, s.target(f"hand.{j}").bounds)
        before = len(s.commands)
        s.click("hint")
        assert table.selected == play["cards"] and len(s.commands) == before  # chosen, not played
        s.click("play")
        s.idle()
        assert s.commands[before] == (0, play) and table.acting_phase() == "play"
        before = len(s.commands)

        detail, tip = shows(s, {"move": "withdraw"})
        assert (detail, tip) == (render.HINT_SHOWN["withdraw"], USE_HINT["withdraw"])
        assert ringed_green(s, pygame.Rect(L.WITHDRAW_RECT))  # the ring it speaks of
        s.click("hint")
        s.idle()
        assert s.commands[before] == (0, {"move": "withdraw"})  # withdrawn at once

        while table.acting_phase() not in ("build", "pick"):  # a bot's turn, a summary
            s.idle()
            if s.app.top is not table:
                s.click(s.app.top.proceed)
        assert table.acting_phase() == "build"  # it led what it played: it builds
        if table.acting_phase() == "build":
            city = table.v["pending"]["cities"][0]
            detail, tip = shows(s, {"move": "build", "city": city})
            assert (detail, tip) == (render.HINT_SHOWN["build"], USE_HINT["build"])
            assert ringed_green(s, s.target(map_art.city_id(city)).bounds, city=True)
            s.click("hint")
            s.idle()
            assert s.commands[-1] == (0, {"move": "build", "city": city})  # built at once
        while table.acting_phase() != "pick":
            s.perform(0, s.legal(0)[0])
            s.idle()
        pick = s.legal(0)[0]
        detail, tip = shows(s, pick)
        assert (detail, tip) == (render.HINT_SHOWN["pick"], USE_HINT["pick"])
        shown = [c["id"] for c in table.v["display"]]
        assert ringed_green(s, s.target(f"display.{shown.index(pick['cards'][0])}").bounds)
        made = len(s.commands)
        s.click("hint")
        assert table.picked == pick["cards"] and len(s.commands) == made  # chosen, Take takes them
        for words in (*render.HINT_SHOWN.values(), *USE_HINT.values()):
            assert i18n.tr(words) != words or language == "en", words  # said in Japanese too
    finally:
        i18n.set_language("en")
        s.close()
