"""The app shell driven through synthetic events: menu, setup, settings, overlays."""

import pygame

from game.scenes.base import Scene
from game.scenes.menu import Menu
from game.scenes.overlays import HandOff, Pause
from game.scenes.settings import SettingsScreen
from tests.scenes.driver import click, find_button, frame, key, make_app, record, shot


def menu_app():
    app = make_app()
    app.push(Menu(app))
    frame(app)
    return app


def test_menu_opens_settings_and_escape_returns():
    app = menu_app()
    shot(app, "menu")
    click(app, find_button(app, "Settings").rect.center)
    assert isinstance(app.top, SettingsScreen)
    shot(app, "settings")
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, Menu)


def test_keyboard_focus_moves_and_enter_activates():
    app = menu_app()
    group = app.top.group
    for _ in range(20):
        key(app, pygame.K_TAB)
        if getattr(group.focused, "label", "") == "Settings":
            break
    assert group.focused.label == "Settings"
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, SettingsScreen)


def test_settings_change_is_saved_and_survives_a_restart():
    app = menu_app()
    click(app, find_button(app, "Settings").rect.center)
    mute = next(w for w in app.top.group.widgets if getattr(w, "label", "") == "Mute")
    click(app, mute.rect.center)
    assert app.settings.muted
    again = make_app()
    assert again.settings.muted


class Counter(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.events = 0
        self.ticks = 0

    def handle(self, event):
        self.events += 1
        return True

    def update(self, ticks):
        self.ticks += ticks


def test_pause_overlay_consumes_input_and_stops_time_below():
    app = make_app()
    below = Counter(app)
    app.push(below)
    frame(app, 5)
    assert below.ticks == 5
    app.push(Pause(app, "jaipur"))
    click(app, (5, 5))
    key(app, pygame.K_a)
    frame(app, 30)
    assert below.events == 0 and below.ticks == 5
    key(app, pygame.K_ESCAPE)  # resume
    assert app.top is below


def test_handoff_is_opaque_and_waits_for_the_named_player():
    app = make_app()
    app.push(Counter(app))
    ready = []
    app.push(HandOff(app, 1, "Bilal", on_ready=lambda: ready.append(True)))
    assert app.top.opaque
    frame(app)
    shot(app, "handoff")
    click(app, (5, 5))
    assert not ready
    key(app, pygame.K_RETURN)
    assert ready == [True] and isinstance(app.top, Counter)


def test_closing_the_window_stops_the_loop():
    app = menu_app()
    app.dispatch(pygame.event.Event(pygame.QUIT))
    assert not app.running


def test_rules_screen_renders_the_games_rules_and_scrolls():
    from game.scenes.rules import RulesScreen

    app = menu_app()
    app.push(RulesScreen(app, "jaipur"))
    frame(app)
    shot(app, "rules")
    screen = app.top
    assert screen.page.get_height() > 720  # the whole text, not a stub
    key(app, pygame.K_PAGEDOWN)
    assert screen.scroll > 0
    key(app, pygame.K_END)
    assert screen.scroll == screen.max_scroll
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, Menu)


def test_continue_lists_a_saved_match_and_resumes_it():
    from game.core import registry
    from game.core.match import Match, Seat
    from game.scenes.jaipur.table import JaipurTable

    app = menu_app()
    match = Match.new(registry.get("jaipur"), [Seat("Asha"), Seat("Bilal", "bot", "easy")], seed=9)
    app.store.attach(match)
    match.submit(next(iter(match.to_act)), match.legal(next(iter(match.to_act)))[0])
    app.top.enter()
    frame(app)  # the menu shown: it counts the saved match
    click(app, find_button(app, "Continue").rect.center)
    shot(app, "continue")
    click(app, find_button(app, "Resume").rect.center)
    assert isinstance(app.top, JaipurTable)
    assert record(app.top).events == match.events


def test_the_menu_is_on_the_screen_before_it_reads_the_saves():
    """Its first frame waits on nothing of the saves: the count of unfinished matches is asked
    once that frame is shown (game.matches loads then), and Continue offers it after."""
    from game.core import registry
    from game.core.match import Match, Seat

    app = make_app()
    app.store.attach(Match.new(registry.get("jaipur"), [Seat("Asha"), Seat("Bilal", "bot", "easy")], seed=3))
    app.push(Menu(app))
    at_frame = []
    app.frame_hooks.append(lambda: at_frame.append((app._matches, app.top.continue_button.enabled)))
    app.step(0)
    assert at_frame == [(None, False)]  # shown before the saves were asked about
    assert app._matches is not None  # asked right after
    assert find_button(app, "Continue (1)").enabled


