"""What a client receives, byte by byte, is what its game's declarations show its seat, and
nothing more (issue 35, "Seats and trust": never the state, never another seat's hand, never
the stock; issue 53: for every game of the registry, from its own declarations).

Every text frame a client's socket receives during a whole match against the server's bots is
recorded as it arrives (before the client reads it). The oracle is the server's own record,
folded event by event (tests/leaks.py): at each moment, the events and the view the game's
`secrets` show the client's seat, its legal moves, and the texts it may not know. An update
says how many events it brings the client to; a reply or a presence comes after the updates the
server sent before it, so it belongs to the last count seen.

- A welcome or an update holds no key the protocol does not name; it is seen through the seat's
  eyes alone; its events are the true ones as the declarations show the seat, its view (whole,
  or what changed in it) and its views around the game's moments are the declared view at their
  moment, its moves the seat's own, its commands the seat's own, its outcome the match's.
- No frame of any kind names a text the seat may not know at that moment (a card of another's
  hand, the stock), wherever it stands.

`test_the_checks_find_an_unredacted_stream` feeds the checks what the server would send with
redaction off, so none can pass by seeing nothing.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from game.core import registry
from game.core.codec import roundtrip
from tests import games
from tests.leaks import Oracle, strings
from tests.net.support import play, random_legal

pytestmark = pytest.mark.usefixtures("fast_players")

ME = 0
SEED = 3
# what a welcome or an update may hold beside the seat's news (room.py, `_sync`, `_state`)
PROTOCOL = frozenset(
    {"type", "v", "token", "match", "seats", "host", "online", "left", "count", "played", "to_act", "due"}
    | {"clock", "waited", "paused", "from"}
)


def moments(texts: list[str]) -> list[tuple[str, dict[str, Any], int]]:
    """Each frame with the count of events the client holds once it has read it. A `presence`
    or `clock` may come before the welcome (sent at once while the welcome waits for the
    store, docs/network.md): it is judged at the welcome's count, the first the client holds."""
    messages = [json.loads(text) for text in texts]
    count = next((m["count"] for m in messages if "count" in m), 0)
    out = []
    for text, message in zip(texts, messages, strict=True):
        count = message.get("count", count)
        out.append((text, message, count))
    return out


def start(net, game: str) -> tuple[int, dict[int, str]]:
    """A match of `game`: the client at seat 0, the server's bots at the game's other seats
    (its fewest); a timed game's 45 s hourglass runs out in about a second."""
    net.start(rate=2400.0 if registry.face(game).timed else 60.0)
    count = games.seat_range(game)[0]
    match_id, codes, _ = net.create(game, "online", *["bot"] * (count - 1), seed=SEED)
    return match_id, codes


def audit(texts: list[str], oracle: Oracle, mine: list[Any]) -> tuple[list[str], dict[str, int]]:
    """Where the frames show the seat what its declarations do not, and how many frames came at
    a moment the declarations kept something from it."""
    problems, counted = [], {"frames": 0, "withheld": 0}
    key = str(ME)
    known: Any = None  # the view as the client holds it: an update sends what changed
    for _text, message, count in moments(texts):
        kind, state = message["type"], oracle.states[count]
        said = f"{kind} at event {count}"
        counted["frames"] += 1
        counted["withheld"] += oracle.withheld(count)
        named = set(strings(message)) & oracle.secrets(count)
        problems += [f"{said}: names {x!r}, which seat {ME} may not know" for x in sorted(named)]
        if kind in ("welcome", "update"):
            extra = set(message) - PROTOCOL - {"seen", "legal", "commands", "outcome"}
            problems += [f"{said}: an unexplained key {k!r}" for k in sorted(extra)]
            if set(message["seen"]) != {key}:
                problems.append(f"{said}: seen through the eyes of {sorted(message['seen'])}")
            seen = message["seen"].get(key, {"events": []})
            first = message.get("from", 0)
            if first + len(seen["events"]) != count:
                problems.append(f"{said}: events {first}..{first + len(seen['events'])}, not to {count}")
            for i, event in enumerate(seen["events"], first):
                if i >= len(oracle.shown) or event != oracle.shown[i]:
                    problems.append(f"{said}: event {i} is not as the declarations show it")
            if "view" in seen:
                known = seen["view"]
            elif known is not None:  # an update: what changed, applied as a client does
                known = {**known, **seen.get("changed", {})}
                for gone in seen.get("removed", []):
                    known.pop(gone, None)
            if known != oracle.view(count):
                problems.append(f"{said}: the view is not as the declarations show it")
            for at, view in (seen.get("moments") or {}).items():
                if view != oracle.view(int(at)):
                    problems.append(f"{said}: the view at {at} is not as the declarations show it")
            for seat, moves in (message.get("legal") or {}).items():
                if seat != key or moves != oracle.legal(count):
                    problems.append(f"{said}: moves that are not seat {seat}'s own")
            for seat, commands in message["commands"].items():
                if seat != key or any(c not in mine for c in commands):
                    problems.append(f"{said}: commands of seat {seat} {commands}")
            outcome, truth = message.get("outcome"), oracle.rules.outcome(state)
            if (outcome is None) != (truth is None) or (
                truth is not None
                and [outcome["winners"], outcome["scores"]] != roundtrip([truth.winners, truth.scores])
            ):
                problems.append(f"{said}: an outcome {outcome} that is not the match's")
        elif kind == "reply" and "commands" in message and message["commands"] != oracle.legal(count):
            problems.append(f"{said}: moves that are not the seat's own")
    return problems, counted


