"""Write levels/tajmahal.tmx: Bazaar's own board of north-west India (deterministic).

Run `python levels/make_tajmahal.py`. The output is a real Tiled 1.x map of object layers:
`terrain` (sea, coast, mountain ranges, desert), `provinces` (polygons), `rivers` (polylines),
`roads` (polylines), `cities` (points) and `labels` (text). The game reads provinces, cities
and roads and validates them on load (game/rules/tajmahal/face/board.py); the other layers are for
drawing and orientation. A province's and a city's name is the object's own Tiled "name".

Everything is authored here in longitude/latitude, from the towns' real positions and a
hand-drawn outline of the Mughal subahs (loosely, as about 1600), then projected
x = lon * cos(28 deg), y = -lat and scaled into the map's pixels. A border between two
provinces is one chain of points stored once (`BORDERS`), walked forwards by one province and
backwards by the other, so both polygons hold identical points.
"""

from __future__ import annotations

import math
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

LonLat = tuple[float, float]

LAT0 = 28.0  # the projection's standard parallel, near Agra
WEST, EAST, NORTH, SOUTH = 66.0, 85.0, 36.0, 20.2  # the frame, in degrees
SCALE = 44.0  # pixels per degree of latitude
ORIGIN = (10, 4)  # pixels left free above and to the left of the frame
TILE = 32
MAP_TILES = (24, 22)  # 768 x 704 px: the rest of a 1280 x 720 window is left for a side panel

# Junctions where three provinces (or two and the outer edge) meet.
NODES: dict[str, LonLat] = {
    "kabul-kashmir-lahore": (72.55, 33.85),
    "kabul-lahore-multan": (71.7, 32.65),
    "kabul-kashmir-edge": (72.75, 35.3),
    "kabul-multan-edge": (69.75, 31.85),
    "kashmir-lahore-edge": (76.45, 32.95),
    "lahore-delhi-edge": (77.3, 31.55),
    "lahore-multan-delhi": (74.3, 30.25),
    "multan-delhi-ajmer": (74.45, 29.5),
    "multan-thatta-edge": (68.15, 28.25),
    "multan-thatta-ajmer": (70.55, 27.8),
    "delhi-ajmer-agra": (76.85, 27.75),
    "delhi-agra-awadh": (79.6, 27.35),
    "delhi-awadh-edge": (80.35, 28.95),
    "agra-awadh-allahabad": (80.3, 26.3),
    "awadh-allahabad-edge": (84.3, 26.15),
    "agra-allahabad-malwa": (79.45, 24.8),
    "allahabad-malwa-edge": (79.2, 23.45),
    "agra-malwa-ajmer": (76.45, 25.25),
    "ajmer-malwa-gujarat": (74.3, 24.0),
    "malwa-gujarat-edge": (74.2, 21.45),
    "thatta-gujarat-ajmer": (71.0, 24.4),
    "thatta-gujarat-coast": (68.5, 23.55),
}

# The shore of the Arabian Sea from Daman north-west to Sonmiani: the Gulf of Khambhat,
# Kathiawar, the Gulf of Kutch, the Indus delta.
GUJARAT_COAST: tuple[LonLat, ...] = (
    (72.88, 20.5),
    (72.68, 21.1),
    (72.64, 21.65),
    (72.62, 22.1),
    (72.45, 22.32),
    (72.22, 21.95),
    (72.15, 21.5),
    (71.6, 21.0),
    (71.0, 20.72),
    (70.35, 20.9),
    (69.65, 21.6),
    (69.0, 22.25),
    (69.05, 22.45),
    (69.7, 22.52),
    (70.45, 22.85),
    (70.15, 23.02),
    (69.7, 22.86),
    (69.2, 22.86),
    (68.75, 23.15),
)
THATTA_COAST: tuple[LonLat, ...] = (
    (68.15, 23.75),
    (67.6, 24.0),
    (67.35, 24.45),
    (67.0, 24.82),
    (66.7, 25.05),
    (66.6, 25.45),
)

