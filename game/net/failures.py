"""A connection to a host that failed, in words a person can act on: what happened and what to
do next, never an errno ("[Errno 111] Connection refused") or a library's message. The Join
screen and the table's connection badge show these, in either language. So are a server's own
faults (a request it failed on, a match paused): fixed words, the exception's in its log."""

from __future__ import annotations

import errno
import socket
import ssl
from urllib.parse import urlsplit

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus

from game.core.i18n import N_, Msg, msg
from game.net.protocol import Malformed

# "no route": the host's network cannot be reached from here (POSIX and Windows numbers)
UNREACHABLE = {errno.EHOSTUNREACH, errno.ENETUNREACH, 10065, 10051}

# What a client is told of a fault: the catalogue's words (a client shows them in its language);
# the exception's own stay in the server's log
FAULT_WORDS = N_(
    "The server could not decide this request, and nothing changed. What went wrong is in its log."
)
PAUSED_WORDS = N_(
    "A fault on the server paused this match. Nothing is lost: the server tries again every"
    " minute, and whenever one of its players connects."
)
PAUSED_REFUSAL = N_(
    "This match is paused after a fault on the server: nothing can be played until it goes on."
)
RESUMED_WORDS = N_("The server took this match up again: it goes on.")
# OpenSSL's verify codes that have words of their own
_EXPIRED, _OTHER_NAME = 10, 62


class Unreached(OSError):
    """No candidate of an invite led to the host (game/net/reach.py): `words` say why, for all
    of them at once."""

    def __init__(self, words: Msg):
        super().__init__(words)
        self.words = words


_SETTLED: set[str] = set()  # templates of words that say all there is to do (below)


def _settled(words: Msg) -> Msg:
    _SETTLED.add(words.template)
    return words


_BRIEF: dict[str, str] = {}  # a template's few words for a small room (the table's badge)


def _briefly(words: Msg, brief: str) -> Msg:
    _BRIEF[words.template] = brief
    return words


def brief(words: str) -> str:
    """What went wrong in a few words, for a room too small for the whole (the table's
    connection badge, whose tooltip and sheet say it all); "" when there are none."""
    return _BRIEF.get(words.template, "") if isinstance(words, Msg) else ""


def settled(words: str) -> bool:
    """Words about a key, a certificate or every address at once: they say what to do
    themselves, and no advice about networks in general belongs beside them."""
    return isinstance(words, Msg) and words.template in _SETTLED


def cancelled() -> Msg:
    """The person gave joining up while the candidates were tried."""
    return msg("Joining was cancelled")


KEY_CHANGED = N_(
    "The host's key changed: {addresses} answered with another key than the one in the invite, "
    "so nothing was sent. Ask the host for a new invite (and tell them: if they did not move "
    "their Bazaar to another computer, someone else may be answering in their place)."
)


def key_changed(addresses: str) -> Msg:
    """Every candidate that answered showed another key than the invite's."""
    return _settled(Msg(KEY_CHANGED, {"addresses": addresses}))


def refused_key(words: str) -> bool:
    """Whether `words` say the host's key changed: no retry mends that (Take your seat gives
    up at once, where a host merely away is waited for)."""
    return isinstance(words, Msg) and words.template == KEY_CHANGED


def from_relay(words: Msg) -> Msg:
    """What the invite's relay said of the host (not there, busy, full): nothing else answered,
    and its words say what to do."""
    return _settled(words)


def none_answered(addresses: list[str]) -> Msg:
    """Several candidates, none of which answered: each named."""
    listed = ", ".join(addresses)
    return _settled(
        msg(
            "Nothing answered at any of the host's addresses: {listed}. Check that the host's app is open "
            "and hosting this match; friends on another network also need the host's router to let them in.",
            listed=listed,
        )
    )


def _tls_words(exc: ssl.SSLError, address: str) -> Msg:
    """A TLS handshake that failed: a certificate the system's authorities do not vouch for,
    or an answer that is no TLS at all."""
    if isinstance(exc, ssl.SSLCertVerificationError):
        if exc.verify_code == _EXPIRED:
            return _settled(
                msg(
                    "The certificate of {address} has expired, so nothing was sent. Tell whoever runs "
                    "that server; until it is renewed it cannot be joined safely.",
                    address=address,
                )
            )
        if exc.verify_code == _OTHER_NAME:
            return _settled(
                msg(
                    "The certificate of {address} is made out to another name, so nothing was sent. "
                    "Check the address in the invite with the host.",
                    address=address,
                )
            )
        return _settled(
            msg(
                "The certificate of {address} is not vouched for by any authority this computer trusts, "
                "so nothing was sent. Ask the host for an invite that carries their key (pin=), or add "
                "the authority of your own server (SSL_CERT_FILE).",
                address=address,
            )
        )
    return _settled(
        msg(
            "{address} answered without the encryption the invite asks for, so nothing was sent: it is "
            "another program, or an older Bazaar. Check the address, or ask the host for a new invite.",
            address=address,
        )
    )


def dropped(url: str) -> Msg:
    """An open connection to `url` that closed (the link tries again by itself)."""
    return _briefly(
        msg("The connection to {address} dropped; trying again.", address=urlsplit(url).netloc or url),
        N_("The link dropped"),
    )


def failure_words(exc: BaseException, url: str) -> Msg:
    """Why the connection to `url` failed or broke, and what to do."""
    parts = urlsplit(url)
    address = parts.netloc or url
    if isinstance(exc, Unreached):
        return exc.words
    if isinstance(exc, ssl.SSLError):  # before OSError: an answer, not a network's silence
        return _tls_words(exc, address)
    if isinstance(exc, ConnectionClosed):
        return dropped(url)
    if isinstance(exc, InvalidStatus):
        return msg(
            "Something other than a Bazaar host answered at {address} (HTTP {status}). "
            "Check the address and port in the invite.",
            address=address,
            status=exc.response.status_code,
        )
    if isinstance(exc, InvalidHandshake | Malformed) and parts.scheme == "ws":
        # plain ws://: an invite without the host's key, perhaps to a host that now speaks TLS
        return msg(
            "Something other than a Bazaar host answered at {address}. Check the address and port "
            "in the invite; an invite without the host's key (pin=) may be from an older Bazaar: "
            "ask the host for a new one.",
            address=address,
        )
    if isinstance(exc, InvalidHandshake | Malformed):  # no handshake, or no message, of ours
        return msg(
            "Something other than a Bazaar host answered at {address}. "
            "Check the address and port in the invite.",
            address=address,
        )
    if isinstance(exc, socket.gaierror):
        host = parts.hostname or url
        return msg("The name {host} was not found. Check the address in the invite.", host=host)
    if isinstance(exc, ConnectionRefusedError):
        return _briefly(
            msg(
                "Nothing answers at {address}: the match is not hosted there now (the host's app is "
                "closed, or the server stopped), or a firewall blocks the port. "
                "Ask the host to open it again.",
                address=address,
            ),
            N_("No answer from the host"),
        )
    if isinstance(exc, TimeoutError):
        return _briefly(
            msg(
                "{address} did not answer in time. Check that the host's app or server is running and "
                "the address is right.",
                address=address,
            ),
            N_("No answer in time"),
        )
    if isinstance(exc, OSError) and exc.errno in UNREACHABLE:
        return _briefly(
            msg(
                "No route to {address}: this computer cannot reach it. Check the address, and that "
                "both computers are on the same network.",
                address=address,
            ),
            N_("No route to the host"),
        )
    why = exc.strerror if isinstance(exc, OSError) and exc.strerror else type(exc).__name__
    return msg("The connection to {address} failed: {why}.", address=address, why=why)
