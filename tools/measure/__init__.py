"""Measurements of our bots, run by hand: `python -m tools.measure.X --help` from the checkout's
root (see tools/__init__.py). The figures every `make bench` prints are in game/bench.py instead.
"""
