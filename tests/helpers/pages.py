"""``python -m helpers.pages DIR [klondike's serving options]`` is ``klondike`` serving the
page's files from DIR instead of the package's (`klondike.web.serve.serve`'s
``static_dir``): a test of an upgrade serves one version of the page, then another.
`helpers.server.Server` starts it when given ``static``. `serve_as_klondike` is what this
and ``python -m helpers.clock`` share.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any


def serve_as_klondike(argv: list[str], **options: Any) -> int:
    """Serve as ``klondike`` does with the command line ``argv``, and ``options`` of
    `klondike.web.serve.serve` on top (a clock, a folder of page files)."""
    from klondike.cli import build_parser, serve_command

    args = build_parser().parse_args(argv)
    assert args.command is None, "only serving takes these options"
    return serve_command(args, **options)


def main(argv: list[str]) -> int:
    """Serve as ``klondike`` does, the page's files from ``argv[0]``."""
    return serve_as_klondike(argv[1:], static_dir=Path(argv[0]))


if __name__ == "__main__":  # not when a solver worker process imports this module
    sys.exit(main(sys.argv[1:]))