# Each border once: (first junction, the points between, last junction, provinces on it).
# The outer edge (mountains, desert, coast) is a border with the province and "".
BORDERS: tuple[tuple[str, tuple[LonLat, ...], str, tuple[str, str]], ...] = (
    ("kabul-kashmir-lahore", ((72.85, 34.5),), "kabul-kashmir-edge", ("Kabul", "Kashmir")),
    ("kabul-lahore-multan", ((72.0, 33.0), (72.3, 33.5)), "kabul-kashmir-lahore", ("Kabul", "Lahore")),
    ("kabul-multan-edge", ((70.3, 32.15), (71.0, 32.45)), "kabul-lahore-multan", ("Kabul", "Multan")),
    (
        "kabul-kashmir-lahore",
        ((73.3, 33.35), (74.1, 32.8), (74.7, 32.62), (75.5, 32.55)),
        "kashmir-lahore-edge",
        ("Kashmir", "Lahore"),
    ),
    (
        "lahore-delhi-edge",
        ((76.6, 31.15), (75.6, 31.05), (74.8, 30.8)),
        "lahore-multan-delhi",
        ("Lahore", "Delhi"),
    ),
    (
        "lahore-multan-delhi",
        ((73.3, 30.4), (72.6, 30.95), (72.2, 31.75)),
        "kabul-lahore-multan",
        ("Lahore", "Multan"),
    ),
    ("lahore-multan-delhi", (), "multan-delhi-ajmer", ("Multan", "Delhi")),
    (
        "multan-delhi-ajmer",
        ((73.5, 29.15), (72.5, 28.85), (71.5, 28.3)),
        "multan-thatta-ajmer",
        ("Multan", "Ajmer"),
    ),
    ("multan-thatta-edge", ((69.0, 28.1), (69.8, 27.9)), "multan-thatta-ajmer", ("Multan", "Thatta")),
    (
        "multan-thatta-ajmer",
        ((70.35, 27.0), (70.25, 26.0), (70.5, 25.1)),
        "thatta-gujarat-ajmer",
        ("Thatta", "Ajmer"),
    ),
    ("thatta-gujarat-coast", ((69.3, 23.95), (70.2, 24.25)), "thatta-gujarat-ajmer", ("Thatta", "Gujarat")),
    (
        "thatta-gujarat-ajmer",
        ((71.9, 24.55), (72.9, 24.45), (73.6, 24.3)),
        "ajmer-malwa-gujarat",
        ("Ajmer", "Gujarat"),
    ),
    ("ajmer-malwa-gujarat", ((75.0, 24.45), (75.8, 24.85)), "agra-malwa-ajmer", ("Ajmer", "Malwa")),
    ("ajmer-malwa-gujarat", ((74.45, 23.2), (74.25, 22.3)), "malwa-gujarat-edge", ("Malwa", "Gujarat")),
    (
        "multan-delhi-ajmer",
        ((75.3, 28.6), (76.0, 28.0), (76.5, 27.65)),
        "delhi-ajmer-agra",
        ("Delhi", "Ajmer"),
    ),
    (
        "delhi-ajmer-agra",
        ((77.5, 28.0), (78.3, 27.95), (79.0, 27.65)),
        "delhi-agra-awadh",
        ("Delhi", "Agra"),
    ),
    ("delhi-ajmer-agra", ((76.65, 27.0), (76.5, 26.2)), "agra-malwa-ajmer", ("Ajmer", "Agra")),
    ("delhi-agra-awadh", ((80.0, 28.0),), "delhi-awadh-edge", ("Delhi", "Awadh")),
    ("delhi-agra-awadh", ((79.95, 26.85),), "agra-awadh-allahabad", ("Agra", "Awadh")),
    (
        "agra-awadh-allahabad",
        ((81.3, 26.2), (82.2, 26.3), (83.2, 26.2)),
        "awadh-allahabad-edge",
        ("Awadh", "Allahabad"),
    ),
    ("agra-awadh-allahabad", ((80.0, 25.6),), "agra-allahabad-malwa", ("Agra", "Allahabad")),
    ("agra-allahabad-malwa", ((78.5, 25.2), (77.6, 25.4)), "agra-malwa-ajmer", ("Agra", "Malwa")),
    ("agra-allahabad-malwa", ((79.3, 24.1),), "allahabad-malwa-edge", ("Allahabad", "Malwa")),
    # The outer edge, clockwise from the Gomal pass.
    (
        "kabul-multan-edge",
        (
            (68.6, 32.45),
            (67.5, 32.95),
            (66.75, 33.6),
            (66.9, 34.6),
            (67.6, 35.2),
            (68.8, 35.5),
            (70.2, 35.65),
            (71.4, 35.6),
        ),
        "kabul-kashmir-edge",
        ("Kabul", ""),
    ),
    (
        "kabul-kashmir-edge",
        ((73.6, 35.45), (74.7, 35.25), (75.8, 34.75), (76.5, 34.0)),
        "kashmir-lahore-edge",
        ("Kashmir", ""),
    ),
    ("kashmir-lahore-edge", ((76.9, 32.25),), "lahore-delhi-edge", ("Lahore", "")),
    ("lahore-delhi-edge", ((78.0, 31.05), (78.8, 30.45), (79.6, 29.7)), "delhi-awadh-edge", ("Delhi", "")),
    (
        "delhi-awadh-edge",
        ((81.2, 28.45), (82.0, 27.95), (83.0, 27.5), (84.0, 27.4), (84.35, 26.9)),
        "awadh-allahabad-edge",
        ("Awadh", ""),
    ),
    (
        "awadh-allahabad-edge",
        ((84.1, 25.2), (83.5, 24.4), (82.5, 24.1), (81.2, 24.0), (80.0, 23.65)),
        "allahabad-malwa-edge",
        ("Allahabad", ""),
    ),
    (
        "allahabad-malwa-edge",
        ((78.3, 22.75), (77.2, 22.3), (76.0, 21.8), (75.0, 21.5)),
        "malwa-gujarat-edge",
        ("Malwa", ""),
    ),
    ("malwa-gujarat-edge", ((73.5, 20.85), *GUJARAT_COAST), "thatta-gujarat-coast", ("Gujarat", "")),
    (
        "thatta-gujarat-coast",
        (*THATTA_COAST, (66.95, 26.1), (67.3, 26.9), (67.65, 27.6)),
        "multan-thatta-edge",
        ("Thatta", ""),
    ),
    (
        "multan-thatta-edge",
        ((68.9, 28.9), (69.45, 29.6), (69.75, 30.3), (69.95, 31.1)),
        "kabul-multan-edge",
        ("Multan", ""),
    ),
)

