"""``python -m klondike``: the same as the ``klondike`` command."""

import sys

from .cli import main

if __name__ == "__main__":  # not when a solver worker process imports this module
    sys.exit(main())
