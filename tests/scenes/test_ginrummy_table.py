"""The Gin Rummy table played as a person would: whole matches by mouse and by keyboard,
drag and drop, the knock button, refusals in plain words, the defender's layoffs, and
pass-and-play that never shows the wrong hand."""

from __future__ import annotations

import random

import pygame

from game.automation import Session
from game.core import registry
from game.core.match import Match, Seat
from game.core.ruleset import Budget
from game.scenes.ginrummy import layout as L
from game.scenes.ginrummy.sheets import ScoreSheet
from game.scenes.ginrummy.table import GinRummyTable
from game.scenes.overlays import HandOff
from game.scenes.results import Results
from game.ui import playing_cards
from tests.rules.ginrummy.helpers import deck_for
from tests.scenes import gin_player as P
from tests.scenes.driver import click, frame, key, make_app, open_table, record, run, shot, until

RULES = registry.get("ginrummy")
MEDIUM = RULES.bot("medium")
MELDED = "AS 2S 3S 4H 5H 6H JC JD JH"


def table_app(seats, options=None, seed=3, setup=None, pause=0):
    app = make_app()
    app.settings = type(app.settings)(bot_pause_ms=pause, animation_speed=2.0)
    match = Match.new(RULES, seats, {"first_dealer": 0, **(options or {})}, seed=seed, setup=setup)
    table = open_table(app, GinRummyTable, match, app.store.attach(match))
    app.push(table)
    frame(app)
    return app, table


def medium(table, legal):
    """A sensible person: what the medium bot would do in their place."""
    view = record(table).view(table.acting_human)
    return MEDIUM.choose(view, legal, random.Random(len(record(table).events)), Budget(seconds=0.2))


def through_handoff(app) -> None:
    until(app, lambda: isinstance(app.top, HandOff), 2400, "a hand-off", step=4)
    key(app, pygame.K_RETURN)


def undercut_deal():
    """Bilal (seat 1) knocks with 9 after one draw; Asha lays 5C off on his club run: 0, an undercut."""
    deck = deck_for(MELDED + " 5C", "2C 3C 4C 5D 6D 7D 8S 9S TS KH", "QH", "KD 9H", dealer=0)
    return {"deck": deck, "dealer": 0}


def both_pass_then_draw(app, table, rng) -> None:
    """Pass-and-play: the dealer and then the other pass the upcard; the dealer draws the stock."""
    for move in ("pass", "pass"):
        through_handoff(app)
        P.play_by_mouse(app, table, {"move": move}, rng)
    through_handoff(app)
    P.play_by_mouse(app, table, {"move": "draw", "source": "stock"}, rng)


def to_the_knock(app, table, rng) -> None:
    """Pass-and-play on the undercut deal, up to Bilal's knock."""
    both_pass_then_draw(app, table, rng)
    P.play_by_mouse(app, table, {"move": "discard", "card": "KD"}, rng)
    through_handoff(app)
    P.play_by_mouse(app, table, {"move": "draw", "source": "stock"}, rng)
    P.play_by_mouse(app, table, {"move": "knock", "card": "KH"}, rng)


# -- whole matches ---------------------------------------------------------------------------
def test_a_whole_match_to_100_against_easy_by_mouse():
    app, table = table_app([Seat("Asha"), Seat("Bilal", "bot", "easy")])
    played = P.finish_match(app, table, 0, P.play_by_mouse, medium, random.Random(1))
    assert isinstance(app.top, Results) and record(table).finished and played > 20
    assert max(record(table).state.scores) >= 100
    shot(app, "ginrummy-result")


def test_a_whole_match_to_100_against_easy_by_keyboard():
    app, table = table_app([Seat("Asha"), Seat("Bilal", "bot", "easy")], seed=8)
    P.finish_match(app, table, 0, P.play_by_keyboard, medium, random.Random(2))
    assert isinstance(app.top, Results) and max(record(table).state.scores) >= 100


# -- drag and drop ---------------------------------------------------------------------------
def my_turn(app, table, phase: str) -> None:
    def reached() -> bool:
        return table.acting_human == 0 and table.idle() and table.v["phase"] == phase

    until(app, reached, 3200, f"Asha's turn in {phase}", step=4)
    P.settle(app, table)


