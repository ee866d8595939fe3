"""pytmx for the rules packages, without pygame: nothing under game/rules may import pygame.

pytmx tries `import pygame` for image loading when it is imported; the board files read here
are object layers only and need no images.
"""

from __future__ import annotations

import logging
import sys
from types import ModuleType


def pytmx() -> ModuleType:
    """Import pytmx without letting it pull in pygame (it tries to, for image loading)."""
    if "pytmx" in sys.modules or "pygame" in sys.modules:
        import pytmx as module

        return module
    quiet = logging.getLogger("pytmx.util_pygame")  # it logs an error when pygame is absent
    was = quiet.disabled
    quiet.disabled = True
    sys.modules["pygame"] = None  # type: ignore[assignment]  # makes `import pygame` fail
    try:
        import pytmx as module
    finally:
        del sys.modules["pygame"]
        quiet.disabled = was
    return module
