"""Outside opponents: reference players our bots are measured against (see tools/__init__.py).

Each is a program speaking the JSON-lines bot protocol (docs/bot-protocol.md) from its seat's
view and the legal list alone, with no Bazaar imports: `cmd:python tools/opponents/X.py` as a
seat of `python -m game sim`. tools/measure hosts them in-process too, through the same view.
"""
