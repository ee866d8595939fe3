"""Playing a table by keys alone, for the tables whose `gestures` take `keyboard=True`."""

from __future__ import annotations

from game.automation import Session, same_command


def perform_by_keys(s: Session, seat: int, command: dict) -> None:
    """As Session.perform, by keys alone: Enter past a hand-off, a sheet or a visit's summary,
    then the table's keyboard gestures (the focus walked to each target, Space, Enter)."""
    s.idle()
    for _ in range(4):
        if s.app.top is s.table:
            break
        s.key("return")
        s.idle()
    count = len(s.match.commands)
    for gesture in s.table.gestures(seat, command, keyboard=True):
        assert gesture[0] == "key", gesture
        s.gesture(gesture)
        if len(s.match.commands) > count:
            break
    made = s.match.commands[count:]
    assert made and made[0].seat == seat and same_command(made[0].command, command), (made, command)
