"""Taj Mahal for 3-5 players: the rules, the board loader and the bots (no pygame).

The package imports nothing, so a table that reads `data`, `words` or the board loads no
machinery. Its face (`face.FACE`: options, the move log's words, why_not) is what scenes may
know; the ruleset (`ruleset.RULESET`: setup, decide, evolve, redact, bots) is the authority's.
"""
