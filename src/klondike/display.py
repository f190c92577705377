"""What a person sees of a game: the open table by card name (the page's view is built from
it), the piles each card a drag may move can go to, and the position as text for a terminal.
Read through :meth:`Game.table`, :meth:`Game.drop_targets` and ``str(game)``.

>>> from klondike import Game
>>> print(text(Game.from_code("KL1-D1N-AAAAAAG")))
KL1-D1N-AAAAAAG  Draw 1  Normal  score 0  moves 0
S [24]  W --         F1 --  F2 --  F3 --  F4 --
<BLANKLINE>
T1  T2  T3  T4  T5  T6  T7
AD  ##  ##  ##  ##  ##  ##
    JC  ##  ##  ##  ##  ##
        KD  ##  ##  ##  ##
            TC  ##  ##  ##
                9D  ##  ##
                    3S  ##
                        AH
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import (
    CARD_NAMES,
    PILE_NAMES,
    STOCK,
    T0,
    card,
    count_of,
    foundation_names,
    source_of,
    target_of,
)
from .text import score_text

if TYPE_CHECKING:
    from .game import Game


def table(game: Game) -> dict[str, Any]:
    """What lies open on the table, by card name; the stock and face-down cards counted.

    Lists run bottom card first (the last waste card is the playable one):

    >>> from klondike import Game
    >>> table = Game.from_code("KL1-D1N-AAAAAAG").table()
    >>> table["stock"], table["waste"], table["foundations"], table["tableau"][1]
    (24, [], [[], [], [], []], {'down': 1, 'up': ['JC']})
    """
    names = CARD_NAMES
    return {
        "stock": len(game.stock),
        "waste": [names[c] for c in game.waste],
        "foundations": foundation_names(game.foundations),
        "tableau": [
            {"down": len(d), "up": [names[c] for c in u]}
            for d, u in zip(game.down, game.up, strict=True)
        ],
    }


def drop_targets(game: Game) -> dict[str, list[str]]:
    """For each card a drag may move now, the piles it may be dropped on.

    >>> from klondike import Game
    >>> drop_targets(Game.from_code("KL1-D1N-AAAAAAG"))
    {'AD': ['F3'], '9D': ['T4'], 'AH': ['F2']}
    """
    targets: dict[str, list[str]] = {}
    for code in game.legal_codes():
        source, target = source_of(code), target_of(code)
        if source == STOCK or target == STOCK:
            continue
        from_column = source >= T0
        moving = game.up[source - T0][-count_of(code)] if from_column else game.top_card(source)
        targets.setdefault(CARD_NAMES[moving], []).append(PILE_NAMES[target])
    return targets


def text(game: Game) -> str:
    """The position as a person reads it in a terminal (``print(game)``): the code, mode,
    score and moves; the stock's count, the waste's top three cards and each foundation's
    top; then the columns, a face-down card as ``##``."""
    if game.rules.has_score:
        mode = f"{game.scoring.capitalize()}  score {score_text(game.score, game.scoring)}"
    else:
        mode = f"{game.rules.name}, no score"
    lines = [
        f"{game.code}  Draw {game.draw}  {mode}  moves {game.moves}"
        + ("  WON" if game.won else ""),
    ]
    waste = " ".join(CARD_NAMES[c] for c in game.waste[-3:]) or "--"
    homes = "  ".join(
        f"F{s + 1} {CARD_NAMES[card(s, h)] if h else '--'}" for s, h in enumerate(game.foundations)
    )
    lines.append(f"S [{len(game.stock):2}]  W {waste:<9}  {homes}")
    lines.append("")
    lines.append("  ".join(f"T{i + 1}" for i in range(7)))
    depth = max(len(d) + len(u) for d, u in zip(game.down, game.up, strict=True))
    for row in range(depth):
        cells = []
        for down, up in zip(game.down, game.up, strict=True):
            if row < len(down):
                cells.append("##")
            elif row < len(down) + len(up):
                cells.append(CARD_NAMES[up[row - len(down)]])
            else:
                cells.append("  ")
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)
