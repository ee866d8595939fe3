"""Messages remember how they were made and say themselves in the chosen language."""

from __future__ import annotations

import json
import pickle

import pytest

from game.core import i18n
from game.core.i18n import N_, Msg, msg, msg_n, tr


class Catalogue:
    """A stand-in catalogue: the real ones are checked in test_catalogues."""

    def __init__(self, words: dict[str, str]):
        self.words = words

    def gettext(self, text: str) -> str:
        return self.words.get(text, text)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.words.get(singular, singular if n == 1 else plural)


@pytest.fixture
def pretend(monkeypatch):
    monkeypatch.setattr(i18n, "_language", "ja")
    monkeypatch.setattr(
        i18n,
        "_catalogue",
        Catalogue(
            {"{name} sells {n} {good}": "{name}は{good}を{n}枚売る", "cloth": "布", "{n} card": "{n}枚"}
        ),
    )


def test_a_message_is_its_english_text_wherever_it_goes():
    m = msg("{name} sells {n} {good}", name="Ann", n=3, good=msg("cloth"))
    assert m == "Ann sells 3 cloth"
    assert json.dumps(m) == '"Ann sells 3 cloth"'
    again = pickle.loads(pickle.dumps(m))  # the simulator sends events between processes
    assert isinstance(again, Msg) and again.template == m.template and again == m


def test_plural_follows_the_count():
    assert msg_n("{n} card", "{n} cards", 1) == "1 card"
    assert msg_n("{n} card", "{n} cards", 0) == "0 cards"


def test_translation_uses_the_template_and_translates_message_arguments(pretend):
    m = msg("{name} sells {n} {good}", name="Ann", n=3, good=msg("cloth"))
    assert tr(m) == "Annは布を3枚売る"
    assert tr(msg_n("{n} card", "{n} cards", 5)) == "5枚"
    assert tr(N_("cloth")) == "布"
    assert tr("Ann") == "Ann"  # a name is shown as it is


def test_english_shows_the_ids():
    i18n.set_language("en")
    assert tr(msg("{a}+{b}", a=1, b=2)) == "1+2"


def test_system_language_follows_the_environment(monkeypatch):
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    assert i18n.system_language() == "ja"
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert i18n.system_language() == "en"


def test_the_desktops_languages_come_before_the_environment(monkeypatch):
    monkeypatch.setenv("LANG", "C")
    assert i18n.system_language(["ja_JP"]) == "ja"
    assert i18n.system_language(["de-DE", "ja"]) == "ja"  # the first one we have
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    assert i18n.system_language(["en_GB", "ja_JP"]) == "en"
    assert i18n.set_language("", ["ja"]) is None and i18n.language() == "ja"


def test_the_environment_decides_when_the_desktop_names_none_of_ours(monkeypatch):
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    assert i18n.system_language([]) == "ja"
    assert i18n.system_language(["de", "fr_FR"]) == "ja"
    monkeypatch.setenv("LANG", "C")
    monkeypatch.setenv("LC_MESSAGES", "en_US.UTF-8")
    assert i18n.system_language(["ko_KR"]) == "en"


def test_lc_all_overrides_the_desktop_for_one_run(monkeypatch):
    monkeypatch.setenv("LC_ALL", "ja_JP.UTF-8")
    assert i18n.system_language(["en_US"]) == "ja"


def test_a_missing_catalogue_is_reported_and_english_stays(monkeypatch, tmp_path):
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    problem = i18n.set_language("ja")
    assert problem and "English is shown" in problem
    assert i18n.language() == "en"


def test_placeholders_are_named_fields():
    assert i18n.placeholders("{n} of {name:>3} ({good!r})") == {"n", "name", "good"}
