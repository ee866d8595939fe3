"""Words for people, in English or Japanese, from gettext catalogues (game/locale).

Code never writes a sentence for people as a plain f-string. It writes one of:
- `msg("{name} takes {n} cards", name=..., n=...)`: English text (a `str`, so logs, JSON
  and tests read it as before) that remembers its template and arguments, so the screen can
  say it again in the chosen language. The rules use this: they stay free of the language.
- `msg_n("{n} card", "{n} cards", n)`: the same with a plural.
- `N_("Start")`: a constant marked for the catalogue, translated where it is drawn.
- `_("...", **args)`: translated now, for text composed while drawing.

`tr(text)` gives any of these in the current language; the text drawing functions in
`game.ui.text` call it, so a label handed to a widget as `N_("Done")` or a rules message
shows translated without its code knowing about languages. Text arguments are translated
too when the catalogue has them (a good's name marked `N_` where it is defined); a player's
name is not in it and shows as typed; numbers are formatted as the template says.

The `.mo` files are compiled from the `.po` files (by Babel) when missing or older, beside
them or, when that folder is read-only, in the cache folder; an installer ships them built.
"""

from __future__ import annotations

import gettext
import locale
import os
import string
from collections.abc import Sequence
from pathlib import Path
from typing import Any

DOMAIN = "bazaar"
LANGUAGES = ("en", "ja")
NAMES = {"en": "English", "ja": "日本語"}  # each language named in itself
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"


class Msg(str):
    """English text that remembers the template and arguments it was made from."""

    template: str
    plural: str | None
    args: dict[str, Any]

    def __new__(cls, template: str, args: dict[str, Any], plural: str | None = None) -> Msg:
        chosen = plural if plural is not None and args.get("n") != 1 else template
        self = super().__new__(cls, chosen.format(**args) if args else chosen)
        self.template, self.plural, self.args = template, plural, args
        return self

    def __reduce__(self):  # pickled across processes (sim) as what it is
        return (Msg, (self.template, self.args, self.plural))


def msg(template: str, **args: Any) -> Msg:
    return Msg(template, args)


def msg_n(singular: str, plural: str, n: int, **args: Any) -> Msg:
    """A message whose form follows `n` (passed to the template as `{n}` too)."""
    return Msg(singular, {"n": n, **args}, plural)


def said(error: BaseException) -> str:
    """What an error says: its message itself when it was raised with one (so the screen can
    translate it), else its text."""
    first = error.args[0] if len(error.args) == 1 else None
    return first if isinstance(first, Msg) else str(error)


def N_(text: str) -> str:
    """Marks a constant for the catalogue; it is translated where it is drawn."""
    return text


def _(template: str, **args: Any) -> str:
    return tr(Msg(template, args))


def _n(singular: str, plural: str, n: int, **args: Any) -> str:
    return tr(Msg(singular, {"n": n, **args}, plural))


# -- the current language -----------------------------------------------------------------
_catalogue: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"
generation = 0  # bumped on every switch: caches of drawn text keep it in their key


def language() -> str:
    return _language


def tr(text: str) -> str:
    """`text` in the current language (itself when it is not in the catalogue)."""
    if _language == "en":
        return str(text)  # the msgids are the English text
    if isinstance(text, Msg):
        if text.plural is not None:
            template = _catalogue.ngettext(text.template, text.plural, int(text.args.get("n", 0)))
        else:
            template = _catalogue.gettext(text.template)
        if not text.args:
            return template
        args = {k: tr(v) if isinstance(v, str) else v for k, v in text.args.items()}
        return template.format(**args)
    return _catalogue.gettext(text) if text else text


def set_language(code: str, preferred: Sequence[str] = ()) -> str | None:
    """Switch to `code` ("" = the system's, `preferred` being what the desktop says, see
    `system_language`); a problem message when its catalogue fails."""
    global _catalogue, _language, generation
    code = code or system_language(preferred)
    if code not in LANGUAGES:
        code = "en"
    problem = None
    catalogue: gettext.NullTranslations = gettext.NullTranslations()
    if code != "en":
        try:
            with open(compiled(code), "rb") as f:
                catalogue = gettext.GNUTranslations(f)
        except (OSError, ImportError, ValueError) as exc:
            problem = f"The {NAMES[code]} texts cannot be read ({exc}); English is shown."
            code = "en"
    _catalogue, _language = catalogue, code
    generation += 1
    return problem


def system_language(preferred: Sequence[str] = ()) -> str:
    """The language the system asks for, when we have it; English otherwise.

    `preferred` is the desktop's list of languages in the person's order ("ja", "en_US", ...),
    which the app asks SDL for: the core draws nothing, so it is handed in. It comes first
    because a Windows app or a macOS app started from Finder has no LANG at all. LC_ALL alone
    beats it: a deliberate override for one run, which SDL does not read (on Linux it reads
    LANG and LANGUAGE). A list naming none of our languages leaves the choice to the rest.
    """
    forced = _from_environment(("LC_ALL",))
    if forced:
        return forced
    for name in preferred:
        code = name.replace("-", "_").split("_")[0].lower()
        if code in LANGUAGES:
            return code
    found = _from_environment(("LC_MESSAGES", "LANG", "LANGUAGE"))
    if found:
        return found
    try:
        name = (locale.getlocale()[0] or "").lower()  # "ja_JP", or "Japanese_Japan" on Windows
    except ValueError:
        name = ""
    return "ja" if name.startswith(("ja", "japanese")) else "en"


def _from_environment(names: Sequence[str]) -> str | None:
    """The language of the first of these variables set to a real locale (not C or POSIX)."""
    for var in names:
        value = os.environ.get(var, "")
        if value and value not in ("C", "POSIX") and not value.startswith("C."):
            return "ja" if value.lower().startswith("ja") else "en"
    return None


# -- catalogues ---------------------------------------------------------------------------
def po_path(code: str) -> Path:
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def compiled(code: str) -> Path:
    """The `.mo` of `code`, compiled from its `.po` first when that is newer or it is missing."""
    po = po_path(code)
    mo = po.with_suffix(".mo")
    if not po.exists():  # an installer ships the .mo alone
        return mo
    if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
        return mo
    try:
        return compile_po(po, mo)
    except OSError:  # an installed, read-only folder
        from game.core import paths

        cached = paths.cache_dir() / "locale" / f"{code}.mo"
        if cached.exists() and cached.stat().st_mtime >= po.stat().st_mtime:
            return cached
        return compile_po(po, cached)


def compile_po(po: Path, mo: Path) -> Path:
    """Compile with Babel (a development and build tool; the app itself reads `.mo` only)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with open(po, "rb") as f:
        catalog = read_po(f, locale=po.parent.parent.name)
    mo.parent.mkdir(parents=True, exist_ok=True)
    part = mo.with_suffix(".mo.part")
    with open(part, "wb") as f:
        write_mo(f, catalog)
    os.replace(part, mo)
    return mo


def placeholders(template: str) -> set[str]:
    """The named fields of a template ("{n}", "{name:>3}" -> {"n", "name"})."""
    return {
        field.split(".")[0].split("[")[0] for _, field, _, _ in string.Formatter().parse(template) if field
    }