@pytest.mark.parametrize("game", games.games())
def test_a_client_receives_what_its_games_declarations_show_its_seat_and_nothing_more(net, frames, game):
    match_id, codes = start(net, game)
    window = net.join(codes[ME])
    play([window], random.Random(SEED), random_legal, refused_ok=registry.face(game).timed)
    assert window.finished
    record = net.record(match_id)
    oracle = Oracle(record, ME)
    assert moments(frames)[-1][2] == len(record["events"]), "the recording saw the whole match"
    mine = [c["command"] for c in record["commands"] if c["seat"] == ME]
    problems, counted = audit(frames, oracle, mine)
    assert problems == []
    assert counted["frames"] >= 10, counted
    if registry.face(game).hidden_hands:  # something was there to keep
        assert oracle.hidden() > 0 or counted["withheld"] > 0, counted


@pytest.mark.parametrize("game", [g for g in games.games() if registry.face(g).hidden_hands])
def test_the_checks_find_an_unredacted_stream(net, frames, game):
    """What a client would receive were the server to send it the true events, or its seat's
    view as the game works it out, undeclared: the checks name it in the very first frame."""
    match_id, codes = start(net, game)
    window = net.join(codes[ME])
    record = net.record(match_id)
    oracle = Oracle(record, ME)
    welcome = json.loads(next(f for f in frames if '"type":"welcome"' in f))
    count = welcome["count"]
    seen = welcome["seen"][str(ME)]
    assert audit([json.dumps(welcome)], oracle, [])[0] == []
    true = oracle.truth[:count]
    if true != seen["events"]:
        unredacted = {**welcome, "seen": {str(ME): {**seen, "events": true}}}
        problems, _ = audit([json.dumps(unredacted)], oracle, [])
        assert any("is not as the declarations show it" in x for x in problems), problems
        secrets = oracle.secrets(count)
        assert {x for x in secrets if any(f"{x!r}" in line for line in problems)} == secrets
    whole = roundtrip(oracle.rules.see(oracle.states[count], ME))
    if whole != seen["view"]:
        undeclared = {**welcome, "seen": {str(ME): {**seen, "view": whole}}}
        problems, _ = audit([json.dumps(undeclared)], oracle, [])
        assert any("the view is not as" in x for x in problems), problems
    assert true != seen["events"] or whole != seen["view"]
    window.close()


def test_a_frame_before_the_welcome_is_judged_at_the_welcomes_count():
    """A presence may reach a client before its welcome, which waits for the store (a clean
    clone's run under load caught one): it is judged at the welcome's count, not at the empty
    state before the deal (whose Taj Mahal view has no players to show)."""
    frames = [
        json.dumps({"type": "presence", "online": [True, False, False]}),
        json.dumps({"type": "welcome", "count": 4}),
        json.dumps({"type": "presence", "online": [True, True, False]}),
        json.dumps({"type": "update", "count": 6}),
    ]
    assert [count for _, _, count in moments(frames)] == [4, 4, 4, 6]
