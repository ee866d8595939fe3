"""Network play's screens, driven through game.automation on loopback: Host on the setup screen
and the invites it shows, Join on the menu and its refusals in words, the connection badge on
the table (the link, a player reconnecting, the match waiting) and its sheet (who is where, a bot
for a seat whose player is gone). Every wait is on the server's messages and bounded; nothing
sleeps."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pygame
import pytest

from game.automation import Session
from game.core import i18n, registry
from game.net.invite import parse
from game.scenes.join import ADVICE
from game.scenes.presence import AWAY, HERE, ONLINE
from tests.scenes.label_fit import Drawn, Overflow

WAITS = 100  # messages (or 0.2 s silences) a test waits through for one change, at most


@contextmanager
def hosting(game: str, seats: list[str], **options) -> Iterator[tuple[Session, dict[int, str]]]:
    """The host's app with a new match (its server on loopback), stopped afterwards."""
    host, invites = Session.host(game, seats, seed=3, options=options)
    try:
        yield host, invites
    finally:
        host.close()
        host.app.hosting.stop()


@contextmanager
def with_guest(game: str, **options) -> Iterator[tuple[Session, Session]]:
    """A hosted two-seat match with its guest joined and seen online by the host."""
    with hosting(game, ["human", "online"], **options) as (host, invites):
        guest = joined(invites[1])
        try:
            wait_until(host, lambda: online(host, 1), "the guest online")
            yield host, guest
        finally:
            guest.close()


def badge(s: Session) -> str:
    """What the table's connection badge says (its target's label), after a frame."""
    s.tick(1)
    return s.target("connection").label


def wait_until(s: Session, reached, what: str) -> None:
    """Apply the server's messages to `s`'s table, one at a time, until `reached()`."""
    for _ in range(WAITS):
        s.tick(1)
        if reached():
            return
        s.table.window.wait(0.2)
    raise AssertionError(f"never reached: {what}")


def online(s: Session, *seats: int) -> bool:
    remote = s.table.connection
    return all(k < len(remote.online) and remote.online[k] for k in seats)


def joined(invite: str) -> Session:
    guest = Session.join(invite)
    guest.tick(1)
    return guest


def setup_with_kinds(game: str, kinds: list[str]) -> Session:
    """The setup of `game`, each seat's kind chosen by clicks on its choice."""
    s = Session.menu()
    s.click(game)
    setup = s.app.top
    if len(kinds) != setup.count:
        while setup.count != len(kinds):
            s.click("players")
    for k, kind in enumerate(kinds):
        for _ in range(len(setup.kinds)):
            if setup.seat_kinds[k].value == kind:
                break
            s.click(f"kind.{k}")
        assert setup.seat_kinds[k].value == kind
    return s


# -- Host ------------------------------------------------------------------------------------
def test_an_online_seat_turns_start_into_host_and_hosting_shows_each_invite(monkeypatch):
    s = setup_with_kinds("jaipur", ["human", "online"])
    try:
        assert s.target("host").label == "Host" and "start" not in [t["id"] for t in s.targets()]
        s.click("host")
        assert s.scene == "invites", "the table opens with the invites on top"
        sheet = s.app.top
        invite = str(sheet.table.invites[1])
        assert invite.startswith("bazaar://127.0.0.1:")
        drawn = Overflow(monkeypatch)
        assert drawn.problems(s) == []
        words = [w for _, w in drawn.drawn]
        assert "Bilal" in words and "Not joined yet" in words
        assert parse(invite) == sheet.table.invites[1], "the invite shown parses back"
        assert parse(invite).pin == s.app.hosting.identity.pin  # the host's key: the guest checks it
        head, _, query = invite.partition("?")
        address, code = head.rsplit("/", 1)
        assert f"{address}/" in words and code in words  # the address quiet, the code loud
        assert f"?{query}" in words  # the key below, whole
        s.click("copy.1")
        assert pygame.scrap.get_text() == invite  # the dummy display keeps a clipboard too
        assert "Copied Bilal's invite" in sheet.status
        s.click("close")
        assert s.scene == "jaipur" and s.table.connection is not None
        assert "Waiting for Bilal to join" in badge(s)
        again = Session.menu()  # the setup remembers the Online seat
        again.click("jaipur")
        assert again.app.top.seat_kinds[1].value == "online" and again.target("host")
        again.close()
    finally:
        s.close()
        if s.app.hosting is not None:
            s.app.hosting.stop()


