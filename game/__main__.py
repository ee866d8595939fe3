"""Entry point: `python -m game` opens the table; subcommands serve tools and tests."""

from __future__ import annotations

import argparse
import os
import sys
import warnings

from game import __version__

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Software rendering is fine at our size; SDL's "no fast renderer" note only alarms players.
warnings.filterwarnings("ignore", message="no fast renderer available")

# How long a thread may keep Python's lock while another asks for it (Python's own: 5 ms). The
# store's thread gives the lock back at each SQLite call and asks again about eight times a
# write: behind a busy event loop or frame, each ask waited the whole interval, and a move's
# write (which its answer waits for) took 40 ms instead of 3 (docs/network.md, "The store's
# thread and Python's lock").
SWITCH_S = 0.0005


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="bazaar", description="Bazaar board-game table")
    parser.add_argument("--smoke", type=int, metavar="N", help="run N frames of the menu, exit 0")
    parser.add_argument("--windowed", action="store_true", help="ignore the fullscreen setting")
    parser.add_argument("--version", action="version", version=f"bazaar {__version__}")
    sub = parser.add_subparsers(dest="tool")

    p = sub.add_parser("play", help="open a table directly: a new match of GAME")
    p.add_argument("game")
    p.add_argument("--seats", default="", help="comma-separated: human, a bot level, random, rules")
    p.add_argument("--seed", type=int, default=None, help="the deal (a random one when left out)")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")

    p = sub.add_parser("scenario", help="run a scenario file, print one JSON line per command")
    p.add_argument("file")

    p = sub.add_parser("bot", help="a bot speaking JSON lines on stdin/stdout")
    p.add_argument("game")
    p.add_argument("--level", default="medium")
    p.add_argument(
        "--seconds", type=float, default=None, help="a wall-clock cap a move (off: the level's work alone)"
    )

    p = sub.add_parser("sim", help="a tournament between bots or outside programs")
    p.add_argument("game")
    p.add_argument("--seats", required=True, help="comma-separated: level, random or cmd:PROGRAM")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument(
        "--seconds",
        type=float,
        default=None,
        help="think allowance a move: moves over it are counted, none cut",
    )
    p.add_argument("--processes", type=int, default=1)
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    p.add_argument("--json", action="store_true")
    p.add_argument("--move-seconds", type=float, default=None, help="an outside program's time limit a move")
    p.add_argument("--fallback", metavar="LEVEL", help="our bot that takes a failed program's seat")
    p.add_argument("--save", metavar="DIR", help="write each game to DIR as a match file (replay, import)")

    p = sub.add_parser("replay", help="re-apply exported matches")
    p.add_argument("file", nargs="+", help="one or more exported match files")
    p.add_argument("--verify", action="store_true", help="re-decide every command and compare")

    p = sub.add_parser("serve", help="run matches for players on the network (docs/network.md)")
    p.add_argument("--host", default="127.0.0.1", help="the address to listen on (0.0.0.0: every one)")
    p.add_argument("--port", type=int, default=8765)
    p.add_argument("--data", default=None, help="the folder of its matches (default: the user data folder)")
    p.add_argument("--bot-pause", type=float, default=0.6, help="seconds a bot waits before it moves")
    p.add_argument("--no-create", action="store_true", help="refuse new matches from clients")
    p.add_argument(
        "--creator-key",
        default=None,
        metavar="KEY",
        help="take new matches only from clients that send this key (default: $BAZAAR_CREATOR_KEY)",
    )
    p.add_argument("--no-hints", action="store_true", help="refuse hints (advise) to every seat")
    p.add_argument(
        "--allow-seed",
        action="store_true",
        help="let a client's create choose the seed (tools and tests: it tells every shuffle)",
    )
    p.add_argument("--tls-cert", metavar="PEM", help="serve wss:// with this certificate (chain)")
    p.add_argument("--tls-key", metavar="PEM", help="its private key (when not in the --tls-cert file)")
    p.add_argument(
        "--plain",
        action="store_true",
        help="plain ws://, no TLS: behind a proxy that ends TLS, or on a network you trust",
    )

    p = sub.add_parser("relay", help="pipe guests to hosts it never reads (docs/network.md)")
    p.add_argument("--host", default="127.0.0.1", help="the address to listen on (0.0.0.0: every one)")
    p.add_argument("--port", type=int, default=8766)
    p.add_argument("--tls-cert", metavar="PEM", help="take TLS too, with this certificate (chain)")
    p.add_argument("--tls-key", metavar="PEM", help="its private key (when not in the --tls-cert file)")
    p.add_argument("--key", default=None, help="a registration key hosts must give ($BAZAAR_RELAY_KEY)")
    # the caps (None: game/net/relay.py's Limits)
    p.add_argument("--max-hosts", type=int, help="hosts registered at once (1000)")
    p.add_argument("--per-address", type=int, help="hosts registered at once from one address (8)")
    p.add_argument("--host-connections", type=float, help="a host's new guests' connections a second (10)")
    p.add_argument("--host-bytes", type=float, help="bytes a second through one host's pipes (2000000)")
    p.add_argument("--total-bytes", type=float, help="bytes a second through every pipe (100000000)")
    p.add_argument("--max-pipes", type=int, help="pipes open at once (10000)")
    p.add_argument("--idle", type=float, help="seconds of silence that close a connection (120)")

    p = sub.add_parser("games", help="list the games found (each plugin's declaration) and those refused")
    p.add_argument("--json", action="store_true")

    p = sub.add_parser("bench", help="print performance figures")
    p.add_argument("--json", action="store_true")
    p.add_argument("--only", default="", help="comma-separated figure prefixes")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    sys.setswitchinterval(SWITCH_S)
    if args.tool == "scenario":
        from game.core.scenario import main as run
    elif args.tool == "bot":
        from game.core.protocol import main as run
    elif args.tool == "sim":
        from game.core.sim import main as run
    elif args.tool == "replay":
        from game.core.replay import main as run
    elif args.tool in (None, "play"):  # the windowed app: an error that stops it is logged and shown
        from game.startup import run_app

        return run_app(args)
    elif args.tool == "serve":
        from game.net.server import main as run
    elif args.tool == "relay":
        from game.net.relay import main as run
    elif args.tool == "games":
        from game.core.registry import main as run
    else:  # bench
        from game.bench import main as run
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
