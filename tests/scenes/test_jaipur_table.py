"""The Jaipur table played as a person would: whole matches by mouse and by keyboard, and
what each screen shows along the way."""

import random

import pygame

from game.core import registry
from game.core.match import Match, Seat
from game.scenes.jaipur import layout as L
from game.scenes.jaipur.sheets import REVEAL_EVERY, JaipurResult, RoundSheet
from game.scenes.jaipur.table import JaipurTable
from game.scenes.overlays import HandOff
from game.scenes.results import Results
from tests.rules.jaipur.helpers import setup
from tests.scenes.driver import (
    click,
    find_button,
    frame,
    key,
    make_app,
    open_table,
    record,
    referee,
    run,
    shot,
    until,
)
from tests.scenes.jaipur_player import SpyScreen, finish_match, play_by_keyboard, play_by_mouse, slots

SOLO = [Seat("Asha"), Seat("Rule bot", "rules", "Solo rule bot")]


def table_app(seats, options=None, seed=3, fixed=None, moves=(), automated=True, **settings):
    """A table on a fresh match; `fixed` is a setup deal and `moves` are played before it opens."""
    app = make_app(automated)
    app.settings = type(app.settings)(**{"bot_pause_ms": 0, "animation_speed": 2.0, **settings})
    match = Match.new(registry.get("jaipur"), seats, {"first": 0, **(options or {})}, seed=seed, setup=fixed)
    for seat, command in moves:
        assert match.submit(seat, command), command
    match_id = app.store.attach(match)
    table = open_table(app, JaipurTable, match, match_id)
    app.push(table)
    frame(app)
    return app, table


def settle(app, table, ticks=800):
    until(app, lambda: table.idle() and table.acting_human is not None, ticks, "the person's turn", step=2)


def test_a_whole_match_against_easy_by_mouse():
    app, table = table_app([Seat("Asha"), Seat("Bilal", "bot", "easy")])
    finish_match(app, table, 0, play_by_mouse, random.Random(1))
    assert isinstance(app.top, JaipurResult) and record(table).finished
    assert len(app.top.round_lines()) == len(record(table).outcome.details["sheets"])
    shot(app, "jaipur-result")


def test_a_whole_match_against_easy_by_keyboard():
    app, table = table_app([Seat("Asha"), Seat("Bilal", "bot", "easy")], seed=8)
    finish_match(app, table, 0, play_by_keyboard, random.Random(2))
    assert isinstance(app.top, Results)


def test_a_whole_solo_match():
    app, table = table_app(SOLO, {"variant": "solo"})
    shot(app, "jaipur-solo")
    finish_match(app, table, 0, play_by_mouse, random.Random(3))
    assert isinstance(app.top, Results)


# Asha is dealt gold, silver and three leather; the market is three camels, gold and diamond;
# the deck's next cards are cloth, spice and cloth.
DEAL = setup(
    ["gold", "silver", "leather", "leather", "leather"],
    ["spice", "spice", "cloth", "diamond", "silver"],
    ["gold", "diamond"],
    ["cloth", "spice", "cloth"],
)


def pick(app, table, market=(), hand=(), herd=0):
    table.clear_selection()
    for i in slots(table.v["market"], list(market)):
        click(app, L.market(i))
    for j in slots(table.v["hand"], list(hand)):
        click(app, L.hand(j))
    for _ in range(herd):
        click(app, L.HERD)


def test_the_action_bar_names_the_move_and_says_why_not_in_plain_words():
    app, table = table_app([Seat("Asha"), Seat("Bilal", "bot", "easy")], fixed=DEAL)
    settle(app, table)
    gold = table.v["market"].index("gold")
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=L.market(gold), rel=(0, 0), buttons=(0, 0, 0)))
    assert table.hover == f"market.{gold}"  # what can be clicked shows it under the mouse
    pick(app, table, market=["gold"])
    assert (table.label, table.command) == ("Take gold", {"move": "take", "good": "gold"})
    assert table.confirm.label == "Take gold" and table.confirm.enabled
    pick(app, table, market=["camel"])
    assert table.label == "Take 3 camels" and table.command == {"move": "camels"}
    pick(app, table, hand=["leather"] * 3)
    assert table.label == "Sell 3 leather + bonus"
    assert "Earns 4 + 3 + 2 = 9 and a bonus token" in table.bar()[1]
    pick(app, table, market=["gold", "diamond"], hand=["leather", "leather"])
    assert table.label == "Exchange 2 for 2" and table.command
    shot(app, "jaipur-selection")
    pick(app, table, hand=["silver"])
    assert table.command is None and table.reason == "Silver sells 2 or more"
    assert not table.confirm.enabled
    shot(app, "jaipur-illegal")


