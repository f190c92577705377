"""Data and fit for the learned value of close choices (`klondike.fair.ranking`;
docs/fair.md, "A learned value for close choices").

Collect: plays training deals (never `NEW_SET`'s, never 1–200 or 2001–2048) with today's
player (`play_out`, ``--samples`` × ``--states``, the app's rules, Normal scoring) and,
at each decision where two candidates or more win within ``--margin`` layouts of the
leader, solves the real deal before the decision (``--real-states``, ``--real-budget``);
where it is winnable, solves it after each such candidate: the label (undecided ones are
dropped). One JSON line a decision: the candidates' features (`ranking.features`), labels,
which one today's player chose.

    python bench/learn.py --draw 1 --start 5001 --deals 100 --out F

Fit: ``--fit F [F …]`` fits a logistic regression (L2, on standardized features, numpy)
on the decisions of the deals of the first part (``--hold-out``: the last part of the
deals is held out), prints the weights as `ranking.WEIGHTS` wants them (millionths, on the
raw features) and, on the held-out decisions whose candidates' labels differ, how often
the top-ranked candidate keeps the real deal winnable against today's choice.

    python bench/learn.py --fit F --hold-out 0.3
"""

from __future__ import annotations

import argparse
import json
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

from fair import NEW_SET
from klondike import Game
from klondike.fair import Decision, play_out
from klondike.fair.choices import line_of, text_of
from klondike.fair.ranking import FEATURES, WEIGHTS, features
from klondike.solver import solve

FORBIDDEN = set(range(1, 201)) | set(range(2001, 2049))
"""Deal numbers no training may use: the strength and tuning deals."""


def collect(args: argparse.Namespace) -> None:
    if any(WEIGHTS):
        raise SystemExit("collect with no weights (ranking.WEIGHTS all 0): today's player")
    deals = list(range(args.start, args.start + args.deals))
    if FORBIDDEN & set(deals) or set(NEW_SET[args.draw]) & set(deals):
        raise SystemExit("training deals must not be strength, tuning or NEW_SET deals")
    done: set[int] = set()
    if args.out.exists():
        done = {json.loads(line)["deal"] for line in args.out.read_text().splitlines() if line}
    out = args.out.open("a")

    def real(game: Game) -> str:
        return solve(game, budget=args.real_budget, max_states=args.real_states).verdict

    for deal in deals:
        if deal in done:
            continue
        taken: list[tuple[Game, Decision]] = []
        game = Game(deal, args.draw, "normal")
        played = play_out(
            game,
            samples=args.samples,
            max_states=args.states,
            watch=taken.append,
            ranked=args.margin,  # with no weights: today's choices, the close ones' agreement
        )
        rows = 0
        for index, (position, decision) in enumerate(taken):
            made = text_of(decision.line)
            shares = decision.candidates
            if len(shares) < 2 or made not in shares:
                continue
            most = max(share.wins for share in shares.values())
            close = [t for t, share in shares.items() if share.wins >= most - args.margin]
            if len(close) < 2 or real(position) != "winnable":
                continue
            candidates = []
            for text in close:
                after = position.copy()
                line = line_of(text)
                for move in line:
                    after.play(move)
                verdict = real(after)
                if verdict == "unknown":
                    continue
                share = shares[text]
                values = features(
                    position,
                    line,
                    share.wins,
                    share.losses,
                    share.unknown,
                    decision.votes.get(text, 0),
                    decision.effort.get(text, (0, 0)),
                    decision.agreement.get(text, 0),
                    most,
                )
                candidates.append(
                    {
                        "choice": text,
                        "made": text == made,
                        "wins": share.wins,
                        "keeps": verdict == "winnable",
                        "features": [str(v) for v in values],
                    }
                )
            row: dict[str, Any] = {
                "deal": deal,
                "draw": args.draw,
                "decision": index,
                "won": played.won,
                "candidates": candidates,
            }
            out.write(json.dumps(row) + "\n")
            rows += 1
        if not taken or rows == 0:  # the deal is done even with no close decision
            out.write(json.dumps({"deal": deal, "draw": args.draw, "candidates": []}) + "\n")
        out.flush()
        print(f"deal {deal}: {'won' if played.won else 'lost'}, {rows} close", file=sys.stderr)