def test_drag_within_the_hand_reorders_and_sort_restores():
    app, table = table_app([Seat("Asha"), Seat("Bilal", "bot", "easy")], seed=4)
    my_turn(app, table, "first_upcard")
    dead = [c for g in table.groups() for c in g.cards if g.kind == "deadwood"]
    assert len(dead) >= 3
    first, last = dead[0], dead[-1]
    _, centres = table.hand_layout()
    P.drag(app, P.card_point(table, last), (int(centres[first][0]) - 30, L.HAND_Y))
    dead_after = [c for g in table.groups() for c in g.cards if g.kind == "deadwood"]
    assert dead_after[0] == last and table.hand_order().custom is not None
    click(app, table.sort_button.rect.center)  # sort by rank; order is the sort's again
    assert table.hand_order().custom is None and table.hand_order().mode == "rank"
    assert not record(table).commands[1:]  # nothing was played by reordering


def test_a_drag_over_the_hand_shows_the_order_the_drop_makes():
    app, table = table_app([Seat("Asha"), Seat("Bilal", "bot", "easy")], seed=4)
    my_turn(app, table, "first_upcard")
    melds = [g.cards for g in table.groups() if g.kind != "deadwood"]
    dead = [c for g in table.groups() for c in g.cards if g.kind == "deadwood"]
    for card, x in [(dead[-1], 200), (dead[0], 700), *([(melds[0][0], 760)] if melds else [])]:
        start = P.card_point(table, card)
        app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)))
        app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
        app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, L.HAND_Y), rel=(1, 1), buttons=(1, 0, 0)))
        frame(app)
        groups, _ = table.hand_layout()
        previewed = [c for g in groups for c in g.cards]
        app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, L.HAND_Y), button=1))
        frame(app)
        assert [c for g in table.groups() for c in g.cards] == previewed
    assert table.hand_order().custom is not None and not record(table).commands[1:]


def test_drag_from_the_stock_draws_and_onto_the_pile_discards():
    app, table = table_app([Seat("Asha"), Seat("Bilal", "bot", "easy")], seed=4)
    my_turn(app, table, "first_upcard")
    P.play_by_mouse(app, table, {"move": "pass"}, random.Random(0))
    my_turn(app, table, "draw")
    P.drag(app, L.STOCK, (L.MID_X, L.HAND_Y), steps=3)
    assert table.v["phase"] == "discard" and len(table.v["hand"]) == 11
    shot(app, "ginrummy-drawn")
    P.settle(app, table)
    card = table.fresh
    start = P.card_point(table, card)
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)))
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    for k in range(1, 6):
        pos = (start[0] + (L.DISCARD[0] - start[0]) * k // 5, start[1] + (L.DISCARD[1] - start[1]) * k // 5)
        app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0)))
        frame(app)
    assert table.drag.dragging and card not in table.hand_layout()[1]  # it follows the pointer
    shot(app, "ginrummy-drag")
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=L.DISCARD, button=1))
    frame(app)
    assert record(table).view(0)["discard"][-1] == card and len(table.v["hand"]) == 10


# -- the knock button and refusals -----------------------------------------------------------
def knock_deal(extra: str, draw: str):
    """Asha deals and holds three melds; she takes nothing first, then draws `draw`."""
    deck = deck_for(MELDED + " " + extra, "2C 3C 4C 5D 6D 8S 9S JS QC KC", "KD", draw, dealer=0)
    return {"deck": deck, "dealer": 0}


def test_knock_button_is_enabled_only_when_legal_and_shows_the_deadwood():
    app, table = table_app([Seat("Asha"), Seat("Bilal")], setup=knock_deal("TD", "QS"))
    both_pass_then_draw(app, table, random.Random(0))
    P.settle(app, table)
    # no card chosen: the knock uses the best discard (QS or TD leave 10)
    assert table.knock_button.enabled and table.knock_button.label == "Knock · 10"
    click(app, P.card_point(table, "AS"))  # throwing the ace breaks a run: 2S 3S TD QS, 25 left
    assert table.selected == "AS" and not table.knock_button.enabled
    assert table.knock_button.label == "Knock · 25"
    before = len(record(table).commands)
    click(app, table.knock_button.rect.center)
    assert len(record(table).commands) == before
    assert table.notice == "Deadwood would be 25; knock needs 10 or less"
    shot(app, "ginrummy-knock-refused")
    key(app, pygame.K_k)
    assert len(record(table).commands) == before