def test_a_race_is_not_hosted_with_two_people_at_one_screen_nor_a_match_without_one():
    s = setup_with_kinds("ubongo", ["human", "human", "online"])
    try:
        s.click("host")
        assert s.scene == "setup" and s.app.hosting is None
        assert "each person needs their own screen" in s.app.toasts[-1].message
        for k in (0, 1):
            s.click(f"kind.{k}")  # Person -> Online
        s.click("host")
        assert s.scene == "setup" and s.app.hosting is None
        assert "Keep a seat for yourself" in s.app.toasts[-1].message
    finally:
        s.close()


def test_the_rules_fixed_seat_stays_as_it_is():
    s = Session.menu()
    try:
        s.click("jaipur")
        setup = s.app.top
        variant = next(w for w in setup.option_widgets if w.label == "Game")
        variant.set("solo")
        variant.on_change("solo")
        assert not setup.seat_kinds[1].enabled and setup.seats()[1].kind == "rules"
        assert s.target("start")  # nothing is played from elsewhere: Start, not Host
    finally:
        s.close()


def test_without_a_clipboard_the_invite_stays_to_be_read_and_paste_says_so(monkeypatch):
    def none(*_args):
        raise pygame.error("no clipboard here")

    for name in ("put_text", "get_text", "has_text"):
        monkeypatch.setattr(pygame.scrap, name, none)
    with hosting("jaipur", ["human", "online"]) as (host, invites):
        host.click("connection")
        host.click("invites")  # the host's way back to the invites
        host.click("copy.1")
        sheet = host.app.top
        assert not sheet.status_ok and "There is no clipboard here" in sheet.status
        guest = open_join()
        try:
            guest.click("paste")
            assert guest.app.top.problem[0] == "There is no clipboard here."
            guest.type(invites[1])  # typed instead, as the host read it out
            guest.click("join")
            guest.app.top.attempt.future.result(60)  # the host is reached off the frame
            guest.tick(1)  # and the table shows
            assert guest.scene == "jaipur"
        finally:
            guest.close()


# -- Join ------------------------------------------------------------------------------------
def open_join() -> Session:
    s = Session.menu()
    s.click("join")
    assert s.scene == "join" and s.focused == "invite"
    return s


def test_the_join_screen_says_the_hosts_key_changed_and_gives_no_network_advice():
    """Issue 54: a host that shows another key than the invite's is refused in words saying
    what to do, with no advice about ports and networks beside them."""
    with hosting("jaipur", ["human", "online"]) as (host, invites):
        pin = parse(invites[1]).pin
        assert pin is not None
        s = open_join()
        try:
            s.type(invites[1].replace(pin, "A" * 43))
            s.click("join")
            s.idle()
            assert s.scene == "join"
            headline, reason, advice = s.app.top.problem
            assert headline == "Could not join." and reason.startswith("The host's key changed"), reason
            assert advice == ""
        finally:
            s.close()


def test_the_join_screen_refuses_a_malformed_invite_and_an_unknown_code_in_words():
    with hosting("jaipur", ["human", "online"]) as (host, invites):
        port = invites[1].split(":")[2].split("/")[0]
        s = open_join()
        try:
            s.type("hello")
            s.key("return")  # Enter in the field joins
            s.idle()
            assert s.scene == "join"
            assert s.app.top.problem[0] == "That is not an invite."
            assert "bazaar://" in s.app.top.problem[1]  # what an invite looks like
            s.key("ctrl+a")
            key = invites[1].partition("?")[2]  # the host's pin: a code it does not know
            s.type(f"bazaar://127.0.0.1:{port}/ZZZZ-ZZZZ-ZZZZ-ZZZZ?{key}")
            s.click("join")
            s.idle()
            assert s.scene == "join"
            headline, reason, advice = s.app.top.problem
            assert (headline, reason) == ("Could not join.", "No match has this join code.")
            assert "Check the code with the host" in advice
        finally:
            s.close()


