"""The host's router in words (issue 54): when it does not open the way, the invite sheet says
what happened and what to do next, in both languages and inside the sheet.

The app hosts on loopback (game.automation); the router is the fake of tests/net/test_portmap.py,
run by a real Keeper on its thread. The order is the test's own: the slow router answers when
the test lets it, and every wait is on an event with a bound that is never a measure."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest

from game.automation import Session
from game.core import i18n
from game.core.i18n import N_, msg
from game.net.portmap import Keeper, Portmap
from game.scenes.invites import InviteSheet
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
            joiner = "" if language == "ja" else " "
            assert joiner.join(lines).replace(" ", "") == i18n.tr(words).replace(" ", "")
            assert any(PLACE[language] in line for line in lines), lines
            host.app.pop()
            kept.stop(BOUND)
    finally:
        hosting.portmap = None
        host.close()
        hosting.stop()
