"""The board: levels/tajmahal.tmx, its generator, and the loader's validation (issue 8, "The board")."""

import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from game.rules.tajmahal import board as boardmod
from game.rules.tajmahal.board import BoardError, parse

ROOT = Path(__file__).resolve().parents[3]
TMX = ROOT / "levels" / "tajmahal.tmx"


def test_counts_of_the_board():
    """Setup: 12 provinces, 4 cities each and 5 in Agra (49), 16 fortresses, the Taj in Agra."""
    b = boardmod.load()
    assert len(b.provinces) == 12 and len(b.cities) == 49
    per = Counter(c.province for c in b.cities.values())
    assert per["Agra"] == 5 and all(n == 4 for p, n in per.items() if p != "Agra")
    assert len(b.fortresses) == 16
    assert b.cities[b.taj].province == "Agra" and b.cities[b.taj].fortress


def test_province_rings_and_cross_province_roads_join_neighbours():
    b = boardmod.load()
    for p in b.provinces.values():
        for city in p.cities:
            inside = [n for n in b.neighbours[city] if b.cities[n].province == p.name]
            assert len(inside) == 2
    crossing = {
        frozenset((b.cities[a].province, b.cities[c].province))
        for a, c in b.roads
        if b.cities[a].province != b.cities[c].province
    }
    assert len(crossing) == 17  # every pair of neighbouring provinces on the 4 x 3 layout


def test_layout_fits_beside_a_side_panel():
    b = boardmod.load()
    xs = [x for p in b.provinces.values() for x, _ in p.points]
    ys = [y for p in b.provinces.values() for _, y in p.points]
    assert max(xs) <= 1050 and max(ys) <= 720 and min(xs) >= 0 and min(ys) >= 0
    assert b.cities["Kabul"].x < b.cities["Lucknow"].x  # Kabul west of Awadh
    assert b.cities["Srinagar"].y < b.cities["Thatta"].y  # Kashmir north of Thatta


def test_the_generator_is_deterministic_and_matches_the_committed_file():
    sys.path.insert(0, str(ROOT / "levels"))
    try:
        import make_tajmahal
    finally:
        sys.path.pop(0)
    assert make_tajmahal.tmx() == TMX.read_text(encoding="utf-8")
    assert make_tajmahal.tmx() == make_tajmahal.tmx()


def test_pytmx_reads_the_same_map():
    """The file is real Tiled: pytmx.TiledMap (no images) sees what our loader sees."""
    pytmx = pytest.importorskip("pytmx")
    tiled = pytmx.TiledMap(str(TMX))
    ours = boardmod.load()
    cities = {o.name: o for o in tiled.get_layer_by_name("cities")}
    assert set(cities) == set(ours.cities)
    for name, obj in cities.items():
        c = ours.cities[name]
        assert (obj.x, obj.y) == (c.x, c.y)
        assert obj.properties["province"] == c.province
        assert obj.properties["fortress"] is c.fortress and obj.properties["taj"] is c.taj
    roads = {(o.properties["from"], o.properties["to"]) for o in tiled.get_layer_by_name("roads")}
    assert roads == set(ours.roads)
    for obj in tiled.get_layer_by_name("provinces"):
        assert tuple((p.x, p.y) for p in obj.points) == ours.provinces[obj.name].points


def test_importing_the_rules_does_not_import_pygame():
    code = "import sys, game.rules.tajmahal as t; t.load(); assert 'pygame' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


def prop(name: str, value: str, kind: str = "") -> str:
    typed = f' type="{kind}"' if kind else ""
    return f'<property name="{name}"{typed} value="{value}"/>'


