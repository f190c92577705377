"""The review of a finished game (docs/review.md): for each position, whether the deal could
still be won knowing every card, the move after which it no longer could ("lost at"), the
winning line from the position before it, and the fair player's share of winnable layouts
before and after each move; each move's class and accuracy by what it cost against the fair
player's own choice (`klondike.review.classes`), and why the lost move and the mistakes
lost, in facts (`klondike.review.why`).

The work is split into steps (`Analysis.step`), each bounded by counts of positions, so
that a server can run them one at a time in a background worker, keep the state between
them (`Analysis.state`, plain JSON) and resume it later. `analyse` runs every step.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from klondike import Game, KlondikeError, Move
from klondike.cards import CARD_NAMES
from klondike.fair import Share, choice_share, decide, move_share, winnable_share
from klondike.solver import describe_line, solve

from .classes import CLASSES, JUDGED, game_accuracy, move_accuracy, move_class
from .why import why

Part = Literal["verdicts", "shares", "done"]

VERDICT_STATES = 50_000
"""Positions one full-information verdict may search, by default."""

SHARE_SAMPLES = 24
"""Layouts each fair share solves, by default: every move that loses one of them that the
position wins is measured again on `FINE_SAMPLES`."""

FINE_SAMPLES = 64
"""Layouts on which a move that looks bad is held against the fair player's own choice, by
default: one layout is 1.6 points of the share."""

SHARE_STATES = 1_000
"""Positions each layout of a fair share may search, by default."""


class ReviewError(ValueError):
    """A review that cannot be made: the move list does not replay from the deal."""


@dataclass(frozen=True)
class Settings:
    """The bounds of an analysis: counts, not seconds, so that it answers the same on every
    machine."""

    verdict_states: int = VERDICT_STATES
    samples: int = SHARE_SAMPLES
    share_states: int = SHARE_STATES
    seed: int = 0
    fine_samples: int = FINE_SAMPLES

    def figures(self) -> dict[str, int]:
        """The settings as plain numbers, as the state and the review keep them."""
        return {
            "verdict_states": self.verdict_states,
            "samples": self.samples,
            "share_states": self.share_states,
            "seed": self.seed,
            "fine_samples": self.fine_samples,
        }


Progress = Callable[[str, int, int], None]
"""Called after each step with the part (``verdicts``, ``shares``), steps done, steps in all."""


def share_figures(share: Share) -> dict[str, int]:
    """A share as plain numbers: layouts won, lost and left undecided."""
    return {"wins": share.wins, "losses": share.losses, "unknown": share.unknown}


def replay(start: Game, moves: Sequence[str]) -> tuple[list[Game], list[str]]:
    """Every position of the game (the start first) and the moves in canonical form;
    `ReviewError` naming the first move that is not legal where it comes."""
    game = Game.from_snapshot({**start.snapshot(), "history": []})  # (the Aces flown too)
    positions, played = [game.copy()], []
    for number, text in enumerate(moves, start=1):
        try:
            played.append(str(game.play(text)))
        except KlondikeError as err:
            raise ReviewError(f"move {number} ({text}) cannot be played there: {err}") from err
        positions.append(game.copy())
    return positions, played


def stored_start(start: str | None, code: str) -> Game:
    """The position a stored game started from: its kept ``start`` snapshot (JSON text), or
    its code's deal (a game kept by an older version); `ReviewError` if it cannot be read."""
    try:
        if start is None:
            return Game.from_code(code)
        return Game.from_snapshot(json.loads(start))
    except (KlondikeError, ValueError, TypeError, RecursionError) as err:
        raise ReviewError(f"the position it started from cannot be read ({err})") from err


def standing_moves(line: str, final: Game) -> list[str] | None:
    """The moves that stand at ``final`` (a stored game's position): its stored ``line``
    (move texts, spaced) when it has one move per move counted; else, for a game kept by an
    older version, its undo history when that holds every move; else None (not known)."""
    kept = line.split()
    if len(kept) == final.moves:
        return kept
    history = final.snapshot()["history"]
    if len(history) == final.moves:
        return [str(record[0]) for record in history]
    return None


