"""Packaging hook: a wheel carries the shipped files (assets, levels, seeds) as package data
under game/_data, where game/resources.py looks when the game is installed from a wheel.
Everything else is declared in pyproject.toml."""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

SHIPPED = ("assets", "levels", "seeds")


class BuildWithShippedFiles(build_py):
    def run(self) -> None:
        super().run()
        target = Path(self.build_lib) / "game" / "_data"
        for kind in SHIPPED:
            shutil.copytree(
                kind,
                target / kind,
                dirs_exist_ok=True,
                ignore=shutil.ignore_patterns("*.py", "__pycache__"),  # generators stay in the checkout
            )


setup(cmdclass={"build_py": BuildWithShippedFiles})
