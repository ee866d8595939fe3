"""No label spills out of its box, in English or Japanese, on every screen (issue 21).

Each visit opens one screen (or one moment of a table) through `game.automation`; the check
draws it in both languages. A table's deeper moments (a knock, a round sheet, a gem board)
are visited by playing to them.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game.automation import Session
from game.core import i18n, registry
from game.core.i18n import N_
from game.scenes import tables
from game.scenes.base import Screen
from game.ui import text
from game.ui.widgets import Button
from tests import games
from tests.scenes.label_fit import Drawn, Overflow


def table_seats(game: str) -> list[str]:
    """A person and bots at every seat the game takes: the tightest table."""
    return games.kinds(game, games.seat_range(game)[1])


def menu_then(button: str) -> Callable[[], Session]:
    def visit() -> Session:
        session = Session.menu()
        session.click(button)
        session.idle()
        return session

    return visit


def setup_of(game: str) -> Callable[[], Session]:
    def visit() -> Session:
        session = Session.menu()
        session.click(game)
        session.idle()
        return session

    return visit


def table_of(game: str) -> Callable[[], Session]:
    def visit() -> Session:
        session = Session.open(game, table_seats(game), seed=3)
        session.idle()
        return session

    return visit


def saved_matches() -> Session:
    """Continue, with two unfinished matches to choose from."""
    session = table_of("ginrummy")()
    session.app.home()
    session.app.push(tables.table_class("jaipur")(session.app, *opened("jaipur", session)))
    session.app.home()
    session.idle()
    session.click("continue")
    session.idle()
    assert session.scene == "saved" and len(session.app.top.infos) == 2
    return session


def opened(game: str, session: Session):
    from game.automation import seats_from

    ruleset = registry.get(game)
    answers: list = []  # stored on the store's thread: the answer comes through the app's inbox
    session.app.matches.new(game, seats_from(ruleset, table_seats(game), {}), {}, seed=4, then=answers.append)
    session.stored()
    made = answers[0].result()
    return made.window, made.match_id


def online_settings() -> Session:
    """Settings → Online, its fields filled, with the words of a refused address."""
    session = menu_then("settings")()
    session.click("online")
    screen = session.app.top
    screen.fields["relay_pin"].value = "x" * 43
    screen.fields["relay_key"].value = "sesame"
    screen.fields["relay"].value = "relay.example.org:port"
    screen.done()  # refused: the screen says why
    assert screen.problem
    return session


def paused() -> Session:
    session = table_of("jaipur")()
    session.key("escape")
    session.idle()
    assert session.scene == "pause"
    return session


VISITS: dict[str, Callable[[], Session]] = {
    "menu": Session.menu,
    "settings": menu_then("settings"),
    "settings.online": online_settings,
    "rules": menu_then("rules"),
    "statistics": menu_then("statistics"),
    "history": menu_then("history"),
    "saved": saved_matches,
    "pause": paused,
    **{f"setup.{game}": setup_of(game) for game in games.games()},  # not the tests' tiny games
    **{f"table.{game}": table_of(game) for game in games.games() if registry.plugin(game).table},
}


@pytest.mark.parametrize("language", i18n.LANGUAGES)
@pytest.mark.parametrize("visit", sorted(VISITS))
def test_every_label_fits_its_box(visit, language, monkeypatch, bazaar_home):
    overflow = Overflow(monkeypatch)
    session = VISITS[visit]()
    try:
        assert i18n.set_language(language) is None
        assert overflow.problems(session) == []
    finally:
        i18n.set_language("en")
        session.close()


@pytest.mark.parametrize("game", [g for g in games.games() if registry.plugin(g).table])
def test_a_guests_badge_with_the_host_gone_says_why_whole(game, monkeypatch, bazaar_home):
    """The host's app closed mid-match: the guest's small badge ended its Japanese reason in
    "…" (its tooltip and the sheet had it whole). Every table's room holds its words whole."""
    from tests.scenes.test_network_ui import hosting, joined, online, wait_until

    seats = ["human", "online", *["easy"] * (games.seat_range(game)[0] - 2)]
    with hosting(game, seats) as (host, invites):
        guest = joined(invites[1])
        try:
            wait_until(guest, lambda: online(guest, 0), "the host online")
            host.app.hosting.stop()  # the host's server is gone: the guest's link is refused
            link = guest.table.connection
            wait_until(guest, lambda: link.status != "online" and "Nothing answers" in link.problem, "why")
            for _ in range(600):  # game time, not a thread: the deal's cards land in their places
                if not guest.table.busy():
                    break
                guest.tick(1)
            overflow = Overflow(monkeypatch)
            for language in i18n.LANGUAGES:
                assert i18n.set_language(language) is None
                assert overflow.problems(guest) == [], language
                badge = guest.target("connection")
                said = [words for rect, words in overflow.drawn if badge.rect.contains(rect)]
                assert said[0] == i18n.tr("Reconnecting…") and len(said) > 1, said
                assert not any(words.endswith("…") for words in said[1:]), said
                assert badge.tip == link.problem, "the tooltip says it all"
        finally:
            i18n.set_language("en")
            guest.close()


class Spilling(Screen):
    """A screen whose one label is wider than its button, and one cut short."""

    def __init__(self, app):
        super().__init__(app)
        self.group.add(Button((600, 300, 60, 40), "Ok", lambda: None))

    def draw(self, surface) -> None:
        super().draw(surface)
        text.blit(surface, "A label far wider than its button", (630, 320), 20, anchor="center")
        text.fit("Another label that must be cut", 50)


def test_the_check_finds_a_spilling_label_and_a_cut_one(monkeypatch):
    overflow = Overflow(monkeypatch)
    session = Session.menu()
    try:
        session.app.push(Spilling(session.app))
        found = overflow.problems(session)
    finally:
        session.close()
    assert any("spills out of ok" in f for f in found), found
    assert any(f.startswith("cut short: 'Another label") for f in found), found


def test_drawn_finds_english_left_on_a_japanese_screen(monkeypatch, japanese):
    drawn = Drawn(monkeypatch)
    surface = pygame.Surface((200, 40))
    text.blit(surface, "Asha", (0, 0))  # a name
    text.blit(surface, N_("Settings"), (0, 0))  # translated: 設定
    text.blit(surface, "Take JC (Esc)", (0, 0))  # left in English
    assert drawn.japanese()
    assert drawn.english({"Asha"}) == ["Take JC (Esc)"]
