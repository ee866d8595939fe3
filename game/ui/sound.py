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
from functools import cache

import pygame

from game.core import faces

RATE = 22050
# name -> list of (frequency Hz, start s, length s, loudness), plus a noise burst length: the
# effects every table plays; a game's own come with its declaration (GamePlugin.sounds)
EFFECTS: dict[str, tuple[list[tuple[float, float, float, float]], float]] = {
    "card": ([], 0.07),
    "click": ([(1400, 0, 0.03, 0.25)], 0.0),
    "token": ([(2100, 0, 0.18, 0.35), (3150, 0, 0.12, 0.2)], 0.0),
    "sale": ([(1568, 0, 0.25, 0.3), (2093, 0.06, 0.25, 0.3), (2637, 0.12, 0.3, 0.3)], 0.0),
    "seal": ([(392, 0, 0.9, 0.35), (587, 0.1, 0.9, 0.3), (784, 0.2, 1.0, 0.25)], 0.0),
    "deal": ([], 0.04),
    "alarm": ([(880, 0, 0.15, 0.35), (880, 0.25, 0.15, 0.35)], 0.0),
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


@cache
def effects() -> dict[str, tuple[list[tuple[float, float, float, float]], float]]:
    """Every effect: the shared ones and each registered game's own (a game's name wins no clash)."""
    out = dict(EFFECTS)
    for plugin in faces.plugins().values():
        for effect, (partials, noise) in plugin.sounds.items():
            out.setdefault(effect, (list(partials), noise))
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
            partials, noise = effects()[name]
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
        for name in effects():
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