def test_a_take_that_would_overfill_the_hand_is_refused_with_its_reason():
    """Hand limit: seven goods cards at the end of a turn; camels never count."""
    moves = [(0, {"move": "camels"}), (1, {"move": "take", "good": "cloth"})]
    app, table = table_app([Seat("Asha"), Seat("Bilal", "bot", "easy")], fixed=DEAL, moves=moves)
    settle(app, table)
    assert len(table.v["hand"]) == 5 and table.v["herd"] == 3
    goods = [c for c in table.v["market"] if c != "camel"][:3]
    pick(app, table, market=goods, herd=3)
    assert table.label == "Exchange 3 for 3"
    assert table.command is None and table.reason == "Hand would hold 8 cards"
    before = len(record(table).events)
    key(app, pygame.K_RETURN)
    click(app, table.confirm.rect.center)
    assert len(record(table).events) == before
    click(app, (600, 380), button=3)  # right-click clears
    assert not table.market_sel and not table.hand_sel and not table.herd_sel


def test_the_hand_off_names_the_move_the_next_person_missed():
    app, table = table_app([Seat("Asha"), Seat("Bilal")], fixed=DEAL)
    until(app, lambda: isinstance(app.top, HandOff), 800, "the first hand-off", step=4)
    assert app.top.player == "Asha"
    key(app, pygame.K_RETURN)
    settle(app, table)
    play_by_mouse(app, table, {"move": "take", "good": "gold"})
    until(app, lambda: isinstance(app.top, HandOff), 800, "the hand-off after Asha's move", step=4)
    assert app.top.player == "Bilal" and "Asha takes 1 gold" in app.top.note


def test_the_moves_in_words_go_by_seat_whatever_the_names():
    """The bar and the hand-off name each mover once, found from the events: a name that starts
    like "Round" or like the other name is not taken for the deal or for the other seat."""
    app, table = table_app([Seat("Round"), Seat("Round Two")], fixed=DEAL)
    sell = {"type": "sell", "seat": 0, "good": "leather", "count": 1, "tokens": [4], "bonus": None}
    take = {"type": "take", "seat": 1, "good": "gold"}
    deal = next(e for e in record(table).events if e["type"] == "deal")
    assert table.in_words([deal, take, {"type": "refill", "cards": ["cloth"]}, sell, sell]) == [
        "Round Two takes 1 gold",
        "Round sells 1 leather for 4",
        "sells 1 leather for 4",
    ]
    reveal, turned = {"type": "bot_reveal", "card": "spice"}, {"type": "bot_turned"}
    solo = table_app(SOLO, {"variant": "solo"})[1]
    assert solo.in_words([reveal, turned]) == [
        "Rule bot reveals spice",
        "its action deck is turned over, same order",
    ]


def test_a_bot_move_animates_before_the_next_turn():
    """Under automation the bot answers in the tick its turn comes, once the person's cards
    have landed; its cards then fly before the person may act again."""
    app, table = table_app([Seat("Asha"), Seat("Bilal", "bot", "easy")])
    assert table.flights.busy  # the opening deal
    settle(app, table)
    play_by_mouse(app, table, record(table).legal(0)[0])
    assert table.flights.busy and len(record(table).commands) == 1
    until(app, lambda: len(record(table).commands) == 2, 600, "the bot's move")
    assert record(table).commands[-1].seat == 1 and table.log[-1].startswith("Bilal")
    run(app, 12)
    assert table.flights.busy, "the bot's move is in the air"
    assert table.acting_human is None or not table.idle()  # the person waits for it to land
    shot(app, "jaipur-animation")
    settle(app, table)
    assert table.acting_human == 0 and len(record(table).commands) == 2


