"""Screens as a person meets them with the keyboard and the mouse (issue 44): every screen
opens with its natural first control focused, so Enter works at once; a setup choice's "‹"
steps back and "›" forward, and the clicked choice then takes Left/Right; a screen back on
top keeps no hover from before; the last seat kinds are remembered for every game."""

from __future__ import annotations

import pytest

from game.automation import Session
from game.core import registry
from game.core.match import Match, Seat
from game.ui import text
from game.ui.widgets import Choice
from tests.core.test_history import played


def focused_tid(s: Session) -> str:
    focused = s.app.top.group.focused
    assert focused is not None, f"{s.scene} opened with nothing focused"
    return focused.target().id


def test_settings_opens_on_its_first_choice_and_enter_uses_it():
    s = Session.menu()
    s.click("settings")
    assert s.scene == "settings" and focused_tid(s) == s.app.top.choices["language"].target().id
    s.key("tab")
    assert focused_tid(s) == s.app.top.choices["fullscreen"].target().id


def test_continue_opens_on_the_newest_matchs_resume_and_enter_resumes_it():
    s = Session.menu()
    rules = registry.get("jaipur")
    s.app.store.attach(Match.new(rules, [Seat("Ann"), Seat("Bot", "bot", "easy")], seed=4))
    s.app.top.enter()
    s.answered()  # the menu shown: it counts the saved match
    s.click("continue")
    assert s.scene == "saved" and focused_tid(s) == "resume"
    s.key("return")
    s.idle()
    assert s.scene == "jaipur"


def test_history_opens_on_the_list_not_its_filter_and_enter_replays():
    s = Session.menu()
    newest = s.app.store.attach(played("jaipur"))
    s.click("history")
    assert s.scene == "history" and focused_tid(s) == f"replay.{newest}"
    s.key("return")
    assert s.scene == "replay"


def test_an_empty_history_opens_on_its_game_filter():
    s = Session.menu()
    s.click("history")
    assert focused_tid(s) == "filter.game"


def kind(s: Session, seat: int) -> str:
    return s.app.top.seat_kinds[seat].value


def test_a_setup_choice_steps_back_on_its_left_arrow_forward_on_its_right_and_then_takes_the_keys():
    s = Session.menu()
    s.click("jaipur")
    setup = s.app.top
    kinds = setup.kinds
    start = kinds.index(kind(s, 1))
    s.click("kind.1.back")
    assert kind(s, 1) == kinds[(start - 1) % len(kinds)], "‹ steps back"
    s.click("kind.1.next")
    assert kind(s, 1) == kinds[start], "› steps forward"
    s.click("kind.1")  # the label (or the value): forward
    assert kind(s, 1) == kinds[(start + 1) % len(kinds)]
    assert focused_tid(s) == "kind.1", "the clicked choice has the keys"
    s.key("left")
    assert kind(s, 1) == kinds[start], "Left steps it back at once, no Tab first"
    s.key("right")
    assert kind(s, 1) == kinds[(start + 1) % len(kinds)]
    back, forward = setup.seat_kinds[1].arrows()
    assert not back.colliderect(forward) and setup.seat_kinds[1].rect.contains(back.union(forward))


@pytest.mark.parametrize("game", registry.games())
def test_every_game_remembers_the_seat_kinds_it_last_started_with(game):
    s = Session.menu()
    s.click(game)
    setup = s.app.top
    s.click("kind.1.back")  # from the middle bot to the easy one
    chosen = [c.value for c in setup.seat_kinds[: setup.count]]
    assert chosen[1] == "easy"
    s.click("start")
    s.idle()
    s.key("escape")
    s.close()
    again = Session.menu()
    again.click(game)
    assert [c.value for c in again.app.top.seat_kinds[: len(chosen)]] == chosen


def test_ubongo_setup_says_everyone_races_at_once_not_that_seats_take_turns(monkeypatch):
    drawn: list[str] = []
    render = text._render

    def recording(words, size, colour, face, language):
        drawn.append(words)
        return render(words, size, colour, face, language)

    monkeypatch.setattr(text, "_render", recording)
    s = Session.menu()
    s.click("ubongo")
    s.app.draw()
    assert any(line.startswith("Everyone races at once.") for line in drawn), drawn
    assert not any("Seats play in this order" in line for line in drawn)
    drawn.clear()
    s.key("escape")
    s.click("jaipur")
    s.app.draw()
    assert any("Seats play in this order" in line for line in drawn)


def test_back_on_the_menu_no_button_keeps_the_hover_of_before():
    """The menu kept an orange hover outline on History after coming back, beside the blue
    focus ring on another button."""
    s = Session.menu()
    s.move("history")
    assert s.app.top.group.widgets[[w.target().id for w in s.app.top.group.widgets].index("history")].hover
    s.click("history")
    s.key("escape")
    assert s.scene == "menu"
    group = s.app.top.group
    assert not any(w.hover for w in group.widgets)
    assert sum(w.focused for w in group.widgets) == 1
    assert all(not isinstance(w, Choice) or not w.pointer for w in group.widgets)


def test_a_greyed_buttons_reason_is_said_once_in_the_action_bar_not_again_in_a_tooltip():
    """Taj Mahal's action bar said "Build your palace first" and a tooltip over it said it
    again: the tooltip keeps quiet about what the bar says."""
    s = Session.open("tajmahal", ["human", "easy", "easy"], seed=3, options={"first": 0})
    s.idle()
    table = s.table
    play = s.target("play")
    assert not play.enabled and play.tip, "the person has chosen no card: Play is grey, with its reason"
    s.move("play")
    s.tick(1)
    tmap = table.target_map()
    pointed = table.pointed(tmap)
    assert pointed is not None and pointed.id == "play"
    assert table.tipped() is None, "the bar says why; no tooltip says it again"
    s.key("tab")  # the keyboard on a target whose tip the bar does not say: that one still shows
    assert table.tipped() is None or table.tipped().tip != play.tip


def test_a_setup_opens_on_start_and_enter_starts_the_game_as_last_set_up():
    s = Session.menu()
    s.click("ginrummy")
    assert focused_tid(s) == "start"
    s.key("return")
    s.idle()
    assert s.scene == "ginrummy"


def test_typing_goes_to_no_choice_when_a_choice_has_the_keys():
    s = Session.menu()
    s.click("settings")
    language = s.app.top.choices["language"]
    assert s.app.top.group.focused is language
    s.type("x")  # a letter typed with a choice focused does nothing (and breaks nothing)
    assert language.value == s.app.settings.language and s.scene == "settings"
