"""The ``klondike`` command: start the game in the browser, inspect a deal, or print the
statistics (the store returns them as data; this module lays them out for a terminal).

klondike [--host H] [--port P] [--no-browser] [--db PATH] [--no-shipped-deals]   start the game
klondike show CODE                                          print a deal's layout
klondike stats [--db PATH]                                  print the statistics
klondike backup FILE [--db PATH]                            copy the database to FILE
klondike solve CODE|--snapshot FILE [--budget S] [--states N]  solve a deal or position
klondike export CODE --format solvitaire|shootme|json       write a deal for other solvers
klondike survey --draw 1|3 --scoring normal|vegas --deals N [--start K] [--workers N]
                [--budget S] [--out FILE] [--resume] [--scheduler ADDRESS]
                                                            winnability of a range of deals
klondike analyse GAME_ID [--db PATH] | CODE --moves "S-W T3-F2 …"
                [--states N] [--samples N] [--progress]     review a finished game
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .errors import KlondikeError
from .game import Game
from .rules import APP, mode_of, rules_for
from .text import score_text

if TYPE_CHECKING:
    import sqlite3
    from pathlib import Path

    from .store.stats import ModeStats, RecentGame


def build_parser() -> argparse.ArgumentParser:
    """The command line: serving options at the top, ``show`` and ``stats`` as subcommands."""
    parser = argparse.ArgumentParser(
        prog="klondike",
        description="Klondike Solitaire in your browser. With no command, start the game: "
        "a local server, opened in the default browser.",
    )
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default 127.0.0.1, this machine only)",
    )
    parser.add_argument(
        "--port",
        type=int,
        default=8765,
        help="port to listen on; if taken, the next free one (default 8765)",
    )
    parser.add_argument(
        "--no-browser", action="store_true", help="do not open the game in the browser"
    )
    parser.add_argument(
        "--no-shipped-deals",
        action="store_true",
        help="deal each difficulty from the deals rated here only, not the package's pool",
    )
    parser.add_argument(
        "--db", metavar="PATH", help="the database file (default: in your user data directory)"
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    show = commands.add_parser("show", help="print the layout of a game code")
    show.add_argument("code", help="a game code such as KL1-D1N-AAAAAAG")
    stats = commands.add_parser("stats", help="print the statistics (reads only)")
    stats.add_argument("--db", metavar="PATH", help="the database file", default=argparse.SUPPRESS)
    backup = commands.add_parser(
        "backup", help="write a consistent copy of the database to FILE, even while playing"
    )
    backup.add_argument("file", metavar="FILE", help="the copy to write (must not exist yet)")
    backup.add_argument("--db", metavar="PATH", help="the database file", default=argparse.SUPPRESS)
    solve = commands.add_parser(
        "solve", help="prove a deal or position winnable (with the line) or unwinnable"
    )
    solve.add_argument("code", nargs="?", help="a game code such as KL1-D1N-AAAAAAG")
    solve.add_argument("--snapshot", metavar="FILE", help="a game snapshot (JSON) to solve")
    solve.add_argument(
        "--budget", type=float, default=10.0, metavar="SECONDS", help="time limit (default 10)"
    )
    solve.add_argument("--states", type=int, metavar="N", help="limit on positions searched")
    export = commands.add_parser("export", help="write a deal in another solver's format")
    export.add_argument("code", help="a game code such as KL1-D1N-AAAAAAG")
    export.add_argument("--format", choices=["solvitaire", "shootme", "json"], default="json")
    survey = commands.add_parser(
        "survey", help="solve a range of deals in parallel: the share that can be won"
    )
    from .solver.commands import add_survey_arguments

    add_survey_arguments(survey)
    rate = commands.add_parser(
        "rate", help="rate a deal's difficulty: how often a fair player wins it (docs/fair.md)"
    )
    rate.add_argument("code", help="a game code such as KL1-D1N-AAAAAAG")
    rate.add_argument(
        "--states", type=int, metavar="N", help="positions the proof may search (default 200000)"
    )
    analyse = commands.add_parser(
        "analyse",
        help="review a finished game: where the win was lost, the mistakes (docs/review.md)",
    )
    analyse.add_argument("game", metavar="GAME_ID|CODE", help="a finished game's id, or a code")
    analyse.add_argument("--moves", help='with a code: the moves played, e.g. "S-W T3-F2"')
    analyse.add_argument(
        "--db", metavar="PATH", help="the database file", default=argparse.SUPPRESS
    )
    analyse.add_argument(
        "--states", type=int, metavar="N", help="positions a verdict may search (default 50000)"
    )
    analyse.add_argument(
        "--samples", type=int, metavar="N", help="layouts of each fair share (default 12)"
    )
    analyse.add_argument(
        "--progress",
        action="store_true",
        help="draw the progress bar even when stderr is not a terminal",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status. Every command stops quietly when its
    reader stops early (``klondike solve CODE | head -1``): not an error of ours."""
    args = build_parser().parse_args(argv)
    try:
        return _run(args)
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # nothing more reaches the closed pipe
        return 0