def test_an_invite_used_already_is_refused_in_japanese_words(japanese, monkeypatch):
    with hosting("jaipur", ["human", "online"]) as (host, invites):
        first = joined(invites[1])
        s = open_join()
        try:
            pygame.scrap.put_text(invites[1])
            s.click("paste")
            assert s.app.top.field.value == invites[1]
            s.click("join")
            s.idle()
            assert s.scene == "join"
            drawn = Drawn(monkeypatch)
            overflow = Overflow(monkeypatch)
            assert overflow.problems(s) == []
            assert "この招待はもう使われています。ホストに新しい招待を頼んでください。" in drawn.lines
            names = ("bazaar://", "Asha", "Bilal")  # the invite and the players' names are not words
            assert [line for line in drawn.english() if not any(n in line for n in names)] == []
        finally:
            s.close()
            first.close()


@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_guest_without_the_game_is_told_what_to_install_and_the_invite_still_works(
    language, monkeypatch, request
):
    """A guest's app that lacks the match's game is refused with the game and what to install,
    in its own words; once it has the game, the same invite takes the seat."""
    from game.net import client
    from game.net import protocol as p

    if language == "ja":
        request.getfixturevalue("japanese")
    with hosting("jaipur", ["human", "online"]) as (host, invites):
        s = open_join()
        try:
            real = client.games
            monkeypatch.setattr(client, "games", lambda: {})
            s.type(invites[1])
            s.click("join")
            s.idle()
            assert s.scene == "join"
            assert s.app.top.problem[2] == ADVICE[p.MISSING_GAME]
            version = registry.plugin("jaipur").version
            words = {
                "en": f"This match plays jaipur, which this app does not have: install bazaar {version}.",
                "ja": "この対戦のゲーム「jaipur」はこのアプリにありません。"
                f"bazaar {version}を入れてください。",
            }
            drawn = Drawn(monkeypatch)
            overflow = Overflow(monkeypatch)
            assert overflow.problems(s) == []
            if language == "ja":
                assert words["ja"] in drawn.lines
            else:
                assert s.app.top.problem[1] == words["en"]
            monkeypatch.setattr(client, "games", real)
            s.click("join")
            s.idle()
            assert s.scene == "jaipur", "the same invite takes the seat once the game is there"
        finally:
            s.close()


# -- the badge and its sheet -----------------------------------------------------------------
def test_joining_with_an_invite_opens_the_table_and_both_see_each_other_online():
    with hosting("jaipur", ["human", "online"], first=0) as (host, invites):
        guest = open_join()
        try:
            pygame.scrap.put_text(f"  {invites[1]}\n")  # as a message may hold it
            guest.key("ctrl+v")
            guest.click("join")
            guest.app.top.attempt.future.result(60)  # the host is reached off the frame
            guest.tick(1)  # and the table shows
            assert guest.scene == "jaipur", "the table replaces the join screen"
            assert [type(s).__name__ for s in guest.app.stack] == ["Menu", "JaipurTable"]
            wait_until(host, lambda: online(host, 0, 1), "the host sees the guest online")
            assert badge(host).startswith("Online")
            host.click("connection")
            assert host.scene == "connection"
            assert host.app.top.states() == [HERE, ONLINE]
            host.key("escape")
            assert host.scene == "jaipur"
            # the guest reaches its badge by keys alone: Tab and the arrows, then Space
            table = guest.table
            for gesture in table.press_by_keys("connection"):
                guest.gesture(gesture)
            assert guest.scene == "connection"
            assert guest.app.top.states() == [ONLINE, HERE]
            guest.key("escape")
            guest.key("escape")  # the pause menu has Connection too
            assert guest.scene == "pause"
            guest.click("connection")
            assert guest.scene == "connection"
        finally:
            guest.close()