def test_off_automation_a_bot_thinks_on_a_worker_thread_and_answers_after_its_pause():
    """The real window's path: the bot is asked off the UI thread, and its answer is used once
    the bot pause has passed, counted in ticks. The test waits on the bot's future (the
    worker's answer), then on ticks alone."""
    import threading

    app, table = table_app([Seat("Asha"), Seat("Bilal", "bot", "easy")], automated=False, bot_pause_ms=500)
    thinking = referee(table).thinking
    assert not thinking.synchronous
    bot, threads = referee(table).players[1], []

    class Spy:
        level = bot.level

        def choose(self, *args):
            threads.append(threading.current_thread())
            return bot.choose(*args)

    referee(table).players[1] = Spy()
    settle(app, table)
    play_by_mouse(app, table, record(table).legal(0)[0])
    until(app, lambda: 1 in thinking, 600, "the bot asked")
    job = thinking.jobs[1]
    wait = job.due - thinking.now
    # half a second of ticks from the settings (30) since the tick it was asked in, which has
    # passed, whatever the thread does
    assert wait == 29
    command = job.future.result()  # the worker's answer: a future, not a clock
    assert threads and threads[0] is not threading.main_thread()
    run(app, wait - 1)
    assert len(record(table).commands) == 1, "not a tick before the pause is over"
    frame(app)
    assert len(record(table).commands) == 2 and record(table).commands[1].command == command


def test_the_solo_bot_waits_the_bot_pause_then_turns_its_action_card_over():
    delays = []
    for pause in (0, 1000):
        app, table = table_app(SOLO, {"variant": "solo"}, bot_pause_ms=pause, animation_speed=1.0)
        settle(app, table)
        play_by_mouse(app, table, record(table).legal(0)[0])
        revealed = table.v["bot_revealed"]
        assert revealed, "the rule bot played"
        flips = [f for f in table.flights.items if f.mask == ("revealed", len(revealed) - 1)]
        assert flips and flips[0].flip_to is not None  # drawn face down, landing face up
        delays.append(flips[0].delay)
    assert delays[1] - delays[0] == 60  # a second at 60 ticks a second, from the settings
    settle(app, table)
    shot(app, "jaipur-solo-table")


def round_end_move(match, seat):
    """A legal move of `seat` that ends the round, if there is one now."""
    rules = match.ruleset
    for command in match.legal(seat):
        events = rules.decide(match.state, seat, command, random.Random(0))
        if any(e["type"] == "round_end" for e in events):
            return command
    return None


def test_the_score_sheet_shows_the_round_as_it_ended_then_the_next_deal():
    seats = [Seat("Asha"), Seat("Bilal", "bot", "easy")]
    match = Match.new(registry.get("jaipur"), seats, {"first": 0}, seed=6)
    rng = random.Random(4)
    while (seat := min(match.to_act)) != 0 or not round_end_move(match, 0):
        match.submit(seat, rng.choice(match.legal(seat)))
    app = make_app()
    app.settings = type(app.settings)(bot_pause_ms=0, animation_speed=2.0)
    table = open_table(app, JaipurTable, match)
    app.push(table)
    frame(app)
    play_by_mouse(app, table, round_end_move(match, 0))
    until(app, lambda: isinstance(app.top, RoundSheet), 600, "the round's sheet", step=2)
    sheet = app.top
    assert isinstance(sheet, RoundSheet) and table.v["round"] == 1 and table.frozen is not None
    assert table.v["phase"] != "play"  # under the sheet: the table as it ended, not the next deal
    assert sheet.revealed == 0
    run(app, REVEAL_EVERY)
    assert sheet.revealed == 1  # the bonus tokens turn over one at a time
    key(app, pygame.K_RETURN)  # the first press shows everything
    assert sheet.done and app.top is sheet
    shot(app, "jaipur-sheet-test")
    key(app, pygame.K_RETURN)
    assert app.top is table and table.frozen is None
    assert not match.finished  # one round gives one seal; the match takes two
    assert table.v["round"] == 2 and table.flights.busy  # the next round is dealt


def sheet_event(totals, bonus_counts, goods_counts, winner, tiebreak):
    seats = [
        {
            "goods": [["leather", 1]] * goods_counts[i],
            "leftover": [],
            "bonus": [[3, 1]] * bonus_counts[i],
            "camel": 0,
            "herd": 0,
            "total": totals[i],
            "bonus_count": bonus_counts[i],
            "goods_count": goods_counts[i],
        }
        for i in range(2)
    ]
    sheet = {"round": 1, "winner": winner, "tiebreak": tiebreak, "camel_token": None, "seats": seats}
    seals = [1 if winner == i else 0 for i in range(2)]
    return {"round": 1, "sheet": sheet, "winner": winner, "seals": seals, "match_winner": None}


