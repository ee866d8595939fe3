"""What a client receives, byte by byte, names no card of the opponent's hand before the reveal
(issue 35, "Seats and trust": never the state, never another seat's hand, never the stock).

Every text frame a client's socket receives during a whole match against the server's bot is
recorded as it arrives (before the client reads it). The oracle is the server's own record,
folded event by event: the true hands at the moment of each frame (an update says how many
events it brings the client to; a reply or a presence comes after the updates the server sent
before it, so it belongs to the last count seen).

- Gin Rummy: a card is a code ("7H") appearing as a JSON string anywhere in a frame. The
  opponent's hand is secret but for the cards it took from the pile in the open this hand; the
  reveal is the knock (the hands are laid down until the next deal). The stock is never shown.
- Jaipur: a card is a kind of goods, not a thing of its own, so the opponent's cards are the
  deal's slots dealt to it (and the deck's order after the market), and its hand is never shown
  (a round ends with its herd on the score sheet, its hand unseen). Every goods name in every
  frame must stand where the seat may see it: its own hand, the market, the discards, what the
  opponent was seen taking, the open moves, the tokens; the deal's hidden slots must be null.

- Ubongo (issue 42, "Secrets fail closed"): chance reaches a seat when it happens. No frame
  holds a later round's board or die face, searched by value: each later round's puzzle area
  (its cells as JSON), the boards still to deal in their order and the rolls to come, not
  which field might carry them. Each round's area does cross once the round has started.

`test_the_checks_find_an_unredacted_stream` feeds the checks what the server would send with
redaction off, so none can pass by seeing nothing.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from game.core import registry
from game.net import protocol as p
from game.rules.ginrummy.view import known_in_hand
from game.rules.jaipur.face.cards import DEAL_HAND, NAMES
from game.rules.jaipur.state import market_cards
from game.rules.jaipur.view import names
from game.rules.ubongo.ruleset import puzzle_of
from tests.net.support import play, random_legal, ubongo_player

pytestmark = pytest.mark.usefixtures("fast_players")

ME, OPPONENT = 0, 1
GIN_CARD = re.compile(r'"([A2-9TJQK][SHDC])"')
GOODS = frozenset(NAMES)  # the goods and the camel


@pytest.fixture
def frames(monkeypatch):
    """Every text frame the client's link receives, in order, recorded before it is read."""
    received: list[str] = []
    decode = p.decode_reply

    def recording(text):
        received.append(text)
        return decode(text)

    monkeypatch.setattr(p, "decode_reply", recording)
    return received


def folded(record: dict[str, Any]) -> list[Any]:
    """The true state after each number of events: states[k] after the first k."""
    rules = registry.get(record["game"])
    state = rules.empty(len(record["seats"]), record["options"])
    states = [state]
    for event in record["events"]:
        state = rules.evolve(state, event)
        states.append(state)
    return states


def moments(texts: list[str]) -> list[tuple[str, dict[str, Any], int]]:
    """Each frame with the count of events the client holds once it has read it."""
    out, count = [], 0
    for text in texts:
        message = json.loads(text)
        count = message.get("count", count)
        out.append((text, message, count))
    return out


def play_against_the_bot(net, game: str, seed: int, frames: list[str]) -> dict[str, Any]:
    match_id, codes, _ = net.create(game, "online", "bot", seed=seed)
    window = net.join(codes[ME])
    play([window], random.Random(seed), random_legal)
    assert window.finished
    record = net.record(match_id)
    assert moments(frames)[-1][2] == len(record["events"]), "the recording saw the whole match"
    return record


# -- Gin Rummy ---------------------------------------------------------------------------------


def gin_secrets(state: Any) -> set[str]:
    """The cards the client may not know: the stock always, the opponent's hand but for what
    it took from the pile in the open, until the knock lays it down."""
    secret = set(state.stock)
    if state.knock is None:
        secret |= set(state.hands[OPPONENT]) - set(known_in_hand(state, OPPONENT))
    return secret


