"""Through a relay across two homes (tests/net/netns.py): router A has no UPnP and takes nothing
from outside, `python -m game relay` runs on the internet's public machine, the host is the
app's own hosting (its kept key, the relay of Settings → Online) in home A, and a guest in home
B joins by the invite the host gives, with the app's way in (home first, then the relay). They
play Jaipur to the end. Every frame that crosses the internet is recorded there, and holds
nothing of the game readable; and a relay killed mid-match comes back with both sides finding
it again. These never skip in CI (CI=true); elsewhere only where namespaces cannot be made."""

from __future__ import annotations

import signal
import subprocess
from pathlib import Path
from typing import Any

from game.net.invite import parse
from tests.net import netns

BOUND = 120.0  # seconds: a failure bound for a whole match played across the namespaces
PEER = str(Path(__file__).with_name("netns_peer.py"))
CARDS = ("diamond", "gold", "silver", "cloth", "spice", "leather", "camel")
RELAY = (netns.RELAY, netns.RELAY_PORT)


def line(process: subprocess.Popen[str], bound: float = BOUND) -> dict[str, Any]:
    return netns.answer(process, bound)


def hosted(homes: netns.Homes, data: Path, *pause: str) -> tuple[subprocess.Popen[str], dict[str, Any]]:
    """The host's app in home A, registered at the relay: its process and what it said."""
    host = homes.python(homes.host, PEER, "relayhost", str(data), *pause)
    said = line(host)
    invite = parse(said["invite"])
    # the invite as the host gives it: its home address (out of the guest's reach), no mapping
    # (the router has no UPnP), and the relay last, the host's key pinned
    assert (invite.host, invite.port, invite.via, invite.relay) == (netns.HOME_A, 8765, (), RELAY), invite
    assert invite.pin is not None and invite.secure
    assert said["path"] == "home" and said["words"].startswith("Friends reach this table through the relay")
    return host, said


def told(process: subprocess.Popen[str], what: str) -> None:
    """A line on the peer's standard input: it goes on to its next step."""
    assert process.stdin is not None
    process.stdin.write(what + "\n")
    process.stdin.flush()


def ended(*processes: subprocess.Popen[str] | None) -> None:
    """Each side stopped; what one that had not ended said on its way (shown with a failure)."""
    for process in processes:
        if process is not None and process.poll() is None:
            process.kill()
            process.wait(netns.BOUND)
            print(process.args[5:7], process.stderr.read()[-20000:] if process.stderr else "")


def test_a_guest_in_another_home_plays_through_the_relay_which_reads_nothing(
    homes: netns.Homes, tmp_path: Path
) -> None:
    homes.out_of_reach((netns.HOME_A, 8765), (netns.ROUTER_A_WAN, 8765))  # neither home nor router
    homes.start_relay()
    recorded = tmp_path / "internet.frames"
    recorder = homes.capture(recorded)
    host, said = hosted(homes, tmp_path / "host")
    code = parse(said["invite"]).code
    guest = None
    try:
        guest = homes.python(homes.guest, PEER, "relayguest", said["invite"])
        joined = line(guest)
        assert joined["tried"] == ["at home", "through the relay"]
        over, done = line(guest), line(host)
        assert over["finished"] is True and done["finished"] is True
        # every move either side made is in the match, once
        assert over["played"] == done["played"] == over["moves"] + done["moves"] > 10
        assert done["bridged"] >= 1
        assert guest.wait(netns.BOUND) == 0
        told(host, "stop hosting")
        assert host.wait(netns.BOUND) == 0
    finally:
        ended(host, guest)
        recorder.send_signal(signal.SIGTERM)
        recorder.wait(netns.BOUND)
    streams = netns.tcp_streams(recorded)
    to_relay = {flow: data for flow, data in streams.items() if flow[2:] == RELAY}
    from_relay = {flow: data for flow, data in streams.items() if flow[:2] == RELAY}
    # what the record shows is what crossed: the relay's own lines are there in the clear (so
    # the recorder reads the wire), the guest's stream going on with its TLS hello, end to end
    pin = parse(said["invite"]).pin
    guests = [d for f, d in to_relay.items() if f[0] == netns.ROUTER_B_WAN and b'"role":"guest"' in d]
    hello = f'{{"relay":1,"role":"guest","host":"{pin}"}}\n'.encode()
    assert len(guests) == 1 and guests[0].startswith(hello + b"\x16\x03"), guests
    assert any(b'"role":"host"' in d for f, d in to_relay.items() if f[0] == netns.ROUTER_A_WAN)
    assert sum(map(len, from_relay.values())) > 20_000, "the match crossed the internet"
    # nothing of the game: no card (as JSON writes it, quoted), no hand, no seat token, no join
    # code, no WebSocket handshake, in any direction's bytes nor in any frame as it stands
    secrets = [f'"{w}"'.encode() for w in (*CARDS, "hand", "token", "welcome")]
    secrets += [s.encode() for s in (joined["token"], code, code.replace("-", ""))]
    secrets += [b"Upgrade", b"Sec-WebSocket", b"HTTP/1.1"]
    frames = b"".join(netns.frames(recorded))
    for secret in secrets:
        for flow, data in streams.items():
            assert secret not in data, f"{secret!r} crossed the internet readable in {flow}"
        assert secret not in frames, f"{secret!r} crossed the internet readable"


def test_a_relay_killed_mid_match_comes_back_and_both_homes_play_on(
    homes: netns.Homes, tmp_path: Path
) -> None:
    """SIGKILL of the relay in the internet: the host's link and the guest's window both see
    their way cut; once a new relay runs at the same address the host registers again, the
    guest comes back through it (the only way it has), and the match ends with every move
    either side made in it once."""
    relay = homes.start_relay()
    # each side stops after 4 moves (too few to end a round, so the turns go on alternating)
    host, said = hosted(homes, tmp_path / "host", "4")
    guest = None
    try:
        guest = homes.python(homes.guest, PEER, "relayguest", said["invite"], "4")
        joined = line(guest)
        assert joined["tried"] == ["at home", "through the relay"]
        halfway = [line(host), line(guest)]
        assert [h["paused"] for h in halfway] == [4, 4]
        relay.send_signal(signal.SIGKILL)
        assert relay.wait(netns.BOUND) == -signal.SIGKILL
        told(host, "cut")
        told(guest, "cut")
        assert line(host) == {"cut": True} and line(guest) == {"cut": True}
        homes.start_relay()
        told(host, "go")
        told(guest, "go")
        over, done = line(guest), line(host)
        assert over["finished"] is True and done["finished"] is True
        assert over["played"] == done["played"] == over["moves"] + done["moves"], (
            "nothing lost, nothing twice"
        )
        assert done["bridged"] >= 2, "the guest came back through the new relay"
        assert over["token"] == joined["token"], "the same seat taken again"
        assert guest.wait(netns.BOUND) == 0
        told(host, "stop hosting")
        assert host.wait(netns.BOUND) == 0
    finally:
        ended(host, guest)
