"""Sound effects synthesised by code (no sample files to ship or license).

Each effect is a few decaying partials written as 16-bit mono samples. Without an audio
device (CI, the dummy driver) everything here quietly does nothing.
"""

from __future__ import annotations

import cmath
import math
import random
import threading
from array import array

import pygame

RATE = 22050
# name -> list of (frequency Hz, start s, length s, loudness), plus a noise burst length
EFFECTS: dict[str, tuple[list[tuple[float, float, float, float]], float]] = {
    "card": ([], 0.07),
    "click": ([(1400, 0, 0.03, 0.25)], 0.0),
    "token": ([(2100, 0, 0.18, 0.35), (3150, 0, 0.12, 0.2)], 0.0),
    "sale": ([(1568, 0, 0.25, 0.3), (2093, 0.06, 0.25, 0.3), (2637, 0.12, 0.3, 0.3)], 0.0),
    "seal": ([(392, 0, 0.9, 0.35), (587, 0.1, 0.9, 0.3), (784, 0.2, 1.0, 0.25)], 0.0),
    "deal": ([], 0.04),
    "alarm": ([(880, 0, 0.15, 0.35), (880, 0.25, 0.15, 0.35)], 0.0),
    # Ubongo: the die, pieces in hand, the hourglass, the shout and the gems
    "roll": ([(180, 0, 0.05, 0.5), (220, 0.09, 0.05, 0.45), (200, 0.17, 0.05, 0.4)], 0.25),
    "pickup": ([(660, 0, 0.05, 0.25)], 0.02),
    "snap": ([(220, 0, 0.06, 0.6), (1320, 0, 0.04, 0.2)], 0.01),
    "turn": ([(990, 0, 0.04, 0.18)], 0.03),
    "flip": ([(140, 0, 0.12, 0.6), (280, 0, 0.08, 0.25)], 0.35),
    "tick": ([(1760, 0, 0.03, 0.3)], 0.0),
    "ubongo": (
        [(523, 0, 0.18, 0.3), (659, 0.08, 0.18, 0.3), (784, 0.16, 0.35, 0.35), (1047, 0.24, 0.4, 0.25)],
        0.0,
    ),
    "gem": ([(2637, 0, 0.2, 0.3), (3520, 0.03, 0.15, 0.2)], 0.0),
    "knock": (
        [(150, 0, 0.09, 0.7), (300, 0, 0.05, 0.3), (150, 0.16, 0.09, 0.7), (300, 0.16, 0.05, 0.3)],
        0.02,
    ),
}


def synthesise(
    partials: list[tuple[float, float, float, float]], noise: float, rate: int = RATE, channels: int = 1
) -> array:
    """Samples at `rate`, each repeated for every channel (the mixer's own format).

    A decaying sine is a phasor turned and shrunk a little every sample: one complex product
    per sample instead of an exp and a sin, so every effect is ready in a few milliseconds."""
    length = max([s + d for _, s, d, _ in partials] + [noise]) + 0.02
    samples = [0.0] * int(length * rate)
    for freq, start, dur, loud in partials:
        first = int(start * rate)
        turn = cmath.exp(complex(-6 / (dur * rate), 2 * math.pi * freq / rate))
        z = complex(loud, 0.0)
        for i in range(first, first + int(dur * rate)):
            samples[i] += z.imag
            z *= turn
    noise_rng = random.Random(7)  # the same swish every time
    amp, fade = 0.3, math.exp(-5 / (noise * rate)) if noise else 0.0
    for i in range(int(noise * rate)):
        samples[i] += amp * (noise_rng.random() * 2 - 1)
        amp *= fade
    mono = array("h", [int(30000 * (1.0 if s > 1 else -1.0 if s < -1 else s)) for s in samples])
    if channels == 1:
        return mono
    out = array("h", bytes(2 * len(mono) * channels))
    for c in range(channels):
        out[c::channels] = mono
    return out


_SAMPLES: dict[tuple[str, int, int], bytes] = {}  # (effect, rate, channels) -> samples, per process


class Sounds:
    def __init__(self) -> None:
        self.volume = 0.7
        self.muted = False
        self._cache: dict[str, pygame.mixer.Sound] = {}
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(RATE, -16, 1, 512)
            self.format = pygame.mixer.get_init()
        except pygame.error:
            self.format = None
        # 16-bit signed is what we write; any other mixer format gets no sound, not noise
        self.ready = bool(self.format) and self.format[1] == -16
        self._warming = False

    def _samples(self, name: str) -> bytes:
        rate, _, channels = self.format
        key = (name, rate, channels)
        if key not in _SAMPLES:
            partials, noise = EFFECTS[name]
            _SAMPLES[key] = synthesise(partials, noise, rate, channels).tobytes()
        return _SAMPLES[key]

    def warm(self) -> None:
        """Synthesise every effect on a thread (tens of milliseconds of sample maths, several
        frames' worth), so no sound stalls a frame when first played. Called when a table
        opens, not at start-up, where it would slow the first frame."""
        if self.ready and not self._warming:
            self._warming = True
            threading.Thread(target=self._warm, name="sounds", daemon=True).start()

    def _warm(self) -> None:
        for name in EFFECTS:
            self._samples(name)

    def set(self, volume: float, muted: bool) -> None:
        self.volume, self.muted = volume, muted

    def play(self, name: str) -> None:
        if not self.ready or self.muted or self.volume <= 0:
            return
        sound = self._cache.get(name)
        if sound is None:
            sound = self._cache[name] = pygame.mixer.Sound(buffer=self._samples(name))
        sound.set_volume(self.volume)
        sound.play()
