"""A failed connection in words (issue 43, "Words, not errno"): each way a connection to a
host fails says what happened and what to do next, in both languages, and never carries an
errno or a library's message. The refused connection and the Join screen are shown in
tests/scenes/test_network_ui.py; a web server that is no Bazaar host is reached here."""

from __future__ import annotations

import errno
import http.server
import socket
import ssl
import threading

import pytest
from websockets.exceptions import ConnectionClosed

from game.core import i18n
from game.net import failures
from game.net.client import NetError, RemoteWindow
from game.net.failures import failure_words
from game.net.invite import Invite
from tests.net.support import BOUND, LOOPBACK

AT = "192.0.2.7:8765"
URL = f"ws://{AT}/"


@pytest.mark.parametrize(
    ("exc", "starts"),
    [
        (
            ConnectionRefusedError(errno.ECONNREFUSED, "Connection refused"),
            f"Nothing answers at {AT}",
        ),
        (OSError(errno.EHOSTUNREACH, "No route to host"), f"No route to {AT}"),
        (OSError(errno.ENETUNREACH, "Network is unreachable"), f"No route to {AT}"),
        (socket.gaierror(-2, "Name or service not known"), "The name 192.0.2.7 was not found"),
        (TimeoutError(), f"{AT} did not answer in time"),
        (ConnectionClosed(None, None), f"The connection to {AT} dropped"),
        (
            ConnectionResetError(errno.ECONNRESET, "Connection reset by peer"),
            f"The connection to {AT} failed",
        ),
    ],
)
def test_each_failure_says_what_happened_and_what_to_do(exc, starts):
    said = failure_words(exc, URL)
    assert said.startswith(starts), said
    assert "Errno" not in said and "[" not in said
    i18n.set_language("ja")
    try:
        japanese = i18n.tr(said)
    finally:
        i18n.set_language("en")
    assert japanese != said and "192.0.2.7" in japanese


def certificate_error(code: int) -> ssl.SSLCertVerificationError:
    """As ssl raises it for a certificate it could not check (the library's own text)."""
    exc = ssl.SSLCertVerificationError(
        1, "[SSL: CERTIFICATE_VERIFY_FAILED] certificate verify failed (_ssl.c:1006)"
    )
    exc.verify_code = code
    return exc


def japanese(said: str) -> str:
    i18n.set_language("ja")
    try:
        return i18n.tr(said)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize(
    ("said", "starts"),
    [
        (failure_words(certificate_error(20), URL), f"The certificate of {AT} is not vouched for"),
        (failure_words(certificate_error(18), URL), f"The certificate of {AT} is not vouched for"),
        (failure_words(certificate_error(10), URL), f"The certificate of {AT} has expired"),
        (failure_words(certificate_error(62), URL), f"The certificate of {AT} is made out to another name"),
        (
            failure_words(ssl.SSLError(1, "[SSL: WRONG_VERSION_NUMBER] wrong version number"), URL),
            f"{AT} answered without the encryption the invite asks for",
        ),
        (failures.key_changed(AT), f"The host's key changed: {AT} answered with another key"),
        (
            failures.none_answered([AT, "198.51.100.7:8765"]),
            f"Nothing answered at any of the host's addresses: {AT}, 198.51.100.7:8765",
        ),
        (failure_words(failures.Unreached(failures.key_changed(AT)), URL), "The host's key changed"),
    ],
)
def test_a_certificate_or_key_that_is_refused_says_so_in_words(said, starts):
    """Issue 54: an untrusted or changed certificate is said in plain words, not the library's
    "[SSL: CERTIFICATE_VERIFY_FAILED] … (_ssl.c:1006)", and nothing there is network advice."""
    assert said.startswith(starts), said
    assert "[SSL" not in said and "_ssl.c" not in said and "[" not in said
    assert "nothing was sent" in said or "Nothing answered" in said
    translated = japanese(said)
    assert translated != said and AT in translated


def test_a_web_server_that_is_no_bazaar_host_is_named_as_such():
    """A port where some other program answers HTTP (here a 404 on loopback)."""

    class NotFound(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"  # as a web server answers (1.0 is no handshake at all)

        def do_GET(self):  # noqa: N802 (the library's name)
            self.send_error(404)

        def log_message(self, *args):
            pass

    server = http.server.HTTPServer((LOOPBACK, 0), NotFound)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        port = server.server_address[1]
        with pytest.raises(NetError) as raised:
            RemoteWindow.join(Invite(LOOPBACK, port, "ZZZZ-ZZZZ-ZZZZ-ZZZZ"), timeout=BOUND)
        said = str(raised.value)
        assert said.startswith(f"Something other than a Bazaar host answered at {LOOPBACK}:{port} (HTTP 404)")
        assert "rejected" not in said
    finally:
        server.shutdown()
        server.server_close()
        thread.join(BOUND)
