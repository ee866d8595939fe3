"""A remote seat's window hands out the game's face and holds none of its machinery (issue 53,
"One door"): what it knows of the game is the face; a hint's bot is made when one is asked."""

from __future__ import annotations

from game.core import registry
from game.core.ruleset import Ruleset


def test_a_remote_window_holds_the_face_and_no_ruleset(net):
    net.start()
    _, codes, _ = net.create("jaipur", "online", "bot")
    window = net.join(codes[0])
    assert window.game is registry.face("jaipur")
    assert not [name for name, value in vars(window).items() if isinstance(value, Ruleset)]
