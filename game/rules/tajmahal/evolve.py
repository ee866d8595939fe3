"""evolve: fold one Taj Mahal event into the state. No validation, no randomness."""

from __future__ import annotations

from typing import Any

from game.core.frozen import replace
from game.rules.tajmahal.face.data import CARDS, PERSONS, SPECIAL_ID, SPECIAL_IDS
from game.rules.tajmahal.state import Player, State

Event = dict[str, Any]


def evolve(state: State, e: Event) -> State:
    kind = e["type"]
    if kind == "setup":
        owners = e.get("specials", {})
        players = []
        for i, hand in enumerate(e["hands"]):
            mine = tuple(SPECIAL_ID[n] for n, s in sorted(owners.items()) if s == i)
            infl = tuple(e.get("influence", [[]] * state.seats)[i])
            goods = tuple(e.get("goods", [[]] * state.seats)[i])
            players.append(Player(hand=tuple(hand) + mine, influence=infl, goods=goods))
        pool = tuple(
            state.pool[k] - sum(p.influence.count(person) for p in players)
            for k, person in enumerate(PERSONS)
        )
        table = tuple(c for c in SPECIAL_IDS if CARDS[c].special not in owners)
        return replace(
            state,
            players=tuple(players),
            phase="play",
            order=tuple(e["order"]),
            bonus=tuple(sorted(e["bonus"].items())),
            deck=tuple(e["deck"]),
            discard=tuple(e.get("discard", [])),
            display=tuple(e["display"]),
            table_specials=table,
            pool=pool,
            palaces=tuple((c, s) for c, s in e.get("palaces", [])),
            moguls=tuple((c, s) for c, s in e.get("moguls", [])),
            start=e["start"],
            turn=e["start"],
        )
    if kind == "play":
        seat = e["seat"]
        p = state.players[seat]
        state = state.with_player(
            seat,
            hand=tuple(c for c in p.hand if c not in e["cards"]),
            played=p.played + tuple(e["cards"]),
            colour=e["colour"],
        )
        return replace(state, turn=state.next_active(seat) or 0)
    if kind == "score":
        p = state.players[e["seat"]]
        good = (e["good"],) if e.get("good") else ()
        return state.with_player(e["seat"], score=p.score + e["points"], goods=p.goods + good)
    if kind == "withdraw":
        seat = e["seat"]
        p = state.players[seat]
        won = list(e["won"])
        persons = [c for c in won if c in PERSONS]
        pool = list(state.pool)
        for c in persons:
            pool[PERSONS.index(c)] -= 1
        tiles = p.tiles + ((state.visit + 1,) if "elephant" in won else ())
        state = state.with_player(seat, active=False, influence=p.influence + tuple(persons), tiles=tiles)
        builds = tuple(e["builds"])
        return replace(
            state,
            won=state.won + tuple((c, seat) for c in won),
            pool=tuple(pool),
            builds=builds,
            built=(),
            taken=(),
            phase="build" if builds else state.phase,
            turn=seat,
        )
    if kind == "build":
        seat, city = e["seat"], e["city"]
        state = replace(state, builds=state.builds[1:], built=state.built + (city,))
        if e["kind"] == "mogul":
            state = replace(state, moguls=state.moguls + ((city, seat),))
        else:
            state = replace(state, palaces=state.palaces + ((city, seat),))
        if e.get("bonus"):
            p = state.players[seat]
            state = state.with_player(seat, bonuses=p.bonuses + (e["bonus"],))
            state = replace(
                state,
                bonus=tuple(b for b in state.bonus if b[0] != city),
                taken=state.taken + (e["bonus"],),
            )
        return state
    if kind == "reshuffle":
        return replace(state, deck=tuple(e["order"]), discard=())
    if kind == "draw":
        p = state.players[e["seat"]]
        n = len(e["cards"])
        return replace(state, deck=state.deck[n:]).with_player(e["seat"], hand=p.hand + tuple(e["cards"]))
    if kind == "clear":
        seat = e["seat"]
        p = state.players[seat]
        state = state.with_player(seat, played=(), hand=p.hand + tuple(e["back"]))
        state = replace(state, discard=state.discard + tuple(e["discard"]), phase="pick", picks=e["picks"])
        return state if e["picks"] else _after_pick(state, seat)
    if kind == "pick":
        seat = e["seat"]
        p = state.players[seat]
        state = state.with_player(seat, hand=p.hand + tuple(e["cards"]))
        state = replace(state, display=tuple(c for c in state.display if c not in e["cards"]), picks=0)
        return _after_pick(state, seat)
    if kind == "special":
        seat, person, cid = e["seat"], e["person"], e["card"]
        pool = list(state.pool)
        pool[PERSONS.index(person)] += 2
        infl = list(state.players[seat].influence)
        infl.remove(person)
        infl.remove(person)
        state = replace(state, pool=tuple(pool)).with_player(seat, influence=tuple(infl))
        if e["from"] == seat:
            return state
        if e["from"] is None:
            state = replace(state, table_specials=tuple(c for c in state.table_specials if c != cid))
        else:
            old = state.players[e["from"]]
            state = state.with_player(e["from"], hand=tuple(c for c in old.hand if c != cid))
        return state.with_player(seat, hand=state.players[seat].hand + (cid,))
    if kind == "visit_end":
        players = tuple(replace(p, active=True, colour="", played=()) for p in state.players)
        return replace(
            state,
            players=players,
            discard=state.discard + state.display,
            display=(),
            won=(),
            visit=state.visit + 1,
            start=(state.start + 1) % state.seats,
        )
    if kind == "display":
        n = len(e["cards"])
        return replace(state, display=tuple(e["cards"]), deck=state.deck[n:], phase="play", turn=state.start)
    if kind == "game_over":
        return replace(state, phase="over")
    raise ValueError(f"unknown event {kind!r}")


def _after_pick(state: State, seat: int) -> State:
    nxt = state.next_active(seat)
    if nxt is None:
        return replace(state, phase="visit_end")  # decide emits the end of the visit at once
    return replace(state, phase="play", turn=nxt)
