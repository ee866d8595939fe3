"""Join and Take your seat reach the host off the frame (issue 51): against a socket on loopback
that accepts and never answers, the frames keep coming, the screen says whom it is connecting
to, and Esc or Cancel goes back to the menu at once. The test owns the socket and closes it;
the attempt given up then ends by itself (waited on through its future, bounded)."""

from __future__ import annotations

import socket

import pytest

from game.automation import Session
from game.net import client

FRAMES = 10  # frames the app draws while the host says nothing


def silent_listener() -> socket.socket:
    """A socket on 127.0.0.1 that accepts a connection (when asked) and never answers it."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)
    listener.settimeout(10.0)  # a safety bound: the app connects at once
    return listener


def remember(port: int) -> None:
    """A seat this app joined before, at the silent port."""
    from game.core import paths
    from game.net import tickets

    ticket = tickets.Ticket(
        f"ws://127.0.0.1:{port}/", "token", "jaipur", 1, (1,), ("Asha", "Bilal"), "2026-11-20T10:00:00"
    )
    tickets.remember(paths.data_dir(), ticket)


@pytest.mark.parametrize("how", ["invite", "seat"])
@pytest.mark.parametrize("leave", ["escape", "cancel"])
def test_reaching_a_silent_host_keeps_the_frames_coming_and_esc_or_cancel_goes_back_at_once(
    monkeypatch, how, leave
):
    with silent_listener() as listener:
        port = listener.getsockname()[1]
        if how == "seat":
            remember(port)
        s = Session.menu()
        try:
            s.click("join")
            if how == "seat":
                s.click("rejoin.0")
            else:
                s.type(f"bazaar://127.0.0.1:{port}/ZZZZ-ZZZZ-ZZZZ-ZZZZ")
                s.click("join")
            peer, _ = listener.accept()  # the app has connected: now it waits for the handshake
            with peer:
                screen = s.app.top
                attempt = screen.attempt
                drawn = []
                monkeypatch.setattr(s.app, "draw", lambda: drawn.append(s.app.top.name))
                for frame in range(1, FRAMES + 1):
                    s.tick(1)
                    assert drawn == ["join"] * frame, "a frame drawn each tick while it connects"
                    assert not attempt.future.done()
                assert s.target("cancel").enabled and not s.target("join").enabled
                s.move("cancel")  # hover answers meanwhile
                assert screen.cancel_button.hover
                if leave == "escape":
                    s.key("escape")
                else:
                    s.click("cancel")
                assert s.scene == "menu", "back at the menu within the frame the key came in"
                assert screen.attempt is None
            listener.close()  # the host goes away: the attempt given up ends by itself
            assert isinstance(attempt.future.exception(timeout=60.0), client.NetError)
            attempt.thread.join(60.0)
            assert not attempt.thread.is_alive()
        finally:
            s.close()


def test_the_screen_says_whom_it_is_connecting_to(monkeypatch):
    from game.ui import text

    with silent_listener() as listener:
        port = listener.getsockname()[1]
        s = Session.menu()
        try:
            s.click("join")
            s.type(f"bazaar://127.0.0.1:{port}/ZZZZ-ZZZZ-ZZZZ-ZZZZ")
            s.click("join")
            peer, _ = listener.accept()
            with peer:
                lines: list[str] = []
                render = text._render

                def recording(words: str, *rest):
                    lines.append(words)
                    return render(words, *rest)

                monkeypatch.setattr(text, "_render", recording)
                s.tick(1)
                assert f"Trying 127.0.0.1:{port}…" in lines
                s.key("escape")
        finally:
            s.close()


def test_a_whole_chat_line_pasted_into_join_reaches_the_invite_inside_it(monkeypatch):
    """Issue 55, item 18: "Join my Bazaar game: bazaar://…" is not refused as no invite: Join
    finds the invite inside and goes to its host."""
    with silent_listener() as listener:
        port = listener.getsockname()[1]
        s = Session.menu()
        try:
            s.click("join")
            s.type(f"Join my Bazaar game: bazaar://127.0.0.1:{port}/ZZZZ-ZZZZ-ZZZZ-ZZZZ see you!")
            s.click("join")
            assert not s.app.top.problem, s.app.top.problem  # (it once said "That is not an invite.")
            peer, _ = listener.accept()  # the app went to the host the invite names
            with peer:
                assert s.app.top.attempt is not None and not s.app.top.problem
                s.key("escape")
                assert s.scene == "menu"
        finally:
            s.close()
