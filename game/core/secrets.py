"""What a seat may see of a match, declared by each game; whatever is not declared is withheld.

Each game declares, per event type and per key of its view, what a seat sees of it (a
`Secrets`, kept beside the game's rules in its `redact.py`). `Ruleset.redact` and
`Ruleset.view` pass every event and every view through these declarations, so hidden
information fails closed: a field nobody declared (a new one, a renamed one) is None for
every seat until someone declares it visible, and an event type nobody declared shows its
type alone. Stored events never change: only what a seat is shown of them.

The words of a declaration:

- `PUBLIC`: every seat sees it, the same for all: a leaf (a number, a string, a list of them,
  lists of lists). Nothing under a key passes whole: an object anywhere inside is withheld
  unless its shape is declared (a dict, `Each`, `Map`).
- `OWN` (views only), or `Own(spec)`: what the game's view worked out for the viewer itself (its
  hand, its moves), shown to that seat as `spec` says (OWN: a leaf); a spectator is nobody's
  own and sees none of it (an empty list or object where the value is one, else None). An
  event is the same for every seat, so it has no such part.
- `HIDDEN`: no seat sees it; None in its place.
- `COUNT`: a list whose length is public and whose items no seat sees (each None), so counts
  and shapes stay.
- `Each(spec)`: a list, each item as `spec` says.
- `Map(spec)`: an object whose keys are the game's names (goods, cities, cards), each value as
  `spec` says; the keys themselves are public.
- a dict `{key: spec}` (or `Fields`): an object, each declared key as its spec says, any other
  key None.
- `Owner(key, others)`: the seat the event's `key` names sees it as it is, the others as
  `others` (a card drawn: "a card" to the rest).
- `PerSeat(others)`: a list with an item per seat: the viewer's item as it is, the others' as
  `others` (the hands of a deal).
- `By(fn, then)`: the game's own rule where the seat a value belongs to is a matter of
  position (Jaipur's and Gin's deals deal the deck's slots to the seats): `fn(whole, seat)`
  gives the value, which still passes through `then`.

Anything malformed shows nothing: a value of the wrong shape for its spec, or a spec that is
none of these, withholds. The registry (`game/core/registry.py`) refuses a ruleset whose
declarations are missing or malformed, or which overrides the filtered entry points.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from itertools import chain
from typing import Any

Seat = int | None
Whole = Mapping[str, Any]  # the event or the view a value stands in


class SecretsError(ValueError):
    """A ruleset whose declarations are missing or malformed, or that would bypass them."""


class Spec:
    """How a value is shown to a seat. `shared`: every seat is shown the same of it."""

    shared = True

    def show(self, value: Any, whole: Whole, seat: Seat) -> Any:
        return None

    def problems(self, where: str) -> list[str]:
        return []

    def in_event(self) -> Spec:
        """This spec as an event's (the same for every seat): OWN inside becomes malformed."""
        return self


_SCALARS = frozenset({int, float, str, bool, type(None)})
_SEQUENCES = frozenset({list, tuple})
_LEAVES = _SCALARS | _SEQUENCES


def flat(value: Any) -> bool:
    """A leaf: no object anywhere inside (lists of lists of numbers and strings are leaves).
    Every view a seat or a bot is shown walks its public lists here: the types of a list's
    items are gathered in one go (`set(map(type, ...))`, C's own loop), and only the lists
    inside are walked further, a list of scalars not even called for."""
    kind = type(value)
    if kind is not list and kind is not tuple:
        return not isinstance(value, dict)
    kinds = set(map(type, value))
    if kinds <= _SCALARS:
        return True
    if kinds <= _SEQUENCES and set(map(type, chain.from_iterable(value))) <= _SCALARS:
        return True  # a list of lists of scalars (a board's cells, its rows): two passes in C
    if dict in kinds:
        return False
    for item in value:
        inner = type(item)
        if (inner is list or inner is tuple) and not set(map(type, item)) <= _SCALARS and not flat(item):
            return False
    return True


def leaf(value: Any) -> Any:
    """`value` when it is a leaf; None when an undeclared shape hides inside it."""
    return value if type(value) in _SCALARS or flat(value) else None


class _Public(Spec):
    def show(self, value: Any, whole: Whole, seat: Seat) -> Any:
        return leaf(value)

    def __repr__(self) -> str:
        return "PUBLIC"