def gin_leaks(texts: list[str], states: list[Any]) -> tuple[list[tuple[str, int, str]], dict[str, int]]:
    """(message type, event count, card) of each secret card named, and how many frames had
    secrets to keep and how many showed the opponent's laid-down hand."""
    leaks, counted = [], {"checked": 0, "revealed": 0}
    for text, message, count in moments(texts):
        state = states[count]
        named = set(GIN_CARD.findall(text))
        leaks += [(message["type"], count, card) for card in sorted(named & gin_secrets(state))]
        counted["checked"] += bool(gin_secrets(state) - set(state.stock))
        counted["revealed"] += state.knock is not None and bool(named & set(state.hands[OPPONENT]))
    return leaks, counted


def test_gin_no_card_of_the_opponents_hand_or_the_stock_crosses_before_the_knock(net, frames):
    record = play_against_the_bot(net, "ginrummy", 5, frames)
    states = folded(record)
    leaks, counted = gin_leaks(frames, states)
    assert leaks == []
    hands = sum(e["type"] == "deal" for e in record["events"])
    assert hands >= 2 and counted["checked"] > 50, (hands, counted)
    assert counted["revealed"] > 0, "a knock lays the hands down: then the cards do cross"
    # the bot's draws from the stock crossed, as "a card"
    drawn = [e for m in map(json.loads, frames) for e in events_in(m) if e["type"] == "drew"]
    assert any(e["seat"] == OPPONENT and e["source"] == "stock" and e["card"] is None for e in drawn)


def events_in(message: dict[str, Any]) -> list[dict[str, Any]]:
    return [e for seen in message.get("seen", {}).values() for e in seen["events"]]


# -- Jaipur ------------------------------------------------------------------------------------


def deal_slots(event: dict[str, Any], seat: int) -> set[int]:
    """The deck positions a seat may see in a deal: its own hand's and the market's two."""
    order = [event["first"], 1 - event["first"]]
    mine = order.index(seat) * DEAL_HAND
    market = len(order) * DEAL_HAND
    return {*range(mine, mine + DEAL_HAND), market, market + 1}


def jaipur_problems(texts: list[str], record: dict[str, Any], states: list[Any]) -> list[str]:
    rules = registry.get("jaipur")
    truth, problems = record["events"], []
    mine = [c["command"] for c in record["commands"] if c["seat"] == ME]
    known: dict[str, Any] | None = None  # the view as the client holds it: an update sends changes
    for _, message, count in moments(texts):
        state = states[count]
        kind = message["type"]
        said = f"{kind} at event {count}"
        explained: list[tuple[Any, ...]] = []  # where goods may stand in this message
        if kind in ("welcome", "update"):
            if set(message["seen"]) != {str(ME)}:
                problems.append(f"{said}: seen through the eyes of {sorted(message['seen'])}")
            seen = message["seen"].get(str(ME), {"events": [], "view": None})
            start = message["from"] if kind == "update" else 0
            for i, event in enumerate(seen["events"]):
                true = truth[start + i]
                if true["type"] != "deal":
                    if event != true:  # every other event is played in the open
                        problems.append(f"{said}: event {start + i} differs from the true one")
                    continue
                shown = {j for j, card in enumerate(event["deck"]) if card is not None}
                if shown != deal_slots(true, ME):
                    problems.append(f"{said}: the deal shows deck slots {sorted(shown)}")
                if any(event["deck"][j] != true["deck"][j] for j in shown):
                    problems.append(f"{said}: the deal shows a card that is not there")
                if any(v is not None for pile in event["bonus"].values() for v in pile):
                    problems.append(f"{said}: the deal shows bonus token values")
            if "view" in seen:
                known = seen["view"]
            elif known is not None:  # an update: what changed, applied as a client does
                known = {**known, **seen.get("changed", {})}
                for gone in seen.get("removed", []):
                    known.pop(gone)
            views = [(said, known, state)]
            views += [  # the views around a round's end the news brings: each as it was then
                (f"{said} (moment {k})", view, states[int(k)]) for k, view in seen.get("moments", {}).items()
            ]
            for where, view, then in views:
                if view is not None:
                    problems += jaipur_view_problems(where, view, then)
            for part in ("view", "changed"):  # a whole view, or what changed in it
                explained += [("seen", str(ME), part, k) for k in ("hand", "market", "discard")]
                explained += [("seen", str(ME), part, k) for k in ("opponent_known", "tokens")]
                explained += [("seen", str(ME), part, k) for k in ("earned", "sheets")]  # tokens
            explained.append(("seen", str(ME), "moments"))  # views checked as the view above
            for seat, commands in message.get("legal", {}).items():
                if seat != str(ME) or commands != rules.legal(state, ME):
                    problems.append(f"{said}: a list of moves that are not the seat's own")
            explained.append(("legal",))
            explained.append(("seen", str(ME), "events"))  # checked event by event above
            for seat, commands in message["commands"].items():
                if seat != str(ME) or any(c not in mine for c in commands):
                    problems.append(f"{said}: commands of seat {seat} {commands}")
            explained.append(("commands",))
            explained.append(("outcome", "details", "sheets"))  # tokens, and herds at the end
        elif kind == "reply" and "commands" in message:
            if message["commands"] != rules.legal(state, ME):
                problems.append(f"{said}: a list of moves that are not the seat's own")
            explained.append(("commands",))
        for path in goods_paths(message):
            if not any(path[: len(prefix)] == prefix for prefix in explained):
                problems.append(f"{said}: goods at {'.'.join(map(str, path))}")
    return problems


