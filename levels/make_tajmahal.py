"""Write levels/tajmahal.tmx: Bazaar's own board of north-west India (deterministic).

Run `python levels/make_tajmahal.py`. The output is a real Tiled 1.x map with three object
layers (provinces as polygons, cities as points, roads as polylines), so it stays editable in
Tiled; the game validates it on load (game/rules/tajmahal/board.py). A province's and a city's
name is the object's own Tiled "name" (Tiled reserves that property name for it).

Provinces sit on a 4 x 3 grid, roughly where they lie on a map: Kabul north-west, Thatta
south-west, Awadh east, Allahabad south-east, Agra in the centre-east. The inner grid corners
are nudged and every inner border winds a little (the same points for both provinces it
separates), so the borders do not look ruled; the outer frame stays straight.
"""

from __future__ import annotations

import math
from pathlib import Path
from xml.sax.saxutils import quoteattr

WIDTH, HEIGHT = 1000, 700
ORIGIN = (20, 10)  # leaves room on the 1280x720 canvas for a side panel on the right
GRID = (
    ("Kabul", "Kashmir", "Lahore", "Delhi"),
    ("Multan", "Ajmer", "Agra", "Awadh"),
    ("Thatta", "Gujarat", "Malwa", "Allahabad"),
)
# Cities per province; a trailing "*" marks a fortress, "!" the Taj Mahal (a fortress too).
CITIES = {
    "Kabul": ("Kabul*", "Jalalabad", "Ghazni*", "Peshawar"),
    "Kashmir": ("Srinagar*", "Baramulla", "Anantnag", "Jammu"),
    "Lahore": ("Sialkot", "Amritsar", "Lahore*", "Dipalpur"),
    "Delhi": ("Sirhind", "Meerut", "Delhi*", "Hisar"),
    "Multan": ("Bhakkar", "Uch", "Multan*", "Dera Ghazi Khan"),
    "Ajmer": ("Bikaner", "Ajmer*", "Chittor*", "Jodhpur"),
    "Agra": ("Mathura", "Etawah", "Gwalior*", "Fatehpur Sikri", "Agra!"),
    "Awadh": ("Bahraich", "Gorakhpur", "Ayodhya", "Lucknow*"),
    "Thatta": ("Sehwan", "Hyderabad", "Thatta*", "Umarkot"),
    "Gujarat": ("Patan", "Baroda", "Surat*", "Ahmedabad"),
    "Malwa": ("Ujjain*", "Sarangpur", "Mandu*", "Indore"),
    "Allahabad": ("Jaunpur", "Benares", "Kalinjar*", "Allahabad"),
}
# Neighbouring provinces joined by two roads instead of one (busy routes).
DOUBLE = {("Ajmer", "Agra"), ("Agra", "Awadh"), ("Delhi", "Agra"), ("Agra", "Malwa"), ("Lahore", "Delhi")}
RADIUS = 68
BEND = 13  # how far an inner border strays from the straight line between its corners
BENDS = 5  # points along each inner border


def corners() -> list[list[tuple[float, float]]]:
    cols, rows = len(GRID[0]), len(GRID)
    w, h = WIDTH / cols, HEIGHT / rows
    grid = []
    for r in range(rows + 1):
        row = []
        for c in range(cols + 1):
            x, y = c * w, r * h
            if 0 < r < rows and 0 < c < cols:  # a fixed wobble, no randomness
                x += 22 * math.sin(1.7 * r + 2.3 * c)
                y += 18 * math.cos(2.9 * r + 1.1 * c)
            row.append((ORIGIN[0] + x, ORIGIN[1] + y))
        grid.append(row)
    return grid


def border(a: tuple[float, float], b: tuple[float, float], key: float) -> list[tuple[float, float]]:
    """The points strictly between two corners: a gentle fixed wave, pinned at both ends."""
    (ax, ay), (bx, by) = a, b
    length = math.dist(a, b)
    nx, ny = (ay - by) / length, (bx - ax) / length  # unit normal
    out = []
    for i in range(1, BENDS + 1):
        t = i / (BENDS + 1)
        off = BEND * math.sin(math.pi * t) * math.sin(key + 2.6 * math.pi * t)
        out.append((ax + t * (bx - ax) + off * nx, ay + t * (by - ay) + off * ny))
    return out


def outline(grid: list[list[tuple[float, float]]], r: int, c: int) -> list[tuple[int, int]]:
    """A province's polygon, clockwise from its north-west corner. An inner border is made once,
    from its north or west end, and read backwards by the province on its other side."""
    rows, cols = len(grid) - 1, len(grid[0]) - 1

    def edge(p: tuple[int, int], q: tuple[int, int]) -> list[tuple[float, float]]:
        (pr, pc), (qr, qc) = sorted((p, q))
        inner = (pr == qr and 0 < pr < rows) or (pc == qc and 0 < pc < cols)
        if not inner:
            return []
        pts = border(grid[pr][pc], grid[qr][qc], 1.9 * pr + 3.1 * pc + (0.8 if pr == qr else 0.0))
        return pts if (pr, pc) == p else pts[::-1]

    ring = [(r, c), (r, c + 1), (r + 1, c + 1), (r + 1, c)]
    poly: list[tuple[float, float]] = []
    for i, corner in enumerate(ring):
        poly.append(grid[corner[0]][corner[1]])
        poly += edge(corner, ring[(i + 1) % 4])
    return [(round(x), round(y)) for x, y in poly]


