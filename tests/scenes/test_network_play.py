"""Whole matches of network play, each seat's app driven through game.automation: the host's
app (the authority, on a thread, on loopback) and a guest's app joined with an invite. Every
move is made by input events at the screen of its seat; the server plays its bots and keeps
the time. Bounded: each waits on the server's messages, never on the clock, and gives up
after a fixed number of moves."""

from __future__ import annotations

import random

import pytest

from game.automation import Session
from game.core import registry
from game.core.match import verify
from tests import games
from tests.scenes import ubongo_player

MOVES = 4000  # rounds of the apps: a match that has not finished by then is a failure
STEPS = 120  # ticks one app may take in a round to settle before the next app's turn


def pass_screens(s: Session) -> bool:
    """Close what stands between a person and the table (a score sheet, a visit summary)."""
    asked = s.attention()
    if asked is None or asked["scene"] == "results":
        return False
    if asked["seat"] is not None and asked["seat"] not in s.table.humans:
        return False
    s.click(asked["target"])
    return True


def choose(game: str, s: Session, seat: int, rng: random.Random) -> dict:
    if game == "ubongo":
        return ubongo_player.choose(s, seat, rng)
    legal = s.legal(seat)
    if game == "ginrummy":  # a person knocks when they may (random discards rarely end a hand)
        knocks = [c for c in legal if c["move"] == "knock"]
        legal = knocks or legal
    return rng.choice(legal)


def play_together(game: str, sessions: list[Session], rng: random.Random) -> int:
    """Round the apps: each that may act does (a move, or closing a sheet), the others draw
    their frames; when none may, wait for the server's next message. Returns the moves made."""
    made = 0
    for _ in range(MOVES):
        if all(s.outcome is not None and s.scene == "results" for s in sessions):
            return made
        acted = False
        for s in sessions:
            s.app.step(1)
            for _ in range(STEPS):  # let this screen's cards land (its own time, in ticks)
                if s.settled() or (s.app.top is s.table and s.table.waits_elsewhere()):
                    break
                s.app.step(1)
            if not s.settled():
                continue
            if pass_screens(s):
                acted = True
                continue
            people = s.table.people_waiting() if s.app.top is s.table else []
            if people:
                s.perform(people[0], choose(game, s, people[0], rng))
                made += 1
                acted = True
        if not acted:
            for s in sessions:
                if s.app.top is s.table and s.table.waits_elsewhere():
                    s.table.window.wait(0.05)  # a message to apply, or a short bounded wait
    states = [(s.scene, s.attention(), s.table.people_waiting(), s.table.idle()) for s in sessions]
    raise AssertionError(f"{game}: not finished after {MOVES} rounds ({made} moves): {states}")


def stored(host: Session):
    server = host.app.hosting.server
    room = server.rooms[host.table.window.match_id]
    return room.match


# a whole Gin match by the screens' input takes minutes: the slow suite plays it (the quick one
# plays it over the socket alone, tests/net/test_matches.py)
SLOW = {"ginrummy"}


def whole_match(game: str):
    """A person at the host's screen, a guest's app, and easy bots at the game's other seats (its
    fewest); a timed game's sand twenty times faster, so its rounds pass quickly."""
    seats = ["human", "online", *games.kinds(game, max(2, games.seat_range(game)[0]))[2:]]
    rate = 1200.0 if registry.face(game).timed else 60.0
    marks = [pytest.mark.slow] if game in SLOW else []
    return pytest.param(game, seats, {}, rate, marks=marks, id=game)


@pytest.mark.parametrize(("game", "seats", "options", "rate"), [whole_match(g) for g in games.games()])
def test_a_whole_match_between_two_apps_over_the_network(game, seats, options, rate):
    host, invites = Session.host(game, seats, seed=5, options=options, clock_rate=rate)
    guests = [Session.join(invite) for invite in invites.values()]
    try:
        sessions = [host, *guests]
        made = play_together(game, sessions, random.Random(3))
        assert made > 0
        outcome = host.table.window.outcome
        assert outcome is not None
        for guest in guests:
            assert guest.table.window.outcome == outcome, "every screen shows the same result"
            assert guest.table.window.count == host.table.window.count
        ok, why = verify(stored(host).to_json())
        assert ok, why
    finally:
        for s in [host, *guests]:
            s.close()
        host.app.hosting.stop()


def test_a_guest_whose_app_closed_takes_its_seat_again_from_the_seats_it_remembers(bazaar_home):
    from game.net import tickets

    host, invites = Session.host("jaipur", ["human", "online"], seed=8)
    guest = Session.join(invites[1])
    again = None
    try:
        rng = random.Random(4)
        for _ in range(4):  # a few moves each, then the guest's app closes
            play_one(host, rng)
            play_one(guest, rng)
        seen = guest.table.window.count
        guest.close()
        [ticket] = host.app.matches.remembered()
        assert (ticket.game, ticket.seats, ticket.names) == ("jaipur", (1,), tuple(host.table.window.names))
        again = Session.menu()  # the app opened again: Join lists the seat; one click takes it
        again.click("join")
        again.click("rejoin.0")
        again.app.top.attempt.future.result(60)  # the host is reached off the frame
        again.tick(1)  # and the table shows
        assert again.scene == "jaipur", again.scene
        table = again.table
        assert table.window.count >= seen and table.viewer == 1
        truth = host.app.hosting.server.rooms[ticket.match].match
        assert table.window.seat_view(1)["hand"] == truth.view(1)["hand"]
        # a damaged list is kept aside and the app goes on with none
        (bazaar_home / "data" / tickets.FILENAME).write_text("{not json")
        assert host.app.matches.remembered() == []
    finally:
        for s in [host, guest] + ([again] if again else []):
            s.close()
        host.app.hosting.stop()


def play_one(s: Session, rng: random.Random) -> None:
    """This app's person moves if it is their turn, once what is on its way has arrived."""
    for _ in range(STEPS):
        if s.settled() or s.table.waits_elsewhere():
            break
        s.app.step(1)
    for _ in range(STEPS):  # the other's move, when it is on its way (bounded: none may come)
        if not s.table.waits_elsewhere() or not s.table.window.wait(0.2):
            break
        s.app.step(1)
    if s.table.waits_elsewhere():
        return  # the other's turn
    s.idle()
    people = s.table.people_waiting()
    if people:
        s.perform(people[0], rng.choice(s.legal(people[0])))
