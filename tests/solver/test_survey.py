"""`klondike survey`: the summary, the process pool, the results file, a Dask cluster."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from helpers.waiting import wait_until
from klondike import Game
from klondike.cli import main
from klondike.estimates import percentile, winnable_interval
from klondike.rules import SOLITAER
from klondike.solver import solve
from klondike.solver.commands import default_scheduler, progress_line
from klondike.solver.survey import (
    LOCAL_CLUSTER,
    PROCESS_POOL,
    DealResult,
    confirm_loss,
    latest,
    loss_sample,
    read_results,
    solve_deal,
    summarize,
    survey,
)

BUDGET = 0.5
POOL = ["--scheduler", PROCESS_POOL]  # a process pool: no Dask cluster to start


def _row(deal: int, verdict: str, seconds: float) -> dict[str, object]:
    return {"deal": deal, "verdict": verdict, "seconds": seconds}


def test_summarize_counts_shares_and_times() -> None:
    rows = [
        _row(0, "winnable", 0.1),
        _row(1, "winnable", 0.3),
        _row(2, "unwinnable", 0.2),
        _row(3, "unknown", 2.0),
    ]
    s = summarize(rows)  # type: ignore[arg-type]
    assert (s.deals, s.winnable, s.unwinnable, s.unknown) == (4, 2, 1, 1)
    assert s.share(s.winnable) == 0.5
    assert s.interval == winnable_interval(2, 1, 4)
    assert s.median_seconds == pytest.approx(0.25)
    assert s.p95_seconds == pytest.approx(percentile([0.1, 0.3, 0.2, 2.0], 0.95))
    assert s.max_seconds == 2.0


def test_solve_deal_agrees_with_solve() -> None:
    result = solve_deal(6, 1, "normal", 30)
    assert result["code"] == "KL1-D1N-AAAAAAG"
    assert result["verdict"] == solve(Game(6, 1, "normal"), budget=30).verdict == "winnable"
    assert (result["draw"], result["scoring"], result["budget"]) == (1, "normal", 30)


@pytest.mark.parametrize("workers", [1, 2])
def test_survey_solves_every_deal_once(workers: int) -> None:
    results = list(survey(range(10, 16), 3, "vegas", budget=BUDGET, workers=workers))
    assert sorted(r["deal"] for r in results) == list(range(10, 16))
    assert {(r["draw"], r["scoring"]) for r in results} == {(3, "vegas")}
    for r in results:
        assert r["verdict"] in ("winnable", "unwinnable", "unknown")
        assert r["seconds"] <= BUDGET + 1.0


def test_survey_of_another_version_plays_by_its_rules(
    capsys: pytest.CaptureFixture[str],
) -> None:
    results = list(survey(range(6, 9), 3, "none", budget=BUDGET, workers=1, rules="solitaer"))
    assert [r["code"][:8] for r in results] == ["KS1-D3X-"] * 3
    assert results[0]["verdict"] == solve(Game(6, 3, "none", SOLITAER), budget=30).verdict
    argv = ["survey", "--rules", "classic", "--draw", "3", "--deals", "2", "--workers", "1"]
    assert main([*argv, *POOL, "--budget", str(BUDGET)]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "Classic Draw 3: 2 deals (0…1)"


def test_survey_refuses_bad_arguments() -> None:
    with pytest.raises(ValueError, match="workers"):
        list(survey([1], 1, "normal", workers=0))
    with pytest.raises(ValueError, match="budget"):
        list(survey([1], 1, "normal", budget=-1))


def test_survey_on_a_dask_local_cluster() -> None:
    import distributed  # a test dependency (pyproject.toml): its absence is a failure

    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
    ) as cluster:
        results = list(
            survey(range(6), 1, "normal", budget=BUDGET, scheduler=cluster.scheduler_address)
        )
    assert sorted(r["deal"] for r in results) == list(range(6))
    won = next(r for r in results if r["deal"] == 2)
    assert won["verdict"] == "winnable"  # deal 2 is solved in a few dozen positions


def test_a_survey_runs_on_a_dask_local_cluster_unless_told_otherwise() -> None:
    assert default_scheduler() == LOCAL_CLUSTER  # (Dask distributed is installed for tests)


def test_a_survey_killed_goes_on_with_resume_and_solves_each_deal_once(tmp_path: Path) -> None:
    """A survey killed (SIGKILL) in the middle keeps the deals it finished; ``--resume``
    solves only the rest, and every deal is in the file once."""
    out = tmp_path / "results.jsonl"
    command = [sys.executable, "-m", "klondike", "survey", "--draw", "3", "--deals", "60"]
    command += ["--workers", "1", *POOL, "--budget", "0.2", "--out", str(out)]
    running = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_until(lambda: len(read_results(out)) >= 3, seconds=60)
    finally:
        running.kill()
        running.wait(timeout=30)
    before = read_results(out)
    assert 3 <= len(before) < 60, "the survey was killed before its end"
    finished = subprocess.run([*command, "--resume"], capture_output=True, text=True, timeout=300)
    assert finished.returncode == 0, finished.stderr
    assert f"resuming: {len(before)} deals already in" in finished.stderr
    after = read_results(out)
    assert sorted(r["deal"] for r in after) == list(range(60))
    assert after[: len(before)] == before  # kept as they were, not solved again


def test_cli_prints_the_figures_and_writes_jsonl(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "results.jsonl"
    argv = ["survey", "--draw", "1", "--deals", "4", "--start", "2", "--workers", "1"]
    assert main([*argv, *POOL, "--budget", str(BUDGET), "--out", str(out), "--progress"]) == 0
    printed = capsys.readouterr()
    assert printed.out.splitlines()[0] == "Klondike Draw 1 Normal: 4 deals (2…5)"
    assert "95% Wilson interval" in printed.out
    assert "time per deal: median" in printed.out
    assert "4/4  100%" in printed.err
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert sorted(r["deal"] for r in lines) == [2, 3, 4, 5]


def test_cli_resume_skips_the_deals_already_in_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "results.jsonl"
    earlier: DealResult = {
        "deal": 0,
        "code": "KL1-D1N-AAAAAAA",
        "rules": "app",
        "draw": 1,
        "scoring": "normal",
        "verdict": "unwinnable",  # not what the solver says: proves the deal was not solved again
        "states": 1,
        "seconds": 0.001,
        "budget": 1.0,
    }
    out.write_text(json.dumps(earlier) + "\n" + '{"deal": 1, "verd')  # a torn last line
    argv = ["survey", "--deals", "3", "--workers", "1", "--budget", str(BUDGET)]
    assert main([*argv, *POOL, "--out", str(out), "--resume"]) == 0
    printed = capsys.readouterr()
    assert "resuming: 1 deals already in" in printed.err
    assert "unwinnable        1" in printed.out
    results = read_results(out)
    assert sorted(r["deal"] for r in results) == [0, 1, 2]
    assert results[0] == earlier


def test_retry_unknown_solves_again_the_deals_left_unknown_and_the_new_line_counts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "results.jsonl"
    unknown = solve_deal(2, 1, "normal", budget=None, max_states=1)  # deal 2: a few dozen
    assert (unknown["verdict"], unknown["max_states"]) == ("unknown", 1)
    out.write_text(json.dumps(unknown) + "\n")
    argv = ["survey", "--deals", "1", "--start", "2", "--workers", "1", *POOL, "--out", str(out)]
    assert main([*argv, "--resume"]) == 0  # kept as it is
    assert "unknown           1" in capsys.readouterr().out
    assert main([*argv, "--resume", "--retry-unknown", "--states", "10000"]) == 0
    assert "winnable          1" in capsys.readouterr().out
    rows = read_results(out)
    assert [(r["deal"], r["verdict"]) for r in rows] == [(2, "unknown"), (2, "winnable")]
    assert [r["verdict"] for r in latest(rows)] == ["winnable"]
    assert rows[-1]["max_states"] == 10000


def test_retry_unknown_takes_the_least_searched_first_and_not_those_searched_to_the_bound(
    tmp_path: Path,
) -> None:
    """Deals 2 and 3 were left unknown after 40 and 7 positions, deal 4 after 10,000: with
    ``--states 10000`` deal 3 is solved again first, then deal 2; deal 4 would search out
    the same bound again and is kept as it is."""
    out = tmp_path / "results.jsonl"
    lines = []
    for deal, states in ((2, 40), (3, 7), (4, 10_000)):
        unknown = solve_deal(deal, 1, "normal", budget=None, max_states=1)
        lines.append(json.dumps({**unknown, "states": states}))
    out.write_text("\n".join(lines) + "\n")
    argv = ["survey", "--deals", "3", "--start", "2", "--workers", "1", *POOL, "--out", str(out)]
    assert main([*argv, "--resume", "--retry-unknown", "--states", "10000"]) == 0
    rows = read_results(out)
    assert [(r["deal"], r["verdict"]) for r in rows[3:]] == [(3, "winnable"), (2, "winnable")]
    assert {r["deal"]: r["verdict"] for r in latest(rows)} == {
        2: "winnable",
        3: "winnable",
        4: "unknown",
    }


def test_confirm_checks_losses_by_the_plain_search_and_pyksolve(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Deal 90 (Draw 1) is proved unwinnable again by the plain search; a loss recorded for
    deal 2, which is won, is contradicted: said, and the exit status is 1."""
    out = tmp_path / "results.jsonl"
    argv = ["survey", "--deals", "1", "--workers", "1", *POOL, "--out", str(out), "--confirm", "1"]
    assert main([*argv, "--start", "90", "--budget", "0.5"]) == 0
    printed = capsys.readouterr().out
    assert "confirming 1 unwinnable verdicts" in printed
    assert "90  plain search: unwinnable" in printed
    assert "none contradicted; 1 of 1 proved again" in printed
    wrong = solve_deal(2, 1, "normal", budget=1.0)
    out.write_text(json.dumps({**wrong, "verdict": "unwinnable"}) + "\n")  # not so
    assert main([*argv, "--start", "2", "--resume"]) == 1
    assert "CONTRADICTED: 2" in capsys.readouterr().out
    checked = confirm_loss(2, 1, "normal", 5.0)
    assert checked.contradicted and checked.plain == "winnable"
    assert checked.pyksolve is not None and checked.pyksolve.startswith("Solved")
    assert loss_sample([{**wrong, "verdict": "unwinnable"}, wrong], 5, seed=1) == [2]