# Cities per province in the order of their ring road; "*" marks a fortress, "!" the Taj
# Mahal (a fortress too). Real positions (lon, lat).
CITIES: dict[str, tuple[tuple[str, LonLat], ...]] = {
    "Kabul": (
        ("Kabul*", (69.17, 34.53)),
        ("Jalalabad", (70.45, 34.43)),
        ("Peshawar", (71.57, 34.01)),
        ("Ghazni*", (68.42, 33.55)),
    ),
    "Kashmir": (
        ("Baramulla", (74.34, 34.2)),
        ("Srinagar*", (74.8, 34.08)),
        ("Anantnag", (75.15, 33.73)),
        ("Jammu", (74.86, 32.73)),
    ),
    "Lahore": (
        ("Sialkot", (74.53, 32.49)),
        ("Amritsar", (74.87, 31.63)),
        ("Dipalpur", (73.65, 30.67)),
        ("Lahore*", (74.34, 31.55)),
    ),
    "Delhi": (
        ("Sirhind", (76.39, 30.64)),
        ("Meerut", (77.7, 28.98)),
        ("Delhi*", (77.23, 28.65)),
        ("Hisar", (75.72, 29.15)),
    ),
    "Multan": (
        ("Bhakkar", (71.06, 31.63)),
        ("Multan*", (71.47, 30.2)),
        ("Uch", (71.07, 29.23)),
        ("Dera Ghazi Khan", (70.63, 30.05)),
    ),
    "Ajmer": (
        ("Bikaner", (73.31, 28.02)),
        ("Ajmer*", (74.64, 26.45)),
        ("Chittor*", (74.62, 24.89)),
        ("Jodhpur", (73.02, 26.24)),
    ),
    "Agra": (
        ("Mathura", (77.67, 27.49)),
        ("Agra!", (78.01, 27.18)),
        ("Etawah", (79.02, 26.78)),
        ("Gwalior*", (78.18, 26.22)),
        ("Fatehpur Sikri", (77.66, 27.09)),
    ),
    "Awadh": (
        ("Bahraich", (81.6, 27.57)),
        ("Gorakhpur", (83.37, 26.76)),
        ("Ayodhya", (82.2, 26.8)),
        ("Lucknow*", (80.95, 26.85)),
    ),
    "Thatta": (
        ("Sehwan", (67.86, 26.42)),
        ("Umarkot", (69.74, 25.36)),
        ("Thatta*", (67.92, 24.75)),
        ("Hyderabad", (68.37, 25.4)),
    ),
    "Gujarat": (
        ("Patan", (72.12, 23.85)),
        ("Baroda", (73.2, 22.3)),
        ("Surat*", (72.83, 21.17)),
        ("Ahmedabad", (72.57, 23.02)),
    ),
    "Malwa": (
        ("Ujjain*", (75.78, 23.18)),
        ("Sarangpur", (76.47, 23.57)),
        ("Indore", (75.86, 22.72)),
        ("Mandu*", (75.4, 22.34)),
    ),
    "Allahabad": (
        ("Kalinjar*", (80.49, 24.99)),
        ("Allahabad", (81.85, 25.44)),
        ("Jaunpur", (82.69, 25.75)),
        ("Benares", (83.0, 25.32)),
    ),
}
# Where towns too close for their labels are moved (degrees), and only that far.
NUDGE: dict[str, LonLat] = {
    "Baramulla": (-0.35, 0.1),
    "Srinagar": (0.25, -0.05),
    "Anantnag": (0.4, -0.2),
    "Jammu": (0.0, 0.2),
    "Sialkot": (-0.13, -0.14),
    "Lahore": (-0.25, 0.0),
    "Amritsar": (0.2, 0.0),
    "Meerut": (0.15, 0.12),
    "Mathura": (0.0, 0.15),
    "Agra": (0.14, -0.03),
    "Fatehpur Sikri": (-0.4, -0.2),
    "Dera Ghazi Khan": (-0.25, -0.25),
    "Multan": (0.1, 0.05),
    "Ujjain": (-0.18, 0.17),
    "Indore": (0.14, -0.02),
    "Gwalior": (0.0, -0.2),
    "Allahabad": (-0.2, -0.2),
    "Ayodhya": (0.0, 0.15),
    "Gorakhpur": (0.2, 0.0),
    "Jaunpur": (-0.14, 0.1),
    "Benares": (0.15, -0.02),
}