@dataclass(frozen=True)
class Own(Spec):
    """The viewer's own, shown to its seat as `spec` says; a spectator sees none of it."""

    spec: Any = None  # None: a leaf (OWN)
    shared = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "spec", PUBLIC if self.spec is None else spec_of(self.spec))

    def show(self, value: Any, whole: Whole, seat: Seat) -> Any:
        if seat is None:
            return [] if isinstance(value, list) else {} if isinstance(value, dict) else None
        return self.spec.show(value, whole, seat)

    def problems(self, where: str) -> list[str]:
        return self.spec.problems(f"{where} (own)")

    def in_event(self) -> Spec:
        return _Malformed(self, "is for views (an event is the same for every seat: Owner, PerSeat, By)")

    def __repr__(self) -> str:
        return "OWN" if self.spec is PUBLIC else f"Own({self.spec!r})"


class _Hidden(Spec):
    def __repr__(self) -> str:
        return "HIDDEN"


class _Count(Spec):
    def show(self, value: Any, whole: Whole, seat: Seat) -> Any:
        return [None] * len(value) if isinstance(value, list) else None

    def __repr__(self) -> str:
        return "COUNT"


PUBLIC: Spec = _Public()
HIDDEN: Spec = _Hidden()
COUNT: Spec = _Count()


@dataclass(frozen=True)
class _Malformed(Spec):
    """What a declaration that is no spec becomes: it withholds, and the registry names it."""

    what: Any
    why: str = "is not a declaration (PUBLIC, OWN, HIDDEN, COUNT, Each, a dict, Owner, PerSeat, By)"

    def problems(self, where: str) -> list[str]:
        return [f"{where}: {self.what!r} {self.why}"]


def spec_of(declared: Any) -> Spec:
    """A declaration as a Spec: a dict is an object's fields; anything unknown withholds."""
    if isinstance(declared, Spec):
        return declared
    if isinstance(declared, Mapping):
        return Fields(declared)
    return _Malformed(declared)


OWN: Spec = Own()


@dataclass(frozen=True)
class _Items(Spec):
    """What holds items of one spec (a list's, an object's values by name)."""

    item: Any

    def __post_init__(self) -> None:
        object.__setattr__(self, "item", spec_of(self.item))

    @property
    def shared(self) -> bool:  # type: ignore[override]
        return self.item.shared

    def in_event(self) -> Spec:
        return type(self)(self.item.in_event())


@dataclass(frozen=True)
class Each(_Items):
    """A list, each item as `item` says."""

    def show(self, value: Any, whole: Whole, seat: Seat) -> Any:
        if not isinstance(value, list):
            return None
        item = self.item
        return [item.show(v, whole, seat) for v in value]

    def problems(self, where: str) -> list[str]:
        return self.item.problems(f"{where}[]")


@dataclass(frozen=True)
class Fields(Spec):
    """An object: each declared key shown as its spec says, every other key None."""

    declared: Mapping[str, Any]
    _plain: frozenset[str] = field(init=False, repr=False, compare=False)
    _all_plain: bool = field(init=False, repr=False, compare=False)
    _shared: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "declared", {k: spec_of(v) for k, v in self.declared.items()})
        # the keys shown as they are when leaves (every update filters the view: this is quick)
        plain = frozenset(k for k, v in self.declared.items() if v is PUBLIC)
        object.__setattr__(self, "_plain", plain)
        # every key PUBLIC (a card, a count per kind): such an object of scalars under declared
        # keys is shown as it is, found so in C (a view holds dozens of them)
        object.__setattr__(self, "_all_plain", bool(plain) and len(plain) == len(self.declared))
        object.__setattr__(self, "_shared", all(s.shared for s in self.declared.values()))

    @property
    def shared(self) -> bool:  # type: ignore[override]
        return self._shared

    def show(self, value: Any, whole: Whole, seat: Seat) -> Any:
        if not isinstance(value, dict):
            return None
        plain, declared, scalars = self._plain, self.declared, _SCALARS
        if self._all_plain and value.keys() <= plain:
            kinds = set(map(type, value.values()))
            if kinds <= scalars:
                return dict(value)
            if kinds <= _LEAVES:
                for v in value.values():  # only the lists are walked
                    if type(v) not in scalars and not flat(v):
                        break
                else:
                    return dict(value)
        return {
            k: (v if type(v) in scalars or flat(v) else None)
            if k in plain
            else declared[k].show(v, whole, seat)
            if k in declared
            else None
            for k, v in value.items()
        }

    def undeclared(self, value: Any) -> list[str]:
        """The keys of `value` nobody declared (withheld): at this level only."""
        return sorted(k for k in value if k not in self.declared) if isinstance(value, dict) else []

    def problems(self, where: str) -> list[str]:
        out = []
        for key, spec in self.declared.items():
            if not isinstance(key, str):
                out.append(f"{where}: the key {key!r} is not a string")
            out += spec.problems(f"{where}.{key}")
        return out

    def in_event(self) -> Fields:
        return Fields({k: v.in_event() for k, v in self.declared.items()})