def test_cli_without_resume_starts_the_file_afresh(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "results.jsonl"
    out.write_text(json.dumps(_row(99, "winnable", 1.0)) + "\n")
    argv = ["survey", "--deals", "1", "--start", "2", "--workers", "1", "--out", str(out)]
    assert main([*argv, *POOL]) == 0
    assert [r["deal"] for r in read_results(out)] == [2]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["survey", "--deals", "0"], "--deals"),
        (["survey", "--deals", "1", "--workers", "0"], "--workers"),
        (["survey", "--deals", "1", "--budget", "-1"], "--budget"),
        (["survey", "--deals", "1", "--resume"], "--resume needs --out"),
        (["survey", "--deals", "1", "--retry-unknown"], "--retry-unknown goes with --resume"),
        (["survey", "--deals", "1", "--states", "0"], "--states must be at least 1"),
        (["survey", "--deals", "1", "--confirm", "-1"], "--confirm must be at least 0"),
        (["survey", "--deals", "5", "--start", str(2**35 - 2)], "the deals must lie in"),
        (["survey", "--deals", "1", "--rules", "solitaer", "--draw", "1"], "Draw 3"),
        (["survey", "--deals", "1", "--rules", "classic", "--scoring", "vegas"], "without a score"),
    ],
)
def test_cli_bad_arguments_exit_2_with_the_reason(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    assert message in capsys.readouterr().err


def test_progress_line_shows_rate_and_time_left() -> None:
    assert progress_line(0, 10, 0.0).endswith("0.0 deals/s  ETA ?")
    assert progress_line(10, 10, 5.0).startswith("[" + "#" * 24 + "] 10/10  100%  2.0 deals/s")