def fit(args: argparse.Namespace) -> None:
    import numpy as np

    rows = [json.loads(line) for f in args.fit for line in f.read_text().splitlines() if line]
    rows = [r for r in rows if len(r["candidates"]) >= 2]
    deals = sorted({(r["draw"], r["deal"]) for r in rows})
    held = set(deals[int(len(deals) * (1 - args.hold_out)) :]) if args.hold_out else set()
    train = [r for r in rows if (r["draw"], r["deal"]) not in held]
    test = [r for r in rows if (r["draw"], r["deal"]) in held] or train

    def matrix(part: list[dict[str, Any]]) -> tuple[Any, Any]:
        x = [[float(Fraction(v)) for v in c["features"]] for r in part for c in r["candidates"]]
        y = [float(c["keeps"]) for r in part for c in r["candidates"]]
        return np.array(x), np.array(y)

    # only decisions whose candidates' labels differ say which choice is better
    mixed = [r for r in train if len({c["keeps"] for c in r["candidates"]}) == 2]
    x, y = matrix(mixed if args.mixed_only else train)
    mean, std = x.mean(axis=0), x.std(axis=0)
    std[std == 0] = 1.0
    z = (x - mean) / std
    w = np.zeros(z.shape[1])
    b = 0.0
    for _ in range(5000):  # gradient descent on the L2-penalized log loss
        p = 1 / (1 + np.exp(-(z @ w + b)))
        w -= 0.1 * (z.T @ (p - y) / len(y) + args.l2 * w)
        b -= 0.1 * float(np.mean(p - y))
    raw = w / std
    weights = tuple(round(float(v) * 1_000_000) for v in raw)
    print(f"{len(train)} training decisions ({len(mixed)} mixed), {len(test)} held out")
    for name, v, s in zip(FEATURES, weights, w, strict=True):
        print(f"  {name:14} {v:>12}  (standardized {s:+.3f})")
    print("WEIGHTS =", weights)

    def evaluate(part: list[dict[str, Any]], chosen: tuple[int, ...], margin: int) -> str:
        mixed = [r for r in part if len({c["keeps"] for c in r["candidates"]}) == 2]
        today = learned = 0
        counted = 0
        for r in mixed:
            cands = r["candidates"]
            most = max(c["wins"] for c in cands)
            close = [c for c in cands if c["wins"] >= most - margin]
            made = [c for c in cands if c["made"]]
            if not made:
                continue
            made_c = made[0]
            if made_c not in close:
                close.append(made_c)
            counted += 1

            def value(c: dict[str, Any]) -> Fraction:
                pairs = zip(chosen, c["features"], strict=True)
                return sum((Fraction(wt) * Fraction(v) for wt, v in pairs), Fraction(0))

            top = max(close, key=lambda c: (value(c), c["made"]))
            today += made_c["keeps"]
            learned += top["keeps"]
        return f"margin {margin}: {counted} decisions, today's keeps {today}, learned {learned}"

    for margin in (0, 1, 2, 4):
        print("held out", evaluate(test, weights, margin))
        print("train   ", evaluate(train, weights, margin))
    print("shipped WEIGHTS on held out:", evaluate(test, WEIGHTS, 4))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--draw", type=int, choices=(1, 3), default=1)
    parser.add_argument("--start", type=int, default=5001)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--samples", type=int, default=64)
    parser.add_argument("--states", type=int, default=500)
    parser.add_argument("--margin", type=int, default=4)
    parser.add_argument("--real-states", type=int, default=100_000)
    parser.add_argument("--real-budget", type=float, default=10.0)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--fit", type=Path, nargs="+")
    parser.add_argument("--hold-out", type=float, default=0.3)
    parser.add_argument("--l2", type=float, default=0.01)
    parser.add_argument("--mixed-only", action="store_true")
    args = parser.parse_args()
    if args.fit:
        fit(args)
    else:
        collect(args)


if __name__ == "__main__":
    main()