@dataclass(frozen=True)
class Map(_Items):
    """An object keyed by the game's names (goods, cities): the keys public, each value as
    `item` says."""

    def show(self, value: Any, whole: Whole, seat: Seat) -> Any:
        if not isinstance(value, dict):
            return None
        item = self.item
        return {k: item.show(v, whole, seat) if isinstance(k, str) else None for k, v in value.items()}

    def problems(self, where: str) -> list[str]:
        return self.item.problems(f"{where}{{}}")


@dataclass(frozen=True)
class Owner(Spec):
    """Seen as it is by the seat the event's `key` names; the others see `others`."""

    key: str
    others: Any = HIDDEN
    shared = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "others", spec_of(self.others))

    def show(self, value: Any, whole: Whole, seat: Seat) -> Any:
        if seat is not None and whole.get(self.key) == seat:
            return value
        return self.others.show(value, whole, seat)

    def problems(self, where: str) -> list[str]:
        if not isinstance(self.key, str):
            return [f"{where}: Owner names its seat by a key, not {self.key!r}"]
        return self.others.problems(f"{where} (others)")

    def in_event(self) -> Spec:
        return Owner(self.key, self.others.in_event())


@dataclass(frozen=True)
class PerSeat(Spec):
    """A list of one item per seat: the viewer's item as `own` says, the others' as `others`."""

    others: Any = COUNT
    own: Any = PUBLIC
    shared = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "others", spec_of(self.others))
        object.__setattr__(self, "own", spec_of(self.own))

    def show(self, value: Any, whole: Whole, seat: Seat) -> Any:
        if not isinstance(value, list):
            return None
        return [(self.own if i == seat else self.others).show(v, whole, seat) for i, v in enumerate(value)]

    def problems(self, where: str) -> list[str]:
        return self.own.problems(f"{where} (own)") + self.others.problems(f"{where} (others)")

    def in_event(self) -> Spec:
        return PerSeat(self.others.in_event(), self.own.in_event())


@dataclass(frozen=True)
class By(Spec):
    """The game's own rule: `fn(whole, seat)` is what `seat` sees here, passed through `then`
    (so a rule that returns more than its slot, or a new field inside it, still fails closed)."""

    fn: Callable[[Whole, Seat], Any]
    then: Any = PUBLIC
    shared = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "then", spec_of(self.then))

    def show(self, value: Any, whole: Whole, seat: Seat) -> Any:
        if not callable(self.fn):
            return None
        return self.then.show(self.fn(whole, seat), whole, seat)

    def problems(self, where: str) -> list[str]:
        out = [] if callable(self.fn) else [f"{where}: By needs a function (whole, seat) -> value"]
        return out + self.then.problems(f"{where} (then)")

    def in_event(self) -> Spec:
        return By(self.fn, self.then.in_event())


