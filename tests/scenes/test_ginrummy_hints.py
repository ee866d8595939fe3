"""The Gin Rummy table's two answers, kept apart (issue 44): the hint is the hard bot's advice
and the only text that may call a move "best"; the deadwood panel, the bar's numbers and the
Knock button count the least deadwood a discard leaves, say so, and are worked out once per
view, not per frame. Hint turns into Use hint, the hint's ring stays on its card, and a knock
the deadwood forbids is drawn plainly not open."""

from __future__ import annotations

import pygame

from game.automation import Session
from game.core import i18n
from game.scenes.ginrummy import art, prompts
from game.scenes.ginrummy.table import GinRummyTable
from game.ui import theme
from tests.rules.ginrummy.helpers import deck_for

MELDED = "AS 2S 3S 4H 5H 6H JC JD JH"


def discard_turn(seed: int = 1) -> Session:
    """Asha (dealer) against the hard bot: she passes the upcard, the bot takes it and throws,
    she draws from the stock. On seed 1 the hard bot would throw KS, while JS leaves the least
    deadwood (73, as do KS, QH and JD)."""
    s = Session.open("ginrummy", ["human", "hard"], seed=seed, options={"first_dealer": 0})
    s.idle()
    s.perform(0, {"move": "pass"})
    s.idle()
    s.perform(0, {"move": "draw", "source": "stock"})
    s.idle()
    assert s.view(0)["phase"] == "discard" and s.waiting() == [0]
    return s


def table(s: Session) -> GinRummyTable:
    t = s.table
    assert isinstance(t, GinRummyTable)
    return t


def words_on_screen(t: GinRummyTable) -> dict[str, str]:
    """Every text of the table's own that answers "what now": the bar, the deadwood panel,
    the buttons and their tooltips."""
    title, detail, _ = prompts.prompt(t)
    p_title, _, status, note, _ = prompts.meter(t)
    out = {"bar title": title, "bar detail": detail, "panel": p_title, "status": status, "note": note}
    for b in [*t.action_buttons, t.hint_button]:
        if b.visible:
            out[f"{b.tid} label"], out[f"{b.tid} tip"] = b.label, b.hint
    return {k: i18n.tr(v) for k, v in out.items()}


def test_the_panel_says_least_deadwood_and_only_the_hint_says_what_is_best():
    s = discard_turn()
    t = table(s)
    least = t.least.card
    assert least == "JS" and t.least.left == 73
    # before any hint: the panel and the bar name the least deadwood, and nothing says "best"
    words = words_on_screen(t)
    assert words["panel"] == "Least deadwood after a discard" and words["note"] == "throwing JS"
    assert "Throwing JS leaves the least deadwood, 73." in words["bar detail"]
    assert t.knock_button.label == "Knock · 73"
    assert not [k for k, w in words.items() if "best" in w.lower()], words
    # the hint: the hard bot's own choice, a different card leaving as little (73): the panel
    # still says what it counts, and names the hint's card, not another one of equal deadwood
    s.key("h")
    s.idle()
    assert t.hint == {"move": "discard", "card": "KS"} and t.v["discard_deadwood"]["KS"] == 73
    words = words_on_screen(t)
    assert words["bar title"] == "Hint: discard KS"
    assert words["bar detail"].startswith("The hard bot's advice")
    assert words["panel"] == "Least deadwood after a discard" and words["note"] == "throwing KS"
    # choosing a card by hand: the panel counts that card, and says so
    s.click("hand.QH")
    words = words_on_screen(t)
    assert words["panel"] == "Deadwood after this discard" and words["note"] == "throwing QH"
    # in Japanese too: the word for "best" (最善) is nowhere on the table
    s.key("escape")
    s.key("h")
    s.idle()
    try:
        i18n.set_language("ja")
        words = words_on_screen(t)
        assert words["panel"] == "捨てたあとの最少デッドウッド"
        assert not [k for k, w in words.items() if "最善" in w], words
    finally:
        i18n.set_language("en")


def asha(s: Session) -> list[dict]:
    """The commands seat 0 made, without the tick the table stamps on them."""
    return [{k: v for k, v in c.items() if k != "tick"} for seat, c in s.commands if seat == 0]


