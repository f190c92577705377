"""``python -m klondike``: the same as the ``klondike`` command."""

import sys

from .cli import main

sys.exit(main())