def _run(args: argparse.Namespace) -> int:
    """The command ``args`` names."""
    if args.command == "show":
        try:
            print(Game.from_code(args.code))
        except KlondikeError as err:
            print(f"klondike: {err}", file=sys.stderr)
            return 2
        return 0
    if args.command in ("solve", "export", "survey"):
        from .solver import commands

        command = {
            "solve": commands.solve_command,
            "export": commands.export_command,
            "survey": commands.survey_command,
        }[args.command]
        return command(args)
    if args.command == "stats":
        return print_stats(args.db)
    if args.command == "backup":
        return write_backup(args.db, args.file)
    if args.command == "analyse":
        return analyse_command(args)
    if args.command == "rate":
        return rate_command(args.code, args.states)
    return serve_command(args)


def serve_command(args: argparse.Namespace, **options: Any) -> int:
    """``klondike`` with no command: serve the game as ``args`` say, with ``options`` of
    `klondike.web.serve.serve` on top (the tests' driven clock, other page files)."""
    from .web.serve import serve

    return serve(
        host=args.host,
        port=args.port,
        open_browser=not args.no_browser,
        db=args.db,
        shipped_deals=not args.no_shipped_deals,
        **options,
    )


# --------------------------------------------------------------------- klondike rate

RATE_PROOF_STATES = 200_000
"""Positions ``klondike rate`` lets the solver search to prove a deal winnable first."""


def rate_command(code: str, states: int | None) -> int:
    """``klondike rate CODE``: prove the deal winnable, then print its tier, the fair
    player's win rate with its interval, and how long the rating took. A deal not proved
    winnable gets no tier (status 1); a bad code, status 2."""
    from .fair import rate, tier_of
    from .solver import solve

    if states is not None and states < 1:
        print("klondike: --states must be at least 1", file=sys.stderr)
        return 2
    try:
        game = Game.from_code(code)
    except KlondikeError as err:
        print(f"klondike: {err}", file=sys.stderr)
        return 2
    proof = solve(game, max_states=states or RATE_PROOF_STATES)
    if proof.verdict != "winnable":
        print(f"{game.code}: {proof.verdict}, so no tier (only deals proved winnable are rated)")
        return 1
    rating = rate(game)
    print(
        f"{game.code}: {tier_of(rating, mode_of(game))} — the fair player won {rating.wins} of "
        f"{rating.plays} plays ({rating.rate:.0%}, 95% interval {rating.low:.0%}–"
        f"{rating.high:.0%}); rated in {rating.seconds:.1f} s"
    )
    return 0


# --------------------------------------------------------------------- klondike stats