# Roads between neighbouring provinces, after the old routes: the Grand Trunk road
# (Kabul-Peshawar-Lahore-Sirhind-Delhi-Agra-Allahabad-Benares), the Gomal pass, the Indus
# valley, the desert tracks to Bikaner and Jodhpur, the Malwa and Gujarat roads.
ROADS_BETWEEN: tuple[tuple[str, str], ...] = (
    ("Peshawar", "Baramulla"),
    ("Peshawar", "Lahore"),
    ("Ghazni", "Bhakkar"),
    ("Jammu", "Sialkot"),
    ("Dipalpur", "Multan"),
    ("Amritsar", "Sirhind"),
    ("Uch", "Bikaner"),
    ("Dera Ghazi Khan", "Sehwan"),
    ("Umarkot", "Jodhpur"),
    ("Thatta", "Patan"),
    ("Jodhpur", "Patan"),
    ("Chittor", "Ujjain"),
    ("Ajmer", "Fatehpur Sikri"),
    ("Chittor", "Gwalior"),
    ("Bikaner", "Hisar"),
    ("Delhi", "Mathura"),
    ("Meerut", "Etawah"),
    ("Meerut", "Bahraich"),
    ("Etawah", "Lucknow"),
    ("Gwalior", "Kalinjar"),
    ("Etawah", "Allahabad"),
    ("Lucknow", "Allahabad"),
    ("Ayodhya", "Jaunpur"),
    ("Gwalior", "Sarangpur"),
    ("Kalinjar", "Sarangpur"),
    ("Mandu", "Baroda"),
)

