"""Japanese lines break between phrases (issue 44: "…宮 / 殿", "しましょ / う。", "先に売 / る。"
split words in two). Every Japanese text of the catalogues is wrapped at each width, size and
weight the screens were seen to wrap at (their real draw calls, recorded on a sweep of the
screens and a tutorial's coach): no line ends inside a phrase unless that phrase alone is wider
than the line, no line starts with a closing mark, none ends with an opening bracket."""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.core import i18n
from game.ui import linebreak, text
from tests.scenes.test_label_fit import VISITS

babel = pytest.importorskip("babel")
from babel.messages.pofile import read_po  # noqa: E402

Wrap = tuple[int, int, str]  # width, size, face


@pytest.fixture(scope="module")
def signatures(tmp_path_factory) -> Iterator[set[Wrap]]:
    """How the screens wrap Japanese text: recorded from their draw calls. A module's fixture
    comes before each test's own home (conftest's `bazaar_home`): the screens it opens keep
    their matches and settings in a folder of their own, never the person's."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("BAZAAR_HOME", str(tmp_path_factory.mktemp("breaks-home")))
        yield _recorded()


def _recorded() -> set[Wrap]:
    from tests.scenes.tutorial_walk import opened

    seen: dict[str, set[Wrap]] = {}
    wrap = text._wrap
    visit = [""]

    def recording(words: str, width: int, size: int, face: str, language: str):
        if language == "ja":
            seen.setdefault(visit[0], set()).add((width, size, face))
        return wrap(words, width, size, face, language)

    text._wrap = recording
    i18n.set_language("ja")
    try:
        for name in ("menu", "setup.ubongo", "table.tajmahal", "table.jaipur", "pause"):
            visit[0] = name
            session = VISITS[name]()
            i18n.set_language("ja")
            session.app.draw()
            session.close()
        visit[0] = "coach"
        session = opened("tajmahal")  # the coach's bubble
        i18n.set_language("ja")
        session.app.draw()
        session.close()
    finally:
        text._wrap = wrap
        i18n.set_language("en")
    # the games' taglines (their width follows the number of games) and the coach's bubble
    assert seen.get("menu") and seen.get("coach"), seen
    return set().union(*seen.values())


def japanese_texts() -> list[str]:
    with open(i18n.po_path("ja"), "rb") as f:
        found = [m.string for m in read_po(f, locale="ja") if m.id]
    texts = [t for s in found for t in ([s] if isinstance(s, str) else s)]
    return sorted({t for t in texts if any(linebreak.wide(c) for c in t)})


def problems(words: str, width: int, size: int, face: str, breaker=linebreak) -> list[str]:
    font = text._font(size, face, "ja")
    measure = lambda s: font.size(s)[0]  # noqa: E731
    out = []
    for paragraph in words.split("\n"):
        lines = breaker.lines(paragraph, width, measure)
        ends, at = set(), 0
        for line in lines[:-1]:
            at += len(line)
            while at < len(paragraph) and paragraph[at] == " ":
                at += 1  # the spaces a line's end dropped
            ends.add(at)
        at = 0
        for phrase in linebreak.phrases(paragraph):
            for word in phrase.split(" "):  # a space inside a phrase ("行 {line}") may end a line
                inside = {i for i in ends if at < i < at + len(word)}
                # (a placeholder's own words are never drawn: it is filled in before the wrap)
                if inside and measure(word) <= width and "{" not in word and "}" not in word:
                    out.append(f"{word!r} split at {width}/{size}/{face}")
                at += len(word) + 1
            at -= 1
        for a, b in zip(lines, lines[1:], strict=False):
            if b[:1] in linebreak.NO_START or a[-1:] in linebreak.NO_END:
                out.append(f"kinsoku: {a[-4:]!r} / {b[:4]!r} at {width}/{size}/{face}")
    return out


def test_no_japanese_text_is_split_inside_a_phrase_at_any_width_the_screens_wrap_at(signatures):
    found = [p for words in japanese_texts() for sig in sorted(signatures) for p in problems(words, *sig)]
    assert found == [], found[:20]


# where the menu wrapped a game's tagline while it held four games in two columns: the width
# those splits were seen at (the menu lays itself out from the number of games now)
FOUR_GAMES_MENU = {(344, 17, "regular")}

OLD_SPLITS = [
    ("商品を集め、ラクダを飼い、相手より先に売る。", "売る。"),  # a game's tagline on the menu
    (
        "色カード1枚に白いカードを1枚加えられます。白はどの色にも合います。象と王女の赤いカードを"
        "白い王女と一緒に出しましょう。",
        "出しましょう。",
    ),  # the coach's bubble
    ("席{seat}が{points}点で勝ちました（同点は宮殿の数で決着）", "宮殿の"),
]


@pytest.mark.parametrize(("words", "phrase"), OLD_SPLITS)
def test_the_splits_people_saw_are_gone(words, phrase, signatures):
    """Each of these was cut inside a word by the breaker of before at one of the recorded
    widths (a character-level breaker: shown here by running it); now none is."""
    spec = importlib.util.spec_from_file_location("before", Path(__file__).parent / "char_breaker.py")
    before = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(before)  # type: ignore[union-attr]
    widths = signatures | FOUR_GAMES_MENU
    cut = [sig for sig in widths if any(phrase in p for p in problems(words, *sig, breaker=before))]
    assert cut, f"the old breaker never split {phrase!r}: the case shows nothing"
    assert all(problems(words, *sig) == [] for sig in widths)