def _open_readonly(db: str | None) -> tuple[Path, sqlite3.Connection | None]:
    """The database file (None: the default one) opened read-only, or None after saying on
    stderr why it cannot be."""
    from pathlib import Path

    from .store.database import DatabaseError, default_db_path, open_readonly

    where = default_db_path() if db is None else Path(db)
    try:
        return where, open_readonly(where)
    except DatabaseError as err:
        print(f"klondike: {err}", file=sys.stderr)
        return where, None


def print_stats(db: str | None) -> int:
    """``klondike stats``: print the statistics and the recent games; returns the exit status.

    ``db`` is the database file (None: the default one), opened read-only: nothing is
    created, migrated or written. No file there, or one that cannot be read (e.g. one from
    a newer klondike), gets a message on stderr and status 2.
    """
    import sqlite3

    from .store.stats import recent, summary

    where, conn = _open_readonly(db)
    if conn is None:
        return 2
    try:
        modes = summary(conn)
        games = recent(conn)
    except sqlite3.Error as err:
        print(f"klondike: cannot read the database {where}: {err}", file=sys.stderr)
        return 2
    finally:
        conn.close()
    print(f"Statistics ({where})")
    print()
    print(format_summary(modes))
    print()
    print(format_recent(games))
    return 0


def write_backup(db: str | None, file: str) -> int:
    """``klondike backup FILE``: a consistent copy of the database (SQLite's online backup,
    so a server may be playing meanwhile); ``klondike --db FILE`` opens it. Returns the exit
    status: 2, with a message, if there is no database or FILE exists already."""
    import sqlite3
    from pathlib import Path

    from .store.database import backup

    target = Path(file)
    if target.exists():
        print(f"klondike: {target} exists already: choose a new file name", file=sys.stderr)
        return 2
    partial = target.with_name(target.name + ".partial")
    where, conn = _open_readonly(db)
    if conn is None:
        return 2
    try:
        backup(conn, partial)
        games = conn.execute("SELECT COUNT(*) FROM games").fetchone()[0]
        partial.replace(target)
    except (sqlite3.Error, OSError) as err:
        partial.unlink(missing_ok=True)
        print(f"klondike: cannot write the copy {target}: {err}", file=sys.stderr)
        return 2
    finally:
        conn.close()
    print(f"klondike: {where} copied to {target} ({games} games); open it with --db {target}")
    return 0


def mode_name(draw: int, scoring: str, rules: str = APP.key) -> str:
    """A mode as the tables name it: the version (unless it is the app's), the draw, the
    scoring (if the version keeps a score).

    >>> mode_name(3, "vegas"), mode_name(1, "none", "classic")
    ('Draw 3 Vegas', 'Classic Draw 1')
    """
    version = rules_for(rules)
    words = [] if version is APP else [version.name]
    words.append(f"Draw {draw}")
    if version.has_score:
        words.append(scoring.capitalize())
    return " ".join(words)