def test_statistics_count_a_finished_match():
    from game.core import registry
    from game.core.match import Match, Seat
    from game.scenes.stats import Statistics

    app = menu_app()
    rules = registry.get("jaipur")
    match = Match.new(rules, [Seat("Asha", "bot", "easy"), Seat("Bilal", "bot", "easy")], seed=2)
    app.store.attach(match)
    import random

    rng = random.Random(1)
    while not match.finished:
        seat = next(iter(match.to_act))
        match.submit(seat, rng.choice(match.legal(seat)))
    click(app, find_button(app, "Statistics").rect.center)
    assert isinstance(app.top, Statistics)
    assert sum(r.played for r in app.top.rows) == 2
    shot(app, "statistics")


def test_menu_opens_setup_for_a_game_and_back_returns():
    from game.scenes.menu import GameTile
    from game.scenes.setup import Setup

    app = menu_app()
    tile = next(w for w in app.top.group.widgets if isinstance(w, GameTile) and w.game == "jaipur")
    click(app, tile.rect.center)
    assert isinstance(app.top, Setup) and app.top.game == "jaipur"
    shot(app, "setup")
    click(app, find_button(app, "Back").rect.center)
    assert isinstance(app.top, Menu)
    click(app, tile.rect.center)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, Menu)


def test_setup_follows_what_the_ruleset_declares():
    """Seat counts, bot levels and options come from the ruleset; a variant can fix a seat."""
    from game.scenes.setup import Setup

    app = make_app()
    taj = Setup(app, "tajmahal")
    assert taj.count_choice.choices == [3, 4, 5] and taj.count_choice.visible
    assert taj.seat_kinds[0].choices == ["human", "online", "easy", "medium", "hard"]
    jaipur = Setup(app, "jaipur")
    assert not jaipur.count_choice.visible  # always two
    variant = next(w for w in jaipur.option_widgets if w.label == "Game")
    variant.set("solo")
    variant.on_change("solo")
    seats = jaipur.seats()
    assert seats[1].kind == "rules" and not jaipur.seat_kinds[1].enabled


def test_setup_options_follow_typed_names_and_fixed_choices_at_once():
    """An option naming a seat shows the name as it is typed; a variant that settles an option
    greys it with the settled value, and lifting the variant gives back the choice."""
    from game.scenes.setup import Setup

    app = make_app()
    jaipur = Setup(app, "jaipur")
    first = next(w for w in jaipur.option_widgets if w.label == "First player")
    variant = next(w for w in jaipur.option_widgets if w.label == "Game")
    jaipur.group.focus(jaipur.names[1])
    jaipur.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="", scancode=0))
    jaipur.handle(pygame.event.Event(pygame.TEXTINPUT, text="a"))
    assert first.names == ["Random", "Asha", "Bilaa"]  # no frame drawn in between
    first.step(1)
    variant.step(1)
    assert variant.value == "solo" and not first.visible and jaipur.chosen_options()["first"] == 0
    variant.step(1)
    assert first.visible and first.enabled and first.value == 0


def test_setup_start_opens_the_table_with_the_chosen_seats():
    from game.scenes.jaipur.table import JaipurTable
    from game.scenes.setup import Setup

    app = menu_app()
    app.push(Setup(app, "jaipur"))
    frame(app)
    click(app, app.top.seat_kinds[1].rect.center)  # medium -> hard
    click(app, find_button(app, "Start").rect.center)
    table = app.top
    assert isinstance(table, JaipurTable)
    assert [s.kind for s in record(table).seats] == ["human", "bot"]
    assert record(table).seats[1].level == "hard"
    assert app.store.info(table.match_id).status == "playing"


def test_a_still_screen_is_not_drawn_again_until_something_changes():
    """The loop presents a frame only when input, a toast, the stack or an animated top scene
    may have changed it: an untouched menu costs next to nothing."""
    app = menu_app()
    assert app.present()  # the first frame
    app.update(1)
    assert not app.present()
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=(300, 300), rel=(1, 0), buttons=(0, 0, 0)))
    app.update(1)
    assert app.present() and not app.present()
    app.toast("Saved", seconds=0.1)
    assert app.present()
    app.update(6)  # the toast runs out: its box must go
    assert app.present()
    below = Counter(app)  # an animated scene is drawn every frame
    app.push(below)
    for _ in range(3):
        app.update(1)
        assert app.present()