def jaipur_view_problems(said: str, view: dict[str, Any], state: Any) -> list[str]:
    """Where a view shows what the seat may not see, or not what it may."""
    expected = {
        "hand": names(state.hands[ME]),
        "market": market_cards(state),
        "discard": list(state.discard),
        "opponent_known": names(state.known[OPPONENT]),
        "opponent_hand": sum(state.hands[OPPONENT]),  # how many: public
        "opponent_herd": None,  # a person's herd size may not be asked
        "deck": len(state.deck),
    }
    return [
        f"{said}: the view's {key} is {view[key]!r}, not {value!r}"
        for key, value in expected.items()
        if view[key] != value
    ]


def goods_paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Where a goods name (or camel) stands in a message, as a value or a key."""
    if isinstance(value, str):
        return [path] if value in GOODS else []
    out = []
    if isinstance(value, dict):
        for key, item in value.items():
            if key in GOODS:
                out.append((*path, key))
            out += goods_paths(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            out += goods_paths(item, (*path, i))
    return out


def test_jaipur_no_card_of_the_opponents_hand_crosses(net, frames):
    record = play_against_the_bot(net, "jaipur", 3, frames)
    states = folded(record)
    assert jaipur_problems(frames, record, states) == []
    rounds = sum(e["type"] == "deal" for e in record["events"])
    hidden = [s for s in states if s.phase == "play" and sum(s.hands[OPPONENT]) > sum(s.known[OPPONENT])]
    assert rounds >= 2 and len(hidden) > 50, (rounds, len(hidden))


# -- Ubongo ------------------------------------------------------------------------------------


def compact(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def areas(state: Any) -> Iterator[tuple[int, int, str]]:
    """(round, seat, the puzzle area's cells as JSON) for every round whose boards are still
    face down: the round whose die was just rolled (until its reveal), then those to come."""
    rolled = state.phase == "roll"
    faces = [state.face, *state.dice] if rolled else list(state.dice)
    first = state.round if rolled else state.round + 1
    for i, face in enumerate(faces):
        for seat in range(state.seats):
            board = state.deck[i * state.seats + seat]
            cells = puzzle_of(board, state.sides[seat], face).cells
            yield first + i, seat, compact([list(c) for c in cells])


def run_of(numbers: tuple[int, ...]) -> re.Pattern[str]:
    """The numbers in their order as they stand in a JSON list, and not part of larger ones."""
    return re.compile(r"(?<![\d.])" + re.escape(",".join(map(str, numbers))) + r"(?![\d.])")


def ubongo_leaks(texts: list[str], record: dict[str, Any], states: list[Any]) -> tuple[list[str], set[int]]:
    """What each frame names of the rounds not started at its moment, and the rounds whose own
    area a frame did carry once they had started (the search sees what is there)."""
    shown: dict[int, set[str]] = {0: set()}  # areas of the started rounds, by event count
    for count, event in enumerate(record["events"], 1):
        before = shown[count - 1]
        if event["type"] == "reveal":
            before = before | {compact(p["cells"]) for p in event["puzzles"]}
        shown[count] = before
    leaks, crossed = [], set()
    for text, message, count in moments(texts):
        state, frame = states[count], compact(json.loads(text))
        said = f"{message['type']} at event {count} (round {state.round})"
        for rnd, seat, cells in areas(state):
            if cells in frame and cells not in shown[count]:  # another board may share an area
                leaks.append(f"{said}: round {rnd}'s area for seat {seat}")
        seats = state.seats
        if len(state.deck) >= 2 * seats and run_of(state.deck).search(frame):
            leaks.append(f"{said}: the boards to come {list(state.deck)}")
        if len(state.dice) >= 5 and run_of(state.dice).search(frame):  # shorter runs occur by chance
            leaks.append(f"{said}: the rolls to come {list(state.dice)}")
        crossed |= {state.round for p in state.puzzles if compact([list(c) for c in p.cells]) in frame}
    return leaks, crossed


def test_ubongo_no_later_board_or_roll_crosses_before_its_round(net, frames):
    net.start(rate=2400.0)  # a 45 s hourglass in about a second: the race runs on the server's time
    match_id, codes, _ = net.create("ubongo", "online", "bot", "bot", seed=42)
    window = net.join(codes[ME])
    play([window], random.Random(42), ubongo_player, refused_ok=True)
    assert window.finished
    record = net.record(match_id)
    assert moments(frames)[-1][2] == len(record["events"]), "the recording saw the whole match"
    states = folded(record)
    leaks, crossed = ubongo_leaks(frames, record, states)
    assert leaks == []
    assert crossed == set(range(1, 10)), "each round's area crossed once it began"
    setup = record["events"][0]
    assert len(setup["boards"]) == 27 and len(setup["dice"]) == 9  # the log keeps the whole deal


# -- the checks are no blind eyes ---------------------------------------------------------------


def test_the_checks_find_an_unredacted_stream(net, frames):
    """What a client would receive were the server to send it the true events: each check names
    the leak in the very first frame (the deal)."""
    for game, seed in (("ginrummy", 5), ("jaipur", 3)):
        frames.clear()
        match_id, codes, _ = net.create(game, "online", "bot", seed=seed)
        window = net.join(codes[ME])
        record = net.record(match_id)
        states = folded(record)
        welcome = json.loads(next(f for f in frames if '"type":"welcome"' in f))
        count = welcome["count"]
        redacted = json.dumps(welcome)
        welcome["seen"][str(ME)]["events"] = record["events"][:count]  # redaction off
        unredacted = json.dumps(welcome)
        if game == "ginrummy":
            assert gin_leaks([redacted], states)[0] == []
            leaks, _ = gin_leaks([unredacted], states)
            assert {card for _, _, card in leaks} == gin_secrets(states[count])  # each of them
            assert len(gin_secrets(states[count])) >= 10 + 20  # the opponent's hand, the stock
        else:
            assert jaipur_problems([redacted], record, states) == []
            problems = jaipur_problems([unredacted], record, states)
            assert any("deck slots" in x for x in problems), problems
            assert any("bonus token values" in x for x in problems), problems
        window.close()


def test_the_ubongo_check_finds_an_unredacted_stream(net, frames):
    """The welcome of an Ubongo match carrying the true setup event (every board and roll of
    the game), or a view carrying a later round's puzzle: the check names them."""
    match_id, codes, _ = net.create("ubongo", "online", "bot", seed=42)
    window = net.join(codes[ME])
    record = net.record(match_id)
    states = folded(record)
    welcome = json.loads(next(f for f in frames if '"type":"welcome"' in f))
    count = welcome["count"]
    assert ubongo_leaks([json.dumps(welcome)], record, states)[0] == []
    seen = welcome["seen"][str(ME)]
    seen["events"] = record["events"][:count]  # redaction off
    leaks, _ = ubongo_leaks([json.dumps(welcome)], record, states)
    assert any("the boards to come" in x for x in leaks) and any("the rolls to come" in x for x in leaks), (
        leaks
    )
    later = next(areas(states[count]))
    seen["events"] = []
    seen["view"]["puzzles"] = [{"cells": json.loads(later[2])}]  # a view that shows round 1 early
    leaks, _ = ubongo_leaks([json.dumps(welcome)], record, states)
    assert leaks == [f"welcome at event {count} (round 0): round 1's area for seat 0"], leaks
    window.close()