def test_a_dropped_guest_shows_as_reconnecting_on_the_host_until_it_is_back():
    with hosting("ginrummy", ["human", "online"], first_dealer=1) as (host, invites):
        guest = joined(invites[1])
        try:
            wait_until(host, lambda: online(host, 1), "the guest online")
            for _ in range(3):  # until the match waits on the guest (Asha deals: Bilal first)
                if 1 in host.table.window.to_act:
                    break
                host.perform(0, host.legal(0)[0])
            guest.table.connection.link.drop()
            wait_until(host, lambda: "Bilal is reconnecting…" in badge(host), "the badge says so")
            assert "The match waits for Bilal" in badge(host)
            host.click("connection")
            assert host.app.top.states()[1] == AWAY
            host.key("escape")
            wait_until(host, lambda: online(host, 1), "the guest back")
            assert badge(host).startswith("Online") and "reconnecting" not in badge(host)
            wait_until(guest, lambda: guest.table.connection.status == "online", "the guest's link back")
        finally:
            guest.close()


def test_the_host_hands_an_away_seat_to_a_bot_and_the_match_goes_on():
    with hosting("jaipur", ["human", "online"], first=0) as (host, invites):
        guest = joined(invites[1])
        wait_until(host, lambda: online(host, 1), "the guest online")
        host.idle()
        host.perform(0, host.legal(0)[0])  # now the match waits on the guest
        guest.close()
        wait_until(host, lambda: not online(host, 1), "the guest gone")
        assert "The match waits for Bilal" in badge(host)
        count = host.table.window.count
        host.click("connection")
        host.click("bot.1")
        assert host.scene == "confirm"
        host.click("hand-to-a-bot")
        assert host.scene == "connection"
        assert "plays Bilal's seat from now on" in host.app.top.status
        wait_until(host, lambda: host.table.connection.players[1].kind == "bot", "the seat handed over")
        host.click("invites")
        assert not host.target("copy.1").enabled, "a bot's seat lets nobody in with its invite"
        host.key("escape")
        host.key("escape")
        host.idle()  # the server's bot plays the seat
        assert host.waiting() == [0] and host.table.window.count > count
        host.perform(0, host.legal(0)[0])
        host.idle()
        assert host.waiting() == [0], "the bot answered again: the match goes on"
        assert "Bilal" not in badge(host)


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_the_badge_and_the_sheets_fit_in_both_languages(language, monkeypatch, bazaar_home):
    """Taj Mahal with three seats: the host's table (a seat not joined yet) and the guest's, the
    connection sheet and the invites; no label spills, and Japanese leaves no English but the
    players' names and the invites."""
    with hosting("tajmahal", ["human", "online", "online"]) as (host, invites):
        guest = joined(invites[1])
        try:
            wait_until(host, lambda: online(host, 1), "the guest online")
            assert i18n.set_language(language) is None
            overflow, drawn = Overflow(monkeypatch), Drawn(monkeypatch)
            assert overflow.problems(host) == [] and overflow.problems(guest) == []
            host.click("connection")
            assert overflow.problems(host) == []
            host.click("invites")
            assert host.scene == "invites" and overflow.problems(host) == []
            if language == "ja":
                names = {"Asha", "Bilal", "Chandra", "ms"}
                english = [
                    line for line in drawn.english(names) if not any(line in i for i in invites.values())
                ]
                assert drawn.japanese() and english == []
        finally:
            i18n.set_language("en")
            guest.close()