def test_the_sheet_explains_a_tie_break_when_it_decided():
    """Ties: more bonus tokens, then more goods tokens; still tied, no seal (ours)."""
    app = make_app()
    names = ["Asha", "Bilal"]

    def explain(*args):
        return RoundSheet(app, sheet_event(*args), names, False, lambda: None).explanation()

    assert explain((60, 52), (1, 1), (5, 5), 0, "points") == "Asha takes the seal with 60 rupees to 52."
    assert explain((60, 60), (2, 3), (5, 5), 1, "bonus tokens") == (
        "Tied at 60 rupees: Bilal has more bonus tokens (3 to 2) and takes the seal."
    )
    assert explain((60, 60), (2, 2), (7, 5), 0, "goods tokens") == (
        "Tied at 60 rupees: Asha has more goods tokens (7 to 5) and takes the seal."
    )
    assert explain((60, 60), (2, 2), (5, 5), None, "tie").startswith("Tied at 60 rupees")


def test_the_sheet_is_drawn_again_only_while_its_tokens_turn_over():
    app = make_app()
    event = sheet_event((60, 52), (2, 1), (5, 5), 0, "points")
    sheet = RoundSheet(app, event, ["Asha", "Bilal"], False, lambda: None)
    app.push(sheet)
    app.present()
    for _ in range(REVEAL_EVERY * 3):  # two bonus tokens, then the totals and the seal
        app.update(1)
        assert app.present()
    assert sheet.done
    app.update(1)
    assert not app.present()  # everything shows: a still sheet is not drawn again
    key(app, pygame.K_TAB)
    assert app.present()


def test_setup_names_the_first_player_and_solo_fixes_it():
    from game.scenes.setup import Setup

    app = make_app()
    app.push(Setup(app, "jaipur"))
    frame(app)
    screen = app.top
    first = next(w for w in screen.option_widgets if w.label == "First player")
    assert first.names == ["Random", "Asha", "Bilal"]
    first.step(1)
    assert screen.chosen_options()["first"] == 0
    variant = next(w for w in screen.option_widgets if w.label == "Game")
    variant.step(1)
    frame(app)
    assert variant.value == "solo" and not first.visible  # in solo the person always starts: not offered
    shot(app, "jaipur-setup-solo")
    variant.step(1)
    frame(app)
    assert first.visible and first.enabled and first.value == 0


def test_continue_resumes_pass_and_play_behind_the_hand_off():
    from game.scenes.menu import Menu

    app, table = table_app([Seat("Asha"), Seat("Bilal")], fixed=DEAL)
    match = record(table)
    match.submit(0, {"move": "take", "good": "gold"})
    again = make_app()  # the window was closed; a new start
    spy = again.screen = SpyScreen()
    again.push(Menu(again))
    frame(again)
    click(again, find_button(again, "Continue").rect.center)
    click(again, find_button(again, "Resume").rect.center)
    resumed = next(s for s in again.stack if isinstance(s, JaipurTable))
    assert record(resumed).events == match.events
    for _ in range(60):
        if isinstance(again.top, HandOff):
            break
        spy.faces.clear()
        frame(again, 2)
        assert spy.in_hand_row() == []
    assert isinstance(again.top, HandOff) and again.top.player == "Bilal"


def test_a_table_waiting_for_the_person_is_not_drawn_again():
    """Frames are presented while cards fly and the bot answers; once the table waits for the
    person nothing changes by itself, so the last frame stays on the display."""
    app, table = table_app([Seat("Asha"), Seat("Bilal", "bot", "easy")])
    settle(app, table)
    app.update(1)
    app.present()
    app.update(1)
    assert not table.animated and not app.present()
    table.submit(0, {"move": "camels"})  # as Confirm would
    drawn = []
    while table.animated or not drawn:
        app.update(1)
        drawn.append(app.present())
    assert all(drawn)  # the move, the bot's answer and the frame where the last card landed
    assert table.acting_human == 0 and len(record(table).commands) == 2
    app.update(1)
    assert not app.present()
