"""Network play's tables: a hosted match's table with its invites, and a joined one's. The
windows come from the app's composition module (`app.matches`, game/matches.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.scenes import tables
from game.scenes.host import Host

if TYPE_CHECKING:
    from game.core.window import Window
    from game.scenes.asked import Opened
    from game.scenes.tables import TableScene


def opened_table(app: Host, opened: Opened) -> TableScene:
    """The table of a match opened by `app.matches` (new, resumed or hosted), with its invites."""
    table = tables.table_class(opened.window.game.name)(app, opened.window, opened.match_id)
    table.invites = dict(opened.invites)
    return table


def join_table(app: Host, text: str) -> TableScene:
    """Join with an invite: its table, or ValueError / NetError saying why not in words."""
    return window_table(app, app.matches.join(text))


def window_table(app: Host, window: Window) -> TableScene:
    """The table of a match joined at another computer (its window reached already: the Join
    screen reaches it off the frame)."""
    return tables.table_class(window.game.name)(app, window, None)
