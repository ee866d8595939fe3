"""Helpers for the tutorial tests: open a tutorial in a driven app, and walk its steps."""

from __future__ import annotations

from game.automation import Session, same_command
from game.scenes.tutorial import areas, open_tutorial
from game.scenes.tutorial.script import Step, Tutorial, matches


def opened(name: str, start: int | None = 0) -> Session:
    s = Session.menu()
    open_tutorial(s.app, name, start=start)
    s.app.step(0)
    s.idle()
    return s


def pointed_ids(s: Session) -> set[str]:
    """Every id a step may point at now: the table's targets and the coach's areas."""
    return {t["id"] for t in s.targets()} | set(areas.of(s.table))


def to_table(s: Session) -> None:
    """Past whatever stands in front of the table (a round's sheet), as a person moves on."""
    s.idle()
    for _ in range(4):
        top = s.app.top
        if top is s.table or top is None or not top.proceed:
            return
        s.click(top.proceed)
        s.idle()


def do_step(s: Session, step: Step) -> None:
    """What a person does at `step`: its move by the table's own gestures, or Next."""
    to_table(s)
    if step.expect is None:
        s.click("coach.next")
    else:
        s.perform(s.table.coach.tutorial.person, expected(s, step))
    s.idle()


def expected(s: Session, step: Step) -> dict:
    """The step's command as the rules list it now (a step may match on some keys only: a
    legal command that matches, the step's own where the rules list it, else the step's own)."""
    if step.match is None:
        return step.expect  # type: ignore[return-value]
    seat = s.table.coach.tutorial.person
    fitting = [c for c in s.legal(seat) if matches(step, c)]
    # the step's own first, then any other, those not under the bubble before those under it
    fitting.sort(key=lambda c: (under_bubble(s, c), not same_command(c, step.expect)))
    return fitting[0] if fitting else step.expect  # type: ignore[return-value]


def wrong_moves(s: Session, tutorial: Tutorial, step: Step) -> list[dict]:
    """Legal moves of the person now that are not the step's, those whose first click is not
    under the coach's bubble first (the bubble takes the clicks that land on it)."""
    seat = tutorial.person
    if seat not in s.match.to_act:
        return []
    wrong = [
        c
        for c in s.legal(seat)
        if not matches(step, c) and not (step.expect and same_command(c, step.expect))
    ]
    return sorted(wrong, key=lambda c: under_bubble(s, c))


def under_bubble(s: Session, command: dict) -> bool:
    first = next(iter(s.table.gestures(s.table.coach.tutorial.person, command)), None)
    if first is None or first[0] not in ("click", "drag", "right_click"):
        return False
    return s.table.coach.bubble.collidepoint(s.target(first[1]).centre)


def tidy(s: Session) -> None:
    """Put back what a refused attempt left selected (the table's Clear, where it has one)."""
    clear = next((t for t in s.targets() if t["id"] == "clear" and t["enabled"]), None)
    if clear is not None:
        s.click("clear")