def gin_deal():
    """Asha (dealer) takes the upcard 7H: her four melds then leave gin by throwing KS."""
    deck = deck_for("AS 2S 3S 4H 5H 6H JC JD JH KS", "2C 3C 4C 5D 6D 8S 9S TS QC KC", "7H", dealer=0)
    return {"deck": deck, "dealer": 0}


def test_gin_is_forced_and_highlighted():
    app, table = table_app([Seat("Asha"), Seat("Bilal", "bot", "easy")], setup=gin_deal())
    my_turn(app, table, "first_upcard")
    assert table.take_button.visible and table.pass_button.visible
    assert table.take_button.label == "Take 7H"
    shot(app, "ginrummy-upcard")
    P.play_by_mouse(app, table, {"move": "take_upcard"}, random.Random(0))
    P.settle(app, table)
    assert table.knock_button.label == "Gin!" and table.knock_button.enabled
    click(app, P.card_point(table, "KS"))
    assert not table.discard_button.enabled
    assert table.discard_button.hint == "That leaves gin: you must knock"
    click(app, P.card_point(table, "KS"))  # a second click would discard: refused, with the reason
    assert table.notice == "That leaves gin: you must knock" and table.v["phase"] == "discard"
    click(app, table.knock_button.rect.center)
    assert record(table).view(0)["last_hand"]["kind"] == "gin"


def test_refusals_say_why_in_plain_words():
    app, table = table_app([Seat("Asha"), Seat("Bilal", "bot", "easy")], seed=6)
    my_turn(app, table, "first_upcard")
    click(app, L.STOCK)
    assert table.notice == "Take the upcard or pass"
    table.notice = None
    key(app, pygame.K_k)  # no knock before the discard: K says why too
    assert table.notice == "Take the upcard or pass"
    hand = table.v["hand"]
    click(app, P.card_point(table, hand[0]))
    assert table.notice == "Take the upcard or pass"
    P.play_by_mouse(app, table, {"move": "take_upcard"}, random.Random(0))
    P.settle(app, table)
    assert table.notice is None  # the move went through: the refusal before it is gone
    taken = table.fresh
    assert taken == record(table).state.taken
    P.drag(app, P.card_point(table, taken), L.DISCARD)
    assert table.notice == f"You just took {taken} from the pile; discard another card"
    assert table.v["phase"] == "discard"
    click(app, L.STOCK)
    assert table.notice == "Discard a card (or knock)"
    shot(app, "ginrummy-refusal")


def test_k_during_a_pass_and_play_deal_is_refused_not_a_crash():
    """Two people: the hands are dealt face down, nobody's eyes on the screen yet. K asked the
    window about seat None, which it refuses by raising."""
    app, table = table_app([Seat("Asha"), Seat("Bilal")])
    assert table.viewer is None and table.flights.busy and app.top is table
    key(app, pygame.K_k)
    assert table.notice == "Not your move"


# -- the reveal ------------------------------------------------------------------------------
def test_knock_reveal_lays_off_and_the_defender_may_choose():
    app, table = table_app([Seat("Asha"), Seat("Bilal")], setup=undercut_deal())
    rng = random.Random(0)
    to_the_knock(app, table, rng)
    assert table.staged and table.spread is not None
    assert "5C" not in table.spread.laid  # the default layoff waits, then moves over
    run(app, 40, 4)
    shot(app, "ginrummy-layoff-flight")
    P.settle(app, table)
    assert table.spread.laid == {"5C"} and table.v["phase"] == "layoff"
    assert table.acting_human == 0  # Asha defends without a hand-off: the reveal is public
    # take the layoff back: 5C is deadwood again, then lay it off by hand
    click(app, P.spread_point(table, "5C"))
    P.settle(app, table)
    assert table.v["reveal"]["layoffs"] == [] and "5C" in table.free_cards()
    P.play_by_mouse(app, table, {"move": "layoff", "card": "5C", "meld": table.spread.group_of["2C"][1]}, rng)
    P.settle(app, table)
    assert [x["card"] for x in table.v["reveal"]["layoffs"]] == ["5C"]
    shot(app, "ginrummy-reveal")
    click(app, table.done_button.rect.center)
    P.settle(app, table)
    last = table.v["last_hand"]
    assert last["kind"] == "undercut" and last["winner"] == 0 and last["points"] == 9 + 25
    shot(app, "ginrummy-undercut")
    click(app, table.continue_button.rect.center)
    assert isinstance(app.top, ScoreSheet)
    shot(app, "ginrummy-sheet")
    key(app, pygame.K_RETURN)
    assert app.top is table and table.v["hand_number"] == 2  # Asha scored, so she deals