# Rivers, upstream first: the Indus with the Kabul river and the five rivers of the Punjab,
# the Yamuna and the Ganges.
RIVERS: tuple[tuple[str, tuple[LonLat, ...]], ...] = (
    (
        "Indus",
        (
            (75.2, 35.6),
            (74.6, 35.45),
            (73.6, 35.4),
            (72.9, 34.9),
            (72.7, 34.2),
            (72.25, 33.9),
            (71.55, 32.95),
            (70.9, 31.8),
            (70.8, 30.8),
            (70.85, 30.1),
            (70.4, 28.95),
            (69.6, 28.3),
            (68.85, 27.7),
            (68.3, 27.0),
            (67.95, 26.35),
            (68.3, 25.4),
            (68.05, 24.7),
            (67.55, 24.05),
        ),
    ),
    ("Kabul", ((68.9, 34.55), (69.2, 34.5), (70.45, 34.4), (71.6, 34.1), (72.25, 33.9))),
    (
        "Jhelum",
        (
            (75.15, 33.73),
            (74.8, 34.06),
            (74.34, 34.18),
            (73.47, 34.37),
            (73.6, 33.15),
            (73.73, 32.93),
            (73.2, 32.2),
            (72.15, 31.15),
        ),
    ),
    (
        "Chenab",
        (
            (76.3, 33.2),
            (74.74, 32.87),
            (74.1, 32.45),
            (73.1, 31.7),
            (72.15, 31.15),
            (71.8, 30.6),
            (71.3, 30.1),
            (71.0, 29.35),
            (70.4, 28.95),
        ),
    ),
    (
        "Ravi",
        (
            (76.5, 32.5),
            (75.6, 32.37),
            (74.9, 31.9),
            (74.3, 31.62),
            (73.5, 31.0),
            (72.5, 30.6),
            (71.95, 30.65),
        ),
    ),
    ("Beas", ((77.2, 32.2), (76.9, 31.7), (75.95, 31.97), (75.4, 31.5), (74.95, 31.15))),
    (
        "Sutlej",
        (
            (78.5, 31.6),
            (77.6, 31.45),
            (76.43, 31.41),
            (76.53, 30.97),
            (75.85, 30.95),
            (74.95, 31.15),
            (74.55, 30.95),
            (73.8, 30.2),
            (72.6, 29.8),
            (71.7, 29.4),
            (71.0, 29.35),
        ),
    ),
    (
        "Yamuna",
        (
            (78.45, 31.0),
            (77.6, 30.4),
            (77.3, 29.5),
            (77.27, 28.6),
            (77.7, 27.5),
            (78.02, 27.15),
            (79.0, 26.72),
            (80.3, 26.0),
            (81.88, 25.42),
        ),
    ),
    (
        "Ganges",
        (
            (78.9, 30.9),
            (78.16, 29.95),
            (78.3, 29.2),
            (78.9, 28.3),
            (79.6, 27.4),
            (80.35, 26.48),
            (81.2, 25.9),
            (81.88, 25.42),
            (83.03, 25.28),
            (83.6, 25.55),
            (84.9, 25.6),
        ),
    ),
)

SEA_CORNERS: tuple[LonLat, ...] = ((WEST, 25.35), (WEST, SOUTH), (72.85, SOUTH))
TERRAIN: tuple[tuple[str, str, str, tuple[LonLat, ...]], ...] = (
    # (name, type, shape, points)
    (
        "Arabian Sea",
        "sea",
        "polygon",
        (*GUJARAT_COAST, NODES["thatta-gujarat-coast"], *THATTA_COAST, *SEA_CORNERS),
    ),
    ("coast", "coast", "polyline", (*GUJARAT_COAST, NODES["thatta-gujarat-coast"], *THATTA_COAST)),
    (
        "Thar Desert",
        "desert",
        "polygon",
        (
            (70.0, 28.3),
            (71.5, 28.8),
            (73.0, 29.3),
            (74.2, 28.9),
            (74.0, 27.6),
            (73.2, 26.6),
            (72.2, 25.6),
            (71.0, 25.0),
            (70.1, 25.4),
            (69.9, 26.6),
        ),
    ),
    (
        "Rann of Kutch",
        "marsh",
        "polygon",
        ((68.9, 23.9), (69.8, 24.2), (70.6, 24.3), (71.2, 24.1), (71.0, 23.75), (70.2, 23.6), (69.3, 23.55)),
    ),
    ("Hindu Kush", "mountains", "polyline", ((67.2, 35.3), (68.5, 35.7), (70.0, 35.85), (71.3, 35.8))),
    (
        "Himalaya",
        "mountains",
        "polyline",
        (
            (73.2, 35.7),
            (74.6, 35.45),
            (75.7, 34.95),
            (76.8, 33.8),
            (77.5, 32.6),
            (78.4, 31.6),
            (79.3, 30.8),
            (80.5, 30.0),
            (81.8, 29.3),
            (83.2, 28.8),
            (84.8, 28.4),
        ),
    ),
    ("Sulaiman Range", "mountains", "polyline", ((69.7, 32.0), (69.45, 31.0), (69.3, 30.2), (68.7, 29.4))),
    ("Kirthar Range", "mountains", "polyline", ((67.35, 27.8), (66.95, 27.0), (66.65, 26.2))),
    (
        "Aravalli Range",
        "mountains",
        "polyline",
        ((77.1, 28.3), (76.3, 27.4), (75.3, 26.5), (74.3, 25.4), (73.3, 24.7), (72.7, 24.5)),
    ),
    ("Vindhya Range", "mountains", "polyline", ((75.0, 22.75), (76.6, 23.0), (78.2, 23.4), (80.0, 24.3))),
)

