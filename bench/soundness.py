"""The differential check of the solver's prunings at scale (the suite runs it small).

The search with every pruning against the plain search (``search(relaxed=False,
plain=True)``) on seeded positions of every mode: random play, every position of the
winning lines found and a few random moves aside from each, small random positions. Every
"unwinnable" of the full search must be unwinnable for the plain one, no position of a
winning line may be called lost or stuck, every winning line must replay. Prints, per mode,
the positions checked, the verdicts, the losses the plain search confirmed or left
undecided, and the disagreements (each with its position).

    python bench/soundness.py [--seeds 200] [--deals 2] [--workers 2] [--mode app-1-normal]

Everything is bounded by positions, never by time: the figures are the same on every
machine. ``--seeds N`` runs seeds 0..N-1 of each mode (each seed: its own deals and
positions); ``--workers`` runs seeds in parallel processes.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from helpers.differential import ALL_MODES, Sizes, Tally, run_mode
from klondike.compiled import runs_compiled
from klondike.rules import Mode
from klondike.solver import search


def name(mode: Mode) -> str:
    """``app-1-normal`` and the like."""
    return "-".join(map(str, mode))


def sizes_for(mode: Mode, deals: int) -> Sizes:
    """The check's size in ``mode``: Classic Draw 3's positions cost the most."""
    if mode == ("classic", 3, "none"):
        return Sizes(deals=1, random_moves=30, small=20, full_states=2_000, plain_states=20_000)
    return Sizes(deals=2 * deals if mode[2] == "vegas" else deals, small=30)


def one(job: tuple[Mode, int, int]) -> tuple[Mode, Tally]:
    """One seed of one mode."""
    mode, seed, deals = job
    return mode, run_mode(mode, seed, sizes_for(mode, deals))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=200, help="seeds per mode")
    parser.add_argument("--first", type=int, default=0, help="the first seed")
    parser.add_argument("--deals", type=int, default=2, help="deals per seed")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--mode", action="append", help="e.g. app-3-vegas (default: all)")
    args = parser.parse_args()
    modes = [m for m in ALL_MODES if not args.mode or name(m) in args.mode]
    jobs = [  # seed by seed, so that a run cut short has checked every mode
        (m, seed, args.deals) for seed in range(args.first, args.first + args.seeds) for m in modes
    ]
    totals = {m: Tally() for m in modes}
    began = time.monotonic()
    compiled = "compiled (mypyc)" if runs_compiled(search) else "pure Python"
    print(f"{len(jobs)} jobs, {args.workers} workers, search {compiled}", flush=True)
    with ProcessPoolExecutor(args.workers) as pool:
        for done, (mode, tally) in enumerate(pool.map(one, jobs), 1):
            totals[mode].add(tally)
            for disagreement in tally.disagreements:
                print(f"  DISAGREEMENT {name(mode)}: {disagreement}", flush=True)
            if done % 10 == 0:
                checked = sum(t.positions for t in totals.values())
                against = sum(len(t.disagreements) for t in totals.values())
                print(
                    f"  {done}/{len(jobs)} jobs, {checked} positions, {against} disagreements, "
                    f"{time.monotonic() - began:.0f} s",
                    flush=True,
                )
    grand = Tally()
    header = (
        "mode             positions  winnable unwinnable  unknown confirmed unconfirmed  disagree"
    )
    print(header)
    for mode, t in totals.items():
        grand.add(t)
        print(
            f"{name(mode):<16} {t.positions:>9} {t.winnable:>9} {t.unwinnable:>10} {t.unknown:>8} "
            f"{t.confirmed:>9} {t.unconfirmed:>11} {len(t.disagreements):>9}"
        )
    t = grand
    print(
        f"{'all':<16} {t.positions:>9} {t.winnable:>9} {t.unwinnable:>10} {t.unknown:>8} "
        f"{t.confirmed:>9} {t.unconfirmed:>11} {len(t.disagreements):>9}"
    )
    print(f"total {time.monotonic() - began:.0f} s")


if __name__ == "__main__":
    main()