def test_break_and_make_melds_then_best():
    app, table = table_app([Seat("Asha"), Seat("Bilal")], setup=undercut_deal())
    to_the_knock(app, table, random.Random(0))
    P.settle(app, table)

    def spread(reveal):
        """Asha's melds (each as a sorted list, in a fixed order), deadwood and layoffs."""
        melds = sorted(sorted(m) for m in reveal["defender_melds"])
        return melds, reveal["defender_deadwood"], reveal["layoffs"]

    before = spread(table.v["reveal"])
    assert ["JC", "JD", "JH"] in before[0] and before[1] == 0  # 5C laid off: nothing left
    click(app, P.spread_point(table, "JD"))  # breaks Asha's set of jacks
    P.settle(app, table)
    assert set(table.free_cards()) >= {"JC", "JD", "JH"}
    assert table.v["reveal"]["defender_deadwood"] == 30
    for code in ("JC", "JD", "JH"):
        click(app, P.spread_point(table, code))
    assert table.meld_button.enabled
    click(app, table.meld_button.rect.center)
    P.settle(app, table)
    assert spread(table.v["reveal"]) == before  # the set is made again and the layoff kept
    click(app, P.spread_point(table, "5C"))  # take the layoff back ...
    P.settle(app, table)
    click(app, table.best_button.rect.center)  # ... and Best puts it back
    P.settle(app, table)
    assert table.v["reveal"]["defender_deadwood"] == 0


# -- pass-and-play ---------------------------------------------------------------------------
class SpyScreen(pygame.Surface):
    """The app's screen, noting every playing-card face drawn on it."""

    def __init__(self):
        super().__init__((1280, 720))
        self.faces: list[str] = []
        self.lookup: dict[int, str] = {}
        sizes = [(L.HAND_W, L.HAND_H), (L.OPP_W, L.OPP_H), (L.SPREAD_W, L.SPREAD_H), (L.MINI_W, L.MINI_H)]
        for code in (r + s for s in "SHDC" for r in "A23456789TJQK"):
            for w, h in sizes:
                self.lookup[id(playing_cards.face(code, False, w, h))] = code

    def blit(self, image, dest, *args, **kwargs):
        code = self.lookup.get(id(image))
        if code:
            self.faces.append(code)
        return super().blit(image, dest, *args, **kwargs)


def flying_faces(table, lookup) -> set[str]:
    """Cards shown face up by flights in the air (drawn scaled, so the spy cannot see them)."""
    out = set()
    for flight in table.flights.items:
        for image in (flight.image, flight.flip_to):
            if image is not None and id(image) in lookup:
                out.add(lookup[id(image)])
    return out


def public(match) -> set[str]:
    view = match.view(None)
    return set(view["discard"]) | set(view["known"][0]) | set(view["known"][1])


