"""Draw levels/tajmahal.tmx into a PNG to look at (a development tool, not used by the game).

Run `python levels/render_tajmahal.py [out.png] [scale]`. Reads every layer with pytmx:
sea, desert and mountains, provinces in pastels with strong borders, rivers, roads, cities
(fortresses as squares, the Taj Mahal as a star) and the labels.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame  # noqa: E402
import pytmx  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from game.scenes.tajmahal.map_art import PASTELS  # noqa: E402  (the table's own province colours)

TMX = Path(__file__).resolve().parent / "tajmahal.tmx"
FILL = {"sea": (150, 190, 222), "desert": (236, 214, 150), "marsh": (214, 220, 214)}


def render(out: Path, scale: float) -> None:
    pygame.init()
    tiled = pytmx.TiledMap(str(TMX))
    size = (round(tiled.width * tiled.tilewidth * scale), round(tiled.height * tiled.tileheight * scale))
    surf = pygame.Surface(size)
    surf.fill((226, 222, 208))

    def pts(obj) -> list[tuple[float, float]]:
        return [(p.x * scale, p.y * scale) for p in obj.points]

    layers = {layer.name: layer for layer in tiled.objectgroups}
    for obj in layers["terrain"]:
        if obj.type in FILL:
            pygame.draw.polygon(surf, FILL[obj.type], pts(obj))
    for i, obj in enumerate(layers["provinces"]):
        pygame.draw.polygon(surf, PASTELS[i % len(PASTELS)], pts(obj))
    for obj in layers["terrain"]:
        if obj.type == "desert":
            pygame.draw.polygon(surf, (220, 190, 120), pts(obj), 1)
        elif obj.type == "mountains":
            pygame.draw.lines(surf, (140, 110, 80), False, pts(obj), max(2, round(3 * scale)))
        elif obj.type == "coast":
            pygame.draw.lines(surf, (60, 100, 150), False, pts(obj), 2)
    for obj in layers["provinces"]:
        pygame.draw.polygon(surf, (70, 50, 40), pts(obj), max(2, round(2 * scale)))
    for obj in layers["rivers"]:
        pygame.draw.lines(surf, (70, 130, 200), False, pts(obj), max(2, round(2 * scale)))
    for obj in layers["roads"]:
        pygame.draw.lines(surf, (150, 60, 40), False, pts(obj), max(1, round(1.5 * scale)))
    small = pygame.font.Font(None, round(15 * scale))
    big = pygame.font.Font(None, round(24 * scale))
    for obj in layers["cities"]:
        x, y = obj.x * scale, obj.y * scale
        r = 5 * scale
        if obj.properties["taj"]:
            pygame.draw.circle(surf, (255, 255, 255), (x, y), r * 1.6)
            pygame.draw.circle(surf, (200, 40, 40), (x, y), r * 1.6, 3)
        elif obj.properties["fortress"]:
            pygame.draw.rect(surf, (90, 60, 40), pygame.Rect(x - r, y - r, 2 * r, 2 * r))
        else:
            pygame.draw.circle(surf, (40, 40, 40), (x, y), r)
        label = small.render(obj.name, True, (20, 20, 20))
        surf.blit(label, label.get_rect(midtop=(x, y + r + 1)))
    for obj in layers["labels"]:
        kind = obj.properties.get("kind")
        font = big if kind == "province" else small
        colour = (90, 30, 20) if kind == "province" else (70, 70, 90)
        label = font.render(obj.name, True, colour)
        centre = ((obj.x + obj.width / 2) * scale, (obj.y + obj.height / 2) * scale)
        surf.blit(label, label.get_rect(center=centre))
    pygame.image.save(surf, str(out))
    print(f"wrote {out} ({size[0]} x {size[1]})")


if __name__ == "__main__":
    render(
        Path(sys.argv[1] if len(sys.argv) > 1 else "tajmahal.png"),
        float(sys.argv[2]) if len(sys.argv) > 2 else 1.5,
    )