@dataclass
class Secrets:
    """A game's declarations: `events` maps each event type to its fields' specs (`type` is
    always shown), `view` maps each key of the view to its spec, `outcome` each key of the
    outcome's details (none declared: the details show nothing)."""

    events: Mapping[str, Mapping[str, Any]]
    view: Mapping[str, Any]
    outcome: Mapping[str, Any] = field(default_factory=dict)
    _events: dict[str, Fields] = field(init=False, repr=False)
    _view: Fields = field(init=False, repr=False)
    _outcome: Fields = field(init=False, repr=False)
    # per view key, the last object a shared or public spec filtered and what it showed
    _last: dict[str, tuple[Any, Any]] = field(init=False, repr=False, default_factory=dict)
    # per view key, its spec, whether it is PUBLIC and whether it is shown alike to every
    # seat: worked out once, since every update filters the view
    _plan: dict[str, tuple[Spec, bool, bool]] = field(init=False, repr=False, default_factory=dict)
    problems: list[str] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.problems = []
        self._events = {}
        if not isinstance(self.events, Mapping) or not self.events:
            self.problems.append("no event types are declared (events: {type: {field: spec}})")
        else:
            for kind, fields in self.events.items():
                where = f"event {kind!r}"
                if not isinstance(kind, str):
                    self.problems.append(f"{where}: an event type is a string")
                if not isinstance(fields, Mapping):
                    self.problems.append(f"{where}: declare its fields as a dict, not {fields!r}")
                    continue
                if "type" in fields and fields["type"] is not PUBLIC:
                    self.problems.append(f"{where}: its type is always shown")
                self._events[kind] = Fields(fields).in_event()
                self.problems += self._events[kind].problems(where)
        if not isinstance(self.view, Mapping) or not self.view:
            self.problems.append("no view keys are declared (view: {key: spec})")
            self._view = Fields({})
        else:
            self._view = Fields(self.view)
            self.problems += self._view.problems("view")
        self._plan = {k: (v, v is PUBLIC, v.shared) for k, v in self._view.declared.items()}
        if not isinstance(self.outcome, Mapping):
            self.problems.append("the outcome's details are declared as a dict (outcome: {key: spec})")
            self._outcome = Fields({})
        else:
            self._outcome = Fields(self.outcome)
            self.problems += self._outcome.problems("outcome")

    # -- the filter --------------------------------------------------------------------------
    def filter_event(self, event: Mapping[str, Any], seat: Seat) -> dict[str, Any]:
        """The event as `seat` may see it: an undeclared type shows its type alone, an
        undeclared field is None in place."""
        kind = event.get("type")
        fields = self._events.get(kind) if isinstance(kind, str) else None
        if fields is None:
            return {"type": kind}
        shown = fields.show(dict(event), event, seat)
        shown["type"] = kind
        return shown

    def filter_details(self, details: Mapping[str, Any], seat: Seat) -> dict[str, Any]:
        """An outcome's details as `seat` may see them: an undeclared key is None in place."""
        shown = self._outcome.show(dict(details), details, seat)
        return shown if isinstance(shown, dict) else {}

    def filter_view(self, view: Mapping[str, Any], seat: Seat) -> dict[str, Any]:
        """The view as `seat` may see it: an undeclared key is None in place. A value shown
        the same to every seat that is the very object filtered last time (a static board the
        view hands out each time, a part made from unchanged state: game/core/parts.py) gives
        the same answer without being walked again."""
        plan, last, scalars = self._plan, self._last, _SCALARS
        shown: dict[str, Any] = {}
        for key, value in view.items():
            step = plan.get(key)
            if step is None:
                shown[key] = None
                continue
            spec, public, shared = step
            kind = type(value)
            if public:
                if kind in scalars or (kind is list and set(map(type, value)) <= scalars):
                    shown[key] = value  # a number, a word, a list of them: found so in C
                    continue
                seen = last.get(key)
                if seen is None or seen[0] is not value:
                    seen = last[key] = (value, value if flat(value) else None)
                shown[key] = seen[1]
            elif shared and (kind is dict or kind is list):
                seen = last.get(key)
                if seen is None or seen[0] is not value:
                    seen = last[key] = (value, spec.show(value, view, seat))
                shown[key] = seen[1]
            else:
                shown[key] = spec.show(value, view, seat)
        return shown

    # -- reading the declarations ------------------------------------------------------------
    def undeclared_fields(self, event: Mapping[str, Any]) -> list[str]:
        """The top-level fields of `event` that its declaration leaves out (all of them but its
        type when the type is undeclared): what the filter withholds by default."""
        fields = self._events.get(event.get("type"))  # type: ignore[arg-type]
        if fields is None:
            return sorted(k for k in event if k != "type")
        return [k for k in fields.undeclared(event) if k != "type"]

    def undeclared_keys(self, view: Mapping[str, Any]) -> list[str]:
        return self._view.undeclared(view)

    def view_spec(self, key: str) -> Spec | None:
        return self._view.declared.get(key)