def format_duration(ms: int) -> str:
    """A game's time as ``m:ss`` (``h:mm:ss`` from an hour on).

    >>> format_duration(83_999), format_duration(3_723_000), format_duration(0)
    ('1:23', '1:02:03', '0:00')
    """
    minutes, seconds = divmod(max(ms, 0) // 1000, 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02}:{seconds:02}" if hours else f"{minutes}:{seconds:02}"


def format_summary(modes: Sequence[ModeStats]) -> str:
    """The figures of `summary`: a table per version (the app's first), one row per figure,
    one column per mode; a version without a score has no score rows."""
    versions = list(dict.fromkeys(m["rules"] for m in modes))
    tables = []
    for key in versions:
        version = rules_for(key)
        title = f"{version.name} (seed {version.seed})"
        tables.append(f"{title}\n{_summary_table([m for m in modes if m['rules'] == key])}")
    return "\n\n".join(tables)


def _summary_table(modes: Sequence[ModeStats]) -> str:
    """One version's figures as a table."""

    def score(mode: ModeStats, value: int | None) -> str:
        if value is None:
            return "-"
        return score_text(value, mode["scoring"])

    def duration(value: int | None) -> str:
        return "-" if value is None else format_duration(value)

    def number(value: int | None) -> str:
        return "-" if value is None else str(value)

    rows: list[tuple[str, list[str]]] = [
        ("Played", [number(m["played"]) for m in modes]),
        ("Won", [number(m["won"]) for m in modes]),
        ("Win rate", [f"{m['win_rate']:.0%}" for m in modes]),
        ("Current streak", [number(m["current_streak"]) for m in modes]),
        ("Longest streak", [number(m["longest_streak"]) for m in modes]),
        ("Best score", [score(m, m["best_score"]) for m in modes]),
        ("Fastest win", [duration(m["fastest_win_ms"]) for m in modes]),
        ("Fewest moves", [number(m["fewest_moves"]) for m in modes]),
        ("Perfect wins", [number(m["perfect_wins"]) for m in modes]),
        ("Hints", [number(m["hints"]) for m in modes]),
        ("Fair hints", [number(m["fair_hints"]) for m in modes]),
        ("Peeking hints", [number(m["peeked_hints"]) for m in modes]),
        ("Vegas balance", [score(m, m["vegas_balance"]) for m in modes]),
    ]
    if not any(rules_for(m["rules"]).has_score for m in modes):
        rows = [row for row in rows if row[0] != "Best score"]
    if all(m["vegas_balance"] is None for m in modes):
        rows = [row for row in rows if row[0] != "Vegas balance"]
    header = ["", *(mode_name(m["draw"], m["scoring"], m["rules"]) for m in modes)]
    return _table([header, *([label, *cells] for label, cells in rows)], left={0})


def format_recent(games: Sequence[RecentGame]) -> str:
    """The history of `recent` as a table, newest first (dates in local time)."""
    if not games:
        return "Recent games: none yet."
    header = ["Date", "Mode", "Result", "Score", "Moves", "Time", "Code"]
    rows = [
        [
            _local_time(game["ended_at"] or game["started_at"]),
            mode_name(game["draw"], game["scoring"], game["rules"]),
            game["result"],
            game["score_text"],
            str(game["moves"]),
            format_duration(game["elapsed_ms"]),
            game["code"],
        ]
        for game in games
    ]
    return "Recent games:\n" + _table([header, *rows], left={0, 1, 2, 6})


def _table(rows: Sequence[Sequence[str]], left: set[int]) -> str:
    """Rows of cells in columns two spaces apart; numbers on the right unless in ``left``.

    >>> print(_table([["", "n"], ["Played", "12"]], left={0}))
             n
    Played  12
    """
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return "\n".join(
        "  ".join(
            cell.ljust(width) if i in left else cell.rjust(width)
            for i, (cell, width) in enumerate(zip(row, widths, strict=True))
        ).rstrip()
        for row in rows
    )


def _local_time(stamp: str) -> str:
    """An ISO 8601 UTC time stamp as local ``YYYY-MM-DD HH:MM`` (as stored if unreadable)."""
    from datetime import datetime

    try:
        moment = datetime.fromisoformat(stamp)
    except ValueError:
        return stamp
    if moment.tzinfo is not None:
        moment = moment.astimezone()
    return moment.strftime("%Y-%m-%d %H:%M")


if __name__ == "__main__":
    sys.exit(main())


# --------------------------------------------------------------------- klondike analyse


def analyse_command(args: argparse.Namespace) -> int:
    """``klondike analyse``: review a finished game of the database, or a code and its
    moves; the review on stdout, a progress bar on stderr. Returns the exit status."""
    from .review import ReviewError, Settings, analyse

    found = _game_to_review(args)
    if isinstance(found, int):
        return found
    if isinstance(found, dict):  # kept by the server: at once
        print(format_review(found))
        return 0
    start, moves, hints, undos = found
    defaults = Settings()
    settings = Settings(
        verdict_states=args.states or defaults.verdict_states,
        samples=args.samples or defaults.samples,
    )
    if settings.verdict_states < 1 or settings.samples < 1:
        print("klondike: --states and --samples must be at least 1", file=sys.stderr)
        return 2
    show = sys.stderr.isatty() or args.progress

    def progress(part: str, done: int, total: int) -> None:
        if show:
            print(f"\r{review_progress(part, done, total)}", end="", file=sys.stderr, flush=True)

    try:
        review = analyse(
            start, moves, hints=hints, undos=undos, settings=settings, progress=progress
        )
    except ReviewError as err:
        print(f"klondike: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    if show:
        print(file=sys.stderr)
    print(format_review(review))
    return 0


def _game_to_review(
    args: argparse.Namespace,
) -> tuple[Game, list[str], int, int] | dict[str, Any] | int:
    """The start, moves, hints and undos of the game to review (or its review, when the
    server kept one made with the default bounds), or the exit status after saying on
    stderr why there is none."""
    import json
    import sqlite3

    from .review import ReviewError, standing_moves, stored_start
    from .store.games import load_game, row_problem
    from .store.reviews import load_review

    if not args.game.isdigit():
        if args.moves is None:
            print('klondike: a code needs its moves: --moves "S-W T3-F2 …"', file=sys.stderr)
            return 2
        try:
            return Game.from_code(args.game), args.moves.split(), 0, 0
        except KlondikeError as err:
            print(f"klondike: {err}", file=sys.stderr)
            return 2
    if args.moves is not None:
        print("klondike: --moves goes with a code, not a game id", file=sys.stderr)
        return 2
    where, conn = _open_readonly(getattr(args, "db", None))
    if conn is None:
        return 1
    try:
        row = load_game(conn, int(args.game))
        kept = load_review(conn, int(args.game)) if row and row.status != "playing" else None
    except sqlite3.Error as err:
        print(f"klondike: the database {where} could not be read: {err}", file=sys.stderr)
        return 1
    finally:
        conn.close()
    if row is None:
        print(f"klondike: there is no game {args.game} in {where}", file=sys.stderr)
        return 1
    problem = row_problem(row)
    if problem is None and row.status == "playing":
        problem = "it is still being played: its review opens once the game is over"
    game = None
    if problem is None:
        try:
            game = Game.from_snapshot(json.loads(row.snapshot))
        except (ValueError, TypeError, RecursionError) as err:
            problem = f"its saved position is damaged ({err})"
    moves = None if game is None else standing_moves(row.line, game)
    if game is not None and moves is None:
        problem = "an older version of klondike kept only its last moves"
    if problem is not None or game is None or moves is None:
        print(
            f"klondike: game {row.id} ({row.code}) cannot be reviewed: {problem}", file=sys.stderr
        )
        return 1
    if kept is not None and kept.review is not None and not (args.states or args.samples):
        return kept.review
    try:
        start = stored_start(row.start, row.code)
    except ReviewError as err:
        print(f"klondike: game {row.id} cannot be reviewed: {err}", file=sys.stderr)
        return 1
    return start, moves, row.hints, game.undos


PART_WORDS = {
    "verdicts": "knowing every card",
    "shares": "what you could see",
    "done": "what you could see",
}


def review_progress(part: str, done: int, total: int, width: int = 24) -> str:
    """The progress bar of an analysis.

    >>> review_progress("shares", 41, 121)
    '[########................] what you could see: move 40 of 120'
    """
    filled = width * done // total if total else width
    bar = f"[{'#' * filled}{'.' * (width - filled)}]"
    if part == "verdicts":
        return f"{bar} {PART_WORDS[part]}: {done} of {total} positions"
    return f"{bar} {PART_WORDS.get(part, part)}: move {max(0, done - 1)} of {total - 1}"


def _share_text(share: dict[str, int] | None) -> str:
    if not share:
        return "-"
    samples = share["wins"] + share["losses"] + share["unknown"]
    return f"{share['wins']}/{samples}"


def format_review(review: dict[str, Any]) -> str:
    """A review (`klondike.review.analyse`) as the terminal shows it: the summary, where the
    win was lost and why, the line that still won, then each move with its class."""
    summary = review["summary"]
    counts = summary["classes"]
    accuracy = summary["accuracy"]
    lines = [
        f"{review['code']}  {summary['moves']} moves  "
        + ("won" if review["won"] else "not won")
        + ("" if accuracy is None else f"  accuracy {accuracy:.0f}%")
        + f"  hints {summary['hints']}  undos {summary['undos']}",
        "  ".join(f"{name} {counts[name]}" for name in counts),
    ]
    lost_at, between, lost = review["lost_at"], review["lost_between"], review["lost"]
    if review["won"]:
        lines.append("Won: nothing was lost.")
    elif lost_at is not None and lost is not None:
        move = review["moves"][lost_at - 1]
        lines.append(
            f"Knowing every card, the win was lost at move {lost_at} ({move['move']}, "
            f"{move['card']}); "
            + (
                f"what you could see showed it too: a {lost['class']}."
                if lost["seen"]
                else "nothing you could see said so."
            )
        )
        lines.append(f"  Why: {why_text(lost['why'])}")
        steps = " ".join(f"{s['move']} ({s['card']})" for s in review["winning_line"])
        lines.append(f"  It still won before it: {steps}")
    elif between is not None:
        lines.append(
            f"Knowing every card: the win was lost between moves {between[0]} and {between[1]}"
            " (the positions between were not decided)."
        )
    elif review["positions"] and review["positions"][0]["verdict"] == "unwinnable":
        lines.append("Knowing every card: this deal could never be won.")
    elif review["positions"] and review["positions"][-1]["verdict"] == "winnable":
        lines.append("Knowing every card: it could still be won when it was left.")
    else:
        lines.append("Knowing every card: not decided within the bound.")
    lines.append("")
    rows = [["#", "move", "card", "knowing all", "fair before", "after", "class", "better"]]
    verdict_words = {"winnable": "winnable", "unwinnable": "lost", "unknown": "?"}
    for move in review["moves"]:
        number = move["number"]
        better = move["better"]
        rows.append(
            [
                str(number),
                move["move"],
                move["card"],
                verdict_words[review["positions"][number]["verdict"]]
                + (" <- lost here" if number == lost_at else ""),
                _share_text(move["before"]),
                _share_text(move["after"]),
                move["class"] + (f" -{move['drop']:.0f}" if move["drop"] else ""),
                ""
                if better is None
                else f"{better['move']} ({better['card']}) " + _share_text(better["share"]),
            ]
        )
    lines.append(_table(rows, {1, 2, 3, 6, 7}))
    for move in review["moves"]:
        if move["why"] is not None:
            lines.append(f"Move {move['number']}: {why_text(move['why'])}")
    return "\n".join(lines)


def why_text(reason: dict[str, Any]) -> str:
    """Why a move lost (`klondike.review.why`), in English words."""
    kind = reason["kind"]
    if kind == "unseen":
        card = reason.get("card")
        return "nothing you could see said this move was wrong" + (
            f": the card it needed, {card}, lay face down." if card else "."
        )
    if kind == "took":
        where = reason["target"] or "the last empty column"
        return f"{reason['card']} took {where}, which {reason['needed_by']} needed."
    if kind == "home":
        return f"{reason['card']} went home, but {reason['needed_by']} needed it to go on."
    if kind == "passed":
        return f"it covered {reason['card']} on the waste, which the better line played."
    if kind == "emptied":
        return f"it emptied column {reason['column']} with no King left to fill it."
    if kind == "turned":
        return f"the better move turned up a card in column {reason['column']}; this one none."
    better = reason.get("better")
    return f"the better move was {better}." if better else "another move won more."
