"""Schemathesis over the server's OpenAPI document, through the ASGI app (no network).

For every operation, schemathesis generates requests from the document — valid ones and
invalid ones (wrong types, missing or unknown fields, out-of-range ids) — and runs its
checks on every answer: never a 5xx; each status code, content type, header and body as the
document declares it; invalid requests refused with a 4xx; valid ones not refused as
malformed. Bounded: at most ``MAX_EXAMPLES`` generated examples per operation and phase.
"""

from __future__ import annotations

import datetime
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from fastapi import FastAPI
from hypothesis import HealthCheck, settings
from schemathesis import HookContext, Response
from schemathesis.config import SchemathesisConfig
from schemathesis.core.failures import Failure
from schemathesis.core.result import Ok
from schemathesis.openapi.checks import RejectedPositiveData

from helpers.proofs import some_proof
from klondike.rules import MODES
from klondike.store.database import add_proved_deal, keep_daily_deal, open_database
from klondike.web.api import create_app
from klondike.web.workers import SolverWorkers

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

MAX_EXAMPLES = 40
HOST = "testserver"  # the Host header schemathesis' ASGI client sends

CONFIG = SchemathesisConfig.from_dict(
    {
        "checks": {
            # A request the document allows may still be refused by the rules of the game:
            # an illegal move or an invalid game code is a documented 400 (docs/api.md). A
            # 422 (malformed) for a request the document allows would still fail.
            "positive_data_acceptance": {
                "expected-statuses": ["2xx", "400", "403", "404", "409"],
            },
            # An undeclared method without a JSON body (e.g. a bare PUT /api/stats) is refused
            # by the guard with 415 `bad_content_type` before routing, which is documented;
            # with a JSON body it gets 405. Schemathesis wants 405 for both.
            "unsupported_method": {"enabled": False},
        }
    }
)


def seeded_app(db: str | Path) -> FastAPI:
    """An app over a fresh database holding games 1-4 (game 1 abandoned).

    So generated ids reach real games, and generated actions reach the engine, not only
    the 404 path.
    """
    conn = open_database(db)
    today = datetime.date.today()
    for mode in MODES:  # the solver's answers ready: the run stays quick
        proof = some_proof(mode)
        for day in (today - datetime.timedelta(1), today, today + datetime.timedelta(1)):
            keep_daily_deal(conn, day.isoformat(), mode, proof)
        add_proved_deal(conn, mode, proof)
    # no room for the day's daily deals per tier (minutes of ratings): refused as not ready
    workers = SolverWorkers(processes=False, pending={"rating": 0})
    app = create_app(conn, allowed_hosts=[HOST], workers=workers, hint_budget=0.05)
    client = TestClient(app)  # no `with`: the app's lifespan is left to schemathesis
    first = client.post("/api/games", json={"draw": 1, "scoring": "normal"}).json()
    client.post("/api/games", json={"draw": 3, "scoring": "vegas", "abandon": first["id"]})
    client.post("/api/games", json={"code": "KL1-D1N-AAAAAAG"})
    client.post("/api/games", json={"draw": 3, "scoring": "normal"})
    assert client.get("/api/games/4").status_code == 200
    return app


schema = schemathesis.openapi.from_asgi("/openapi.json", seeded_app(":memory:"), config=CONFIG)

LARGEST_ID = 2**63 - 1  # the document's `maximum` for ids and versions


def _numbers(value: object) -> Iterator[int | float]:
    """Every number in a JSON value."""
    if isinstance(value, bool):
        return
    if isinstance(value, int | float):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _numbers(item)
    elif isinstance(value, list):
        for item in value:
            yield from _numbers(item)


def _refused_on_purpose(number: int | float) -> bool:
    """A number schemathesis takes for a valid integer that the server refuses, rightly:

    - an integer above 2**63 - 1: schemathesis compares with the document's ``maximum`` in
      floating point, so it takes e.g. 2**63 + 191 for a valid id or version;
    - an integer written as a float (``17.0``): JSON Schema counts it as an integer, the
      server wants integers written as integers (it refuses ``1.0`` for a draw, say).
    """
    if isinstance(number, float):
        return number.is_integer()
    return number > LARGEST_ID


@schema.hook
def map_path_parameters(
    context: HookContext, path_parameters: dict[str, Any] | None
) -> dict[str, Any] | None:
    """Send half of the generated game ids (the even ones) to the open games 2-4, so that
    actions and restarts reach the engine, not mostly the 404 path."""
    game_id = (path_parameters or {}).get("game_id")
    if isinstance(game_id, int) and not isinstance(game_id, bool) and game_id % 2 == 0:
        return {**(path_parameters or {}), "game_id": 2 + game_id // 2 % 3}
    return path_parameters


@schema.hook
def filter_failure(
    context: HookContext, failure: Failure, case: schemathesis.Case[Any], response: Response
) -> bool:
    """Keep every failure except "valid request refused" for the numbers above."""
    if not isinstance(failure, RejectedPositiveData) or response.status_code != 422:
        return True
    sent = [case.body, case.path_parameters, case.query]
    return not any(_refused_on_purpose(number) for number in _numbers(sent))


@pytest.fixture
def app(tmp_path: Path) -> FastAPI:
    """A fresh seeded app for each operation: schemathesis ends the app's lifespan after each
    test, which closes the app's database."""
    return seeded_app(tmp_path / "x.db")


@schema.parametrize()
@settings(max_examples=MAX_EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
def test_api_conforms_to_its_openapi_document(case: schemathesis.Case[Any], app: FastAPI) -> None:
    case.call_and_validate(app=app)


def test_the_document_covers_the_whole_api() -> None:
    """Every operation of docs/api.md is in the document, so the run above reaches it."""
    found = [result.ok() for result in schema.get_all_operations() if isinstance(result, Ok)]
    operations = {f"{operation.method.upper()} {operation.path}" for operation in found}
    assert operations >= {
        "GET /api/game",
        "POST /api/games",
        "GET /api/games/{game_id}",
        "POST /api/games/{game_id}/restart",
        "POST /api/games/{game_id}/actions",
        "GET /api/games/{game_id}/gauge",
        "GET /api/stats",
        "POST /api/stats/reset",
    }
