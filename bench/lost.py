"""Where the fair player's lost games were lost (docs/fair.md, "Where the games are lost").

Plays deals of the app's rules, Normal scoring, as `bench/fair.py` does (`play_out`,
``--samples`` layouts × ``--states`` positions). For each game lost it solves the real
deal at each decision with every card known (``--real-states``, ``--real-budget``) and
finds the first decision whose position was winnable and whose choice left it proved lost.
There it prints each candidate with its wins as the player counted them and the real
deal's verdict after it, and for those within ``--margin`` layouts of the choice made, its
wins counted with ``--more-samples`` layouts and with ``--deep-states`` positions a layout
(`choice_share`). One JSON line a deal.

    python bench/lost.py --draw 1 --new-set --deals 40
"""

from __future__ import annotations

import argparse
import json

from fair import NEW_SET
from klondike import Game
from klondike.fair import Decision, choice_share, play_out
from klondike.fair.choices import after, line_of, text_of
from klondike.solver import solve


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--draw", type=int, choices=(1, 3), default=1)
    parser.add_argument("--new-set", action="store_true", help="deals from NEW_SET")
    parser.add_argument("--start", type=int, default=1)
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--samples", type=int, default=64)
    parser.add_argument("--states", type=int, default=500)
    parser.add_argument("--real-states", type=int, default=400_000)
    parser.add_argument("--real-budget", type=float, default=20.0)
    parser.add_argument("--margin", type=int, default=4)
    parser.add_argument("--more-samples", type=int, default=256)
    parser.add_argument("--deep-states", type=int, default=20_000)
    args = parser.parse_args()
    first = args.start - 1
    deals = (
        NEW_SET[args.draw][first : first + args.deals]
        if args.new_set
        else range(args.start, args.start + args.deals)
    )

    def real(game: Game) -> str:
        return solve(game, budget=args.real_budget, max_states=args.real_states).verdict

    for deal in deals:
        taken: list[tuple[Game, Decision]] = []
        game = Game(deal, args.draw, "normal")
        played = play_out(game, samples=args.samples, max_states=args.states, watch=taken.append)
        row: dict[str, object] = {"deal": deal, "won": played.won}
        if not played.won:
            verdicts = [real(position) for position, _ in taken]
            row["verdicts"] = "".join(verdict[0] for verdict in verdicts)
            for index, (position, decision) in enumerate(taken):
                made = text_of(decision.line)
                if verdicts[index] != "winnable":
                    continue
                if real(after(position, decision.line)) != "unwinnable":
                    continue
                wins = decision.candidates[made].wins
                row["fatal"] = index
                row["real_positions"] = solve(position, max_states=args.real_states).states
                row["candidates"] = candidates = []
                for text, share in decision.candidates.items():
                    counted: dict[str, object] = {
                        "choice": text,
                        "made": text == made,
                        "wins": share.wins,
                        "losses": share.losses,
                        "real": real(after(position, line_of(text))),
                    }
                    if share.wins >= wins - args.margin:  # close: counted again
                        counted["more_samples"] = choice_share(
                            position, text, samples=args.more_samples, max_states=args.states
                        )[1].wins
                        counted["deep"] = choice_share(
                            position, text, samples=args.samples, max_states=args.deep_states
                        )[1].wins
                    candidates.append(counted)
                break
        print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
