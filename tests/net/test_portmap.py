"""The port mapping's own logic, against a router made here: which addresses are offered, the
mapping's file (a killed app's mapping removed at the next start), renewal and removal, and
why the table stays at home when the router does not open the way."""

from __future__ import annotations

import json
import random
import threading
from pathlib import Path

import pytest

from game.net import portmap
from game.net.portmap import (
    ASKING,
    HOME,
    LAPSED,
    MAPPED,
    NO_ROUTER,
    OUTSIDE,
    PRIVATE,
    REFUSED,
    SHARED,
    SILENT,
    Keeper,
    Portmap,
    Standing,
    clean_left,
    offered,
)

BOUND = 30.0


class Router:
    """A UPnP gateway in memory: external port -> (lan address, port)."""

    def __init__(self, public: str | Exception = "11.0.1.1", lan: str = "10.1.0.2"):
        self.lan = lan
        self._public = public  # an exception: raised, as a router that will not say it
        self.table: dict[int, tuple[str, int]] = {}
        self.leases: list[tuple[int, int]] = []  # (port, lease) of every add
        self.refuse: set[int] = set()
        self.refusal = "ConflictInMappingEntry"  # what miniupnpc's exception says when it refuses

    def public(self) -> str:
        if isinstance(self._public, Exception):
            raise self._public
        return self._public

    def holder(self, port: int) -> tuple[str, int] | None:
        return self.table.get(port)

    def add(self, port: int, lan: str, inner: int, lease: int) -> None:
        if port in self.refuse:
            raise Exception(self.refusal)
        self.table[port] = (lan, inner)
        self.leases.append((port, lease))

    def remove(self, port: int) -> None:
        del self.table[port]


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def made(folder: Path, router: Router, clock: Clock | None = None) -> Portmap:
    return Portmap(folder, lambda: router, clock or Clock(), lease=600, rng=random.Random(1))


@pytest.mark.parametrize(
    "address",
    [
        "192.168.1.1",
        "10.0.0.7",
        "172.16.3.4",
        "100.64.0.1",
        "100.127.255.254",
        "127.0.0.1",
        "169.254.1.1",
        "203.0.113.5",
        "198.51.100.7",
        "192.0.2.1",
        "0.0.0.0",
        "224.0.0.1",
        "",
        "router",
        "fd00::1",
        "fe80::1",
        "::1",
        "2001:db8::1",
        "::ffff:192.168.1.1",
    ],
)
def test_private_carrier_and_reserved_addresses_are_not_offered(address: str) -> None:
    assert not offered(address)


@pytest.mark.parametrize(
    "address", ["11.0.1.1", "8.8.8.8", "100.128.0.1", "2a00:1450:4001:81b::200e", "::ffff:8.8.8.8"]
)
def test_global_addresses_are_offered(address: str) -> None:
    assert offered(address)


def test_maps_the_same_port_outside_and_offers_the_public_address(tmp_path: Path) -> None:
    router = Router()
    mapping = made(tmp_path, router)
    assert mapping.open(8765) == MAPPED
    assert router.table == {8765: ("10.1.0.2", 8765)}
    assert mapping.candidate == ("11.0.1.1", 8765)
    mapping.close()
    assert router.table == {} and mapping.state == HOME and mapping.candidate is None
    assert not (tmp_path / portmap.FILE).exists()


def test_a_port_taken_on_the_router_maps_another(tmp_path: Path) -> None:
    router = Router()
    router.table[8765] = ("10.1.0.9", 8765)  # another computer's
    mapping = made(tmp_path, router)
    assert mapping.open(8765) == MAPPED
    assert mapping.candidate is not None
    port = mapping.candidate[1]
    assert port != 8765 and router.table[port] == ("10.1.0.2", 8765)
    assert router.table[8765] == ("10.1.0.9", 8765)
    mapping.close()
    assert router.table == {8765: ("10.1.0.9", 8765)}  # only ours is removed