def test_hint_becomes_use_hint_which_chooses_the_hints_card_or_plays_its_move():
    s = discard_turn()
    t = table(s)
    assert s.target("hint").label == "Hint"
    s.click("hint")
    s.idle()
    assert t.hint == {"move": "discard", "card": "KS"}
    assert s.target("hint").label == "Use hint" and s.target("hint").tip == "Choose the hint's card (H)"
    s.click("hint")  # Use hint: the card is chosen, as a click on it would; nothing is played yet
    assert t.selected == "KS" and t.hint is None and s.view(0)["phase"] == "discard"
    assert s.target("hint").label == "Hint"
    assert t.discard_button.enabled and t.discard_button.label == "Discard KS"
    s.click("discard-selected")
    s.idle()
    assert asha(s)[-1] == {"move": "discard", "card": "KS"}
    # the next turn by keys alone: H asks, H again plays a draw (there is no card to choose)
    assert s.waiting() == [0] and s.view(0)["phase"] == "draw"
    s.key("h")
    s.idle()
    hint = t.hint
    assert hint is not None and hint["move"] == "draw" and t.hint_button.label == "Use hint"
    assert t.hint_button.hint == "Play the hint's move (H)"
    made = len(asha(s))
    s.key("h")
    s.idle()
    assert asha(s)[made:] == [hint] and s.view(0)["phase"] == "discard"


def test_the_hints_ring_stays_within_its_card(monkeypatch):
    s = discard_turn()
    t = table(s)
    s.key("h")
    s.idle()
    card = t.hint["card"]
    rings: list[pygame.Rect] = []
    rect = pygame.draw.rect

    def recording(surface, colour, area, *args, **kwargs):
        if tuple(colour)[:3] == theme.GOOD[:3] and surface is s.app.screen:
            rings.append(pygame.Rect(area))
        return rect(surface, colour, area, *args, **kwargs)

    monkeypatch.setattr(pygame.draw, "rect", recording)
    s.app.draw()
    monkeypatch.undo()
    drawn = t.card_rect(card)
    assert rings, "no hint ring drawn"
    assert all(drawn.contains(r) for r in rings), (drawn, rings)


def knock_deal() -> dict:
    """Asha deals and holds three melds; she takes nothing first, then draws QS: QS or TD leave 10."""
    deck = deck_for(MELDED + " TD", "2C 3C 4C 5D 6D 8S 9S JS QC KC", "KD", "QS", dealer=0)
    return {"deck": deck, "dealer": 0}


def edge(surface: pygame.Surface, rect: pygame.Rect) -> list[tuple[int, int, int]]:
    """The colours along a button's top edge, between its rounded corners."""
    return [tuple(surface.get_at((x, rect.top)))[:3] for x in range(rect.x + 12, rect.right - 12)]


def test_a_knock_the_deadwood_forbids_is_drawn_hollow_beside_a_discard_that_works():
    s = Session.open("ginrummy", ["human", "human"], seed=3, options={"first_dealer": 0}, setup=knock_deal())
    s.idle()
    for move in ({"move": "pass"}, {"move": "pass"}, {"move": "draw", "source": "stock"}):
        seat = s.waiting()[0]
        s.perform(seat, move)
        s.idle()
    t = table(s)
    assert t.knock_button.enabled and t.knock_button.label == "Knock · 10"
    s.click("hand.AS")  # throwing the ace breaks a run: 25 left, no knock
    assert t.discard_button.enabled and t.discard_button.label == "Discard AS"
    assert not t.knock_button.enabled and t.knock_button.label == "Knock · 25"
    assert not s.target("knock").enabled
    assert s.target("knock").tip == "Deadwood would be 25; knock needs 10 or less"
    s.move((640, 300))  # nothing pointed at
    s.app.draw()
    screen = s.app.screen
    discard, knock = edge(screen, t.discard_button.rect), edge(screen, t.knock_button.rect)
    assert len(set(discard)) == 1  # a whole line
    assert theme.LINE in knock and theme.BG_DEEP in knock  # dashes and gaps: not open
    hollow = tuple(screen.get_at(t.knock_button.rect.move(6, 0).midleft))[:3]
    filled = tuple(screen.get_at(t.discard_button.rect.move(6, 0).midleft))[:3]
    assert hollow == theme.BG_DEEP and filled != hollow
    before = len(s.commands)
    s.click("knock")
    assert len(s.commands) == before and t.notice == "Deadwood would be 25; knock needs 10 or less"


