"""Jaipur: the two-player game and the solo variant.

The package imports nothing, so a table that reads `cards` or `words` loads no machinery. Its
face (the public part: `face.FACE`) is what scenes may know; the ruleset (`ruleset.RULESET`:
deal, decide, evolve, redact, bots) is the authority's.
"""
