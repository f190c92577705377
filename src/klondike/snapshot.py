"""A game's snapshot: the whole game as a JSON-ready dict, and the game restored from one,
checked that it describes a possible game (:meth:`Game.snapshot`, :meth:`Game.from_snapshot`).

Lists run bottom card first: the last stock card is the next one drawn, the last waste card
the playable one.

>>> from klondike import Game
>>> game = Game.from_code("KL1-D1N-AAAAAAG")
>>> _ = game.play("T1-F3")
>>> data = snapshot_of(game)
>>> data["foundations"][2], data["history"]
(['AD'], [['T1-F3', 1, False, 0]])
>>> snapshot_of(restore(Game, data)) == data
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import (
    CARD_NAMES,
    DECK_SIZE,
    F0,
    PARENTS,
    PILE_NAMES,
    RANK,
    T0,
    WASTE,
    Card,
    MoveCode,
    card,
    count_of,
    foundation_names,
    move_code,
    move_of,
    source_of,
    target_of,
)
from .codes import parse_code
from .errors import IllegalMove, InvalidCode, InvalidSnapshot
from .rules import APP, NO_SCORE, START_SCORE, UNDO_LIMIT, rules_for

if TYPE_CHECKING:
    from .game import Game

_CARDS = {name: i for i, name in enumerate(CARD_NAMES)}
_PILES = {name: i for i, name in enumerate(PILE_NAMES)}


def snapshot_of(game: Game) -> dict[str, Any]:
    """The whole game as a JSON-ready dict; :func:`restore` restores it exactly.

    ``history`` holds the undoable actions, oldest first, each as ``[move, cards moved,
    card turned up, score before]`` (and, where Aces fly home by themselves, the Aces that
    flew after it); ``redo``, if any action was undone since the last move, the undone
    actions as ``[move, cards moved]``, the next one to redo first.
    """
    names = CARD_NAMES
    start = game.undo_start
    snapshot: dict[str, Any] = {
        "code": game.code,
        "rules": game.rules.key,
        "draw": game.draw,
        "scoring": game.scoring,
        "recycles": game.recycles,
        "stock": [names[c] for c in game.stock],
        "waste": [names[c] for c in game.waste],
        "foundations": foundation_names(game.foundations),
        "tableau": [
            {"down": [names[c] for c in d], "up": [names[c] for c in u]}
            for d, u in zip(game.down, game.up, strict=True)
        ],
        "score": game.score,
        "won": game.won,
        "moves": game.moves,
        "undos": game.undos,
        "history": [
            [str(move_of(c)), count_of(c), turned, previous]
            for c, turned, previous in game.history[start:]
        ],
    }
    redo = game.redo_codes
    if redo:
        snapshot["redo"] = [[str(move_of(c)), count_of(c)] for c in redo]
    if game.rules.auto_aces:  # each action's record also lists the Aces that flew after it
        for record, flown in zip(snapshot["history"], game.flights[start:], strict=True):
            record.append([[str(move_of(c)), turned] for c, turned in flown])
    return snapshot


def restore(cls: type[Game], snapshot: object) -> Game:
    """The game ``snapshot`` describes; :class:`InvalidSnapshot` says what is wrong."""
    if not isinstance(snapshot, dict):
        raise InvalidSnapshot(f"it must be an object, not {type(snapshot).__name__}")
    for key in ("code", "stock", "waste", "foundations", "tableau", "score"):
        if key not in snapshot:
            raise InvalidSnapshot(f"“{key}” is missing")
    try:
        deal, draw, scoring, key = parse_code(snapshot["code"])
    except InvalidCode as err:
        raise InvalidSnapshot(str(err)) from None
    if snapshot.get("rules", APP.key) != key:  # a snapshot without "rules" is the app's
        raise InvalidSnapshot("“rules” does not match the code")
    rules = rules_for(key)
    if type(snapshot.get("draw", draw)) is not int or snapshot.get("draw", draw) != draw:
        raise InvalidSnapshot("“draw” does not match the code")
    if snapshot.get("scoring", scoring) != scoring:
        raise InvalidSnapshot("“scoring” does not match the code")

    stock = _cards(snapshot["stock"], "stock")
    waste = _cards(snapshot["waste"], "waste")
    foundations = _foundations(snapshot["foundations"])
    down, up = _tableau(snapshot["tableau"])
    game = cls.restored(
        deal,
        rules,
        draw,
        scoring,
        stock=stock,
        waste=waste,
        foundations=foundations,
        down=down,
        up=up,
    )
    seen = game.stock + game.waste + [c for col in game.down + game.up for c in col]
    seen += [card(s, r) for s, h in enumerate(game.foundations) for r in range(1, h + 1)]
    if len(seen) != DECK_SIZE or len(set(seen)) != DECK_SIZE:
        raise InvalidSnapshot("the piles must hold each of the 52 cards exactly once")

    game.score = _whole(snapshot["score"], "score", None)
    if scoring == NO_SCORE and game.score != 0:
        raise InvalidSnapshot("a game without a score has score 0")
    if game.score < min(0, START_SCORE[scoring]):
        raise InvalidSnapshot("a Normal score is never below 0")
    game.recycles = _whole(snapshot.get("recycles", 0), "recycles", 0)
    if not game.recycles <= game.recycle_limit:
        raise InvalidSnapshot("“recycles” is more than the pass limit allows")
    if rules.auto_aces and _playable_ace(game):
        raise InvalidSnapshot("an Ace lies playable: in this version it would have gone up")
    won = snapshot.get("won", game.won)
    if won is not game.won:
        raise InvalidSnapshot("“won” must be true exactly when all 52 cards are home")
    records = snapshot.get("history", [])
    if not isinstance(records, list) or len(records) > UNDO_LIMIT:
        raise InvalidSnapshot(f"“history” must be a list of at most {UNDO_LIMIT} actions")
    entries = [_record(r, rules.auto_aces) for r in records]
    game.history = [entry for entry, _ in entries]
    game.flights = [flown for _, flown in entries] if rules.auto_aces else []
    game.moves = _whole(snapshot.get("moves", len(records)), "moves", len(records))
    game.undos = _whole(snapshot.get("undos", 0), "undos", 0)
    _check_history(game)
    game.set_redo(_redo(game, snapshot.get("redo", [])))
    return game


def _redo(game: Game, value: object) -> list[MoveCode]:
    """The undone actions of ``"redo"`` (``[move, cards moved]``, the next one first), each
    legal in turn from the position; stored the next one last, as :meth:`Game.redo` pops."""
    bad = InvalidSnapshot(
        f"“redo” must be a list of at most {UNDO_LIMIT} [move, cards moved] that can be "
        "played in turn from the position"
    )
    if not isinstance(value, list) or len(value) > UNDO_LIMIT:
        raise bad
    probe = game.copy()
    codes = []
    for entry in value:
        if not isinstance(entry, list) or len(entry) != 2:
            raise bad
        text, count = entry
        if not isinstance(text, str) or type(count) is not int or not 1 <= count <= DECK_SIZE:
            raise bad
        source, _, target = text.partition("-")
        if source not in _PILES or target not in _PILES:
            raise bad
        code = move_code(_PILES[source], _PILES[target], count)
        if code not in probe.legal_codes():
            raise bad
        probe.push(code)
        codes.append(code)
    return codes[::-1]


def _whole(value: object, key: str, minimum: int | None) -> int:
    if type(value) is not int or (minimum is not None and value < minimum):
        floor = "" if minimum is None else f" of at least {minimum}"
        raise InvalidSnapshot(f"“{key}” must be a whole number{floor}")
    return value


def _cards(value: object, where: str) -> list[Card]:
    if not isinstance(value, list):
        raise InvalidSnapshot(f"{where} must be a list of card names")
    try:
        return [_CARDS[name] for name in value]
    except (KeyError, TypeError):
        raise InvalidSnapshot(f"{where} holds something that is not a card name") from None


def _foundations(value: object) -> list[int]:
    if not isinstance(value, list) or len(value) != 4:
        raise InvalidSnapshot("“foundations” must be a list of 4 lists")
    heights = []
    for suit, pile in enumerate(value):
        cards = _cards(pile, f"foundation F{suit + 1}")
        if cards != [card(suit, r) for r in range(1, len(cards) + 1)]:
            raise InvalidSnapshot(f"foundation F{suit + 1} must run from its Ace up in its suit")
        heights.append(len(cards))
    return heights


def _tableau(value: object) -> tuple[list[list[Card]], list[list[Card]]]:
    if not isinstance(value, list) or len(value) != 7:
        raise InvalidSnapshot("“tableau” must be a list of 7 columns")
    downs, ups = [], []
    for i, column in enumerate(value, start=1):
        if not isinstance(column, dict) or set(column) != {"down", "up"}:
            raise InvalidSnapshot(f"column T{i} must be an object with “down” and “up”")
        down = _cards(column["down"], f"column T{i}")
        up = _cards(column["up"], f"column T{i}")
        if down and not up:
            raise InvalidSnapshot(f"column T{i} has face-down cards but no face-up card")
        if any(up[k - 1] not in PARENTS[up[k]] for k in range(1, len(up))):
            raise InvalidSnapshot(
                f"the face-up cards of column T{i} must alternate colours one rank down"
            )
        downs.append(down)
        ups.append(up)
    return downs, ups


def _playable_ace(game: Game) -> bool:
    """True if an Ace lies on top of the waste or of a column."""
    tops = [game.waste[-1:], *(run[-1:] for run in game.up)]
    return any(RANK[top[0]] == 1 for top in tops if top)


def _record(value: Any, auto_aces: bool) -> tuple[tuple[MoveCode, bool, int], tuple[Any, ...]]:
    """A history entry and (with automatic Aces) the Aces that flew after it."""
    words = "[move, cards moved, card turned up, score before"
    words += ", Aces that flew]" if auto_aces else "]"
    bad = InvalidSnapshot(f"each history entry is {words}")
    if not isinstance(value, list) or len(value) != (5 if auto_aces else 4):
        raise bad
    text, count, turned, previous = value[:4]
    flights = tuple(_flight(f, bad) for f in value[4]) if auto_aces and _is_list(value[4]) else ()
    if auto_aces and not _is_list(value[4]):
        raise bad
    if (
        not isinstance(text, str)
        or type(count) is not int
        or not 1 <= count <= DECK_SIZE
        or not isinstance(turned, bool)
        or type(previous) is not int
    ):
        raise bad
    source, _, target = text.partition("-")
    if source not in _PILES or target not in _PILES:
        raise bad
    return (move_code(_PILES[source], _PILES[target], count), turned, previous), flights


def _is_list(value: object) -> bool:
    return isinstance(value, list)


def _flight(value: object, bad: InvalidSnapshot) -> tuple[MoveCode, bool]:
    """One Ace's flight, ``["T3-F2", true]``: from the waste or a column to a foundation."""
    if not isinstance(value, list) or len(value) != 2 or not isinstance(value[1], bool):
        raise bad
    source, _, target = str(value[0]).partition("-")
    if source not in _PILES or target not in _PILES:
        raise bad
    code = move_code(_PILES[source], _PILES[target])
    if not (source_of(code) == WASTE or source_of(code) >= T0) or not (F0 <= target_of(code) < T0):
        raise bad
    return code, value[1]


def _position(game: Game) -> tuple[object, ...]:
    return (game.stock, game.waste, game.foundations, game.down, game.up, game.score)


def _check_history(game: Game) -> None:
    """Every undoable action must be a legal move that led to the position after it."""
    probe = game.copy()
    for _ in range(len(game.history)):
        after = _position(probe.copy())
        entry = probe.history[-1]
        flown = probe.flights[-1] if probe.flights else ()
        try:
            probe.pop()
        except (IndexError, ValueError, IllegalMove):
            raise InvalidSnapshot("the undo history does not lead to this position") from None
        if probe.recycles < 0 or _bad_piles(probe):
            raise InvalidSnapshot("the undo history does not lead to this position")
        if entry[0] not in probe.legal_codes():
            raise InvalidSnapshot("the undo history holds a move that was not legal")
        replay = probe.copy()
        replay.push(entry[0])
        replayed = replay.flights[-1] if replay.flights else ()
        if _position(replay) != after or replay.history[-1] != entry or replayed != flown:
            raise InvalidSnapshot("the undo history does not lead to this position")


def _bad_piles(game: Game) -> bool:
    """True if undoing left a pile impossible (a foundation out of range)."""
    return any(not 0 <= height <= 13 for height in game.foundations)
