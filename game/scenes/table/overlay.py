"""What every table draws over its own picture each frame (mixed into `Table`): the action bar,
the buttons (pointed at, focused), what flies, network play's connection badge (its own
module, mixed in here) and the tooltip."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.i18n import N_, msg
from game.scenes.presence import link_words
from game.scenes.table.connection import ConnectionBadge
from game.ui import tooltip

if TYPE_CHECKING:
    from game.scenes.host import Host
    from game.ui.action_bar import ActionBar
    from game.ui.flights import Flights
    from game.ui.targets import Target, TargetMap
    from game.ui.widgets import Group, Widget


class TableOverlay(ConnectionBadge):
    focus: str | None
    hover: str | None
    pointer: tuple[int, int] | None
    action_bar: ActionBar
    buttons: Group
    flights: Flights

    app: Host  # provided by Table

    if TYPE_CHECKING:

        def target_map(self) -> TargetMap: ...
        def away(self, seat: int) -> bool: ...
        def tip_avoid(self) -> list[pygame.Rect]: ...

    tip_kinds: tuple[str, ...] = ("button", "log")  # the targets whose tips the tooltip shows

    def tipped(self, tmap: TargetMap | None = None) -> Target | None:
        """The target whose tip the tooltip shows: one of `tip_kinds` (a button, a shortened log
        line) under the pointer, else the one the keyboard is on; none while a screen stands
        in front. A tip the action bar already says (why Play is grey) is not said twice."""
        if not self.on_top():
            return None
        tmap = tmap or self.target_map()
        under = self._under(tmap)
        return self.tip_from(tmap, under, said(self.bar()[1], self._pointed(tmap, under)))

    def tip_from(self, tmap: TargetMap, under: Target | None, said: str) -> Target | None:
        """`tipped`, given what is under the pointer and what the bar's detail says (a table's
        hook: Ubongo's gem rows tip only for a pointer moved onto them)."""
        for target in (under, tmap.get(self.focus)):
            if target is not None and target.tip and target.tip != said and target.kind in self.tip_kinds:
                return target
        return None

    def _under(self, tmap: TargetMap) -> Target | None:
        return tmap.hit(self.pointer) if self.pointer is not None else None

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """What every table draws over its own picture each frame, in this order: the action
        bar (`bar`), the buttons (pointed at, focused), what flies, the tooltip."""
        tmap = self.target_map()  # one map for the frame: building it is not free
        # the bar and the target under the pointer once a frame: the tooltip reads them too
        title, detail, mood = self.bar_shown(*self.bar())
        under = self._under(tmap)
        pointed = self._pointed(tmap, under)
        self.action_bar.draw(surface, title, detail, mood, self.bar_right(), pointed, self.bar_note())
        for button in self.overlay_buttons():
            button.hover = button.visible and button.enabled and self.hover == button.tid
            button.focused = button.visible and self.focus == button.tid
            button.draw(surface)
        self.draw_flying(surface)
        self.draw_connection(surface)  # network play only (game.scenes.table.connection)
        tip = self.tip_from(tmap, under, said(detail, pointed)) if self.on_top() else None  # as `tipped`
        tooltip.draw(surface, tip, self.tip_cards(), self.tip_avoid())

    def bar_shown(self, title: str, detail: str, mood: str) -> tuple[str, str, str]:
        """The bar as drawn: while the match waits on a person who is not connected, that they
        are away, not that they are playing (network play; at one screen everyone is here);
        while this screen's own link is down and the match waits on another screen, that what
        happens there is not known here (the last news of it is stale)."""
        remote = self.connection
        elsewhere = [s for s in self.window.to_act if s not in self.window.seats]
        if remote is not None and remote.status != "online" and elsewhere and mood not in ("over", "moving"):
            return link_words(remote)[0], N_("What the others do shows here once the link is back."), mood
        gone = [s for s in sorted(self.window.to_act) if self.away(s)] if mood == "waiting" else []
        if not gone:
            return title, detail, mood
        return msg("{name} is away: the match waits for them", name=self.window.names[gone[0]]), detail, mood

    def pointed(self, tmap: TargetMap) -> Target | None:
        """What the bar explains when it is greyed out: the button under the pointer, else the
        target the keyboard is on."""
        return self._pointed(tmap, self._under(tmap))

    def _pointed(self, tmap: TargetMap, under: Target | None) -> Target | None:
        return under if under is not None and under.kind == "button" else tmap.get(self.focus)

    # what a table says about its overlay
    def bar(self) -> tuple[str, str, str]:
        """The action bar's title, detail and mood ("idle", "good", "refused", "over", ...)."""
        return "", "", "idle"

    def bar_right(self) -> int | None:
        """Where the bar's words must stop (a button at its right end), None: its full width."""
        return None

    def bar_note(self) -> str:
        """A standing how-to in quiet ink on the bar's last line."""
        return ""

    def overlay_buttons(self) -> list[Widget]:
        """The buttons drawn over the picture (all of the table's `buttons`)."""
        return list(self.buttons.widgets)

    def draw_flying(self, surface: pygame.Surface) -> None:
        """What flies over everything but the tooltip: the table's flights (Gin Rummy: none,
        its cards fly under its score panel)."""
        self.flights.draw(surface)

    def tip_cards(self) -> bool | None:
        """Given, tips naming playing cards ("7H") draw them as rank and suit (four-colour or
        not); None: tips are words."""
        return None


def said(detail: str, pointed: Target | None) -> str:
    """What the action bar's detail line says: a greyed-out target's reason, when one is
    pointed at or focused, in place of the detail (ActionBar.draw)."""
    if pointed is not None and not pointed.enabled and pointed.tip:
        return pointed.tip
    return detail
