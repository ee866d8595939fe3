"""Over TLS: `serve --tls-cert` (or a proxy in front) speaks wss://, and an invite that says
bazaars:// makes the app's client open wss:// and check the host's certificate. Loopback only,
with a certificate made for 127.0.0.1 that the client is told to trust (SSL_CERT_FILE)."""

from __future__ import annotations

import shutil
import ssl
import subprocess
from pathlib import Path

import pytest

from game.net.client import NetError, RemoteWindow
from game.net.identity import pin_of_certificate
from game.net.invite import Invite, parse
from game.net.server import Server, Threaded
from tests.net.support import BOUND, LOOPBACK, seats


def certificate(folder) -> tuple[str, str]:
    if shutil.which("openssl") is None:
        pytest.skip("no openssl here to make a test certificate")
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
         "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True, timeout=60,
    )  # fmt: skip
    return str(cert), str(key)


def test_an_invite_over_tls_is_read_and_written_as_bazaars():
    invite = parse("bazaars://play.example.org/7KQ2-M9XD-4RTW-8HJC")
    assert (invite.host, invite.port, invite.tls) == ("play.example.org", 443, True)
    assert invite.url == "wss://play.example.org:443/"
    assert str(invite) == "bazaars://play.example.org:443/7KQ2-M9XD-4RTW-8HJC"
    assert parse(str(invite)) == invite
    assert not parse("bazaar://10.0.0.2/7KQ2-M9XD-4RTW-8HJC").tls


def test_a_client_joins_over_tls_and_refuses_a_certificate_it_does_not_trust(tmp_path, monkeypatch):
    cert, key = certificate(tmp_path)
    tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    tls.load_cert_chain(cert, key)
    server = Server(tmp_path / "server", bot_pause=0.0)
    thread = Threaded(server, LOOPBACK, 0, tls)
    host, port = thread.start()
    window = None
    try:
        _, codes, _ = thread.call(server.create, "jaipur", seats("online", "online"), None, None)
        # not trusted (the system's authorities never signed it): refused, in words
        monkeypatch.delenv("SSL_CERT_FILE", raising=False)
        with pytest.raises(NetError):
            RemoteWindow.join(Invite(host, port, codes[0], tls=True), timeout=BOUND)
        monkeypatch.setenv("SSL_CERT_FILE", cert)
        window = RemoteWindow.join(Invite(host, port, codes[1], tls=True), timeout=BOUND)
        assert window.status == "online" and window.seats == frozenset({1})
        assert window.view()["hand"], "the seat's own hand came over TLS"
    finally:
        if window is not None:
            window.close()
        thread.stop()


def test_a_bazaars_invite_with_a_pin_is_checked_both_ways(tmp_path, monkeypatch):
    """Issue 54: `serve --tls-cert` can pin too: the authorities are still asked, and the key
    must be the invite's as well."""
    cert, key = certificate(tmp_path)
    tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    tls.load_cert_chain(cert, key)
    pin = pin_of_certificate(ssl.PEM_cert_to_DER_cert(Path(cert).read_text()))
    server = Server(tmp_path / "server", bot_pause=0.0)
    thread = Threaded(server, LOOPBACK, 0, tls)
    host, port = thread.start()
    try:
        _, codes, _ = thread.call(server.create, "jaipur", seats("online", "online"), None, None)
        monkeypatch.setenv("SSL_CERT_FILE", cert)
        with pytest.raises(NetError) as refused:  # vouched for, but another key than the invite's
            RemoteWindow.join(Invite(host, port, codes[0], tls=True, pin="A" * 43), timeout=BOUND)
        assert str(refused.value).startswith("The host's key changed")
        monkeypatch.delenv("SSL_CERT_FILE")
        with pytest.raises(NetError) as refused:  # the invite's key, but nobody vouches for it
            RemoteWindow.join(Invite(host, port, codes[0], tls=True, pin=pin), timeout=BOUND)
        assert "is not vouched for by any authority" in str(refused.value)
        monkeypatch.setenv("SSL_CERT_FILE", cert)
        invite = parse(str(Invite(host, port, codes[0], tls=True, pin=pin)))
        assert str(invite).startswith("bazaars://") and invite.pin == pin
        window = RemoteWindow.join(invite, timeout=BOUND)
        window.close()
        assert window.seats == frozenset({0})
    finally:
        thread.stop()