def test_a_replay_of_an_unfinished_hosted_match_shows_only_the_hosts_cards():
    """The online guest sits in seat 0, the host in seat 1: until the match is over the host's
    replay shows the host's hand and never the guest's (issue 42), at every point."""
    import random

    from game.core.store import fold
    from game.scenes.replay import Replay

    with hosting("ginrummy", ["online", "human"], first_dealer=1) as (host, invites):
        guest = joined(invites[0])
        try:
            wait_until(host, lambda: online(host, 0), "the guest online")
            rng, made = random.Random(2), 0
            for _ in range(400):  # a few moves each, whoever the match waits on
                if made >= 8:
                    break
                for s in (guest, host):
                    s.tick(1)
                    mine = s.table.window.to_act & s.table.window.seats
                    if mine and s.settled():
                        seat = min(mine)
                        s.perform(seat, rng.choice(s.legal(seat)))
                        made += 1
                guest.table.window.wait(0.05)
            assert made >= 8
            match_id = host.table.match_id
            host.app.home()
            host.click("history")
            host.click(f"replay.{match_id}")
            replay = host.app.top
            assert isinstance(replay, Replay) and replay.seats == [1] and replay.viewer == 1
            assert not host.target("hands").enabled  # nobody else's hands to choose
            truth = fold(host.app.store.data(match_id), "the hosted match")
            assert not truth.finished
            while replay.count < replay.timeline.end:
                shown = replay.shown_view()
                assert shown["seat"] == 1 and shown["hand"] == truth.view_at(replay.count, 1)["hand"]
                for event in replay.table.window.events():
                    if event["type"] == "deal":  # the guest's ten cards (the non-dealer's) are blanks
                        assert event["deck"][:10] == [None] * 10 and None not in event["deck"][10:21]
                host.key("shift+right")
        finally:
            guest.close()


def results_words(s: Session) -> str:
    """What the result screen says of a rematch, after a frame."""
    s.tick(1)
    return s.app.top.rematch_words()


def wait_results(s: Session, reached, what: str) -> None:
    """Frames of the result screen (it applies the server's messages) until `reached()`."""
    window = s.app.top.window
    for _ in range(WAITS):
        s.tick(1)
        if s.app.matches.busy:  # the rematch's table opening, off the frame
            s.stored()
        if reached():
            return
        window.wait(0.2)
    raise AssertionError(f"never reached: {what}")


def test_both_screens_ask_for_a_rematch_and_carry_on_in_it_with_the_same_seats(monkeypatch):
    """Issue 55, item 21: Rematch at every screen of a match over the network; one alone says
    whom it waits for and starts nothing, and once both asked each screen is at the new match's
    table with its own seat, no invite to send, the guest's seat remembered for Continue."""
    import random

    from tests.scenes.test_network_play import play_together

    with hosting("jaipur", ["human", "online"], first=0) as (host, invites):
        guest = joined(invites[1])
        try:
            wait_until(host, lambda: online(host, 1), "the guest online")
            play_together("jaipur", [host, guest], random.Random(3))
            assert host.scene == "results" and guest.scene == "results"
            old = host.app.top.window.match_id
            guest.click("rematch")
            assert guest.scene == "results" and results_words(guest) in (
                "Asking for a rematch…",
                "Waiting for Asha",
            )
            wait_results(guest, lambda: results_words(guest) == "Waiting for Asha", "the guest waits")
            wait_results(host, lambda: results_words(host) == "Bilal wants a rematch", "the host is told")
            assert host.scene == "results" and guest.scene == "results"  # nothing started
            host.click("rematch")
            wait_results(host, lambda: host.scene == "jaipur", "the host at the rematch's table")
            wait_results(guest, lambda: guest.scene == "jaipur", "the guest at the rematch's table")
            new = host.table.window.match_id
            assert new != old and guest.table.window.match_id == new
            assert host.table.window.seats == {0} and guest.table.window.seats == {1}
            assert host.table.window.names == guest.table.window.names == ["Asha", "Bilal"]
            assert not host.table.window.finished and not host.table.invites  # no invite to send
            assert [(t.match, t.seats) for t in guest.app.matches.remembered()][:1] == [(new, (1,))]
        finally:
            guest.close()


def test_the_hosts_own_server_takes_no_new_match_from_the_network():
    """Issue 43: the app makes its matches itself; a stranger's create is refused, and the
    host's saves hold no match of theirs."""
    from game.net import protocol as p
    from tests.net.support import Raw

    with hosting("jaipur", ["human", "online"]) as (host, _):
        server = host.app.hosting.server
        before = dict(server.rooms)
        stranger = Raw(server.address, pin=host.app.hosting.identity.pin)
        try:
            seats = [{"name": "X", "kind": "online"}, {"name": "Y", "kind": "online"}]
            answer = stranger.ask({"type": "create", "v": p.VERSION, "game": "jaipur", "seats": seats})
        finally:
            stranger.close()
        assert answer["ok"] is False and answer["error"]["code"] == p.NOT_HOST
        assert dict(server.rooms).keys() == before.keys()