class Analysis:
    """The analysis of one game, step by step; `state` is all of it, as JSON."""

    def __init__(self, state: Mapping[str, Any]) -> None:
        self.start = Game.from_snapshot(state["start"])
        self.positions, self.moves = replay(self.start, state["moves"])
        self.settings = Settings(**state.get("settings", {}))
        count = len(self.positions)
        self.hints = int(state.get("hints", 0))
        self.undos = int(state.get("undos", 0))
        self.verdicts: list[str | None] = list(state.get("verdicts") or [None] * count)
        self.found: list[str | None] = list(state.get("found") or [None] * count)
        self.lines: dict[int, list[str]] = {
            int(k): list(v) for k, v in (state.get("lines") or {}).items()
        }
        self.searched = int(state.get("searched", 0))
        self.shares: list[dict[str, int] | None] = list(state.get("shares") or [None] * count)
        self.played: list[dict[str, int] | None] = list(state.get("played") or [None] * count)
        self.judged: dict[int, dict[str, Any]] = {
            int(k): dict(v) for k, v in (state.get("judged") or {}).items()
        }
        if not len(self.verdicts) == len(self.found) == len(self.shares) == count:
            raise ReviewError("the analysis kept does not fit the game's moves")
        if state.get("verdicts") is None:
            self._begin()

    @classmethod
    def of(
        cls,
        start: Game,
        moves: Sequence[str],
        *,
        hints: int = 0,
        undos: int = 0,
        settings: Settings | None = None,
    ) -> Analysis:
        """A new analysis of the game played from ``start`` by ``moves`` (move texts)."""
        kept = settings or Settings()
        return cls(
            {
                "start": start.snapshot(),
                "moves": list(moves),
                "hints": hints,
                "undos": undos,
                "settings": kept.figures(),
            }
        )

    @property
    def state(self) -> dict[str, Any]:
        """Everything the analysis knows, as JSON-ready data (`Analysis(state)` resumes it)."""
        s = self.settings
        start = self.start.snapshot()
        start["history"] = []
        return {
            "start": start,
            "moves": self.moves,
            "hints": self.hints,
            "undos": self.undos,
            "settings": s.figures(),
            "verdicts": self.verdicts,
            "found": self.found,
            "lines": {str(k): v for k, v in self.lines.items()},
            "searched": self.searched,
            "shares": self.shares,
            "played": self.played,
            "judged": {str(k): v for k, v in self.judged.items()},
        }

    # ---- where it stands

    @property
    def part(self) -> Part:
        """The part the next step works on."""
        if self._next_search() is not None:
            return "verdicts"
        if any(share is None for share in self.shares):
            return "shares"
        return "done"

    def progress(self) -> tuple[str, int, int]:
        """The part, the steps done in it and its steps in all: for the verdicts, the
        positions decided or left unknown; for the shares, the positions (``move 41 of 120``
        is 41 of the moves' positions after the start)."""
        part = self.part
        count = len(self.positions)
        if part == "verdicts":
            lo, hi = self._bounds()
            open_ = sum(1 for i in range(lo + 1, hi) if self.found[i] is None)
            return part, count - open_, count
        done = sum(1 for share in self.shares if share is not None)
        return ("shares" if part == "shares" else "done"), done, count

    # ---- the full-information verdicts

    def _begin(self) -> None:
        """The verdicts known without a search: a won game was winnable everywhere."""
        last = len(self.positions) - 1
        if self.positions[last].won:
            self._winnable(last, [], "won")

    def _bounds(self) -> tuple[int, int]:
        """The last position known winnable (-1: none) and the first known unwinnable (the
        count of positions: none). Winnable is kept backwards (a position whose successor
        can be won can be won) and unwinnable forwards, so the boundary lies between."""
        lo = max((i for i, v in enumerate(self.verdicts) if v == "winnable"), default=-1)
        hi = min(
            (i for i, v in enumerate(self.verdicts) if v == "unwinnable"),
            default=len(self.positions),
        )
        return lo, hi

    def _next_search(self) -> int | None:
        """The position to search next: not searched yet, between the bounds, nearest their
        middle (a bisection, so that a lost game takes some log2(moves) searches)."""
        lo, hi = self._bounds()
        open_ = [i for i in range(lo + 1, hi) if self.found[i] is None]
        if not open_:
            return None
        middle = (lo + hi) / 2
        return min(open_, key=lambda i: (abs(i - middle), i))

    def _winnable(self, index: int, line: list[str], how: str) -> None:
        """Position ``index`` wins by ``line``; so do the positions the player's moves reach
        along it, and every position before it."""
        self.verdicts[index], self.found[index], self.lines[index] = "winnable", how, line
        step = index
        while step < len(self.moves) and step - index < len(line):
            if self.moves[step] != line[step - index]:
                break
            step += 1
            if self.found[step] is None or self.found[step] == "unknown":
                self.verdicts[step], self.found[step] = "winnable", "line"
                self.lines[step] = line[step - index :]
        last = max(i for i, v in enumerate(self.verdicts) if v == "winnable")
        for i in range(last):
            if self.verdicts[i] != "winnable":
                self.verdicts[i], self.found[i] = "winnable", "successor"

    def _unwinnable(self, index: int) -> None:
        """Position ``index`` is lost; so is every position after it."""
        self.verdicts[index], self.found[index] = "unwinnable", "searched"
        for i in range(index + 1, len(self.positions)):
            if self.verdicts[i] != "unwinnable":
                self.verdicts[i], self.found[i] = "unwinnable", "predecessor"

    def _verdict_step(self, index: int) -> None:
        solution = solve(self.positions[index], max_states=self.settings.verdict_states)
        self.searched += 1
        if solution.verdict == "winnable":
            self._winnable(index, [str(move) for move in solution.line], "searched")
        elif solution.verdict == "unwinnable":
            self._unwinnable(index)
        else:
            self.verdicts[index], self.found[index] = "unknown", "unknown"

    # ---- the fair shares

    def _share_step(self, index: int) -> None:
        """The position's share and the move's on `Settings.samples` layouts; a move that
        loses one the position wins is held against the fair player's own choice on
        `Settings.fine_samples` layouts (the same for both: the drop is paired)."""
        s = self.settings
        position = self.positions[index]
        if index == len(self.moves) or position.won:
            share = winnable_share(
                position, samples=s.samples, max_states=s.share_states, seed=s.seed
            )
            self.shares[index] = share_figures(share)
            return
        move = self.moves[index]
        share, played = move_share(
            position, move, samples=s.samples, max_states=s.share_states, seed=s.seed
        )
        self.shares[index] = share_figures(share)
        self.played[index] = share_figures(played)
        if played.wins >= share.wins:
            return  # it keeps every layout the position wins: nothing better
        fine = s.fine_samples
        decision = decide(position, samples=fine, max_states=s.share_states, seed=s.seed)
        _, played_fine = choice_share(
            position, move, samples=fine, max_states=s.share_states, seed=s.seed
        )
        better = decision.share if decision.move is not None else played_fine
        drop = 100 * max(0, better.wins - played_fine.wins) / fine
        judged: dict[str, Any] = {"drop": round(drop, 1), "played": share_figures(played_fine)}
        if decision.move is not None and drop > 0:
            judged["better"] = {
                "move": str(decision.move),
                "card": describe_line(position, (decision.move,))[0],
                "share": share_figures(decision.share),
                "line": [str(step) for step in decision.line],
            }
        self.judged[index] = judged

    # ---- running

    def step(self) -> bool:
        """Do one step of work (one search, or one position's shares); False when done."""
        index = self._next_search()
        if index is not None:
            self._verdict_step(index)
            return True
        missing = next((i for i, share in enumerate(self.shares) if share is None), None)
        if missing is None:
            return False
        self._share_step(missing)
        return True

    def review(self) -> dict[str, Any]:
        """The review as JSON-ready data (docs/review.md has its shape)."""
        count = len(self.positions)
        verdicts = [v or "unknown" for v in self.verdicts]
        lost_at = None
        lost_between = None
        for i in range(count - 1):
            if verdicts[i] == "winnable" and verdicts[i + 1] == "unwinnable":
                lost_at = i + 1
        lo, hi = self._bounds()
        if lost_at is None and lo < hi - 1 and hi < count and lo >= 0:
            lost_between = [lo + 1, hi]
        line = self.lines.get(lost_at - 1, []) if lost_at is not None else []
        words = (
            describe_line(self.positions[lost_at - 1], tuple(map(Move.from_text, line)))
            if lost_at is not None
            else []
        )
        moves = []
        accuracies: list[float] = []
        classes = dict.fromkeys(CLASSES, 0)
        for i, move in enumerate(self.moves):
            card = describe_line(self.positions[i], (Move.from_text(move),))[0]
            judged = self.judged.get(i, {})
            drop = float(judged.get("drop", 0.0))
            kind = move_class(drop)
            classes[kind] += 1
            accuracies.append(move_accuracy(drop))
            entry: dict[str, Any] = {
                "number": i + 1,
                "move": move,
                "card": card,
                "turned": _turned(self.positions[i], self.positions[i + 1]),
                "before": self.shares[i],
                "after": self.shares[i + 1],
                "played": self.played[i],
                "class": kind,
                "drop": drop,
                "accuracy": round(accuracies[-1], 1),
                "better": judged.get("better") if kind != "best" else None,
                "why": None,
            }
            if kind in JUDGED and entry["better"] is not None:
                entry["why"] = why(self.positions[i], move, entry["better"]["line"], seen=True)
            moves.append(entry)
        lost = None
        if lost_at is not None:
            entry = moves[lost_at - 1]
            seen = entry["class"] not in ("best", "good")
            lost = {
                "move": lost_at,
                "class": entry["class"],
                "seen": seen,
                "why": why(self.positions[lost_at - 1], self.moves[lost_at - 1], line, seen=seen),
            }
        mistakes = [m["number"] for m in moves if m["class"] in JUDGED]
        accuracy = game_accuracy(accuracies)
        return {
            "code": self.start.code,
            "won": self.positions[-1].won,
            "positions": [
                {"verdict": v, "found": f or "unknown"}
                for v, f in zip(verdicts, self.found, strict=True)
            ],
            "moves": moves,
            "lost_at": lost_at,
            "lost_between": lost_between,
            "lost": lost,
            "winning_line": [{"move": m, "card": w} for m, w in zip(line, words, strict=True)],
            "mistakes": mistakes,
            "summary": {
                "moves": len(self.moves),
                "mistakes": len(mistakes),
                "classes": classes,
                "accuracy": None if accuracy is None else round(accuracy, 1),
                "lost_at": lost_at,
                "hints": self.hints,
                "undos": self.undos,
                "searches": self.searched,
            },
            "settings": self.settings.figures(),
        }


def _turned(before: Game, after: Game) -> str | None:
    """The card a move turned face up, or None."""
    for down_before, down_after, up in zip(before.down, after.down, after.up, strict=True):
        if len(down_after) < len(down_before) and up:
            return CARD_NAMES[up[0]]
    return None


def analyse(
    start: Game,
    moves: Sequence[str],
    *,
    hints: int = 0,
    undos: int = 0,
    settings: Settings | None = None,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """The review of the game played from ``start`` by ``moves``, every step run here;
    ``progress`` is told after each step."""
    work = Analysis.of(start, moves, hints=hints, undos=undos, settings=settings)
    while work.step():
        if progress is not None:
            progress(*work.progress())
    return work.review()
