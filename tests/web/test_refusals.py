"""One room for refusals and one source for each shape: every reason the server gives is
worded once, with its status, and every body is built by the same code."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest

from helpers.api import HOST, TestClient
from klondike.errors import MESSAGES as ENGINE_MESSAGES
from klondike.store import settings
from klondike.web import api
from klondike.web.api import create_app
from klondike.web.refusals import ECHO_LIMIT, ENGINE_STATUS, REFUSALS, Refusal

WEB = Path(api.__file__).parent


def reasons_given_in(source: Path) -> set[str]:
    """The reason keys written as the first argument of ``Refusal(…)`` or ``_refuse(send, …)``."""
    found = set()
    for node in ast.walk(ast.parse(source.read_text())):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            args = node.args
            if node.func.id == "_refuse":
                args = args[1:]
            first = args[0] if args else None
            if node.func.id in ("Refusal", "_refuse") and isinstance(first, ast.Constant):
                found.add(str(first.value))
    return found


def test_every_reason_the_server_gives_is_worded_in_the_one_room() -> None:
    given = set().union(*(reasons_given_in(path) for path in WEB.rglob("*.py")))
    assert given and given <= set(REFUSALS), given - set(REFUSALS)
    for path in WEB.rglob("*.py"):
        if path.name != "refusals.py":
            assert "MESSAGES: dict" not in path.read_text(), path.name


def test_the_server_and_the_engine_never_share_a_reason() -> None:
    assert not set(REFUSALS) & set(ENGINE_MESSAGES)


@pytest.mark.parametrize("reason", sorted(REFUSALS))
def test_each_message_fills_from_its_params(reason: str) -> None:
    names = {name for _, name, _, _ in string.Formatter().parse(REFUSALS[reason].message) if name}
    refusal = Refusal(reason, dict.fromkeys(names, "X"))
    assert refusal.status == REFUSALS[reason].status and "{" not in refusal.message.replace(
        '{"confirm"', ""
    )


def test_an_engine_refusal_is_400_with_the_engines_message() -> None:
    for reason, message in ENGINE_MESSAGES.items():
        refusal = Refusal(reason, {}, message=message)
        assert refusal.status == ENGINE_STATUS == 400


def test_the_guard_and_the_api_answer_the_same_error_shape(db_path: Path) -> None:
    with TestClient(create_app(db_path, allowed_hosts=[HOST])) as client:
        guarded = client.get("/api/game", headers={"Host": "evil.example"})
        routed = client.get("/api/nothing-here")
    for answer, reason in ((guarded, "bad_host"), (routed, "not_found")):
        assert answer.status_code == REFUSALS[reason].status
        assert set(answer.json()) == {"error", "game"}
        assert set(answer.json()["error"]) == {"reason", "message", "params"}
        assert answer.headers["Cache-Control"] == "no-store"


def test_a_refusal_repeats_at_most_a_bounded_part_of_the_request(db_path: Path) -> None:
    long_path, long_host = "/api/" + "x" * 20_000, "h" * 5_000 + ".example"
    with TestClient(create_app(db_path, allowed_hosts=[HOST])) as client:
        routed = client.get(long_path)
        guarded = client.get("/api/game", headers={"Host": long_host})
    assert routed.json()["error"]["params"] == {"what": long_path[:ECHO_LIMIT]}
    assert guarded.json()["error"]["params"] == {"host": long_host[:ECHO_LIMIT]}
    for answer in (routed, guarded):
        assert len(answer.content) < 2 * ECHO_LIMIT + 1_000


def test_the_settings_models_take_exactly_the_stores_choices(db_path: Path) -> None:
    with TestClient(create_app(db_path, allowed_hosts=[HOST])) as client:
        schema = client.get("/openapi.json").json()["components"]["schemas"]
        for name, values in settings.CHOICES.items():
            field = schema["SettingsChange"]["properties"][name]
            assert field["default"] == values[0]
            if isinstance(values[0], bool):
                assert field["type"] == "boolean"
            else:
                assert field["enum"] == list(values)
            for value in values:
                assert client.put("/api/settings", json={name: value}).json()[name] == value
        assert set(schema["Settings"]["required"]) == set(settings.CHOICES)


def test_the_page_keeps_no_english_words_of_the_servers_refusals() -> None:
    """In English the page shows the server's message; it keeps German texts only."""
    i18n = (WEB / "static" / "js" / "i18n.js").read_text()
    assert "ENGLISH_REASONS" not in i18n
    settings_js = (WEB / "static" / "js" / "settings.js").read_text()
    assert not re.search(r"card_back:\s*\"blue\"", settings_js)  # the defaults are the server's