def test_pass_and_play_never_draws_another_seats_hand():
    app, table = table_app([Seat("Asha"), Seat("Bilal")], seed=4)
    spy = app.screen = SpyScreen()
    names = record(table).names
    at_screen = None  # the seat that last confirmed a hand-off
    rng = random.Random(5)
    handoffs = reveals = frames = 0

    def check_frame():
        spy.faces.clear()
        app.draw()
        if isinstance(app.top, HandOff):
            assert spy.faces == [], "a card face was drawn under the hand-off cover"
            return
        if record(table).view(None)["reveal"] is not None:
            return  # after a knock both hands are public
        allowed = public(record(table))
        if at_screen is not None:
            allowed |= set(record(table).view(at_screen)["hand"])
        wrong = (set(spy.faces) | flying_faces(table, spy.lookup)) - allowed
        assert not wrong, (wrong, at_screen)

    while len(record(table).state.history) < 2:
        frames += 1
        assert frames < 3000, "the hands did not finish"
        if isinstance(app.top, HandOff):
            check_frame()
            at_screen = names.index(app.top.player)
            handoffs += 1
            key(app, pygame.K_RETURN)
        elif isinstance(app.top, ScoreSheet):
            key(app, pygame.K_RETURN)
        elif table.continue_button.visible and not table.flights.busy and not table.staged:
            reveals += 1
            click(app, table.continue_button.rect.center)
        elif table.acting_human is not None and table.idle():
            P.play_by_mouse(app, table, medium(table, record(table).legal(table.acting_human)), rng)
        else:
            frame(app, 4)
        check_frame()
    assert handoffs >= 10 and reveals >= 1


def test_a_bots_hidden_cards_never_fly_face_up():
    app, table = table_app([Seat("Asha"), Seat("Bilal", "bot", "easy")], seed=9)
    lookup = SpyScreen().lookup
    for _ in range(2000):
        if table.v["reveal"] is not None or table.v["phase"] == "hand_over":
            break
        hidden = set(record(table).view(1)["hand"]) - set(record(table).view(0)["known"][1])
        assert not flying_faces(table, lookup) & hidden
        if table.acting_human == 0 and table.idle():
            P.play_by_mouse(app, table, medium(table, record(table).legal(0)), random.Random(0))
        else:
            frame(app, 2)
    else:
        raise AssertionError("the hand did not reach its end")
    assert len(record(table).commands) > 6


def test_hint_shows_what_hard_would_do_and_hides_in_settings():
    from game.scenes.ginrummy import prompts

    app, table = table_app([Seat("Asha"), Seat("Bilal", "bot", "easy")], seed=4)
    my_turn(app, table, "first_upcard")
    key(app, pygame.K_h)  # automated: hard answers in the frame H is pressed, no thread to wait on
    assert not table.hint_pending and table.hint is not None
    assert table.hint["move"] in ("take_upcard", "pass")
    title, _, tone = prompts.prompt(table)
    assert title.startswith("Hint: ") and tone == "good"
    shot(app, "ginrummy-hint")
    app.settings = type(app.settings)(bot_pause_ms=0, show_hints=False)
    table.actions.setup_buttons()
    assert not table.hint_button.visible


# -- setup, leaving and coming back ---------------------------------------------------------
def test_setup_offers_people_or_a_bot_target_bonus_and_dealer_then_continue_resumes():
    from game.scenes.menu import Menu
    from game.scenes.overlays import Pause
    from game.scenes.saved import SavedMatches
    from game.scenes.setup import Setup
    from tests.scenes.driver import find_button

    app = make_app()
    app.push(Menu(app))
    app.push(Setup(app, "ginrummy"))
    frame(app)
    setup = app.top
    options = {w.label: w for w in setup.option_widgets}
    assert set(options) == {"Match to", "Undercut bonus", "First dealer", "First upcard to"}
    assert setup.seat_kinds[1].choices == ["human", "online", "easy", "medium", "hard"]
    click(app, setup.seat_kinds[1].rect.center, button=3)  # medium -> easy
    click(app, setup.seat_kinds[1].rect.center, button=3)  # easy -> online
    click(app, setup.seat_kinds[1].rect.center, button=3)  # online -> person
    click(app, options["Match to"].rect.center)  # 100 -> 50
    click(app, options["Undercut bonus"].rect.center)  # 25 -> 10
    click(app, options["First dealer"].rect.center)
    click(app, options["First dealer"].rect.center)
    assert options["First dealer"].names[options["First dealer"].index] == "Bilal"  # seats go by name
    shot(app, "ginrummy-setup")
    click(app, find_button(app, "Start").rect.center)
    table = app.top
    assert isinstance(table, GinRummyTable)
    assert [s.kind for s in record(table).seats] == ["human", "human"]
    chosen = {"target": 50, "undercut_bonus": 10, "first_dealer": 1, "upcard": "dealer"}
    assert record(table).options == chosen
    assert record(table).state.dealer == 1 and table.viewer is None
    through_handoff(app)
    assert table.viewer == 1  # the dealer decides on the upcard first
    P.play_by_mouse(app, table, {"move": "pass"}, random.Random(0))
    through_handoff(app)  # to Asha
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, Pause)
    click(app, find_button(app, "Save and leave").rect.center)
    assert isinstance(app.top, Menu)
    click(app, find_button(app, "Continue").rect.center)
    assert isinstance(app.top, SavedMatches)
    click(app, find_button(app, "Resume").rect.center)
    assert isinstance(app.top, HandOff) and app.top.player == "Asha"  # nothing shows before it
    again = app.stack[-2]
    assert isinstance(again, GinRummyTable) and len(record(again).commands) == 1
    through_handoff(app)
    assert again.viewer == 0 and again.take_button.visible


