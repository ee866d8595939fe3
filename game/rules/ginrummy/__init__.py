"""Gin Rummy: the rules, the exact meld solver and the bots (no pygame here).

The package imports nothing, so a table that reads `cards`, `melds` or `scoring` loads no
machinery. Its face (`face.FACE`: options, the move log's words, why_not) is what scenes may
know; the ruleset (`ruleset.RULESET`: deal, decide, evolve, redact, bots) is the authority's.
"""