def test_a_carrier_nat_address_maps_nothing(tmp_path: Path) -> None:
    router = Router(public="100.72.1.9")
    mapping = made(tmp_path, router)
    assert mapping.open(8765) == HOME
    assert router.table == {} and mapping.candidate is None
    assert mapping.standing == Standing(why=SHARED, address="100.72.1.9")


@pytest.mark.parametrize("public", ["192.168.0.2", "10.20.0.1", "203.0.113.9"])
def test_a_private_address_outside_the_router_maps_nothing_and_says_so(tmp_path: Path, public: str) -> None:
    router = Router(public=public)
    mapping = made(tmp_path, router)
    assert mapping.open(8765) == HOME
    assert router.table == {} and mapping.standing == Standing(why=PRIVATE, address=public)


@pytest.mark.parametrize("public", ["", Exception("ActionFailed"), Exception("")])
def test_a_router_that_will_not_say_its_address_maps_nothing(tmp_path: Path, public: str | Exception) -> None:
    mapping = made(tmp_path, Router(public=public))
    assert mapping.open(8765) == HOME
    said = "ActionFailed" if str(public) else "Exception" if isinstance(public, Exception) else ""
    assert mapping.standing == Standing(why=SILENT, error=said)


def test_no_router_stays_at_home(tmp_path: Path) -> None:
    mapping = Portmap(tmp_path, lambda: None)
    assert mapping.standing == Standing()  # not asked yet: plainly at home
    assert mapping.open(8765) == HOME and mapping.candidate is None
    assert mapping.standing == Standing(why=NO_ROUTER)


def test_a_refused_mapping_leaves_no_file_and_keeps_the_routers_words(tmp_path: Path) -> None:
    router = Router()
    router.refuse = {8765} | set(range(49152, 65536))
    router.refusal = "718 ConflictInMappingEntry\n(and more the router said on a second line)"
    mapping = made(tmp_path, router)
    assert mapping.open(8765) == HOME
    assert not (tmp_path / portmap.FILE).exists()
    assert mapping.standing == Standing(why=REFUSED, error="718 ConflictInMappingEntry", address="11.0.1.1")


def test_a_long_refusal_is_cut_short(tmp_path: Path) -> None:
    router = Router()
    router.refuse = {8765} | set(range(49152, 65536))
    router.refusal = "Miniupnpc exception: " + "x" * 200
    mapping = made(tmp_path, router)
    mapping.open(8765)
    error = mapping.standing.error
    assert mapping.standing.why == REFUSED and error.startswith("Miniupnpc exception: xx")
    assert len(error) == portmap.ERROR_CHARS and error.endswith("…")


def test_every_port_taken_by_other_computers_is_a_refusal_without_words(tmp_path: Path) -> None:
    router = Router()
    picks = random.Random(1)  # the ports made() tries after the host's own, in its order
    for port in [8765, *(picks.randrange(49152, 65536) for _ in range(portmap.TRIES))]:
        router.table[port] = ("10.1.0.9", port)
    mapping = made(tmp_path, router)
    assert mapping.open(8765) == HOME
    assert mapping.standing == Standing(why=REFUSED, address="11.0.1.1")


def test_a_mapping_left_by_a_killed_app_is_removed_at_the_next_start(tmp_path: Path) -> None:
    router = Router()
    made(tmp_path, router).open(8765)  # then the app is killed: nothing closes it
    kept = json.loads((tmp_path / portmap.FILE).read_text())
    assert kept == {"port": 8765, "lan": "10.1.0.2", "inner": 8765}
    made(tmp_path, router).clean()
    assert router.table == {}
    assert not (tmp_path / portmap.FILE).exists()


def test_cleaning_spares_a_port_another_computer_took_since(tmp_path: Path) -> None:
    router = Router()
    made(tmp_path, router).open(8765)
    router.table[8765] = ("10.1.0.9", 8765)
    made(tmp_path, router).clean()
    assert router.table == {8765: ("10.1.0.9", 8765)}
    assert not (tmp_path / portmap.FILE).exists()