# -- resume and the rest ---------------------------------------------------------------------
def test_a_saved_match_resumes_in_the_layoff_phase():
    app, table = table_app([Seat("Asha"), Seat("Bilal")], setup=undercut_deal())
    to_the_knock(app, table, random.Random(0))
    again = open_table(app, GinRummyTable, record(table), table.match_id)
    app.push(again)
    frame(app)
    assert again.spread is not None and not again.staged and again.done_button.visible
    assert again.acting_human == 0


def test_discard_history_opens_on_hover_and_with_v():
    app, table = table_app([Seat("Asha"), Seat("Bilal", "bot", "easy")], seed=4)
    my_turn(app, table, "first_upcard")
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=L.DISCARD, rel=(0, 0), buttons=(0, 0, 0)))
    frame(app)
    assert table.hover == "discard"
    key(app, pygame.K_v)
    assert table.history_open
    key(app, pygame.K_ESCAPE)
    assert not table.history_open and app.top is table


def test_the_menu_button_pauses_with_this_games_rules():
    from game.scenes.overlays import Pause

    app, table = table_app([Seat("Asha"), Seat("Bilal", "bot", "easy")], seed=4)
    click(app, table.menu_button.rect.center)
    assert isinstance(app.top, Pause) and app.top.game == "ginrummy"


def test_a_table_waiting_for_the_person_is_still_until_a_remark_fades():
    app, table = table_app([Seat("Asha"), Seat("Bilal", "bot", "easy")])
    until(app, lambda: table.acting_human is not None and not table.animated, 1200, "a still table", step=2)
    app.update(1)
    app.present()
    app.update(1)
    assert not app.present()  # nothing moves: the last frame stays up
    table.say("Choose the card to discard first")
    assert table.animated
    frames = 0
    while table.animated:
        app.update(1)
        assert app.present()
        frames += 1
    assert frames > 30 and not table.notice  # the remark stayed up a while, then went
    app.update(1)
    assert not app.present()


def test_the_classic_upcard_order_is_a_setup_option_and_the_non_dealer_is_asked_first():
    """Issue 55, item 15: the seed's order (the dealer decides on the upcard first) stays the
    default; the setup offers the classic one, and with it the table asks the non-dealer first."""
    s = Session.menu()
    s.click("ginrummy")
    setup = s.app.top
    assert setup.options["upcard"] == "dealer"
    s.click("option.upcard")
    assert setup.options["upcard"] == "other"
    deck = deck_for("AS 2S 3S 4H 5H 6H 7C 7D 7S TD", "2C 3C 4C 5D 6D 8S 9S JC QC KC", "KD", dealer=0)
    s = Session.open(
        "ginrummy", ["human", "human"], seed=1, options={"upcard": "other"}, setup={"deck": deck, "dealer": 0}
    )
    assert s.waiting() == [1]
    s.perform(1, {"move": "pass"})
    assert s.waiting() == [0] and s.view(0)["phase"] == "first_upcard"
    s.perform(0, {"move": "pass"})
    assert s.waiting() == [1] and s.view(1)["phase"] == "draw"