def test_the_least_deadwood_is_worked_out_once_per_view_not_per_frame(monkeypatch):
    s = discard_turn()
    t = table(s)
    calls: list[int] = []
    least = prompts.least_deadwood

    def counted(v):
        calls.append(1)
        return least(v)

    checks: list[int] = []
    check = t.window.check

    def counted_check(seat, command):
        checks.append(1)
        return check(seat, command)

    monkeypatch.setattr(prompts, "least_deadwood", counted)
    monkeypatch.setattr(t.window, "check", counted_check)
    for card in ("hand.JS", "hand.QH", "discard", "stock"):  # the pointer over cards and piles
        s.move(card)
        for _ in range(5):
            s.tick(1)
            s.app.draw()
    assert calls == [], "the least deadwood was worked out again while nothing changed"
    # a card dragged over the pile: the bar and the pile ask the rules once, not every frame
    start = s.target("hand.KS").centre
    s.app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    pile = s.target("discard").centre
    for k in range(1, 9):
        pos = (pile[0] + k % 3, pile[1])
        s.app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(1, 0, 0)))
        s.app.draw()
    assert t.drag.payload() == "hand.KS" and prompts.prompt(t)[0] == "Discard KS"
    assert len(checks) <= 1, checks
    s.app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pile, button=1))
    s.idle()
    assert asha(s)[-1] == {"move": "discard", "card": "KS"}
    assert calls, "a new view is counted afresh"


def undercut_deal() -> dict:
    """Bilal (seat 1) knocks with 9 after one draw; Asha lays 5C off on his club run."""
    deck = deck_for(MELDED + " 5C", "2C 3C 4C 5D 6D 7D 8S 9S TS KH", "QH", "KD 9H", dealer=0)
    return {"deck": deck, "dealer": 0}


def test_a_hint_while_laying_off_is_shown_lit_and_used(monkeypatch):
    s = Session.open(
        "ginrummy", ["human", "medium"], seed=3, options={"first_dealer": 0}, setup=undercut_deal()
    )
    s.idle()
    s.perform(0, {"move": "pass"})
    s.idle()
    s.perform(0, {"move": "draw", "source": "stock"})
    s.perform(0, {"move": "discard", "card": "KD"})
    s.idle()
    t = table(s)
    assert s.view(0)["phase"] == "layoff" and t.spread is not None and t.spread.laid == {"5C"}
    # with the defaults on the table there is nothing more to lay off: the hint says so
    s.key("h")
    s.idle()
    assert t.hint == {"move": "done"}
    assert prompts.prompt(t)[0] == "Hint: confirm: no card of yours can be laid off any more"
    s.click("laid.5C")  # taken back: now the hint is to lay it off again, lit on the table
    s.idle()
    s.key("h")
    s.idle()
    hint = t.hint
    assert hint is not None and hint["move"] == "layoff" and hint["card"] == "5C"
    title, detail, tone = prompts.prompt(t)
    assert title == "Hint: lay off 5C" and "Use hint lays the card off" in detail and tone == "good"
    lit: list[tuple[int, int, int]] = []
    outline = art.outline

    def recording(surface, rect, colour, *args, **kwargs):
        lit.append(tuple(colour)[:3])
        return outline(surface, rect, colour, *args, **kwargs)

    monkeypatch.setattr(art, "outline", recording)
    s.app.draw()
    monkeypatch.undo()
    meld = [c for c, (seat, gi) in t.spread.group_of.items() if seat == 1 and gi == hint["meld"]]
    assert lit.count(theme.GOOD[:3]) == 1 + len(meld)  # the card and every card of its meld
    assert s.target("hint").label == "Use hint"
    s.click("hint")
    s.idle()
    assert t.spread.laid == {"5C"} and asha(s)[-1] == hint


def test_when_two_discards_tie_the_panel_names_the_hints_card():
    """Issue 55, item 8: the hint said "discard K♦" while the panel said "throwing 10♥", both
    leaving 56. When the hint's card leaves as little as the panel's, the panel names it."""
    from types import SimpleNamespace

    from game.scenes.ginrummy import prompts

    v = {"phase": "discard", "hand": ["KD", "TH", "2C"], "discard": ["5S"], "taken": None, "deadwood": 60}
    v["discard_deadwood"] = {"KD": 56, "TH": 56, "2C": 64}
    least = prompts.least_deadwood(v)
    other = "TH" if least.card == "KD" else "KD"
    shown = SimpleNamespace(v=v, least=least, hint=None, selected=None, hover=None)
    assert prompts.least_named(shown) == least.card  # no hint: the highest card among equals
    shown.hint = {"move": "discard", "card": other}
    assert prompts.least_named(shown) == other
    title, line, _ = prompts.discard_prompt(shown)
    assert f"Throwing {other} leaves the least deadwood, 56" in line
    shown.hint = {"move": "discard", "card": "2C"}  # a hint that leaves more: the panel's own
    assert prompts.least_named(shown) == least.card