def test_a_scene_that_stops_moving_gets_one_more_frame():
    """The frame in which an animation ends is drawn, though the scene is still after it."""
    app = menu_app()

    class Settling(Counter):
        left = 3

        @property
        def animated(self) -> bool:
            return self.left > 0

        def update(self, ticks: int) -> None:
            self.left -= ticks

    app.push(Settling(app))
    assert app.present()
    assert [app.update(1) or app.present() for _ in range(5)] == [True, True, True, False, False]


def test_continue_pages_through_every_unfinished_match():
    """Continue shows seven matches a page; older ones are a click, a wheel or PgDn away."""
    from game.core import registry
    from game.core.match import Match, Seat
    from game.scenes.jaipur.table import JaipurTable
    from game.scenes.saved import ROWS, SavedMatches

    app = make_app()
    ids = []
    for seed in range(ROWS + 2):
        seats = [Seat(f"Player {seed}"), Seat("Bilal", "bot", "easy")]
        ids.append(app.store.attach(Match.new(registry.get("jaipur"), seats, seed=seed)))
    app.push(Menu(app))
    frame(app)  # the menu shown: it counts the saved matches
    click(app, find_button(app, "Continue (9)").rect.center)
    saved = app.top
    assert isinstance(saved, SavedMatches) and saved.pages == 2
    assert len(saved.infos) == ROWS and not find_button(app, "‹ Newer").enabled
    click(app, find_button(app, "Older ›").rect.center)
    assert [i.id for i in saved.infos] == ids[1::-1]  # the two oldest
    shot(app, "continue-page-2")
    assert not find_button(app, "Older ›").enabled
    key(app, pygame.K_PAGEUP)
    assert saved.page == 0
    wheel = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0)
    app.dispatch(wheel)
    assert saved.page == 1
    click(app, find_button(app, "Resume").rect.center)  # the first row of the older page
    assert isinstance(app.top, JaipurTable) and app.top.match_id == ids[1]


def test_full_screen_refused_by_the_display_is_a_message_not_a_crash():
    """The dummy driver cannot switch to full screen, like some window systems: F11 and the
    setting both say so, the app goes on, and the setting keeps what the window is."""
    app = menu_app()
    key(app, pygame.K_F11)
    assert app.running and not app.fullscreen and not app.settings.fullscreen
    assert "Full screen is not available" in app.toasts[-1].message
    click(app, find_button(app, "Settings").rect.center)
    screen = app.top
    click(app, screen.choices["fullscreen"].rect.center)
    assert not app.settings.fullscreen and screen.choices["fullscreen"].value is False
    click(app, screen.choices["muted"].rect.center)  # another change does not try again
    assert app.settings.muted and len([t for t in app.toasts if "Full screen" in t.message]) == 2


def test_f11_is_kept_like_the_setting(monkeypatch):
    """Where the display can switch, F11 changes the saved setting too, so a later change in
    Settings does not switch the window back."""
    from game.core import settings as settings_mod

    switches = []
    monkeypatch.setattr(pygame.display, "toggle_fullscreen", lambda: switches.append(1))
    app = menu_app()
    key(app, pygame.K_F11)
    assert app.fullscreen and app.settings.fullscreen and settings_mod.load()[0].fullscreen
    click(app, find_button(app, "Settings").rect.center)
    assert app.top.choices["fullscreen"].value is True
    click(app, app.top.choices["muted"].rect.center)
    assert app.fullscreen and len(switches) == 1


def test_taj_mahal_setup_offers_the_start_player_and_the_table_starts_with_that_seat():
    """As Ubongo's, Taj Mahal's setup offers the start player (drawn at random or a seat, by the
    names typed); Start opens a table whose first visit that seat begins."""
    from game.scenes.setup import Setup
    from game.scenes.tajmahal.table import TajMahalTable

    app = menu_app()
    app.push(Setup(app, "tajmahal"))
    frame(app)
    first = next(w for w in app.top.option_widgets if w.label == "Start player")
    assert first.names[0] == "Drawn at random" and first.names[1:] == ["Asha", "Bilal", "Chandra"]
    first.step(1)
    first.step(1)  # Bilal
    click(app, app.top.start_button.rect.center)
    table = app.top
    match = record(table)
    assert isinstance(table, TajMahalTable) and match.options["first"] == 1
    assert table.v["start"] == 1 and match.commands[0].seat == 1  # Bilal (a bot) plays first