def closed_port() -> int:
    """A loopback port nothing listens on (bound, then let go)."""
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def join_a_closed_port() -> tuple[Session, int]:
    """The Join screen after an invite to a port nothing listens on, and that port."""
    port = closed_port()
    s = open_join()
    s.type(f"bazaar://127.0.0.1:{port}/ZZZZ-ZZZZ-ZZZZ-ZZZZ")
    s.click("join")
    s.idle()
    assert s.scene == "join"
    return s, port


def test_a_host_that_does_not_answer_is_said_in_words_not_errno():
    """Issue 43: "[Errno 111] Connection refused" reached the Join screen; it says what
    happened and what to do next."""
    s, port = join_a_closed_port()
    try:
        headline, reason, advice = s.app.top.problem
        assert headline == "Could not join."
        assert reason.startswith(f"Nothing answers at 127.0.0.1:{port}: the match is not hosted there now")
        assert "Errno" not in reason and "refused" not in reason and advice
    finally:
        s.close()


def test_a_refused_connection_is_said_in_japanese(japanese, monkeypatch):
    s, port = join_a_closed_port()
    try:
        drawn = Drawn(monkeypatch)
        overflow = Overflow(monkeypatch)
        assert overflow.problems(s) == []
        said = f"127.0.0.1:{port} から応答がありません。"
        assert any(said in line for line in drawn.lines), drawn.lines
        assert [line for line in drawn.english() if "bazaar://" not in line] == []
    finally:
        s.close()


def remember_seats(count: int) -> list:
    """`count` seats joined at other computers, remembered as a closed app left them."""
    from game.core import paths, registry
    from game.net import tickets

    made = []
    games = registry.games()
    for k in range(count):
        ticket = tickets.Ticket(
            f"ws://127.0.0.1:{40000 + k}/",
            f"token{k}",
            games[k % len(games)],
            k + 1,
            (1,),
            ("Asha", f"Guest {k}"),
            f"2026-11-2{k}T10:00:00",
        )
        tickets.remember(paths.data_dir(), ticket)
        made.append(ticket)
    return made[::-1]  # newest first


def test_every_remembered_seat_is_in_reach_by_mouse_and_by_keyboard():
    """Issue 43: Join listed the two newest remembered seats and no more, so an unfinished
    match's seat could not be taken again. Pages of two turn with the buttons, PgUp/PgDn or
    the wheel."""
    newest_first = remember_seats(5)
    s = open_join()
    try:
        screen = s.app.top
        seen = [t.match for t in screen.tickets]
        assert seen == [t.match for t in newest_first[:2]] and s.target("newer").enabled is False
        s.click("older")
        seen += [t.match for t in s.app.top.tickets]
        s.key("pagedown")
        seen += [t.match for t in s.app.top.tickets]
        assert seen == [t.match for t in newest_first]  # all five, in order, none twice
        assert not s.target("older").enabled and s.target("rejoin.4").enabled
        s.key("pageup")
        s.key("pageup")
        assert [t.match for t in s.app.top.tickets] == [t.match for t in newest_first[:2]]
    finally:
        s.close()


def test_the_host_gives_an_away_player_a_new_invite_and_the_old_link_opens_nothing():
    """Issue 43: a guest whose app lost its seat (its invite spent) was locked out. The host
    makes a new invite for a seat whose player is away: the old invite and token stop working,
    and whoever joins with the new one takes the seat as it stands."""
    from game.net.client import NetError, RemoteWindow

    with hosting("jaipur", ["human", "online"], first=0) as (host, invites):
        guest = joined(invites[1])
        wait_until(host, lambda: online(host, 1), "the guest online")
        old = guest.table.window
        url, token = old.link.route, old.token  # the way and key it joined by
        guest.close()
        wait_until(host, lambda: not online(host, 1), "the guest gone")
        host.click("connection")
        assert not host.app.top.reinvites[0].visible  # the host's own seat has none
        host.click("reinvite.1")
        assert host.scene == "confirm"
        host.click("new-invite")
        assert host.scene == "invites", host.scene
        assert host.target("copy.1").enabled  # the new invite, not used yet
        fresh = str(host.table.invites[1])
        assert fresh != invites[1]
        with pytest.raises(NetError) as refused:
            RemoteWindow.rejoin(url, token, timeout=10.0)
        assert refused.value.code == "bad-token"
        again = joined(fresh)
        try:
            wait_until(host, lambda: online(host, 1), "the new guest online")
            assert again.table.window.seats == frozenset({1})
        finally:
            again.close()