# Where each province's name is written, and the lands around the map.
LABELS: tuple[tuple[str, str, LonLat], ...] = (
    ("Kabul", "province", (69.0, 35.05)),
    ("Kashmir", "province", (75.7, 34.45)),
    ("Lahore", "province", (73.1, 31.9)),
    ("Multan", "province", (70.2, 28.6)),
    ("Thatta", "province", (68.6, 27.1)),
    ("Delhi", "province", (78.5, 29.65)),
    ("Ajmer", "province", (72.4, 27.0)),
    ("Agra", "province", (78.9, 25.7)),
    ("Awadh", "province", (83.3, 27.1)),
    ("Allahabad", "province", (82.4, 24.7)),
    ("Gujarat", "province", (70.9, 22.0)),
    ("Malwa", "province", (77.4, 24.3)),
    ("Arabian Sea", "sea", (68.2, 21.6)),
    ("Persia", "land", (66.9, 31.2)),
    ("Baluchistan", "land", (66.9, 29.2)),
    ("Tibet", "land", (81.0, 32.2)),
    ("Nepal", "land", (82.7, 28.6)),
    ("Bengal", "land", (84.5, 24.6)),
    ("Deccan", "land", (77.5, 21.2)),
    ("Thar Desert", "terrain", (71.4, 26.6)),
    ("Hindu Kush", "terrain", (67.4, 35.75)),
    ("Himalaya", "terrain", (80.2, 31.3)),
)


def project(lon: float, lat: float) -> tuple[int, int]:
    """Equirectangular about LAT0, in the map's pixels (north up)."""
    k = math.cos(math.radians(LAT0))
    return (round(ORIGIN[0] + (lon - WEST) * k * SCALE), round(ORIGIN[1] + (NORTH - lat) * SCALE))


def province_outlines() -> dict[str, list[tuple[int, int]]]:
    """Each province's polygon, chained from its borders: a border's points go in forwards or
    backwards, whichever continues from where the last border ended."""
    chains: dict[str, list[list[LonLat]]] = {}
    for start, mids, end, sides in BORDERS:
        pts = [NODES[start], *mids, NODES[end]]
        for side in sides:
            if side:
                chains.setdefault(side, []).append(pts)
    out = {}
    for name, parts in chains.items():
        todo = parts[1:]
        ring = list(parts[0])
        while todo:
            nxt = next(p for p in todo if ring[-1] in (p[0], p[-1]))
            todo.remove(nxt)
            ring += (nxt if nxt[0] == ring[-1] else nxt[::-1])[1:]
        assert ring[0] == ring[-1], name
        out[name] = [project(*p) for p in ring[:-1]]
    return out


def city_table() -> list[tuple[str, str, int, int, bool, bool]]:
    """(city, province, x, y, fortress, taj) in ring order, province by province."""
    rows = []
    for province, towns in CITIES.items():
        for raw, (lon, lat) in towns:
            name = raw.rstrip("*!")
            dlon, dlat = NUDGE.get(name, (0.0, 0.0))
            x, y = project(lon + dlon, lat + dlat)
            rows.append((name, province, x, y, raw[-1] in "*!", raw.endswith("!")))
    return rows


