"""The bundle's entry point: the same program as `python -m game` and the `bazaar` script."""

import multiprocessing
import sys

from game.__main__ import main

if __name__ == "__main__":
    multiprocessing.freeze_support()  # `sim --processes N` starts its workers through this executable
    sys.exit(main())
