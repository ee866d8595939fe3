"""Scripts beside the app, run from the checkout's root; none of them ships (only `game` does).

    tools/catalog.py, tools/subset_font.py   upkeep of shipped files: the gettext catalogues,
                                             the cut-down Japanese font (`python tools/X.py`)
    tools/opponents/<game>_<kind>.py         outside opponents: reference players our bots are
                                             measured against, written from the rules documents
                                             and the bot protocol, importing nothing of Bazaar
                                             (`python tools/opponents/X.py`, a protocol program)
    tools/measure/*.py                       measurements of our bots: matches against the
                                             outside opponents, think times, races at the real
                                             table (`python -m tools.measure.X`); their results
                                             are written up in docs/<game>.md

Not to be confused with the bench: `python -m game bench` (`make bench`, game/bench.py and
each game's game/rules/<game>/bench.py) prints the figures measured on every run.
"""
