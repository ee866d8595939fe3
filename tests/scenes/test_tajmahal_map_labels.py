"""The Taj Mahal map without collisions (issue 36), every name plainly its own town's and
every palace in sight (issue 44), in English and in Japanese.

The placement (game/scenes/tajmahal/labels.py) is what the map is drawn from: `paint_map`
writes its names, `Render.draw_map` lays the bonus tiles, province tiles and palaces in its
rooms. So the tests read its rectangles: no two of them overlap (the towns' names, the
provinces' names, the lands and seas, the bonus tags, the province tiles, the towns' palaces
and their own marks), none comes into a town's zone (where its rings are drawn), each name
lies plainly nearer its own town than any other, each lies inside the map, and what is drawn
lies where they say. Then the frame itself: with every highlight lit at once (the visited
province's outline, every city ringed to build on, pointed at, hinted, palaces and mogul
palaces, a lit chain), not one pixel of a name's letters changes; and a town holding two
palaces shows both, side by side, and its own mark.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import math
from types import SimpleNamespace

import pygame
import pytest

from game.automation import Session
from game.core import i18n
from game.rules.tajmahal.face.board import load
from game.rules.tajmahal.face.data import BONUSES, TAJ_BONUS, TILE_GOODS
from game.scenes.tajmahal import art, labels, pieces
from game.scenes.tajmahal import layout as L
from game.scenes.tajmahal.map_art import city_id, map_art, paint_map, placement, write
from game.scenes.tajmahal.render import Render
from game.ui import text

LANGUAGES = ("en", "ja")
SHADOW = 14  # no other town's fortress this near a town's name in its row or column
ASIDE, SHORE = 8, 12  # between a town's name and a province's, a land's or sea's


@pytest.fixture(params=LANGUAGES)
def placed(request):
    i18n.set_language(request.param)
    try:
        yield placement()
    finally:
        i18n.set_language("en")


def test_nothing_placed_overlaps_anything_else(placed):
    boxes = placed.boxes()
    m = map_art()
    kinds = {name.split(":")[0] for name, _ in boxes}
    assert kinds == {"marker", "city", "province", "land", "tag", "tile", "palaces"}
    assert len(boxes) == 3 * len(m.cities) + 2 * len(m.provinces) + 16 + len(m.layers["labels"]) - 12
    clashes = [(a, b) for (a, r), (b, q) in itertools.combinations(boxes, 2) if r.colliderect(q)]
    assert clashes == []
    assert placed.misses == ()


def test_no_name_or_tag_comes_into_a_towns_zone(placed):
    """Within ZONE of a town draw_map draws its rings; nothing placed comes nearer than KEEP
    (a lit chain's ring, one pixel more, has the names written over it), but for a town's own
    palaces, which stand beside its mark, clear of it."""
    assert labels.ZONE < labels.KEEP
    near = [
        (name, city)
        for name, rect in placed.boxes()
        if not name.startswith("marker:")
        for city, centre in placed.zones.items()
        if name != f"palaces:{city}" and not labels.clear_of(rect, centre, labels.KEEP)
    ]
    assert near == []
    for city, room in placed.rooms.items():
        assert not room.colliderect(placed.markers[city]), city
    for city, centre in placed.zones.items():  # the town's own mark lies in its zone
        assert placed.markers[city].collidepoint(centre)
        corners = [placed.markers[city].topleft, placed.markers[city].bottomright]
        assert all(
            abs(x - centre[0]) <= labels.ZONE and abs(y - centre[1]) <= labels.ZONE for x, y in corners
        )


def test_everything_lies_inside_the_map(placed):
    """Inside the map's frame, and clear of where a lit chain's size is written."""
    outside = [name for name, rect in placed.boxes() if not L.MAP_RECT.inflate(-8, -8).contains(rect)]
    assert outside == []
    under = [name for name, rect in placed.boxes() if rect.colliderect(labels.PLAQUE)]
    assert all(name.startswith("marker:") for name in under)


def test_the_names_and_tags_belong_to_their_towns(placed):
    """A town's name lies plainly nearer its own town than any other: from its letters, its
    own town's centre is at least PLAIN pixels nearer than the nearest other town's (so it
    also keeps clear of the others' marks and rings); a fortress's bonus tag the same against
    the other fortresses. Issue 44: in English Ayodhya's name lay under Lucknow's fortress; in
    Japanese Allahabad's under Benares, Fatehpur Sikri's ran into Ajmer, Etawah's touched
    Agra's ring."""
    m = map_art()
    fortresses = {c for c in m.cities if c in placed.tags}
    led = {w.name for w in placed.words if w.leader}  # joined to their towns: test_leader_lines
    belongings = [
        (w.name, w.rect, set(m.cities)) for w in placed.words if w.kind == "city" and w.name not in led
    ]
    belongings += [(c, r, fortresses) for c, r in placed.tags.items()]
    assert len(belongings) + len(led) == len(m.cities) + 16
    reach = labels.KEEP + max(labels.FAR) + 1
    distances = {}
    for town, rect, rivals in belongings:
        own = labels.away(rect, m.cities[town])
        nearest = min(rivals - {town}, key=lambda c: labels.away(rect, m.cities[c]))
        other = labels.away(rect, m.cities[nearest])
        distances[town, rect.size] = (round(own, 1), nearest, round(other, 1))
        assert labels.KEEP <= own <= reach, (town, own)
        assert own + labels.PLAIN <= other, (placed.language, town, own, nearest, other)
    names = {w.name: w.rect for w in placed.words if w.kind == "city"}
    for town in {"Ayodhya", "Allahabad", "Dipalpur", "Fatehpur Sikri", "Etawah"} - led:  # the ones reported
        own, nearest, other = distances[town, names[town].size]
        assert own + labels.PLAIN <= other, (town, own, nearest, other)
    # issue 55: in Japanese Ayodhya's name lay 19 px from its town, 26 from Gorakhpur's and 27
    # from Bahraich's: now by its town, the others 1.4 times as far at least
    if "Ayodhya" not in led:
        own, nearest, other = distances["Ayodhya", names["Ayodhya"].size]
        assert own * 1.4 <= other, (own, nearest, other)


def test_a_name_away_from_its_town_has_a_line_to_it(placed):
    """Where a town's roads leave its name no spot beside it (in Japanese Etawah, Fatehpur
    Sikri...), the name lies a little away and a line joins it to the town: from the edge of
    its town's zone to its letters, by no other town, through nothing placed, across a road at
    most; the name off every other town."""
    m = map_art()
    roads = labels.painted(
        lambda s: [pygame.draw.line(s, (255, 255, 255), m.cities[a], m.cities[b], 2) for a, b in load().roads]
    )
    boxes = placed.boxes()
    for w in (w for w in placed.words if w.leader):
        start, end = w.leader
        centre = m.cities[w.name]
        assert labels.KEEP <= math.dist(start, centre) <= labels.KEEP + 2, w.name
        assert labels.away(w.rect, end) <= 3, w.name
        line = labels.painted(lambda s, a=start, b=end: pygame.draw.line(s, (255, 255, 255), a, b, 1))
        crossed = [
            name
            for name, rect in boxes
            if name not in (f"city:{w.name}", f"marker:{w.name}", f"palaces:{w.name}")
            and labels.hits(line, rect.inflate(2, 2))
        ]
        assert crossed == [], w.name
        others = [c for c in m.cities if c != w.name]
        assert all(not labels.hits(line, r) for r in (placed.markers[c] for c in others)), w.name
        assert all(labels.clear_of(w.rect, m.cities[c], labels.KEEP + labels.APART) for c in others), w.name
        assert line.overlap_area(roads, (0, 0)) <= 4, w.name  # a crossing, not a road followed


def test_no_name_leans_on_another_towns_bonus_tag(placed):
    """Issue 44: in Japanese Dipalpur's name lay against Multan's bonus tag, reading as one
    with it. A bonus tag keeps APART pixels more than the usual gap round it."""
    leaning = [
        (w.name, city)
        for w in placed.words
        if w.kind == "city"
        for city, tag in placed.tags.items()
        if tag.inflate(2 * (labels.GAP + labels.APART), 2 * (labels.GAP + labels.APART)).colliderect(w.rect)
    ]
    assert leaning == []


def test_no_road_runs_through_a_towns_name(placed):
    """Issue 55: in Japanese a road ran through Ayodhya's name (and through 26 others' in
    either language). No road, as paint_map draws it, touches a town's name or its rim: where
    one line finds no room clear of the roads, the name goes on two."""
    m = map_art()
    roads = labels.painted(
        lambda s: [pygame.draw.line(s, (255, 255, 255), m.cities[a], m.cities[b], 2) for a, b in load().roads]
    )
    crossed = [w.name for w in placed.words if w.kind == "city" and labels.hits(roads, w.rect)]
    assert crossed == []


def test_no_name_lies_by_another_towns_fortress(placed):
    """Issue 55: in Japanese Allahabad's name lay over Kalinjar's fortress, 13 px above its
    square and across it, reading as the fortress's. No town's name has another town's fortress
    square (or the Taj's ring) within SHADOW pixels in its row or its column."""
    board = load()
    beside = [
        (w.name, city)
        for w in placed.words
        if w.kind == "city"
        for city, mark in placed.markers.items()
        if city != w.name
        and board.cities[city].fortress
        and (
            w.rect.inflate(2 * SHADOW, 0).colliderect(mark) or w.rect.inflate(0, 2 * SHADOW).colliderect(mark)
        )
    ]
    assert beside == []


def test_no_towns_name_reads_as_one_with_a_province_or_land(placed):
    """Issue 55: in Japanese Dera Ghazi Khan's name stood 2 px over Baluchistan's, the two read
    as one. A town's name keeps ASIDE pixels from a province's name, SHORE from a land's or
    sea's."""
    towns = [w for w in placed.words if w.kind == "city"]
    stacked = [
        (town.name, other.name)
        for town in towns
        for other in placed.words
        if other.kind != "city"
        and town.rect.inflate(*[2 * (ASIDE if other.kind == "province" else SHORE)] * 2).colliderect(
            other.rect
        )
    ]
    assert stacked == []


def test_every_name_is_written_whole_on_one_line(placed):
    """Issue 55: a first try wrote nine Japanese names on two lines (ウッ/チュ, ラク/ナウ...). A
    name is one line of letters: its rectangle is the height of its letters on one line."""
    split = [
        w.name
        for w in placed.words
        if w.rect.h > labels.ink(w.name, w.size, w.face, w.ink, w.kind != "land").h or "\n" in i18n.tr(w.name)
    ]
    assert split == []


def test_province_names_lie_inside_their_provinces(placed):
    """Issue 55: a first try wrote Allahabad's province name half over Malwa. Every pixel of a
    province's name (with its rim) lies inside its own province."""
    m = map_art()
    out = []
    for w in placed.words:
        if w.kind == "province":
            inside = labels.painted(
                lambda s, pts=m.provinces[w.name]: pygame.draw.polygon(s, (255, 255, 255), pts)
            )
            if inside.overlap_area(labels.solid(w.rect.size), w.rect.topleft) < w.rect.w * w.rect.h:
                out.append(w.name)
    assert out == []


def test_the_rooms_hold_every_tile_that_may_lie_there(placed):
    for city, room in placed.tags.items():
        kinds = (TAJ_BONUS,) if city == "Agra" else set(BONUSES)
        for kind in kinds:
            rect = placed.tag_rect(city, art.bonus_tile(kind).get_size())
            assert room.contains(rect), (city, kind)
    for province, room in placed.tiles.items():
        for number, goods in TILE_GOODS.items():
            rect = art.province_tile(number, goods).get_rect(center=room.center)
            assert room.contains(rect), (province, number)


def test_each_name_is_drawn_inside_its_rectangle(placed):
    """The rectangles are what is drawn: each name written alone on a clear surface covers
    exactly its rectangle (its letters and their pale rim)."""
    for word in placed.words:
        surface = pygame.Surface(L.MAP_RECT.bottomright, pygame.SRCALPHA)
        write(surface, dataclasses.replace(word, leader=None))  # its letters (the line: above)
        assert surface.get_bounding_rect() == word.rect, word.name


def test_placed_once_per_language(placed):
    assert placement() is placed
    other = "ja" if placed.language == "en" else "en"
    i18n.set_language(other)
    assert placement().language == other and placement() is not placed


# -- the frame: highlights never cover a name --------------------------------------------
class Flights:
    def masked(self, key) -> bool:
        return False


def lit_desk(v: dict, province: str, seat_names: list[str]):
    """A desk as Render sees it, with everything on the map lit at once."""
    m = map_art()
    cities = list(m.cities)
    north = [
        c for c in cities if v["board"]["cities"][c]["province"] in ("Kabul", "Lahore", "Kashmir", "Delhi")
    ]
    view = {
        **v,
        "province": province,
        "phase": "build",
        "pending": {"seat": 0, "builds": ["palace"], "picks": 0, "cities": cities},
        "palaces": [[c, k % 3] for k, c in enumerate(cities)],
        "moguls": [[c, (k + 1) % 3] for k, c in enumerate(cities) if k % 3 == 0],
        "bonus": {c: ("taj" if c == "Agra" else "draw") for c in v["board"]["fortresses"]},
        "players": [
            {**p, "chain": {"cities": north, "provinces": ["Kabul"]}} if k == 0 else p
            for k, p in enumerate(v["players"])
        ],
    }
    return SimpleNamespace(
        v=view,
        flights=Flights(),
        hint={"move": "build", "city": "Agra"},
        hover=city_id("Mathura"),
        focus=None,
        window=SimpleNamespace(names=seat_names),
        highlight_seat=lambda: 0,
        acting_phase=lambda: "build",
        target_map=lambda: {},
    )


def letters(word: labels.Word) -> list[tuple[int, int]]:
    image = text.render(word.name, word.size, word.ink, word.face)
    return [
        (word.topleft[0] + x, word.topleft[1] + y)
        for y in range(image.get_height())
        for x in range(image.get_width())
        if image.get_at((x, y)).a == 255
    ]


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_highlight_covers_a_name(language):
    s = Session.open("tajmahal", ["human", "easy", "easy"], seed=4)
    try:
        s.idle()
        i18n.set_language(language)
        placed = placement()
        before = pygame.Surface((1280, 720))
        paint_map(before)
        for province in ("Agra", "Allahabad", "Kabul", "Kashmir"):
            desk = lit_desk(s.table.v, province, list(s.match.names))
            after = before.copy()
            Render(desk).draw_map(after, None)
            changed = [
                word.name
                for word in placed.words
                if any(before.get_at(p) != after.get_at(p) for p in letters(word))
            ]
            assert changed == [], (language, province)
    finally:
        i18n.set_language("en")
        s.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_kept_between_runs(language, monkeypatch, bazaar_home):
    """A placement is kept in the cache folder: the next run reads it instead of placing
    again, and a damaged or foreign file is placed again."""
    i18n.set_language(language)
    m = map_art()
    lands = [(n, c) for kind, n, (c,) in m.layers["labels"] if kind != "province"]
    args = (language, m.cities, m.provinces, m.labels, lands)
    made = labels.kept(*args)
    files = list((bazaar_home / "cache").glob(f"tajmahal-labels-{language}-*.json"))
    assert len(files) == 1
    key = labels.fingerprint(*args)
    assert files[0].stem == f"tajmahal-labels-{language}-{key}"
    placed, printed = labels.place, labels.fingerprint
    monkeypatch.setattr(labels, "fingerprint", lambda *a: key)  # (a patch changes the code's print)
    monkeypatch.setattr(labels, "place", lambda *a: pytest.fail("placed again"))
    again = labels.kept(*args)
    assert again.boxes() == made.boxes() and again.words == made.words
    assert again.under["Agra"] == made.under["Agra"] and again.near == made.near
    assert again.sides == made.sides and again.stands == made.stands and again.rooms == made.rooms
    files[0].write_text('{"words": []}', encoding="utf-8")
    monkeypatch.setattr(labels, "place", placed)
    assert labels.kept(*args).boxes() == made.boxes()
    monkeypatch.setattr(labels, "fingerprint", printed)
    monkeypatch.setattr(labels, "KEEP", labels.KEEP + 1)  # another setting: another file
    assert labels.fingerprint(*args) != key


@pytest.mark.parametrize("language", LANGUAGES)
def test_palaces_on_a_town_stand_side_by_side_and_leave_its_mark_in_sight(language):
    """Issue 44: at Mandu a circle lay almost under a diamond, and palaces covered the towns'
    dots. A town holding a palace and a mogul's palace shows both, side by side beside its mark
    (their drawn rectangles overlap by a sliver at most), and a lone palace stands beside it
    too: no piece covers the town's dot, square or ringed Taj, whose pixels stay as they were."""
    s = Session.open("tajmahal", ["human", "easy", "easy", "easy"], seed=4)
    try:
        s.idle()
        i18n.set_language(language)
        placed = placement()
        v = s.table.v
        view = {
            **v,
            "palaces": [["Mandu", 1], ["Agra", 0], ["Lahore", 2], ["Ajmer", 3], ["Delhi", 1]],
            "moguls": [["Mandu", 3], ["Agra", 2], ["Lahore", 0]],
            "bonus": {},
        }
        desk = SimpleNamespace(
            v={**view, "province": "", "phase": "play"},
            flights=Flights(),
            hint=None,
            hover=None,
            focus=None,
            window=SimpleNamespace(names=list(s.match.names)),
            highlight_seat=lambda: None,
            acting_phase=lambda: "",
            target_map=lambda: {},
        )
        before = pygame.Surface((1280, 720))
        paint_map(before)
        after = before.copy()
        Render(desk).draw_map(after, None)
        held = pieces.palaces_at(view)
        assert len(held["Mandu"]) == 2 and len(held["Delhi"]) == 1
        for city, tokens in held.items():
            drawn = []
            for (seat, kind), at in zip(tokens, placed.palace_spots(city, len(tokens)), strict=True):
                image = art.palace(seat, kind == "mogul", pieces.R)
                rect = image.get_bounding_rect().move(image.get_rect(center=at).topleft)
                drawn.append(rect)
                assert placed.rooms[city].contains(rect), (city, seat)
                top = image.get_rect(center=at).topleft
                own = [
                    (x, y)
                    for x in range(image.get_width())
                    for y in range(image.get_height())
                    if image.get_at((x, y)).a == 255
                ]
                shown = sum(after.get_at((top[0] + x, top[1] + y)) == image.get_at((x, y)) for x, y in own)
                assert shown >= 0.9 * len(own), (city, seat, shown, len(own))  # the whole piece in sight
            mark = placed.markers[city]
            assert all(mark.colliderect(r) is False for r in drawn), city
            for a, b in itertools.combinations(drawn, 2):
                overlap = a.clip(b)
                assert overlap.w * overlap.h <= 0.1 * min(a.w * a.h, b.w * b.h), (city, a, b)
            mark_pixels = [(x, y) for x in range(mark.left, mark.right) for y in range(mark.top, mark.bottom)]
            assert all(before.get_at(p) == after.get_at(p) for p in mark_pixels), city
    finally:
        i18n.set_language("en")
        s.close()


def test_the_cache_file_keeps_the_leader_lines(placed):
    """What the cache folder keeps between runs reads back as placed, leader lines and all."""
    m = map_art()
    kept = json.loads(json.dumps(labels.keep(placed)))
    again = labels.restore(kept, placed.language, m.cities, m.provinces)
    assert again.words == placed.words
    assert any(w.leader for w in again.words)
