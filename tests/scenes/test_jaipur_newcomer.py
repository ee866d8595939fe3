"""What a newcomer tripped over at the Jaipur table, each shown fixed through game.automation:
the other herd always looked full, giving camels was explained nowhere, 2 for 1 was refused
in words about something else, a hint took as many clicks as the move, long log lines could
not be read, and Instant animations made the rule bot answer before the person saw their move."""

from __future__ import annotations

import dataclasses

from game.automation import Session
from game.scenes.jaipur import draw
from game.scenes.jaipur import layout as L
from game.scenes.jaipur.render import HERD_NOTE
from tests.scenes.test_jaipur_automation import DEAL


def opponent_herd_colour(s: Session) -> tuple[int, int, int]:
    s.app.draw()
    return tuple(s.app.screen.get_at(L.OPP_HERD))[:3]


def test_an_empty_herd_across_the_table_looks_empty_and_a_full_one_shows_no_number():
    s = Session.open("jaipur", seats=["human", "human"], seed=3, options={"first": 0}, setup=DEAL)
    s.idle()
    s.click(s.app.top.proceed)  # Asha takes the screen
    s.idle()
    assert s.table.viewer == 0 and s.view(0)["herd_empty"] == [True, True]
    assert opponent_herd_colour(s) == draw.FELT  # an outlined slot, no camel card
    s.perform(0, {"move": "camels"})
    s.idle()
    s.click(s.app.top.proceed)  # Bilal takes the screen
    s.idle()
    assert s.table.viewer == 1 and s.view(1)["herd_empty"] == [False, True]
    assert opponent_herd_colour(s) != draw.FELT  # Asha's camels lie there now
    assert s.view(1)["opponent_herd"] is None  # and how many may still not be asked


def test_building_an_exchange_says_how_camels_are_given_and_taken_back():
    s = Session.open("jaipur", seats=["human", "easy"], seed=3, options={"first": 0}, setup=DEAL)
    s.idle()
    s.perform(0, {"move": "camels"})  # a herd of 3
    s.idle()
    goods = [t["id"] for t in s.targets() if t["id"].startswith("market.")]
    goods = [g for g in goods if s.table.v["market"][int(g.split(".")[1])] != "camel"]
    s.click(goods[0])
    assert s.table.bar_note() != HERD_NOTE  # one card taken: a plain take, nothing to explain
    s.click(goods[1])
    assert s.table.bar_note() == HERD_NOTE
    s.click("herd")
    s.click("herd")
    assert s.table.herd_sel == 2 and s.table.bar_note() == HERD_NOTE
    s.click("herd", button=3)  # right-click takes one back
    assert s.table.herd_sel == 1


def test_giving_two_for_one_says_to_give_back_as_many_as_you_take():
    s = Session.open("jaipur", seats=["human", "easy"], seed=3, options={"first": 0}, setup=DEAL)
    s.idle()
    s.click("market.4")  # diamond
    s.click("hand.2")
    s.click("hand.3")  # two leather
    confirm = s.target("confirm")
    assert not confirm.enabled
    assert confirm.tip == "Give back as many as you take: select 2 market cards for your 2"


def test_a_hint_is_played_by_use_hint_then_confirm():
    s = Session.open("jaipur", seats=["human", "easy"], seed=3, options={"first": 0}, setup=DEAL)
    s.idle()
    s.click("hint")
    s.tick(1)
    hint = s.table.hint
    assert hint in s.legal(0)
    assert s.target("hint").label == "Use hint"
    s.click("hint")
    assert s.target("confirm").enabled and s.table.command == hint
    count = len(s.commands)
    s.click("confirm")
    assert s.commands[count:] and s.commands[count][1] == hint


def test_a_long_log_line_wraps_whole_and_one_longer_than_the_panel_is_a_target_with_its_tip():
    s = Session.open("jaipur", seats=["human", "easy"], seed=3, options={"first": 0}, setup=DEAL)
    s.idle()
    wide = "Asha exchanges gold, diamond and cloth for leather, leather and three camels from the herd"
    s.table.log.append(wide)
    assert " ".join(s.table.log_panel.shown(s.table.log)[-1][1]) == wide  # on two rows, whole
    assert not [t for t in s.table.target_map().targets if t.kind == "log"]
    long = " ".join([wide] * 3)  # more rows than the panel has
    s.table.log.append(long)
    log = [t for t in s.table.target_map().targets if t.kind == "log"]
    assert [t.tip for t in log] == [long] and log[0].id == "log.0"
    s.move(log[0].id)
    assert s.table.tipped() is not None and s.table.tipped().tip == long
    s.click("hand.0")  # reading it changed nothing
    s.move("confirm")  # a greyed Confirm says why: in the bar, and not twice in a tooltip
    assert s.table.pointed(s.table.target_map()).tip == s.table.reason == s.table.bar()[1]
    assert s.table.tipped() is None


def test_instant_animations_still_give_the_rule_bot_its_pause():
    s = Session.open("jaipur", seats=["human", "rules"], seed=8, options={"variant": "solo"}, fast=False)
    s.idle()  # the deal lands
    s.app.settings = dataclasses.replace(s.app.settings, animation_speed=0.0, bot_pause_ms=600)
    revealed = len(s.table.v["bot_revealed"])
    s.perform(0, s.legal(0)[0])
    table = s.table
    assert not table.flights.busy  # nothing flies
    assert len(table.v["bot_revealed"]) == revealed  # the person's move shows, not the bot's
    assert table.bar()[0] == f"{s.match.names[1]} is playing…"
    s.tick(34)
    assert len(table.v["bot_revealed"]) == revealed
    s.tick(2)  # 36 ticks (600 ms) after Confirm
    assert len(table.v["bot_revealed"]) == revealed + 1 and not table.busy()