def broken(tmp_path, old: str, new: str) -> Path:
    text = TMX.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "bad.tmx"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (prop("to", "Jalalabad"), prop("to", "Atlantis"), "Atlantis"),
        (prop("to", "Baramulla"), prop("to", "Indore"), "Kashmir and Malwa, which do not border"),
        ('name="roads"', 'name="streets"', "'roads' is missing"),
        ('name="Kabul" type="province"', 'name="Kabool" type="province"', "Kabool"),
        ('name="Kabul" type="province"', 'name="Kashmir" type="province"', "Kashmir appears twice"),
        ('name="Ghazni" type="city"', 'name="Kabul" type="city"', "city Kabul appears twice"),
        (prop("province", "Kashmir"), prop("province", "Lahore"), "Srinagar .* outside its province Lahore"),
        (prop("fortress", "true", "bool"), prop("fortress", "false", "bool"), "15 fortresses"),
        (prop("taj", "true", "bool"), prop("taj", "false", "bool"), "Taj Mahal"),
        (prop("fortress", "false", "bool"), prop("fortress", "no"), "boolean"),
        ("   <point/>", "   <ellipse/>", "must be a point object"),
        ('name="Kabul" type="city" x="197"', 'name="Kabul" type="city" x="600"', "outside its province"),
        ("   <polyline", "   <polygon", "must be a line"),
    ],
)
def test_the_loader_names_what_is_wrong(tmp_path, old, new, message):
    with pytest.raises(BoardError, match=message) as err:
        parse(broken(tmp_path, old, new))
    assert "bad.tmx" in str(err.value)


def without_roads(*pairs: tuple[str, str]) -> str:
    """The shipped map minus the named roads."""
    text = TMX.read_text(encoding="utf-8")
    for a, b in pairs:
        pattern = (
            r'  <object id="\d+" type="road"[^>]*>\s*<properties>\s*'
            + re.escape(prop("from", a))
            + r"\s*"
            + re.escape(prop("to", b))
            + r"\s*</properties>\s*<polyline[^>]*/>\s*</object>\n"
        )
        text, n = re.subn(pattern, "", text)
        assert n == 1, (a, b)
    return text


def test_a_cut_off_city_is_reported(tmp_path):
    """Every city reachable: removing Kabul's only roads abroad strands the province."""
    path = tmp_path / "cut.tmx"
    path.write_text(without_roads(("Kabul", "Baramulla"), ("Jalalabad", "Multan")), encoding="utf-8")
    with pytest.raises(BoardError, match="not reachable"):
        parse(path)


def test_a_province_with_the_wrong_number_of_cities_is_reported(tmp_path):
    """4 cities per province, 5 in Agra: a map without Ghazni has a Kabul of 3."""
    city = r'  <object id="\d+" name="Ghazni" type="city".*?</object>\n'
    text, n = re.subn(city, "", TMX.read_text(encoding="utf-8"), flags=re.S)
    assert n == 1
    path = tmp_path / "short.tmx"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(BoardError, match="province Kabul has 3 cities, not 4"):
        parse(path)


def test_a_province_whose_cities_are_not_a_ring_is_reported(tmp_path):
    """The cities of each province form a ring: one ring road missing breaks it."""
    path = tmp_path / "open.tmx"
    path.write_text(without_roads(("Ghazni", "Peshawar")), encoding="utf-8")
    with pytest.raises(BoardError, match="cities of Kabul do not form a ring"):
        parse(path)


def _cross(p, q, r, s) -> bool:
    """Do segments pq and rs properly cross (touching at a shared end does not count)?"""

    def turn(a, b, c):
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

    if {p, q} & {r, s}:
        return False
    return turn(p, q, r) * turn(p, q, s) < 0 and turn(r, s, p) * turn(r, s, q) < 0


def test_roads_do_not_cross_and_stay_in_the_provinces_they_join():
    """The drawn map reads well: no two roads cross, and a road only passes through its own
    province (a ring road) or the two neighbours it joins."""
    b = boardmod.load()
    at = {n: (c.x, c.y) for n, c in b.cities.items()}
    for i, (a1, b1) in enumerate(b.roads):
        for a2, b2 in b.roads[i + 1 :]:
            assert not _cross(at[a1], at[b1], at[a2], at[b2]), f"{a1}-{b1} crosses {a2}-{b2}"
    for a, c in b.roads:
        mine = {b.cities[a].province, b.cities[c].province}
        for k in range(1, 20):
            t = k / 20
            x = at[a][0] + t * (at[c][0] - at[a][0])
            y = at[a][1] + t * (at[c][1] - at[a][1])
            where = {p.name for p in b.provinces.values() if boardmod._inside(x, y, list(p.points))}
            assert where and where <= mine, f"road {a}-{c} passes through {where - mine}"
