"""The Jaipur table played as a person would: whole matches by mouse and by keyboard."""

import random

import pygame

from game.core import registry
from game.core.match import Match, Seat
from game.scenes.jaipur import art
from game.scenes.jaipur import layout as L
from game.scenes.jaipur.table import JaipurTable
from game.scenes.results import Results
from tests.scenes.driver import click, frame, key, make_app, run, shot
from tests.scenes.jaipur_player import finish_match, play_by_keyboard, play_by_mouse


def table_app(seats, options=None, seed=3):
    app = make_app()
    app.settings = type(app.settings)(bot_pause_ms=0, animation_speed=2.0)
    match = Match.new(registry.get("jaipur"), seats, {"first": 0, **(options or {})}, seed=seed)
    match_id = app.store.attach(match)
    table = JaipurTable(app, match, match_id)
    app.push(table)
    frame(app)
    return app, table


def test_a_whole_match_against_easy_by_mouse():
    app, table = table_app([Seat("Asha"), Seat("Bilal", "bot", "easy")])
    finish_match(app, table, 0, play_by_mouse, random.Random(1))
    assert isinstance(app.top, Results) and table.match.finished
    shot(app, "jaipur-result")


def test_a_whole_match_against_easy_by_keyboard():
    app, table = table_app([Seat("Asha"), Seat("Bilal", "bot", "easy")], seed=8)
    finish_match(app, table, 0, play_by_keyboard, random.Random(2))
    assert isinstance(app.top, Results)


def test_a_whole_solo_match():
    app, table = table_app([Seat("Asha"), Seat("Rule bot", "rules", "Solo rule bot")], {"variant": "solo"})
    shot(app, "jaipur-solo")
    finish_match(app, table, 0, play_by_mouse, random.Random(3))
    assert isinstance(app.top, Results)


def test_an_illegal_selection_explains_itself_and_cannot_be_confirmed():
    app, table = table_app([Seat("Asha"), Seat("Bilal", "bot", "easy")])
    run(app, 200)
    v = table.v
    goods = [j for j, c in enumerate(v["hand"])]
    click(app, L.hand(goods[0]))
    click(app, L.market(0))
    assert table.command is None and table.reason
    shot(app, "jaipur-illegal")
    before = len(table.match.events)
    click(app, table.confirm.rect.center)
    key(app, pygame.K_RETURN)
    assert len(table.match.events) == before
    click(app, (600, 380), button=3)  # right-click clears
    assert not table.market_sel and not table.hand_sel


class SpyScreen(pygame.Surface):
    """The app's screen, noting every goods card drawn face up in the hand row."""

    def __init__(self):
        super().__init__((1280, 720))
        self.faces: list[str] = []
        self.lookup = {
            id(art.card_face(g)): g for g in ("diamond", "gold", "silver", "cloth", "spice", "leather")
        }

    def blit(self, image, dest, *args, **kwargs):
        good = self.lookup.get(id(image))
        if good:
            rect = image.get_rect(topleft=dest) if isinstance(dest, tuple) else pygame.Rect(dest)
            if L.HAND_Y - 40 <= rect.centery <= L.HAND_Y + 10 and rect.centerx < 900:
                self.faces.append(good)
        return super().blit(image, dest, *args, **kwargs)


def test_pass_and_play_never_draws_another_seats_hand():
    from collections import Counter

    from game.scenes.overlays import HandOff

    app, table = table_app([Seat("Asha"), Seat("Bilal")], seed=4)
    spy = app.screen = SpyScreen()
    names = table.match.names
    at_screen = None  # the seat that last confirmed a hand-off
    hands = {0: [], 1: []}  # each seat's hand now and just before the last move
    rng = random.Random(5)
    handoffs = 0

    def check_frame():
        spy.faces.clear()
        app.draw()
        if isinstance(app.top, HandOff):
            assert spy.faces == [], "a hand was drawn under the hand-off cover"
            return
        if spy.faces:
            current = table.match.view(at_screen)["hand"]  # cards still flying in count too
            allowed = Counter(hands[at_screen][0]) | Counter(hands[at_screen][1]) | Counter(current)
            assert not Counter(spy.faces) - allowed, (spy.faces, hands, at_screen)

    for _ in range(400):
        for seat in (0, 1):
            now = table.match.view(seat)["hand"]
            if not hands[seat] or hands[seat][-1] != now:
                hands[seat] = [(hands[seat][-1] if hands[seat] else now), now]
        if isinstance(app.top, HandOff):
            check_frame()
            shot(app, "jaipur-handoff")
            at_screen = names.index(app.top.player)
            handoffs += 1
            key(app, pygame.K_RETURN)
        elif app.top is not table:
            key(app, pygame.K_RETURN)
        elif table.acting_human is not None and table.idle():
            play_by_mouse(app, table, rng.choice(table.match.legal(table.acting_human)))
        else:
            app.update(4)
        check_frame()
        if table.match.finished:
            break
    assert handoffs >= 10


def test_a_bot_move_animates_before_the_next_turn():
    app, table = table_app([Seat("Asha"), Seat("Bilal", "bot", "easy")])
    assert table.flights.busy  # the opening deal
    run(app, 200)
    play_by_mouse(app, table, table.match.legal(0)[0])
    assert table.flights.busy
    run(app, 12)
    shot(app, "jaipur-animation")
    for _ in range(600):
        if table.acting_human == 0 and table.idle():
            break
        frame(app, 2)
    assert table.acting_human == 0
