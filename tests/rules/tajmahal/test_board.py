"""The board: levels/tajmahal.tmx, its generator, and the loader's validation (issue 8, "The board")."""

import math
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest

from game.rules.tajmahal.face import board as boardmod
from game.rules.tajmahal.face.board import PROVINCE_NAMES, BoardError, parse

ROOT = Path(__file__).resolve().parents[3]
TMX = ROOT / "levels" / "tajmahal.tmx"


def make_tajmahal():
    """The generator module, levels/make_tajmahal.py."""
    sys.path.insert(0, str(ROOT / "levels"))
    try:
        import make_tajmahal
    finally:
        sys.path.pop(0)
    return make_tajmahal


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
    assert len(crossing) == 22  # every pair of bordering provinces but Multan-Delhi, a corner
    assert all(q in b.borders[p] for p, q in map(tuple, crossing))


def roads_between(b, p: str, q: str) -> list[tuple[str, str]]:
    return [(x, y) for x, y in b.roads if {b.cities[x].province, b.cities[y].province} == {p, q}]


def test_delhi_and_agra_border_and_two_roads_join_them():
    """The 4 x 3 grid left Delhi apart from Agra and silently dropped both roads between them."""
    b = boardmod.load()
    assert "Agra" in b.borders["Delhi"]
    assert sorted(roads_between(b, "Delhi", "Agra")) == [("Delhi", "Mathura"), ("Meerut", "Etawah")]


def test_neighbours_as_the_mughal_provinces_lay():
    """Lahore borders Multan and Kashmir (not Agra); Kashmir does not reach Ajmer; Thatta lies
    south of Multan on the Indus; Agra in the middle borders five provinces."""
    b = boardmod.load()
    assert {"Multan", "Kashmir", "Kabul", "Delhi"} == set(b.borders["Lahore"])
    assert roads_between(b, "Lahore", "Multan") == [("Dipalpur", "Multan")]
    assert "Ajmer" not in b.borders["Kashmir"] and "Agra" not in b.borders["Lahore"]
    assert "Thatta" in b.borders["Multan"] and b.cities["Thatta"].y > b.cities["Multan"].y
    assert set(b.borders["Agra"]) == {"Delhi", "Ajmer", "Awadh", "Allahabad", "Malwa"}
    for p, near in b.borders.items():  # bordering is symmetric
        assert all(p in b.borders[q] for q in near)


def test_each_city_lies_inside_its_own_province_only():
    b = boardmod.load()
    for c in b.cities.values():
        where = {p.name for p in b.provinces.values() if boardmod._inside(c.x, c.y, list(p.points))}
        assert where == {c.province}, c


def test_provinces_joined_by_a_road_share_a_border():
    b = boardmod.load()
    for x, y in b.roads:
        p, q = b.cities[x].province, b.cities[y].province
        assert p == q or (q in b.borders[p] and p in b.borders[q]), (x, y)


def test_a_border_is_one_chain_of_identical_points_on_both_sides():
    """Bordering means sharing an edge point for point; provinces that only meet at a corner or
    not at all do not border."""
    b = boardmod.load()
    for p, near in b.borders.items():
        for q in PROVINCE_NAMES:
            shared = set(b.provinces[p].points) & set(b.provinces[q].points)
            if q in near:
                assert len(shared) >= 2
            elif q != p:
                assert len(shared) <= 1, (p, q)


def test_layout_fits_beside_a_side_panel_and_points_north():
    b = boardmod.load()
    xs = [x for p in b.provinces.values() for x, _ in p.points]
    ys = [y for p in b.provinces.values() for _, y in p.points]
    assert max(xs) <= 768 and max(ys) <= 704 and min(xs) >= 0 and min(ys) >= 0
    c = b.cities
    assert c["Kabul"].x < c["Lahore"].x < c["Delhi"].x < c["Lucknow"].x < c["Benares"].x  # west to east
    assert c["Srinagar"].y < c["Lahore"].y < c["Delhi"].y < c["Agra"].y < c["Ujjain"].y < c["Surat"].y
    assert c["Thatta"].x < c["Ahmedabad"].x and c["Thatta"].y < c["Surat"].y  # Sind west of Gujarat


def test_cities_sit_at_their_real_towns_nudged_at_most_half_a_degree_and_apart():
    generator = make_tajmahal()
    b = boardmod.load()
    for towns in generator.CITIES.values():
        for raw, (lon, lat) in towns:
            city = b.cities[raw.rstrip("*!")]
            x, y = generator.project(lon, lat)
            assert math.dist((x, y), (city.x, city.y)) <= 0.5 * generator.SCALE, city.name
    spots = [(c.x, c.y) for c in b.cities.values()]
    assert min(math.dist(p, q) for i, p in enumerate(spots) for q in spots[i + 1 :]) >= 28


