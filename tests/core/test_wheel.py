"""An installed wheel carries the shipped files where the resource helper looks for them."""

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_the_wheel_ships_assets_levels_and_seeds_as_package_data(tmp_path):
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(tmp_path), str(ROOT)],
        check=True,
    )
    (wheel,) = tmp_path.glob("bazaar-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for shipped in (
        "game/_data/assets/fonts/Lato-Regular.ttf",
        "game/_data/assets/icon.png",
        "game/_data/levels/tajmahal.tmx",
        "game/_data/levels/ubongo/board-36.tmx",
        "game/_data/seeds/jaipur.md",
    ):
        assert shipped in names, shipped
    assert not any(n.startswith("game/_data/") and n.endswith(".py") for n in names)
