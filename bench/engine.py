"""Engine speed: play+undo pairs and legal-move generation per second on one core.

Plays random games from fixed deals (the same every run) and prints, for the public API
(`play`/`undo`/`legal_moves`) and for the solver's lean path (`push`/`pop`/`legal_codes`),
the median rate over several runs.

    python bench/engine.py [--runs 7] [--deals 40] [--steps 400]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from klondike import Game


def record_lines(deals: int, steps: int) -> list[tuple[Game, list[int]]]:
    """Random legal lines of play, one per deal, to replay while timing."""
    rng = random.Random(20261130)
    lines = []
    for deal in range(deals):
        game = Game(deal, 3 if deal % 2 else 1, "vegas" if deal % 4 == 3 else "normal")
        start = game.copy()
        line = []
        for _ in range(steps):
            codes = game.legal_codes()
            if not codes:
                break
            code = rng.choice(codes)
            game.push(code)
            line.append(code)
        lines.append((start, line))
    return lines


def _chunks(line: list, size: int = 100) -> list[list]:
    """The line cut into pieces no longer than the undo limit."""
    return [line[i : i + size] for i in range(0, len(line), size)]


def time_push_pop(lines: list[tuple[Game, list[int]]]) -> float:
    """push+pop pairs per second: push up to 100 moves, pop them all, go on from there."""
    pairs = 0
    elapsed = 0.0
    for start, line in lines:
        game = start.copy()
        push, pop = game.push, game.pop
        for chunk in _chunks(line):
            t0 = time.perf_counter()
            for code in chunk:
                push(code)
            for _ in chunk:
                pop()
            elapsed += time.perf_counter() - t0
            pairs += len(chunk)
            for code in chunk:
                push(code)
    return pairs / elapsed


def time_play_undo(lines: list[tuple[Game, list[int]]]) -> float:
    """play+undo pairs per second through the checked public API (moves as text)."""
    texts = []
    for start, line in lines:
        game = start.copy()
        moves = []
        for code in line:
            moves.append(str(game.legal_moves()[game.legal_codes().index(code)]))
            game.push(code)
        texts.append((start, moves))
    pairs = 0
    elapsed = 0.0
    for start, moves in texts:
        game = start.copy()
        for chunk in _chunks(moves):
            t0 = time.perf_counter()
            for text in chunk:
                game.play(text)
            for _ in chunk:
                game.undo()
            elapsed += time.perf_counter() - t0
            pairs += len(chunk)
            for text in chunk:
                game.play(text)
    return pairs / elapsed


def time_generation(lines: list[tuple[Game, list[int]]], public: bool) -> float:
    """legal_moves() (or legal_codes()) calls per second over the positions of the lines."""
    calls = 0
    elapsed = 0.0
    for start, line in lines:
        game = start.copy()
        generate = game.legal_moves if public else game.legal_codes
        for code in line:
            t0 = time.perf_counter()
            for _ in range(5):
                generate()
            elapsed += time.perf_counter() - t0
            calls += 5
            game.push(code)
    return calls / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--steps", type=int, default=400)
    args = parser.parse_args()
    lines = record_lines(args.deals, args.steps)
    moves = sum(len(line) for _, line in lines)
    print(f"{len(lines)} deals, {moves} moves per run, median of {args.runs} runs")
    benches = [
        ("play+undo (public, text moves)", lambda: time_play_undo(lines)),
        ("push+pop (solver path)", lambda: time_push_pop(lines)),
        ("legal_moves() (public)", lambda: time_generation(lines, public=True)),
        ("legal_codes() (solver path)", lambda: time_generation(lines, public=False)),
    ]
    for name, bench in benches:
        rates = sorted(bench() for _ in range(args.runs))
        print(
            f"{name:34} median {statistics.median(rates):>10,.0f}/s"
            f"   min {rates[0]:>10,.0f}/s   max {rates[-1]:>10,.0f}/s"
        )


if __name__ == "__main__":
    main()
