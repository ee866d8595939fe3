"""The host's router in words (issue 54): when it does not open the way, the invite sheet says
what happened and what to do next, in both languages and inside the sheet; while Host waits for
it, the waiting cover says it asks the router, not that it waits for the saved-games file.

The app hosts on loopback (game.automation); the router is the fake of tests/net/test_portmap.py,
run by a real Keeper on its thread. The order is the test's own: the slow router answers when
the test lets it, and every wait is on an event with a bound that is never a measure."""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from game import hosting as hosting_mod
from game.automation import Session
from game.core import i18n
from game.core.i18n import N_, msg
from game.core.seats import Seat
from game.net.portmap import Keeper, Portmap
from game.scenes import waiting
from game.scenes.invites import InviteSheet
from game.scenes.waiting import QUIET_TICKS, Working
from game.ui import text
from tests.net.test_portmap import BOUND, Router
from tests.scenes.label_fit import Overflow

# where a relay is set: never cut across two lines
PLACE = {"en": "Settings\u00a0→\u00a0Online", "ja": "設定\u00a0→\u00a0オンライン"}


def refusing(words: str) -> Callable[[Router | None], None]:
    """A router that refuses every port, in `words`."""

    def refuse(router: Router | None) -> None:
        assert router is not None
        router.refuse, router.refusal = set(range(1, 65536)), words

    return refuse


def nothing(router: Router | None) -> None:
    return None


# (case, the fake router, done to it before the mapping is asked, after, the words expected)
Case = tuple[
    str,
    Callable[[], Router | None],
    Callable[[Router | None], None],
    Callable[[Router | None], None],
    Callable[[int], str],
]
CASES: list[Case] = [
    (
        "refused",
        Router,
        refusing("718 ConflictInMappingEntry"),
        nothing,
        lambda port: msg(
            "The router refused to open port {port} ({error}): open it on the router by hand, or "
            "use a relay (Settings\u00a0→\u00a0Online).",
            port=port,
            error="718 ConflictInMappingEntry",
        ),
    ),
    (
        "carrier",
        lambda: Router(public="100.72.1.9"),
        nothing,
        nothing,
        lambda port: N_(
            "Your provider shares one internet address among homes, so friends elsewhere cannot "
            "come in: use a relay (Settings\u00a0→\u00a0Online)."
        ),
    ),
    (
        "private",
        lambda: Router(public="192.168.0.2"),
        nothing,
        nothing,
        lambda port: msg(
            "The router's internet address is private: another router stands outside it. Open port "
            "{port} on that one too, or use a relay (Settings\u00a0→\u00a0Online).",
            port=port,
        ),
    ),
    (
        "none",
        lambda: None,
        nothing,
        nothing,
        lambda port: msg(
            "No router answered for UPnP (it is off, or there is none): players on another network "
            "need port {port} open to this computer, or a relay (Settings\u00a0→\u00a0Online).",
            port=port,
        ),
    ),
    (
        "lapsed",
        Router,
        nothing,
        refusing("NoSuchEntryInArray"),
        lambda port: msg(
            "The router stopped keeping port {port} open ({error}): friends elsewhere cannot come "
            "in now. Open it on the router by hand, or use a relay (Settings\u00a0→\u00a0Online).",
            port=port,
            error="NoSuchEntryInArray",
        ),
    ),
]


@pytest.fixture(params=["en", "ja"])
def language(request: pytest.FixtureRequest) -> str:
    if request.param == "ja":
        request.getfixturevalue("japanese")
    return str(request.param)


def keeper(folder: Path, router: Router | None) -> Keeper:
    folder.mkdir()  # (the app's data folder)
    return Keeper(Portmap(folder, lambda: router, lease=600, rng=random.Random(1)))


