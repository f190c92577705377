"""The survey's plot: the winnable share with its 95% interval (undecided deals against both
bounds, `klondike.estimates.winnable_interval`) against the number of deals surveyed, in deal
order, beside the published figure; and the solver's time per deal, sorted. A plain SVG,
drawn here without a plotting library, for docs/survey.md.

    python bench/survey_plot.py --out docs/survey/survey.svg \\
        d1-normal.jsonl:90.480 d3-normal.jsonl:81.945

Each argument is a results file of ``klondike survey --out`` and, after a colon, the
published winnable share (percent) to draw beside it.
"""

from __future__ import annotations

import argparse
import math
from pathlib import Path

from klondike.estimates import winnable_interval
from klondike.solver.survey import DealResult, latest, read_results

PANEL = 420  # each panel's width
MARGIN = (60, 30, 50, 40)  # left, top, bottom, gap between the panels
WIDTH, HEIGHT = 2 * (MARGIN[0] + PANEL) + MARGIN[3] + 20, 420
COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd")


def _points(rows: list[DealResult]) -> list[tuple[int, float, float, float]]:
    """(deals, share, low, high) after each of a few dozen deal counts, log-spaced."""
    rows = sorted(rows, key=lambda row: row["deal"])
    marks = sorted({min(len(rows), round(10 ** (k / 12))) for k in range(12, 12 * 6)})
    points = []
    winnable = unknown = 0
    mark = iter(marks)
    next_mark = next(mark, None)
    for i, row in enumerate(rows, 1):
        winnable += row["verdict"] == "winnable"
        unknown += row["verdict"] == "unknown"
        if i == next_mark:
            low, high = winnable_interval(winnable, unknown, i)
            points.append((i, winnable / i, low, high))
            next_mark = next(mark, None)
    return points


def _x_log(value: float, most: float, left: float) -> float:
    return left + PANEL * math.log10(value) / math.log10(most)


def plot(series: list[tuple[str, list[DealResult], float]]) -> str:
    """The SVG of ``series``: (label, results, published share in percent) each."""
    left, top, bottom, gap = MARGIN
    plot_h = HEIGHT - top - bottom
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="12">',
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
    ]
    most = max(len(rows) for _, rows, _ in series)
    # the left panel: the share against deals surveyed
    low_y, high_y = 60.0, 100.0
    y_of = lambda share: top + plot_h * (high_y - 100 * share) / (high_y - low_y)  # noqa: E731
    parts.append(
        f'<rect x="{left}" y="{top}" width="{PANEL}" height="{plot_h}" fill="none" stroke="#999"/>'
    )
    for pct in range(int(low_y), int(high_y) + 1, 10):
        y = y_of(pct / 100)
        parts.append(f'<line x1="{left}" x2="{left + PANEL}" y1="{y}" y2="{y}" stroke="#eee"/>')
        parts.append(f'<text x="{left - 6}" y="{y + 4}" text-anchor="end">{pct}%</text>')
    for power in range(1, int(math.log10(most)) + 1):
        x = _x_log(10**power, most, left)
        parts.append(
            f'<line x1="{x}" x2="{x}" y1="{top}" y2="{top + plot_h}" stroke="#eee"/>'
            f'<text x="{x}" y="{top + plot_h + 16}" text-anchor="middle">{10**power:,}</text>'
        )
    parts.append(
        f'<text x="{left + PANEL / 2}" y="{HEIGHT - 12}" text-anchor="middle">'
        "deals surveyed (log scale)</text>"
        f'<text x="16" y="{top + plot_h / 2}" transform="rotate(-90 16 {top + plot_h / 2})" '
        'text-anchor="middle">winnable, 95% interval</text>'
    )
    for n, (label, rows, published) in enumerate(series):
        colour = COLOURS[n % len(COLOURS)]
        points = _points(rows)
        band = [(_x_log(d, most, left), y_of(hi)) for d, _, _, hi in points] + [
            (_x_log(d, most, left), y_of(lo)) for d, _, lo, _ in reversed(points)
        ]
        parts.append(
            '<polygon points="'
            + " ".join(f"{x:.1f},{max(top, min(top + plot_h, y)):.1f}" for x, y in band)
            + f'" fill="{colour}" fill-opacity="0.18" stroke="none"/>'
        )
        line = " ".join(
            f"{_x_log(d, most, left):.1f},{y_of(share):.1f}" for d, share, _, _ in points
        )
        parts.append(f'<polyline points="{line}" fill="none" stroke="{colour}"/>')
        y = y_of(published / 100)
        parts.append(
            f'<line x1="{left}" x2="{left + PANEL}" y1="{y}" y2="{y}" stroke="{colour}" '
            'stroke-dasharray="4 3"/>'
        )
        final = points[-1]
        parts.append(
            f'<text x="{left + 8}" y="{top + 16 + 16 * n}" fill="{colour}">{label}: '
            f"{100 * final[1]:.2f}% ({100 * final[2]:.2f}–{100 * final[3]:.2f}%) of "
            f"{final[0]:,}; dashed: {published}% published</text>"
        )
    # the right panel: time per deal, sorted, log scale
    x0 = left + PANEL + gap + left
    times = [sorted(max(float(r["seconds"]), 1e-4) for r in rows) for _, rows, _ in series]
    t_low, t_high = -4, 2  # 0.1 ms to 100 s
    y_t = lambda s: top + plot_h * (t_high - math.log10(s)) / (t_high - t_low)  # noqa: E731
    parts.append(
        f'<rect x="{x0}" y="{top}" width="{PANEL}" height="{plot_h}" fill="none" stroke="#999"/>'
    )
    for power in range(t_low, t_high + 1):
        y = y_t(10.0**power)
        parts.append(
            f'<line x1="{x0}" x2="{x0 + PANEL}" y1="{y}" y2="{y}" stroke="#eee"/>'
            f'<text x="{x0 - 6}" y="{y + 4}" text-anchor="end">{10.0**power:g} s</text>'
        )
    for pct in range(0, 101, 25):
        x = x0 + PANEL * pct / 100
        parts.append(f'<text x="{x}" y="{top + plot_h + 16}" text-anchor="middle">{pct}%</text>')
    parts.append(
        f'<text x="{x0 + PANEL / 2}" y="{HEIGHT - 12}" text-anchor="middle">'
        "share of deals solved within the time (sorted)</text>"
    )
    for n, ((label, _, _), sorted_times) in enumerate(zip(series, times, strict=True)):
        colour = COLOURS[n % len(COLOURS)]
        step = max(1, len(sorted_times) // 400)
        picked = [*sorted_times[::step], sorted_times[-1]]
        line = " ".join(
            f"{x0 + PANEL * i * step / len(sorted_times):.1f},{y_t(s):.1f}"
            for i, s in enumerate(picked[:-1])
        )
        line += f" {x0 + PANEL:.1f},{y_t(picked[-1]):.1f}"
        parts.append(f'<polyline points="{line}" fill="none" stroke="{colour}"/>')
        parts.append(f'<text x="{x0 + 8}" y="{top + 16 + 16 * n}" fill="{colour}">{label}</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+", help="RESULTS.jsonl:PUBLISHED_PERCENT")
    parser.add_argument("--out", required=True, help="the SVG to write")
    args = parser.parse_args()
    series = []
    for item in args.files:
        path, _, published = item.rpartition(":")
        rows = latest(read_results(path))
        if not rows:
            raise SystemExit(f"{path}: no results")
        first = rows[0]
        label = f"Draw {first['draw']} {first['scoring'].title()}"
        series.append((label, rows, float(published)))
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(plot(series), encoding="utf-8")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
