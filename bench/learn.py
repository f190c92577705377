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

Fit: ``--fit F [F …]`` fits a conditional logistic regression (`conditional_logit`: the
candidates that keep the real deal winnable made likely within each decision; L2, on
standardized features, plain Python) on the decisions whose candidates' labels differ, in
the deals of the first part (``--hold-out``: the last part of the deals is held out);
prints the weights as `ranking.WEIGHTS` wants them (millionths, on the raw features) and,
on the held-out decisions whose candidates' labels differ, how often the top-ranked
candidate keeps the real deal winnable against today's choice.

    python bench/learn.py --fit F --hold-out 0.3
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

from fair import NEW_SET
from klondike import Game
from klondike.fair import Decision, play_out
from klondike.fair.choices import line_of, text_of
from klondike.fair.ranking import FEATURES, TODAY_WEIGHT, WEIGHTS, features
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


Group = list[tuple[list[float], bool, bool]]
"""A decision's close candidates: features, whether it keeps the real deal winnable, and
whether today's player chose it."""


def groups_of(rows: list[dict[str, Any]], margin: int) -> list[Group]:
    """Each decision's candidates within ``margin`` layouts of the leader (and today's
    choice), where their labels differ: only those say which choice is better. A
    candidate's features end with 1 for today's choice, else 0 (`ranking.TODAY_WEIGHT`)."""
    found = []
    for row in rows:
        cands = row["candidates"]
        if not cands:
            continue
        most = max(c["wins"] for c in cands)
        close = [c for c in cands if c["wins"] >= most - margin or c["made"]]
        if len({c["keeps"] for c in close}) == 2 and any(c["made"] for c in close):
            found.append(
                [
                    ([*(float(Fraction(v)) for v in c["features"]), float(c["made"])], *labels)
                    for c in close
                    for labels in [(c["keeps"], c["made"])]
                ]
            )
    return found


def conditional_logit(groups: list[Group], l2: float, rounds: int = 2000) -> list[float]:
    """Weights (on standardized features) that make the candidates that keep the real deal
    winnable likely within each decision: the log of their share of the softmax, summed
    over the decisions, less ``l2`` times the weights' squares; gradient ascent."""
    width = len(groups[0][0][0])
    w = [0.0] * width
    for _ in range(rounds):
        grad = [-2 * l2 * v * len(groups) for v in w]
        for group in groups:
            scores = [math.exp(sum(a * b for a, b in zip(w, x, strict=True))) for x, _, _ in group]
            total = sum(scores)
            kept = sum(s for s, (_, keeps, _) in zip(scores, group, strict=True) if keeps)
            for s, (x, keeps, _) in zip(scores, group, strict=True):
                share = (s / kept if keeps else 0.0) - s / total  # d(log kept - log total)
                for i in range(width):
                    grad[i] += share * x[i]
        w = [v + 0.1 * g / len(groups) for v, g in zip(w, grad, strict=True)]
    return w


def ranks_better(groups: list[Group], weights: list[float]) -> tuple[int, int, int]:
    """Decisions, how many today's choice kept the real deal winnable in, and how many the
    top-valued candidate (ties to today's choice) did."""
    today = learned = 0
    for group in groups:
        top = max(
            group, key=lambda c: (sum(a * b for a, b in zip(weights, c[0], strict=True)), c[2])
        )
        today += next(keeps for _, keeps, made in group if made)
        learned += top[1]
    return len(groups), today, learned


def fitted(groups: list[Group], l2: float, use: list[bool]) -> list[float]:
    """`conditional_logit`'s weights on the raw features (0 where ``use`` is False)."""
    flat = [x for group in groups for x, _, _ in group]
    width = len(flat[0])
    mean = [sum(x[i] for x in flat) / len(flat) for i in range(width)]
    std = [
        math.sqrt(sum((x[i] - mean[i]) ** 2 for x in flat) / len(flat)) or 1.0 for i in range(width)
    ]
    standard = [
        [
            (
                [(v - m) / d if on else 0.0 for v, m, d, on in zip(x, mean, std, use, strict=True)],
                k,
                t,
            )
            for x, k, t in group
        ]
        for group in groups
    ]
    w = conditional_logit(standard, l2)
    return [v / d for v, d in zip(w, std, strict=True)]


def text_of_file(path: Path) -> str:
    """A file's text, gunzipped if its name ends in ``.gz``."""
    if path.suffix == ".gz":
        return gzip.decompress(path.read_bytes()).decode()
    return path.read_text()


def fit(args: argparse.Namespace) -> None:
    rows = [json.loads(line) for f in args.fit for line in text_of_file(f).splitlines() if line]
    deals = sorted({(r["draw"], r["deal"]) for r in rows})
    cut = int(len(deals) * (1 - args.hold_out))
    held = set(deals[cut:])
    train_rows = [r for r in rows if (r["draw"], r["deal"]) not in held]
    test_rows = [r for r in rows if (r["draw"], r["deal"]) in held]
    names = [*FEATURES, "today"]
    use = [not args.only or name in args.only for name in names]
    use[-1] = use[-1] and not args.no_today
    raw = fitted(groups_of(train_rows, args.margin), args.l2, use)
    weights = tuple(round(v * 1_000_000) for v in raw)
    print(f"{len(deals)} deals, {len(held)} held out")
    for name, v in zip(names, weights, strict=True):
        print(f"  {name:14} {v:>12}")
    print("WEIGHTS =", weights[:-1], "TODAY_WEIGHT =", weights[-1])
    for margin in (0, 1, 2, 4):
        for label, part in (("held out", test_rows), ("training", train_rows)):
            n, today, learned = ranks_better(groups_of(part, margin), list(weights))
            print(
                f"{label}, within {margin}: {n} decisions, kept by today's {today}, "
                f"by the learned value {learned}"
            )
    # cross-validated, by deal: each fifth of the deals ranked by weights fitted on the rest
    folds = [set(deals[i :: args.folds]) for i in range(args.folds)]
    totals = [0, 0, 0]
    for fold in folds:
        rest = groups_of([r for r in rows if (r["draw"], r["deal"]) not in fold], args.margin)
        part = groups_of([r for r in rows if (r["draw"], r["deal"]) in fold], args.margin)
        found = ranks_better(part, fitted(rest, args.l2, use))
        totals = [a + b for a, b in zip(totals, found, strict=True)]
    print(
        f"cross-validated ({args.folds} folds by deal), within {args.margin}: {totals[0]} "
        f"decisions, kept by today's {totals[1]}, by the learned value {totals[2]}"
    )
    shipped = [*WEIGHTS, TODAY_WEIGHT]
    n, today, learned = ranks_better(groups_of(test_rows, args.margin), shipped)
    print(f"shipped weights, held out: {n} decisions, today's {today}, shipped {learned}")
    if args.alone:  # one feature alone, each sign, over every decision (in-sample)
        every = groups_of(rows, args.margin)
        for i, name in enumerate(names[:-1]):
            for sign in (1, -1):
                alone = [0.0] * len(names)
                alone[i] = sign
                n, today, learned = ranks_better(every, alone)
                if learned != today:
                    print(f"  {'+' if sign > 0 else '-'}{name}: {learned} of {n} (today's {today})")


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
    parser.add_argument("--l2", type=float, default=0.1)
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--no-today", action="store_true", help="no weight on today's choice")
    parser.add_argument("--only", nargs="+", help="fit these features alone")
    parser.add_argument("--alone", action="store_true", help="rank by each feature alone")
    args = parser.parse_args()
    if args.fit:
        fit(args)
    else:
        collect(args)


if __name__ == "__main__":
    main()