def test_the_bar_says_a_player_is_away_not_playing_and_an_offline_move_is_said_unsent():
    """Issue 43: the bar said "Bilal is playing…" while Bilal was disconnected, and a move made
    while the host was down was said to wait, though it was never sent."""
    with hosting("jaipur", ["human", "online"], first=0) as (host, invites):
        guest = joined(invites[1])
        wait_until(host, lambda: online(host, 1), "the guest online")
        host.idle()
        host.perform(0, host.legal(0)[0])  # the guest's turn
        shown = host.table.bar_shown
        wait_until(host, lambda: shown(*host.table.bar())[0] == "Bilal is playing…", "the turn")
        guest.close()
        wait_until(host, lambda: not online(host, 1), "the guest gone")
        host.tick(1)
        assert host.table.bar_shown(*host.table.bar())[0] == "Bilal is away: the match waits for them"
        window = host.table.window
        host.app.hosting.stop()  # the host's server stops: its own table's link is down
        wait_until(host, lambda: window.status != "online", "the link down")
        refused = window.submit(0, {"move": "camels"})
        assert refused is not None and "nothing was sent" in refused.reason
        assert window.outbox == []  # not kept to go later either: the person plays it again


def test_after_join_the_field_keeps_its_keys_and_a_new_invite_clears_the_old_error():
    """Issue 43: after pressing Join, Ctrl+A and Backspace did nothing in the field, and the
    last invite's error stood while a new one was typed."""
    s = open_join()
    try:
        s.type("hello")
        s.click("join")  # a click: the button had taken the focus from the field
        s.idle()
        assert s.app.top.problem is not None and s.focused == "invite"
        s.key("ctrl+a")
        s.key("backspace")
        assert s.app.top.field.value == ""
        assert s.app.top.problem is None  # what is typed now is another invite
    finally:
        s.close()


def test_continue_tells_a_hosted_match_from_a_local_one(japanese, monkeypatch):
    from game.core import registry
    from game.core.match import Match, Seat

    s = Session.menu()
    try:
        rules = registry.get("jaipur")
        store = s.app.store
        store.attach(Match.new(rules, [Seat("Asha"), Seat("Bilal", "bot", "easy")], seed=1))
        store.attach(Match.new(rules, [Seat("Asha"), Seat("Chand", "online")], seed=2))
        s.app.top.enter()
        s.answered()  # the menu shown: it counts the saved matches
        drawn = Drawn(monkeypatch)
        s.click("continue")
        assert s.scene == "saved"
        s.tick(1)
        tagged = [line for line in drawn.lines if "オンライン（ここで主催）" in line]
        assert len(tagged) == 1
    finally:
        s.close()


def test_the_pause_menu_of_a_network_race_says_the_race_goes_on_and_where_moves_are_kept(
    japanese, monkeypatch
):
    """Issue 43: Pause in a network race froze only this screen's clock while the race went
    on, and a guest's pause menu said its moves were saved at its own computer."""
    with with_guest("ubongo") as (host, guest):
        drawn = Drawn(monkeypatch)
        for s, kept in (
            (host, "手はすべて指すたびに保存されます。"),
            (guest, "対局を主催するコンピューターに保存されます"),
        ):
            s.key("escape")
            assert s.scene == "pause"
            assert s.app.top.animated  # its clock goes on being drawn beneath
            drawn.clear()
            s.tick(1)
            s.app.draw()
            assert "このメニューを開いている間もレースは続きます。" in drawn.lines
            assert any(kept in line for line in drawn.lines), drawn.lines
            s.key("escape")