def test_a_damaged_file_is_dropped(tmp_path: Path) -> None:
    (tmp_path / portmap.FILE).write_text("{not json")
    router = Router()
    made(tmp_path, router).clean()
    assert not (tmp_path / portmap.FILE).exists()


def test_renewed_before_the_lease_ends(tmp_path: Path) -> None:
    router, clock = Router(), Clock()
    mapping = made(tmp_path, router, clock)
    mapping.open(8765)
    assert mapping.renew_at == 300  # half of the 600 s lease
    clock.now = 300
    mapping.renew()
    assert router.leases == [(8765, 600), (8765, 600)]
    assert mapping.renew_at == 600 and mapping.state == MAPPED


def test_a_renewal_refused_drops_the_mapping(tmp_path: Path) -> None:
    router = Router()
    mapping = made(tmp_path, router)
    mapping.open(8765)
    router.refuse = {8765}
    router.refusal = "NoSuchEntryInArray"
    mapping.renew()
    assert mapping.state == HOME and mapping.candidate is None
    assert not (tmp_path / portmap.FILE).exists()
    assert mapping.standing == Standing(why=LAPSED, error="NoSuchEntryInArray", address="11.0.1.1")


def test_over_the_internet_only_after_a_public_peer(tmp_path: Path) -> None:
    mapping = made(tmp_path, Router())
    mapping.seen("11.0.2.1")
    assert mapping.state == HOME  # nothing mapped: a public peer came some other way
    mapping.open(8765)
    for peer in ("127.0.0.1", "10.1.0.5", "100.64.3.3", "::ffff:192.168.1.4"):
        mapping.seen(peer)
        assert mapping.state == MAPPED
    mapping.seen("::ffff:11.0.2.1")
    assert mapping.state == OUTSIDE


def test_the_keeper_maps_off_the_caller_and_removes_on_stop(tmp_path: Path) -> None:
    router = Router()
    made(tmp_path, router).open(8765)  # a killed app's, removed first
    router.table[8765] = ("10.1.0.2", 8765)
    keeper = Keeper(made(tmp_path, router))
    keeper.open(8765)
    assert keeper.settled.wait(BOUND)
    assert keeper.state == MAPPED and router.table == {8765: ("10.1.0.2", 8765)}
    keeper.stop(BOUND)
    assert router.table == {} and keeper.state == HOME
    assert not (tmp_path / portmap.FILE).exists()


def test_the_app_start_removes_a_left_mapping_off_the_frame_and_starts_nothing_otherwise(
    tmp_path: Path,
) -> None:
    router = Router()

    def found() -> Router:
        raise AssertionError("the router was asked with no mapping left")

    assert clean_left(tmp_path, found) is None
    made(tmp_path, router).open(8765)  # then the app is killed
    cleaning = clean_left(tmp_path, lambda: router)
    assert cleaning is not None
    cleaning.join(BOUND)
    assert router.table == {} and not (tmp_path / portmap.FILE).exists()


def test_the_keeper_says_it_is_asking_while_the_router_takes_its_time(tmp_path: Path) -> None:
    router = Router()
    asked, answer = threading.Event(), threading.Event()

    def slow() -> Router:  # discovery, held until the test lets it answer
        asked.set()
        assert answer.wait(BOUND)
        return router

    keeper = Keeper(Portmap(tmp_path, slow, lease=600, rng=random.Random(1)))
    try:
        keeper.open(8765)
        assert asked.wait(BOUND)
        assert keeper.standing == Standing(why=ASKING) and keeper.standing.asking
        assert not keeper.settled.is_set()
        answer.set()
        assert keeper.settled.wait(BOUND)
        assert keeper.standing == Standing(MAPPED, address="11.0.1.1", port=8765)
        assert not keeper.standing.asking
    finally:
        answer.set()
        keeper.stop(BOUND)


def test_the_apps_start_looks_for_the_file_portmap_keeps():
    """The app looks for a killed run's mapping by this name before it loads the module."""
    import inspect

    from game import app
    from game.net import portmap

    assert f'"{portmap.FILE}"' in inspect.getsource(app)
