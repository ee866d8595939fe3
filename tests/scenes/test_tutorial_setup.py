"""Learn to play on a game's setup screen: offered once on the first visit (a note beside the
button, never again), opening the game's tutorial on its table, left back to the setup."""

from __future__ import annotations

from pathlib import PurePosixPath

from game.automation import Session
from game.core import registry
from game.scenes.tutorial import progress


def open_setup(game: str = "jaipur") -> Session:
    s = Session.menu()
    s.click(game)
    assert s.scene == "setup"
    return s


def test_the_first_visit_offers_the_tutorial_once_and_never_again():
    s = open_setup()
    assert s.app.top.offer and progress.offered("jaipur")
    assert s.target("learn").enabled
    s.close()
    again = open_setup()
    assert not again.app.top.offer  # the button stays, the note does not come back
    assert again.target("learn").enabled


def test_learn_to_play_opens_the_tutorial_on_the_table_and_leave_comes_back():
    s = open_setup()
    s.click("learn")
    s.idle()
    assert s.scene == "jaipur" and s.table.coach.tutorial.name == "jaipur"
    assert s.table.coach.index == 0
    s.click("coach.leave")
    assert s.scene == "setup"


def test_with_the_solo_variant_chosen_learn_to_play_opens_the_solo_tutorial():
    s = open_setup()
    s.click("option.variant")
    assert s.app.top.options["variant"] == "solo"
    s.click("learn")
    s.idle()
    assert s.table.coach.tutorial.name == "jaipur-solo"
    assert s.match.options["variant"] == "solo"


def test_leaving_by_the_pause_menu_keeps_the_step():
    s = open_setup()
    s.click("learn")
    s.idle()
    s.click("coach.next")
    s.key("escape")
    assert s.scene == "pause"
    s.click("save-and-leave")
    assert s.scene == "menu" and progress.step("jaipur") == 1
    assert not s.app.store.unfinished()  # a tutorial's match is not saved


def test_a_remembered_step_that_no_longer_fits_starts_the_tutorial_afresh(monkeypatch):
    from game import matches

    progress.save_step("jaipur", 5)
    real = matches.tutorial_match

    def changed(tutorial, upto):  # as if the file had changed since the step was saved
        if upto:
            raise ValueError("a step's move is refused")
        return real(tutorial, upto)

    monkeypatch.setattr(matches, "tutorial_match", changed)
    s = open_setup()
    s.click("learn")
    s.idle()
    assert s.table.coach.index == 0 and not s.match.commands


def test_each_menu_tile_has_learn_to_play_which_counts_as_the_offer():
    s = Session.menu()
    learn = {t["id"] for t in s.targets() if t["id"].startswith("learn.")}
    assert learn == {f"learn.{g}" for g, plugin in registry.plugins().items() if plugin.tutorials}
    s.click("learn.ginrummy")
    s.idle()
    assert s.table.coach.tutorial.name == "ginrummy" and progress.offered("ginrummy")
    s.click("coach.leave")
    assert s.scene == "menu"
    s.click("ginrummy")  # the tile itself still opens the setup, with no offer left to make
    assert s.scene == "setup" and not s.app.top.offer
    s.close()
    again = Session.menu()
    again.key("l")  # L on the focused tile (the first game)
    again.idle()
    first = registry.plugin(registry.games()[0]).tutorials[0]  # "game:tutorials/jaipur.json"
    assert again.table.coach.tutorial.name == PurePosixPath(first.partition(":")[2]).stem