def test_a_player_who_leaves_on_purpose_is_said_to_have_left_not_to_be_reconnecting():
    """Issue 43: a host who chose Save and leave showed to the guest as "reconnecting"."""
    from game.scenes.presence import LEFT, seat_states, state_words

    with with_guest("jaipur", first=0) as (host, guest):
        wait_until(guest, lambda: online(guest, 0), "the host online")
        host.key("escape")
        assert host.scene == "pause"
        host.click("save-and-leave")
        assert host.scene == "menu"
        wait_until(guest, lambda: not online(guest, 0), "the host gone")
        remote = guest.table.connection
        assert 0 in remote.left
        assert seat_states(guest.table.window, guest.table.connection_seen)[0] == LEFT
        assert state_words(remote, 0, LEFT) == "Away: left the table"


def boards_up(s: Session) -> bool:
    """This screen's round has turned its boards up: the person may solve."""
    return s.table.v["phase"] == "solve" and s.table.handler is not None and not s.table.intro


def test_a_race_round_starts_for_every_screen_at_once_and_a_sheet_still_open_gives_way():
    """Issue 43: the first screen to press Next round saw the new puzzle while the sand was held
    for the other, and the late screen, told nothing, landed in a round already at 0:29. The
    boards now turn up on both screens with one update; a screen still on the sheet when the
    others stop waiting for it (READY_SECONDS) is told, and its sheet gives way."""
    from tests.scenes.ubongo_player import solution

    with with_guest("ubongo", first=0) as (host, guest):
        for s, seat in ((host, 0), (guest, 1)):
            wait_until(s, lambda s=s, seat=seat: seat in s.table.window.to_act, "a start field to choose")
            s.perform(seat, {"move": "pawn", "row": seat})
        for _ in range(WAITS * 3):  # both screens roll the die and say ready: the boards turn up
            if boards_up(host) and boards_up(guest):
                break
            for s in (host, guest):
                s.tick(1)
                s.table.window.wait(0.02)
        assert boards_up(host) and boards_up(guest)
        for s, seat in ((host, 0), (guest, 1)):
            s.perform(seat, solution(s, seat))
        for s, seat in ((host, 0), (guest, 1)):
            wait_until(s, lambda s=s, seat=seat: seat in s.table.rows_open() or not s.table.idle(), "rows")
            if seat in s.table.window.to_act:
                s.perform(seat, {"move": "pawn", "row": s.table.rows_open()[0]})
        for s in (host, guest):  # the match is at round 2's die; the table shows round 1 as it ended
            wait_until(s, lambda s=s: s.table.window.view()["phase"] == "roll", "round 1 over, round 2's die")
            for _ in range(600):  # the gems land, then the sheet
                if s.scene == "ubongo-round":
                    break
                s.tick(1)
            assert s.scene == "ubongo-round"
            assert s.table.v["round"] == 1 and not s.table.intro  # no next round under the sheet
        host.click("continue")  # the host is ready; the guest goes on reading its sheet
        for _ in range(200):  # the host's die rolls and lands
            host.tick(1)
        assert not host.table.intro and host.table.handler is None, "no board before the others"
        assert host.table.v["phase"] == "roll" and not host.table.window.clock.running

        def waited_long_enough() -> None:  # READY_SECONDS pass for the guest's screen
            [waiting] = host.app.hosting.server.rooms.values()
            assert waiting.unready == {1}
            waiting.ready_by = waiting.drive.time()
            waiting.schedule()

        host.app.hosting.thread.call(waited_long_enough)
        wait_until(host, lambda: boards_up(host), "round 2's boards up after the wait")
        wait_until(guest, lambda: guest.scene == "ubongo", "the guest's sheet gives way")
        assert boards_up(guest) and guest.table.window.clock.running
        assert any("Round 2 has begun" in t.message for t in guest.app.toasts)
        assert host.table.v["round"] == guest.table.v["round"] == 2