def test_the_drawing_layers_are_there():
    """Rivers for orientation, the sea and the mountains, and labels: Tiled and pytmx read them."""
    pytmx = pytest.importorskip("pytmx")
    tiled = pytmx.TiledMap(str(TMX))
    layers = {layer.name: layer for layer in tiled.objectgroups}
    assert list(layers) == ["terrain", "provinces", "rivers", "roads", "cities", "labels"]
    rivers = {o.name: o for o in layers["rivers"]}
    assert set(rivers) == {"Indus", "Kabul", "Jhelum", "Chenab", "Ravi", "Beas", "Sutlej", "Yamuna", "Ganges"}
    mean_x = {name: sum(p.x for p in o.points) / len(o.points) for name, o in rivers.items()}
    assert mean_x["Indus"] < mean_x["Ravi"] < mean_x["Yamuna"] < mean_x["Ganges"]
    terrain = {o.name: o for o in layers["terrain"]}
    sea = terrain["Arabian Sea"]
    assert sea.type == "sea" and sea.closed
    b = boardmod.load()
    assert boardmod._inside(
        b.cities["Thatta"].x - 40, b.cities["Thatta"].y + 25, [(p.x, p.y) for p in sea.points]
    )
    assert {"Himalaya", "Hindu Kush", "Thar Desert"} <= set(terrain)
    labels = {o.name: o.properties["kind"] for o in layers["labels"]}
    assert all(labels[p] == "province" for p in PROVINCE_NAMES)


def test_the_generator_is_deterministic_and_matches_the_committed_file():
    generator = make_tajmahal()
    assert generator.tmx() == TMX.read_text(encoding="utf-8")
    assert generator.tmx() == generator.tmx()


def test_the_loader_sees_what_the_file_says():
    """pytmx's reading, cross-checked against the raw XML: absolute points, names, properties."""
    root = ET.parse(TMX).getroot()
    layers = {g.get("name"): g for g in root.iter("objectgroup")}
    ours = boardmod.load()
    for obj in layers["cities"].iter("object"):
        c = ours.cities[obj.get("name")]
        assert (float(obj.get("x")), float(obj.get("y"))) == (c.x, c.y)
        props = {p.get("name"): p.get("value") for p in obj.iter("property")}
        assert props == {
            "province": c.province,
            "fortress": str(c.fortress).lower(),
            "taj": str(c.taj).lower(),
        }
    for obj in layers["provinces"].iter("object"):
        x0, y0 = float(obj.get("x")), float(obj.get("y"))
        pts = [tuple(map(float, pair.split(","))) for pair in obj.find("polygon").get("points").split()]
        assert tuple((x0 + x, y0 + y) for x, y in pts) == ours.provinces[obj.get("name")].points
    roads = [tuple(p.get("value") for p in obj.iter("property")) for obj in layers["roads"].iter("object")]
    assert tuple(roads) == ours.roads


def test_importing_the_rules_does_not_import_pygame():
    code = (
        "import sys, game.rules.tajmahal.ruleset, game.rules.tajmahal.face.board as t; t.load(); "
        "assert 'pygame' not in sys.modules"
    )
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
        (prop("province", "Kashmir"), prop("province", "Lahore"), "Baramulla .* outside its province Lahore"),
        (prop("fortress", "true", "bool"), prop("fortress", "false", "bool"), "15 fortresses"),
        (prop("taj", "true", "bool"), prop("taj", "false", "bool"), "Taj Mahal"),
        (prop("fortress", "false", "bool"), prop("fortress", "no"), "boolean"),
        ("   <point/>", '   <polygon points="0,0 6,0 6,6"/>', "must be a point object, not a polygon"),
        ('name="Kabul" type="city" x="133"', 'name="Kabul" type="city" x="600"', "outside its province"),
        (
            prop("to", "Jalalabad") + "\n   </properties>\n   <polyline",
            prop("to", "Jalalabad") + "\n   </properties>\n   <polygon",
            "must be a line",
        ),
        ('<map version="1.10"', '<map version="1.10" <', "cannot read the map"),
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
    """Every city reachable: removing Kabul's three roads abroad strands the province."""
    path = tmp_path / "cut.tmx"
    path.write_text(
        without_roads(("Peshawar", "Baramulla"), ("Peshawar", "Lahore"), ("Ghazni", "Bhakkar")),
        encoding="utf-8",
    )
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
    path.write_text(without_roads(("Peshawar", "Ghazni")), encoding="utf-8")
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


def test_a_province_whose_outline_no_longer_matches_its_neighbours_borders_nobody(tmp_path):
    """Moving Delhi's outline by one pixel leaves it sharing no edge: its roads abroad fail."""
    text = TMX.read_text(encoding="utf-8")
    head = re.search(r'name="Delhi" type="province" x="(\d+)"', text)
    assert head
    moved = text.replace(
        head.group(0), head.group(0).replace(f'x="{head.group(1)}"', f'x="{int(head.group(1)) + 1}"')
    )
    path = tmp_path / "moved.tmx"
    path.write_text(moved, encoding="utf-8")
    with pytest.raises(BoardError, match="joins .*Delhi.*, which do not border"):
        parse(path)


def test_a_missing_file_is_named(tmp_path):
    with pytest.raises(BoardError, match="nowhere.tmx: the file is missing"):
        parse(tmp_path / "nowhere.tmx")
