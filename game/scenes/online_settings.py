"""Settings → Online: a relay for hosting when friends cannot reach this computer (carrier-grade
NAT, a router that maps no port). Its address (empty: none), its key's pin when the relay is
pinned (as an invite pins a host), and the registration key its operator may ask. Kept on
Done; a match hosted from then on keeps a link to it (docs/network.md, "Through a relay").
Below it a server (`python -m game serve`) to host on instead of this computer: its address,
its key's pin and the creator key its operator gave (docs/network.md, "Host on a server"); once
one is set, the setup screen's Host offers where."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from game.core.i18n import N_, said
from game.net.invite import PIN
from game.net.relaying import parse_address
from game.net.served import server_route
from game.scenes.base import Screen
from game.ui import clipboard, text, theme
from game.ui.widgets import Button, TextField, panel

if TYPE_CHECKING:
    from game.scenes.host import Host

LEFT, FIELD_X, FIELD_W, ROW_Y, ROW_H = 240, 520, 520, 132, 62
GAP = 30  # between the relay's rows and the server's
SECRETS = ("relay_key", "creator_key")  # keys an operator gave: dots on screen but while edited


class PastingField(TextField):
    """A field that also takes Ctrl+V (a relay's pin is long to type)."""

    def key(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_v and event.mod & pygame.KMOD_CTRL:
            words = clipboard.paste()
            if words:
                self._replace(words.strip().splitlines()[0].strip() if words.strip() else "")
            return True
        return super().key(event)


class OnlineSettings(Screen):
    name = "settings.online"
    title = N_("Settings · Online")

    def __init__(self, app: Host):
        super().__init__(app)
        s = app.settings
        rows = (
            ("relay", N_("Relay"), s.relay, N_("none (e.g. relay.example.org:8766)"), 120),
            ("relay_pin", N_("The relay's key (pin)"), s.relay_pin, N_("optional: pins the relay"), 43),
            ("relay_key", N_("Registration key"), s.relay_key, N_("optional: if the relay asks one"), 120),
            ("server", N_("Host on a server"), s.server, N_("none (e.g. games.example.org:8765)"), 120),
            ("server_pin", N_("The server's key (pin)"), s.server_pin, N_("the pin its serve printed"), 43),
            ("creator_key", N_("Creator key"), s.creator_key, N_("the key its operator gave you"), 120),
        )
        self.labels: list[str] = []  # drawn before each field
        self.fields: dict[str, PastingField] = {}
        for i, (key, label, value, placeholder, most) in enumerate(rows):
            place = (FIELD_X, _row(i), FIELD_W, 50)
            field = PastingField(place, value, most, placeholder, size=17, secret=key in SECRETS)
            field.tid, field.spoken = f"online.{key}", label
            self.group.add(field)
            self.fields[key] = field
            self.labels.append(label)
        self.problem = ""
        self.group.add(Button((540, 646, 240, 54), N_("Cancel"), self.back, tid="cancel"))
        self.group.add(Button((800, 646, 240, 54), N_("Done"), self.done, primary=True, tid="done"))

    def done(self) -> None:
        """Kept when each field holds what it should; else the screen says what is wrong."""
        relay = self.fields["relay"].value.strip()
        pin = self.fields["relay_pin"].value.strip()
        try:
            if relay:
                parse_address(relay)
        except ValueError as exc:
            self.problem = said(exc)
            return
        if pin and not PIN.match(pin):
            self.problem = N_("A relay's pin is 43 letters, digits, - and _, as its operator gives it")
            return
        server = self.fields["server"].value.strip()
        server_pin = self.fields["server_pin"].value.strip()
        try:
            if server:
                server_route(server, server_pin)
        except ValueError as exc:
            self.problem = said(exc)
            return
        if server_pin and not PIN.match(server_pin):
            self.problem = N_("A server's pin is 43 letters, digits, - and _, as its serve printed it")
            return
        key = self.fields["relay_key"].value.strip()
        creator = self.fields["creator_key"].value.strip()
        kept = replace(self.app.settings, relay=relay, relay_pin=pin, relay_key=key)
        self.app.apply_settings(replace(kept, server=server, server_pin=server_pin, creator_key=creator))
        self.back()

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        panel(surface, pygame.Rect(210, 114, 860, _row(5) + 62 - 114), theme.BG_DEEP)
        for i, label in enumerate(self.labels):
            text.blit(surface, label, (LEFT, _row(i) + 25), 19, theme.TEXT, "bold", "midleft")
        intro = N_(
            "When friends cannot reach this computer, a relay brings them: it carries the match "
            "encrypted and cannot read it. A server (python -m game serve) holds the match itself: "
            "Host then offers it. Applies to matches hosted from now on."
        )
        for j, line in enumerate(text.wrap(intro, 800, 16)[:3]):
            text.blit(surface, line, (LEFT, 556 + 21 * j), 16, theme.MUTED, anchor="midleft")
        if self.problem:
            text.blit(surface, self.problem, (LEFT, 622), 17, theme.ACCENT, "bold", "midleft")
        self.group.draw(surface)


def _row(i: int) -> int:
    """The top of row `i`: the relay's three, a gap, then the server's three."""
    return ROW_Y + ROW_H * i + (GAP if i >= 3 else 0)
