"""What one seat may see of Taj Mahal, declared (game/core/secrets.py; anything undeclared is
withheld): its own hand at setup and its own draws; never another hand, the deck's order or a
reshuffle's. The deck's cards are seen as they are laid out in a display; another's cards as
they are played, and what is left in its hand is counted (not shown) at the end. Played,
picked and discarded cards lie face up, and so do special cards."""

from __future__ import annotations

from game.core.secrets import COUNT, OWN, PUBLIC, Each, Map, Own, Owner, PerSeat, Secrets
from game.rules.tajmahal.face.data import CATEGORIES, PERSONS

EVENTS = {
    "setup": {
        "order": PUBLIC,  # the province tiles lie face up from the start
        "bonus": Map(PUBLIC),  # by fortress city
        "start": PUBLIC,
        "hands": PerSeat(others=COUNT),
        "display": PUBLIC,
        "deck": COUNT,
        "discard": COUNT,  # the view counts the discards too
        "influence": PUBLIC,
        "specials": Map(PUBLIC),
        "goods": PUBLIC,
        "palaces": PUBLIC,
        "moguls": PUBLIC,
    },
    "play": {"seat": PUBLIC, "cards": PUBLIC, "colour": PUBLIC},
    "score": {"seat": PUBLIC, "points": PUBLIC, "reason": PUBLIC, "good": PUBLIC, "chain": PUBLIC},
    "withdraw": {"seat": PUBLIC, "won": PUBLIC, "builds": PUBLIC},
    "build": {"seat": PUBLIC, "city": PUBLIC, "kind": PUBLIC, "bonus": PUBLIC},
    "draw": {"seat": PUBLIC, "cards": Owner("seat", others=COUNT), "reason": PUBLIC},
    "reshuffle": {"order": COUNT},
    "pick": {"seat": PUBLIC, "cards": PUBLIC},
    "clear": {"seat": PUBLIC, "discard": PUBLIC, "back": PUBLIC, "picks": PUBLIC},
    "special": {"seat": PUBLIC, "person": PUBLIC, "card": PUBLIC, "from": PUBLIC},
    "visit_end": {},
    "game_over": {},
    "display": {"cards": PUBLIC},
}

CARD = {"id": PUBLIC, "colour": PUBLIC, "symbols": PUBLIC, "special": PUBLIC}

BOARD = {  # the map, the same in every match
    "provinces": Map({"tile": PUBLIC, "goods": PUBLIC, "cities": PUBLIC, "borders": PUBLIC}),
    "cities": Map({"province": PUBLIC, "fortress": PUBLIC, "taj": PUBLIC, "roads": PUBLIC}),
    "roads": PUBLIC,
    "fortresses": PUBLIC,
    "taj": PUBLIC,
}

PLAYER = {
    "seat": PUBLIC,
    "score": PUBLIC,
    "hand_size": PUBLIC,
    "in_visit": PUBLIC,
    "colour": PUBLIC,
    "played": Each(CARD),
    "shown": {category: PUBLIC for category in CATEGORIES},  # symbols shown this visit
    "leads": PUBLIC,
    "ties": PUBLIC,
    "influence": {person: PUBLIC for person in PERSONS},
    "tiles": PUBLIC,
    "goods": PUBLIC,
    "bonuses": PUBLIC,
    "specials": PUBLIC,  # special cards are face up: who holds them is public
    "palaces": PUBLIC,
    "chain": {"cities": PUBLIC, "provinces": PUBLIC},
}

VIEW = {
    "game": PUBLIC,
    "seat": OWN,
    "seats": PUBLIC,
    "to_act": PUBLIC,
    "phase": PUBLIC,
    "visit": PUBLIC,
    "province": PUBLIC,
    "order": PUBLIC,
    "tile_goods": Map(PUBLIC),
    "board": BOARD,
    "start": PUBLIC,
    "turn": PUBLIC,
    "players": Each(PLAYER),
    "display": Each(CARD),
    "deck": PUBLIC,  # how many cards are left
    "discard": PUBLIC,  # how many cards were discarded
    "table_specials": PUBLIC,
    "influence_pool": {person: PUBLIC for person in PERSONS},
    "won": {category: PUBLIC for category in CATEGORIES},  # who won each category this visit
    "bonus": Map(PUBLIC),
    "palaces": PUBLIC,
    "moguls": PUBLIC,
    "hand": Own(Each(CARD)),
    "would_win": OWN,
    "pending": {"seat": PUBLIC, "builds": PUBLIC, "picks": PUBLIC, "cities": PUBLIC},
}

SECRETS = Secrets(events=EVENTS, view=VIEW, outcome={"palaces": PUBLIC, "tie_break": PUBLIC})
