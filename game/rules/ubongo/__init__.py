"""Ubongo: real-time polyomino puzzles and a race for gems of one colour.

The package imports nothing, so a table that reads the pieces, the solver or the words loads
no machinery. Each part lives in its module: the pieces (`pieces`: `PIECES`, `orientations`,
`normalise`, `place`), the solver (`solver`: `solve`, `tilings`, `count`, `stats`), checking
placements (`placement`: `check`, `check_partial`), the boards (`levels`: `boards`, `board`,
`read_board`, `LevelError`), difficulty (`difficulty`: `estimate`, `label`). Its face
(`face.FACE`: options, the move log's words, why_not) is what scenes may know; the ruleset
(`ruleset.RULESET`: deal, decide, evolve, the rules clock, bots) is the authority's.
"""