def test_the_invite_sheet_says_what_the_router_did_and_what_to_do(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    host, _ = Session.host("jaipur", ["human", "online"], seed=3)
    hosting = host.app.hosting
    drawn = Overflow(monkeypatch)
    try:
        for case, router_of, before, after, expected in CASES:
            router = router_of()
            before(router)
            kept = hosting.portmap = keeper(tmp_path / case, router)
            kept.open(hosting.port)
            assert kept.settled.wait(BOUND)
            after(router)
            if case == "lapsed":
                kept.portmap.renew()  # (its thread idles until the lease's half: nothing else runs it)
            sheet = InviteSheet(host.app, host.table)
            host.app.push(sheet)
            host.tick(1)
            words = expected(hosting.port)
            assert sheet.path(hosting.port) == words, case
            assert drawn.problems(host) == []
            lines = text.wrap(words, sheet.box.w - 80, 15)
            assert 1 <= len(lines) <= 2, (case, lines)
            shown = {w: rect for rect, w in drawn.drawn}
            for line in lines:  # every line of the note drawn, inside the sheet
                assert line in shown, (case, line, sorted(shown))
                assert sheet.box.contains(shown[line]), (case, line)
                assert not shown[line].colliderect(sheet.close_button.rect), (case, line)
            joiner = "" if language == "ja" else " "
            assert joiner.join(lines).replace(" ", "") == i18n.tr(words).replace(" ", "")
            assert any(PLACE[language] in line for line in lines), lines
            host.app.pop()
            kept.stop(BOUND)
    finally:
        hosting.portmap = None
        host.close()
        hosting.stop()


def test_the_waiting_cover_says_it_asks_the_router_while_host_waits_for_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    monkeypatch.setattr(hosting_mod, "SETTLE_SECONDS", BOUND)  # Host waits until the router answers
    router = Router()
    asked, answer = threading.Event(), threading.Event()

    def slow() -> Router:  # the router takes its time, until the test lets it answer
        asked.set()
        assert answer.wait(BOUND)
        return router

    s = Session.menu()
    app = s.app
    hosting = hosting_mod.hosting(app)  # the app's server, as the first Host starts it
    hosting.portmap = Keeper(Portmap(tmp_path, slow, lease=600, rng=random.Random(1)))
    drawn = Overflow(monkeypatch)
    opened: list[object] = []
    try:
        seats = [Seat("Asha"), Seat("Bilal", "online")]
        host = app.matches.host
        waiting.opening(app, lambda answered: host("jaipur", seats, {}, then=answered), opened.append)
        assert asked.wait(BOUND)  # Host is waiting for the router now
        s.tick(QUIET_TICKS)
        cover = app.top
        assert isinstance(cover, Working)
        assert drawn.problems(s) == []
        said = {w: rect for rect, w in drawn.drawn}  # (as handed to text.blit, which translates them)
        asking = text.wrap(N_("Asking the router to let friends in…"), cover.box.w - 60, 17)
        assert asking == (i18n.tr(N_("Asking the router to let friends in…")),)
        assert asking[0] in said and cover.box.contains(said[asking[0]]), sorted(said)
        assert not any(line in said for line in text.wrap(waiting.ON_FILE, cover.box.w - 60, 17))
        assert opened == []
        answer.set()
        s.answered()  # the router answered: the hosted match opens
        assert len(opened) == 1 and app.top is not cover
        assert hosting.standing.path == "mapped"
        assert waiting.waits_for(app) == waiting.ON_FILE  # asked no more
    finally:
        answer.set()
        for done in opened:
            done.window.close()  # type: ignore[attr-defined]
        s.close()
        hosting.stop()


def test_the_waiting_covers_japanese_words_stay_inside_it(
    monkeypatch: pytest.MonkeyPatch, japanese: None
) -> None:
    """The saved-games file's line is wider than the cover in Japanese: it takes two lines."""
    s = Session.menu()
    drawn = Overflow(monkeypatch)
    try:
        cover = Working(s.app, N_("Opening the match…"))
        s.app.push(cover)
        s.tick(QUIET_TICKS)
        assert drawn.problems(s) == []
        said = {w: rect for rect, w in drawn.drawn}
        lines = text.wrap(waiting.ON_FILE, cover.box.w - 60, 17)
        assert len(lines) == 2
        for line in lines:
            assert line in said and cover.box.contains(said[line]), (line, sorted(said))
    finally:
        s.close()