def roads() -> list[tuple[str, str]]:
    ring_roads = []
    for towns in CITIES.values():
        names = [raw.rstrip("*!") for raw, _ in towns]
        ring_roads += [(a, names[(i + 1) % len(names)]) for i, a in enumerate(names)]
    return ring_roads + list(ROADS_BETWEEN)


def prop(name: str, value) -> str:
    if isinstance(value, bool):
        return f'    <property name="{name}" type="bool" value="{"true" if value else "false"}"/>'
    return f"    <property name={quoteattr(name)} value={quoteattr(str(value))}/>"


def shape(kind: str, pts: list[tuple[int, int]]) -> tuple[int, int, str]:
    """An object's origin and its points relative to it, as Tiled stores them."""
    x0, y0 = pts[0]
    return x0, y0, f'   <{kind} points="{" ".join(f"{x - x0},{y - y0}" for x, y in pts)}"/>'


class Writer:
    """Object layers in Tiled's XML, numbering objects as they come."""

    def __init__(self) -> None:
        self.layers: list[tuple[str, list[str]]] = []
        self.next_id = 1

    def layer(self, name: str) -> list[str]:
        self.layers.append((name, []))
        return self.layers[-1][1]

    def obj(self, into: list[str], attrs: str, props: list[str], body: str) -> None:
        inner = f"   <properties>\n{chr(10).join(props)}\n   </properties>\n" if props else ""
        into.append(f'  <object id="{self.next_id}" {attrs}>\n{inner}{body}\n  </object>')
        self.next_id += 1

    def text(self) -> str:
        w, h = MAP_TILES
        out = [
            '<?xml version="1.0" encoding="UTF-8"?>',
            '<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down"'
            f' width="{w}" height="{h}" tilewidth="{TILE}" tileheight="{TILE}" infinite="0"'
            f' nextlayerid="{len(self.layers) + 1}" nextobjectid="{self.next_id}">',
        ]
        for i, (name, items) in enumerate(self.layers, 1):
            out.append(f' <objectgroup id="{i}" name="{name}">')
            out.extend(items)
            out.append(" </objectgroup>")
        out.append("</map>")
        return "\n".join(out) + "\n"


def tmx() -> str:
    w = Writer()
    layer = w.layer("terrain")
    for name, kind, form, pts in TERRAIN:
        x, y, body = shape(form, [project(*p) for p in pts])
        w.obj(layer, f'name={quoteattr(name)} type="{kind}" x="{x}" y="{y}"', [], body)
    layer = w.layer("provinces")
    for name, poly in province_outlines().items():
        x, y, body = shape("polygon", poly)
        w.obj(layer, f'name={quoteattr(name)} type="province" x="{x}" y="{y}"', [], body)
    layer = w.layer("rivers")
    for name, pts in RIVERS:
        x, y, body = shape("polyline", [project(*p) for p in pts])
        w.obj(layer, f'name={quoteattr(name)} type="river" x="{x}" y="{y}"', [], body)
    cities = city_table()
    at = {c[0]: (c[2], c[3]) for c in cities}
    layer = w.layer("roads")
    for a, b in roads():
        x, y, body = shape("polyline", [at[a], at[b]])
        w.obj(layer, f'type="road" x="{x}" y="{y}"', [prop("from", a), prop("to", b)], body)
    layer = w.layer("cities")
    for city, province, x, y, fortress, taj in cities:
        props = [prop("fortress", fortress), prop("province", province), prop("taj", taj)]
        w.obj(layer, f'name={quoteattr(city)} type="city" x="{x}" y="{y}"', props, "   <point/>")
    layer = w.layer("labels")
    for text, kind, (lon, lat) in LABELS:
        cx, cy = project(lon, lat)
        width, height = 9 * len(text) + 8, 20  # a box Tiled shows the text in, centred on the spot
        attrs = (
            f'name={quoteattr(text)} type="label" x="{cx - width // 2}" y="{cy - height // 2}"'
            f' width="{width}" height="{height}"'
        )
        body = f'   <text halign="center" valign="center">{escape(text)}</text>'
        w.obj(layer, attrs, [prop("kind", kind)], body)
    return w.text()


def main() -> None:
    path = Path(__file__).resolve().parent / "tajmahal.tmx"
    path.write_text(tmx(), encoding="utf-8")
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
