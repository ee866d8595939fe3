"""New-game setup, generated from what the game's face declares: seats, bots, options."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.core import faces, setups
from game.core.face import Option
from game.core.i18n import N_, msg
from game.core.seats import Seat, level_name
from game.scenes import tables, waiting
from game.scenes.base import Screen
from game.scenes.tutorial import available, open_tutorial, progress
from game.ui import text, theme
from game.ui.widgets import Button, Choice, TextField, Widget, panel

if TYPE_CHECKING:
    from game.core.window import Options
    from game.scenes.asked import Opened
    from game.scenes.host import Host
    from game.scenes.tables import TableScene

NAMES = ("Asha", "Bilal", "Chandra", "Devi", "Eshan")
SEAT_Y, SEAT_H = 196, 64
OPTION_X, OPTION_Y, OPTION_H = 720, 196, 62
GRID_H = 56  # rows of per-seat options (a handicap per seat), under the game's own options


class Setup(Screen):
    name = "setup"

    def __init__(self, app: Host, game: str):
        super().__init__(app)
        self.game = game
        self.face = faces.face(game)  # the machinery is loaded at Start, for the match
        self.noted: list[pygame.Rect] = []  # where the note and the offer are drawn (draw)
        self.title = msg("New game · {game}", game=self.face.title)
        self.options = self.face.default_options()
        # "online": a person at another computer, who joins with an invite (network play)
        self.kinds = ["human", "online", *self.face.bot_levels]
        self.kind_names = [
            N_("Person"),
            N_("Online"),
            *(msg("Bot · {level}", level=level_name(lvl)) for lvl in self.face.bot_levels),
        ]
        low, high = self.face.seat_range(self.options)
        # Sensible start: you against a bot when bots exist, else everyone a person.
        self.count = max(low, min(high, 2 if low <= 2 else low))
        self.names = [
            TextField((0, 0, 260, 46), n, placeholder=N_("Name"), on_change=lambda _: self._refresh_options())
            for n in NAMES
        ]
        for i, field in enumerate(self.names):
            field.tid = f"name.{i}"

        bots = self.face.bot_levels  # the middle level (medium) when there are three
        default_kinds = ["human"] + [bots[min(1, len(bots) - 1)] if bots else "human"] * 4
        self.seat_kinds = [
            Choice((0, 0, 290, 46), "", self.kinds, k, self._kind_changed, names=self.kind_names)
            for k in default_kinds
        ]
        for i, choice in enumerate(self.seat_kinds):
            choice.tid = f"kind.{i}"
        self.count_choice = Choice(
            (60, 124, 300, 46),
            N_("Players"),
            list(range(low, high + 1)),
            self.count,
            self._set_count,
            wraps=False,
        )
        self.option_widgets = [
            Choice(
                (0, 0, 500, 46),
                o.label if o.seat is None else _family(o),
                list(o.choices),
                self.options[o.key],
                self._option_setter(o.key),
                names=[o.label_of(c) for c in o.choices],
            )
            for o in self.face.options
        ]
        for option, widget in zip(self.face.options, self.option_widgets, strict=True):
            widget.tid, widget.spoken = f"option.{option.key}", option.label
        self._place_options()
        self.start_button = Button((980, 620, 240, 60), N_("Start"), self.start, primary=True)
        # where Host makes the match: offered once Settings → Online names a server
        self.where = Choice(
            (296, 627, 410, 46),
            N_("Host"),
            ["here", "server"],
            "here",
            lambda _: self._layout(),
            names=[N_("on this computer"), N_("on a server")],
            size=18,
        )
        self.where.tid = "where"
        self.back_button = Button((720, 620, 240, 60), N_("Back"), self.back)
        self.practice_button: Button | None = None
        if tables.has_practice(game):  # puzzles on their own, untimed
            self.back_button.rect.w = self.start_button.rect.w = 160
            self.start_button.rect.x = 1060
            self.practice_button = Button((890, 620, 160, 60), N_("Practice"), self.practice, tid="practice")
        # Learn to play: a guided first game on the table; the first visit to a game offers
        # it (a note beside the button, once: never again)
        self.learn_button: Button | None = None
        self.offer = False
        if available(game):
            self.learn_button = Button((40, 620, 240, 60), N_("Learn to play"), self.learn, tid="learn")
            self.learn_button.hint = N_("A guided first game on the real table, under five minutes")
            self.offer = not progress.offered(game)
            if self.offer:
                progress.mark_offered(game)
        self.recall()
        self._refresh_options()
        self._layout()

    def first_control(self) -> Widget | None:
        """Start: Enter begins the game as last set up (Tab reaches the names and choices)."""
        return self.start_button

    def recall(self) -> None:
        """Start from the setup last started for this game, keeping what still fits."""
        last, problem = setups.load(self.game)
        if problem:
            self.app.toast(problem, error=True, echo=False)
        for option, widget in zip(self.face.options, self.option_widgets, strict=True):
            value = last.get("options", {}).get(option.key) if isinstance(last.get("options"), dict) else None
            if value in option.choices:
                self.options[option.key] = value
                widget.set(value)
        low, high = self.face.seat_range(self.options)
        self.count_choice.choices = list(range(low, high + 1))
        self.count_choice.names = [str(c) for c in self.count_choice.choices]
        if last.get("count") in self.count_choice.choices:
            self.count = last["count"]
        self.count = max(low, min(high, self.count))
        self.count_choice.set(self.count)
        self.where.set(last.get("where"))
        names, kinds = last.get("names"), last.get("kinds")
        for i, name in enumerate(names if isinstance(names, list) else []):
            if i < len(self.names) and isinstance(name, str) and name.isprintable():
                field = self.names[i]
                field.value = name[: field.max_len]
                field.caret = field.anchor = len(field.value)
        for i, kind in enumerate(kinds if isinstance(kinds, list) else []):
            if i < len(self.seat_kinds) and kind in self.kinds:
                self.seat_kinds[i].set(kind)

    def remember(self) -> None:
        problem = setups.save(
            self.game,
            {
                "count": self.count,
                "names": [f.value for f in self.names],
                "kinds": [c.value for c in self.seat_kinds],
                "options": dict(self.options),
                "where": self.where.value,
            },
        )
        if problem:
            self.app.toast(problem, error=True, echo=False)

    def _option_setter(self, key: str) -> Callable[[object], None]:
        def setter(value: object) -> None:
            self.options[key] = value
            self._refresh_options()
            low, high = self.face.seat_range(self.options)
            self.count_choice.choices = list(range(low, high + 1))
            self.count_choice.names = [str(c) for c in self.count_choice.choices]
            self._set_count(max(low, min(high, self.count)))
            self.count_choice.set(self.count)

        return setter

    def _set_count(self, count: int) -> None:
        self.count = count
        self._refresh_options()
        self._layout()

    def _kind_changed(self, _kind: str) -> None:
        self._layout()  # an Online seat turns Start into Host

    def hosting(self) -> bool:
        """Whether a seat is played from another computer: Start hosts the match here."""
        fixed = self.face.fixed_seats(self.options)
        return any(self.seat_kinds[i].value == "online" for i in range(self.count) if i not in fixed)

    @property
    def server(self) -> str:
        """The server of Settings → Online ("" none)."""
        return self.app.settings.server.strip()

    def on_server(self) -> bool:
        """Whether Host makes the match on that server rather than on this computer."""
        return self.where.visible and self.where.value == "server"

    def seat_name(self, i: int) -> str:
        return self.names[i].value.strip() or NAMES[i]

    def _place_options(self) -> None:
        """The game's options one per row; per-seat options (a handicap) in a grid beneath,
        a row per seat and a column per kind, narrower so four seats fit."""
        fixed = self.face.fixed_options(self.options)  # settled by the rules now (solo: you start)
        pairs = zip(self.face.options, self.option_widgets, strict=True)
        general = [w for o, w in pairs if o.seat is None and o.key not in fixed]
        for i, widget in enumerate(general):
            widget.rect.topleft = (OPTION_X, OPTION_Y + OPTION_H * i)
        families = list(dict.fromkeys(_family(o) for o in self.face.options if o.seat is not None))
        self.grid_top = OPTION_Y + OPTION_H * len(general) + 30
        width = (500 - 48 - 10 * (len(families) - 1)) // max(1, len(families))
        for option, widget in zip(self.face.options, self.option_widgets, strict=True):
            if option.seat is not None:
                column = families.index(_family(option))
                widget.rect = pygame.Rect(
                    OPTION_X + 48 + column * (width + 10), self.grid_top + GRID_H * option.seat, width, 46
                )
                widget.label = ""  # the column heading says what it is
        self.families = families

    def _refresh_options(self) -> None:
        """Choices that name a seat show the name typed for it, and only seats in the game are
        offered; options the rules settle under the current choices (solo: the person starts)
        are not shown. Called whenever a name or an option changes."""
        fixed = self.face.fixed_options(self.options)
        for option, widget in zip(self.face.options, self.option_widgets, strict=True):
            pairs = [
                (c, option.label_of(c))
                for c in option.choices
                if not any(option.label_of(c) == f"Seat {i + 1}" for i in range(self.count, len(self.names)))
            ]
            names = [n for _, n in pairs]
            for i in range(len(self.names)):
                names = [n.replace(f"Seat {i + 1}", self.seat_name(i)) for n in names]
            widget.choices, widget.names = [c for c, _ in pairs], names
            value = fixed.get(option.key, self.options[option.key])
            if value not in widget.choices:  # a seat that left the game: back to the default
                value = self.options[option.key] = option.default
            widget.index = widget.choices.index(value) if value in widget.choices else 0
            # what the rules settle is not offered at all (solo Ubongo has no start player)
            widget.visible = option.key not in fixed and (option.seat is None or option.seat < self.count)
        self._place_options()

    def _layout(self) -> None:
        fixed = self.face.fixed_seats(self.options)
        widgets: list[Widget] = [self.count_choice]
        for i in range(self.count):
            y = SEAT_Y + SEAT_H * i
            self.names[i].rect.topleft = (96, y)
            self.seat_kinds[i].rect.topleft = (372, y)
            self.seat_kinds[i].enabled = i not in fixed
            if i in fixed:
                self.seat_kinds[i].names = [fixed[i]] * len(self.kinds)
            else:
                self.seat_kinds[i].names = list(self.kind_names)
            widgets += [self.names[i], self.seat_kinds[i]]
        self.count_choice.visible = len(self.count_choice.choices) > 1
        hosting = self.hosting()
        self.where.visible = hosting and bool(self.app.settings.server.strip())
        self.start_button.label = N_("Host") if hosting else N_("Start")
        self.start_button.hint = (
            ""
            if not hosting
            else msg("Make the match on the server {server} and show the invites", server=self.server)
            if self.on_server()
            else N_("Start the match on this computer and show the invites")
        )
        options: list[Widget] = [w for w in self.option_widgets if w.visible]
        buttons: list[Widget] = [
            *([self.learn_button] if self.learn_button else []),
            *([self.where] if self.where.visible else []),
            self.back_button,
            *([self.practice_button] if self.practice_button else []),
            self.start_button,
        ]
        self.group.widgets = widgets + options + buttons

    def learn(self) -> None:
        """The tutorial of this game (its solo variant's when solo is chosen), at the step it
        was left at."""
        names = available(self.game)
        variant = self.options.get("variant")
        wanted = f"{self.game}-{variant}" if variant and f"{self.game}-{variant}" in names else self.game
        self.offer = False
        open_tutorial(self.app, wanted if wanted in names else names[0])

    def practice(self) -> None:
        self.app.push(tables.practice_class(self.game)(self.app))

    def chosen_options(self) -> Options:
        return {**self.options, **self.face.fixed_options(self.options)}

    def seats(self) -> list[Seat]:
        fixed = self.face.fixed_seats(self.options)
        seats = []
        for i in range(self.count):
            name = self.seat_name(i)
            if i in fixed:
                seats.append(Seat(name, "rules", fixed[i]))
            else:
                kind = self.seat_kinds[i].value
                if kind in ("human", "online"):
                    seats.append(Seat(name, kind))
                else:
                    seats.append(Seat(name, "bot", kind))
        return seats

    def start(self) -> None:
        seats = self.seats()
        names = [s.name for s in seats]
        if len(set(names)) != len(names):
            self.app.toast(N_("Give every player a different name."))
            return
        if self.hosting():
            self.host(seats)
            return
        waiting.open_new(self.app, self.face, seats, self.chosen_options(), self.started)

    def started(self, table: TableScene) -> None:
        """The new match is stored: its table in place of this screen."""
        self.remember()
        self.app.replace(table)

    def host(self, seats: list[Seat]) -> None:
        """Host the match on this computer: its table, with the invites on top to send."""
        refused = self.refusal(seats)
        if refused:
            self.app.toast(refused, error=True, echo=False)
            return
        options = self.chosen_options()
        on_server = self.on_server()
        waiting.opening(
            self.app,
            lambda answered: self.app.matches.host(
                self.game, seats, options, then=answered, on_server=on_server
            ),
            self.hosted,
            msg("Making the match on {server}…", server=self.server)
            if on_server
            else N_("Hosting the match…"),
        )

    def hosted(self, opened: Opened) -> None:
        """The match is on this computer's server: its table, with the invites on top to send."""
        from game.scenes.invites import InviteSheet
        from game.scenes.online import opened_table

        table = opened_table(self.app, opened)
        self.remember()
        self.app.replace(table)
        self.app.push(InviteSheet(self.app, table))

    def refusal(self, seats: list[Seat]) -> str:
        """Why these seats cannot be hosted ("" when they can): the host's screen needs a seat
        of its own, and a race (Ubongo) gives each person a screen of their own."""
        people = sum(s.kind == "human" for s in seats)
        if people == 0:
            return N_("Keep a seat for yourself: make one seat a Person, at this screen.")
        if self.face.timed and people > 1:
            return msg(
                "{game} is a race: each person needs their own screen. Make one seat a Person "
                "and the other people Online.",
                game=self.face.title,
            )
        return ""

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        left = pygame.Rect(40, 108, 640, 500)
        right = pygame.Rect(700, 108, 540, 500)
        panel(surface, left, theme.BG_DEEP)
        panel(surface, right, theme.BG_DEEP)
        if not self.count_choice.visible:
            text.blit(surface, N_("Players"), (60, 147), 24, theme.ACCENT, "bold", "midleft")
        text.blit(surface, N_("Options"), (720, 147), 24, theme.ACCENT, "bold", "midleft")
        if not self.option_widgets:
            text.blit(surface, N_("This game has no options."), (720, 200), 18, theme.MUTED)
        if self.families:
            width = (500 - 48 - 10 * (len(self.families) - 1)) // len(self.families)
            for k, family in enumerate(self.families):
                x = OPTION_X + 48 + k * (width + 10) + width // 2
                text.blit(surface, family, (x, self.grid_top - 14), 17, theme.MUTED, "bold", "center")
            for i in range(self.count):
                y = self.grid_top + GRID_H * i + 23
                pygame.draw.circle(surface, theme.PANEL_HI, (OPTION_X + 18, y), 15)
                text.blit(surface, str(i + 1), (OPTION_X + 18, y), 17, theme.ACCENT, "bold", "center")
        for i in range(self.count):
            y = SEAT_Y + SEAT_H * i + 23
            pygame.draw.circle(surface, theme.PANEL_HI, (74, y), 16)
            text.blit(surface, str(i + 1), (74, y), 18, theme.ACCENT, "bold", "center")
        refused = self.refusal(self.seats()) if self.hosting() else ""
        if refused:  # said before Host is pressed, and again (a toast) when it is
            note, ink = refused, theme.ACCENT
        elif self.on_server():
            note = msg(
                "Online: a person at another computer. Host makes the match on the server {server} "
                "and shows the invite to send them.",
                server=self.server,
            )
            ink = theme.MUTED
        elif self.hosting():
            note, ink = (
                N_("Online: a person at another computer. Host shows the invite to send them."),
                theme.MUTED,
            )
        elif self.count == 1:  # alone: no race, no hand-off
            note, ink = N_("You play alone against the clock: nothing is hidden, nobody waits."), theme.MUTED
        elif self.face.timed:  # a race: nobody waits for a turn
            note = N_(
                "Everyone races at once. People at one screen solve in turn, each on their own sand; "
                "a hand-off screen hides each puzzle."
            )
            ink = theme.MUTED
        else:
            note = N_("Seats play in this order. People share the screen; a hand-off screen hides each hand.")
            ink = theme.MUTED
        face = "bold" if refused else "regular"
        lines = text.wrap(note, 600, 16, face)[:2]
        self.noted = []  # the note's words and the offer's: no tooltip covers them (tip_avoid)
        for k, line in enumerate(lines):
            y = 580 - 10 * (len(lines) - 1) + 20 * k
            self.noted.append(text.blit(surface, line, (60, y), 16, ink, face, "midleft"))
        if self.offer and self.learn_button is not None:
            ring = self.learn_button.rect.inflate(10, 10)
            pygame.draw.rect(surface, theme.ACCENT, ring, 2, border_radius=theme.RADIUS + 4)
            at = (ring.right + 14, self.learn_button.rect.centery)
            lines = (
                msg("New to {game}?", game=self.face.title),
                N_("A guided first game, under five minutes."),
            )
            self.noted.append(
                text.blit(surface, lines[0], (at[0], at[1] - 11), 18, theme.ACCENT, "bold", "midleft")
            )
            self.noted.append(
                text.blit(surface, lines[1], (at[0], at[1] + 12), 16, theme.TEXT, anchor="midleft")
            )
        self.group.draw(surface)

    def tip_avoid(self) -> list[pygame.Rect]:
        return self.noted


def _family(option: Option) -> str:
    """A per-seat option's kind, the heading of its column ("Board side")."""
    return option.family or option.label
