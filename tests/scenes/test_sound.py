"""Synthesised sound effects: the fast recurrence gives the textbook decaying sine."""

import math

from game.ui import sound


def test_a_partial_is_a_decaying_sine_in_the_mixers_format():
    rate, partial = 22050, (2100, 0.0, 0.18, 0.35)
    mono = sound.synthesise([partial], 0.0, rate, 1)
    for i in range(0, int(0.18 * rate), 97):
        t = i / rate
        expected = 0.35 * math.exp(-6 * t / 0.18) * math.sin(2 * math.pi * 2100 * t)
        assert abs(mono[i] - int(30000 * expected)) <= 1
    stereo = sound.synthesise([partial], 0.0, rate, 2)
    assert len(stereo) == 2 * len(mono) and stereo[0::2] == mono and stereo[1::2] == mono


def test_loud_sums_are_clipped_not_wrapped():
    loud = sound.synthesise([(440, 0, 0.1, 0.9), (440, 0, 0.1, 0.9)], 0.0, 22050, 1)
    assert max(loud) == 30000 and min(loud) == -30000