def city_spots(cx: float, cy: float, count: int, turn: float) -> list[tuple[float, float]]:
    return [
        (
            round(cx + RADIUS * math.cos(turn + 2 * math.pi * i / count)),
            round(cy + 0.85 * RADIUS * math.sin(turn + 2 * math.pi * i / count)),
        )
        for i in range(count)
    ]


def build() -> dict:
    grid = corners()
    provinces, cities, roads = [], [], []
    where: dict[str, tuple[int, int]] = {}
    for r, row in enumerate(GRID):
        for c, name in enumerate(row):
            poly = [grid[r][c], grid[r][c + 1], grid[r + 1][c + 1], grid[r + 1][c]]
            provinces.append((name, outline(grid, r, c)))
            where[name] = (r, c)
            cx = sum(p[0] for p in poly) / 4
            cy = sum(p[1] for p in poly) / 4
            names = CITIES[name]
            spots = city_spots(cx, cy, len(names), 0.6 + 0.4 * ((r + c) % 3))
            ring = []
            for raw, (x, y) in zip(names, spots, strict=True):
                city = raw.rstrip("*!")
                cities.append((city, name, x, y, raw[-1] in "*!", raw.endswith("!")))
                ring.append(city)
            for i, city in enumerate(ring):
                roads.append((city, ring[(i + 1) % len(ring)]))
    pos = {c[0]: (c[2], c[3]) for c in cities}
    names_in = {p: [c[0] for c in cities if c[1] == p] for p in CITIES}
    for a, (ra, ca) in where.items():
        for b, (rb, cb) in where.items():
            if (rb, cb) not in ((ra, ca + 1), (ra + 1, ca)):
                continue
            pairs = sorted((math.dist(pos[x], pos[y]), x, y) for x in names_in[a] for y in names_in[b])
            wanted = 2 if (a, b) in DOUBLE or (b, a) in DOUBLE else 1
            used: set[str] = set()
            for _, x, y in pairs:
                if wanted == 0:
                    break
                if x in used or y in used:
                    continue
                roads.append((x, y))
                used |= {x, y}
                wanted -= 1
    return {"provinces": provinces, "cities": cities, "roads": roads, "pos": pos}


def prop(name: str, value) -> str:
    if isinstance(value, bool):
        return f'    <property name="{name}" type="bool" value="{"true" if value else "false"}"/>'
    return f"    <property name={quoteattr(name)} value={quoteattr(str(value))}/>"


def tmx() -> str:
    data = build()
    out = []
    oid = 1
    layers = []
    objs = []
    for name, poly in data["provinces"]:
        x0, y0 = poly[0]
        pts = " ".join(f"{x - x0},{y - y0}" for x, y in poly)
        objs.append(
            f'  <object id="{oid}" name={quoteattr(name)} type="province" x="{x0}" y="{y0}">\n'
            f'   <polygon points="{pts}"/>\n  </object>'
        )
        oid += 1
    layers.append(("provinces", objs))
    objs = []
    for city, province, x, y, fortress, taj in data["cities"]:
        props = "\n".join([prop("fortress", fortress), prop("province", province), prop("taj", taj)])
        objs.append(
            f'  <object id="{oid}" name={quoteattr(city)} type="city" x="{x}" y="{y}">\n'
            f"   <properties>\n{props}\n   </properties>\n   <point/>\n  </object>"
        )
        oid += 1
    layers.append(("cities", objs))
    objs = []
    for a, b in data["roads"]:
        (xa, ya), (xb, yb) = data["pos"][a], data["pos"][b]
        props = "\n".join([prop("from", a), prop("to", b)])
        objs.append(
            f'  <object id="{oid}" type="road" x="{xa}" y="{ya}">\n'
            f"   <properties>\n{props}\n   </properties>\n"
            f'   <polyline points="0,0 {xb - xa},{yb - ya}"/>\n  </object>'
        )
        oid += 1
    layers.append(("roads", objs))
    out.append('<?xml version="1.0" encoding="UTF-8"?>')
    out.append(
        '<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down"'
        f' width="32" height="22" tilewidth="32" tileheight="32" infinite="0"'
        f' nextlayerid="{len(layers) + 1}" nextobjectid="{oid}">'
    )
    for i, (name, items) in enumerate(layers, 1):
        out.append(f' <objectgroup id="{i}" name="{name}">')
        out.extend(items)
        out.append(" </objectgroup>")
    out.append("</map>")
    return "\n".join(out) + "\n"


def main() -> None:
    path = Path(__file__).resolve().parent / "tajmahal.tmx"
    path.write_text(tmx(), encoding="utf-8")
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
