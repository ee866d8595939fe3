"""Taj Mahal's words for people: the names of categories, colours, goods, special cards and
places as messages, so a sentence that names one is translated whole where it is drawn.

The game's ids ("vizier", "green", "Agra") stay the keys of the state, the events and the
views; these are only what people read.
"""

from __future__ import annotations

from game.core.i18n import N_, Msg, msg

CATEGORY = {
    "vizier": msg("vizier"),
    "general": msg("general"),
    "monk": msg("monk"),
    "princess": msg("princess"),
    "mogul": msg("mogul"),
    "elephant": msg("elephant"),
}
COLOUR = {
    "green": msg("green"),
    "purple": msg("purple"),
    "red": msg("red"),
    "yellow": msg("yellow"),
    "white": msg("white"),
    "special": msg("special"),
}
GOOD = {
    "rice": msg("rice"),
    "tea": msg("tea"),
    "spice": msg("spice"),
    "jewel": msg("jewel"),
}
# the four special cards by the names of the rules
SPECIAL = {
    "elephant": msg("Elephant +1"),
    "mogul": msg("Mogul +1"),
    "points": msg("+2 points"),
    "change": msg("Colour change"),
}
# the bonus tiles on the fortresses
BONUS = {
    "taj": msg("Taj Mahal"),
    "points2": msg("+2 points"),
    "draw": msg("card"),
    "rice": GOOD["rice"],
    "tea": GOOD["tea"],
    "spice": GOOD["spice"],
    "jewel": GOOD["jewel"],
}

# Every place the map names: its provinces, cities and lands around (the map file's ids).
PLACES = (
    # provinces
    N_("Kabul"),
    N_("Kashmir"),
    N_("Lahore"),
    N_("Multan"),
    N_("Thatta"),
    N_("Delhi"),
    N_("Ajmer"),
    N_("Agra"),
    N_("Awadh"),
    N_("Allahabad"),
    N_("Gujarat"),
    N_("Malwa"),
    # cities
    N_("Ahmedabad"),
    N_("Amritsar"),
    N_("Anantnag"),
    N_("Ayodhya"),
    N_("Bahraich"),
    N_("Baramulla"),
    N_("Baroda"),
    N_("Benares"),
    N_("Bhakkar"),
    N_("Bikaner"),
    N_("Chittor"),
    N_("Dera Ghazi Khan"),
    N_("Dipalpur"),
    N_("Etawah"),
    N_("Fatehpur Sikri"),
    N_("Ghazni"),
    N_("Gorakhpur"),
    N_("Gwalior"),
    N_("Hisar"),
    N_("Hyderabad"),
    N_("Indore"),
    N_("Jalalabad"),
    N_("Jammu"),
    N_("Jaunpur"),
    N_("Jodhpur"),
    N_("Kalinjar"),
    N_("Lucknow"),
    N_("Mandu"),
    N_("Mathura"),
    N_("Meerut"),
    N_("Patan"),
    N_("Peshawar"),
    N_("Sarangpur"),
    N_("Sehwan"),
    N_("Sialkot"),
    N_("Sirhind"),
    N_("Srinagar"),
    N_("Surat"),
    N_("Uch"),
    N_("Ujjain"),
    N_("Umarkot"),
    # the lands, sea and heights around
    N_("Arabian Sea"),
    N_("Persia"),
    N_("Baluchistan"),
    N_("Tibet"),
    N_("Nepal"),
    N_("Bengal"),
    N_("Deccan"),
    N_("Thar Desert"),
    N_("Hindu Kush"),
    N_("Himalaya"),
)


def place(name: str) -> Msg:
    """A province, city or land by its map id, as a message (translated where drawn)."""
    return Msg(name, {})


def word(table: dict[str, Msg], key: str) -> Msg | str:
    """`table[key]`, or the key itself when the table does not know it."""
    return table.get(key, key)


def listing(items: list, empty: str = "nothing") -> Msg:
    """Items joined "a, b, c" (each translated where drawn); `empty` when there are none."""
    if not items:
        return msg("nothing") if empty == "nothing" else msg("none")
    out = items[-1]
    for item in reversed(items[:-1]):
        out = msg("{first}, {rest}", first=item, rest=out)
    return out if isinstance(out, Msg) else Msg(out, {})
