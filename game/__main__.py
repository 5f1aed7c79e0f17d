"""``python -m game`` does what the ``warbench`` command does."""

import sys

from game.cli import main

if __name__ == "__main__":
    sys.exit(main())
