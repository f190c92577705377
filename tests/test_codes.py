"""Game codes: every valid form round-trips; every malformed one is refused with a reason."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from klondike import Game, InvalidCode
from klondike.codes import DEAL_COUNT, GameCode, format_code, parse_code
from klondike.rules import APP, CLASSIC, PRESETS, SOLITAER, Rules

FORMS = [
    (draw, scoring, rules)
    for rules in PRESETS
    for draw in rules.draws
    for scoring in rules.scorings
]


def test_forms_of_every_version() -> None:
    assert [(d, s, r.key) for d, s, r in FORMS] == [
        (1, "normal", "app"),
        (1, "vegas", "app"),
        (3, "normal", "app"),
        (3, "vegas", "app"),
        (1, "none", "classic"),
        (3, "none", "classic"),
        (3, "none", "solitaer"),
    ]


@pytest.mark.parametrize("draw,scoring,rules", FORMS)
@pytest.mark.parametrize("deal", [0, 6, 31, 32, 2**35 - 1])
def test_round_trip(deal: int, draw: int, scoring: str, rules: Rules) -> None:
    code = format_code(deal, draw, scoring, rules)
    assert parse_code(code) == GameCode(deal, draw, scoring, rules.key)
    g = Game.from_code(code)
    assert (g.code, g.deal, g.draw, g.scoring, g.rules) == (code, deal, draw, scoring, rules)
    assert Game(deal, draw, scoring, rules).code == code
    assert Game.new(draw=draw, scoring=scoring, deal=deal, rules=rules).code == code
    assert Game.new(draw=draw, deal=deal, rules=rules.key).code == format_code(
        deal, draw, rules.scorings[0], rules
    )


def test_known_variant_codes() -> None:
    assert format_code(6, 1, "none", CLASSIC) == "KC1-D1X-AAAAAAG"
    assert format_code(6, 3, "none", "classic") == "KC1-D3X-AAAAAAG"
    assert format_code(6, 3, "none", SOLITAER) == "KS1-D3X-AAAAAAG"
    assert parse_code("ks1-d3x-aaaaaag") == (6, 3, "none", "solitaer")
    assert parse_code("KL1-D1N-AAAAAAG") == (6, 1, "normal", APP.key)


@pytest.mark.parametrize(
    "text,reason",
    [
        ("KC1-D1N-AAAAAAG", "scoring_not_in_rules"),
        ("KC1-D3V-AAAAAAG", "scoring_not_in_rules"),
        ("KS1-D1X-AAAAAAG", "draw_not_in_rules"),
        ("KS1-D3N-AAAAAAG", "scoring_not_in_rules"),
        ("KL1-D1X-AAAAAAG", "scoring_not_in_rules"),
    ],
)
def test_a_form_the_version_lacks_is_refused(text: str, reason: str) -> None:
    with pytest.raises(InvalidCode) as err:
        parse_code(text)
    assert err.value.reason == reason
    with pytest.raises(InvalidCode):
        Game.from_code(text)


def test_version_arguments_checked() -> None:
    with pytest.raises(InvalidCode) as err:
        Game(6, 1, "none", SOLITAER)
    assert err.value.reason == "draw_not_in_rules"
    assert str(err.value) == "Solitär is played with Draw 3, not Draw 1"
    with pytest.raises(InvalidCode) as err:
        Game.new(scoring="vegas", rules=CLASSIC)
    assert err.value.reason == "scoring_not_in_rules"
    assert str(err.value) == "Classic is played without a score, not with Vegas scoring"
    with pytest.raises(InvalidCode) as err:
        Game.from_code("KL1-D1X-AAAAAAG")
    assert str(err.value) == (
        "Klondike is played with Normal scoring or with Vegas scoring, not without a score"
    )
    with pytest.raises(InvalidCode) as err:
        Game.new(rules="spider")
    assert err.value.reason == "bad_rules"


def test_known_codes() -> None:
    assert format_code(6, 1, "normal") == "KL1-D1N-AAAAAAG"
    assert format_code(0, 3, "vegas") == "KL1-D3V-AAAAAAA"
    assert format_code(2**35 - 1, 1, "vegas") == "KL1-D1V-7777777"
    assert format_code(32, 1, "normal") == "KL1-D1N-AAAAABA"
    assert DEAL_COUNT == 2**35


@given(
    deal=st.integers(0, 2**35 - 1),
    draw=st.sampled_from([1, 3]),
    scoring=st.sampled_from(["normal", "vegas"]),
)
def test_round_trip_any_deal(deal: int, draw: int, scoring: str) -> None:
    code = format_code(deal, draw, scoring)
    assert len(code) == 15
    assert parse_code(code) == (deal, draw, scoring, "app")
    assert parse_code(f"  {code.lower()}\n") == (deal, draw, scoring, "app")


@pytest.mark.parametrize(
    "text", ["kl1-d1n-aaaaaag", "  KL1-D1N-AAAAAAG  ", "\tKl1-D1n-aAaAaAg\n", "KL1-d1N-AAAAAAg"]
)
def test_case_and_surrounding_spaces_ignored(text: str) -> None:
    assert parse_code(text) == (6, 1, "normal", "app")
    assert Game.from_code(text).code == "KL1-D1N-AAAAAAG"


@pytest.mark.parametrize("text", ["KL1D1NAAAAAAG", "kl1d1naaaaaag", " KL1 D1N AAAAAAG "])
def test_a_code_without_its_hyphens_is_read(text: str) -> None:
    assert parse_code(text) == (6, 1, "normal", "app")
    assert Game.from_code(text).code == "KL1-D1N-AAAAAAG"


def test_a_code_with_some_hyphens_is_checked_part_by_part() -> None:
    with pytest.raises(InvalidCode) as err:
        parse_code("KL1-D1NAAAAAAG")
    assert err.value.reason == "code_format"
    with pytest.raises(InvalidCode) as err:
        parse_code("KL1D1NAAAAAA")  # one digit short
    assert err.value.reason == "code_format"


def test_new_game_has_a_valid_random_code() -> None:
    codes = {Game.new().code for _ in range(20)}
    assert len(codes) > 1
    for code in codes:
        assert code.startswith("KL1-D1N-")
        assert Game.from_code(code).code == code


@pytest.mark.parametrize(
    "text,reason,params",
    [
        ("KL2-D1N-AAAAAAG", "code_prefix", {"part": "KL2", "prefixes": "KL1, KC1 or KS1"}),
        ("XX1-D1N-AAAAAAG", "code_prefix", {"part": "XX1", "prefixes": "KL1, KC1 or KS1"}),
        ("KX1-D1N-AAAAAAG", "code_prefix", {"part": "KX1", "prefixes": "KL1, KC1 or KS1"}),
        ("KL1-D2N-AAAAAAG", "code_draw", {"part": "D2"}),
        ("KL1-X1N-AAAAAAG", "code_draw", {"part": "X1"}),
        ("KL1-D1Y-AAAAAAG", "code_scoring", {"part": "Y"}),
        ("KL1-D3Z-AAAAAAG", "code_scoring", {"part": "Z"}),
        ("KL1-D1N-AAAAAA", "code_deal_length", {"length": 6}),
        ("KL1-D1N-AAAAAAAA", "code_deal_length", {"length": 8}),
        ("KL1-D1N-", "code_deal_length", {"length": 0}),
        ("KL1-D1N-AAAAAA1", "code_alphabet", {"char": "1"}),
        ("KL1-D1N-AAAAAA8", "code_alphabet", {"char": "8"}),
        ("KL1-D1N-AAA AAA", "code_alphabet", {"char": " "}),
        ("KL1-D1N-AAAAAA0", "code_alphabet", {"char": "0"}),
        ("KL1-D1N-ſſſſſſſ", "code_not_ascii", {"char": "ſ"}),
        ("KL1-D1N-AAAAAß", "code_not_ascii", {"char": "ß"}),
        (" kl1-d1n-aaaaaaı ", "code_not_ascii", {"char": "ı"}),
        ("KL1-D1Ｎ-AAAAAAG", "code_not_ascii", {"char": "Ｎ"}),
        ("", "code_format", {"text": ""}),
        ("KL1D1NAAAAAA", "code_format", {"text": "KL1D1NAAAAAA"}),
        ("KL1-D1-AAAAAAG", "code_format", {"text": "KL1-D1-AAAAAAG"}),
        ("KL1-D1NN-AAAAAAG", "code_format", {"text": "KL1-D1NN-AAAAAAG"}),
        ("KL1-D1N-AAAA-AAG", "code_format", {"text": "KL1-D1N-AAAA-AAG"}),
        ("KL1_D1N_AAAAAAG", "code_format", {"text": "KL1_D1N_AAAAAAG"}),
    ],
)
def test_refused_with_reason(text: str, reason: str, params: dict[str, object]) -> None:
    with pytest.raises(InvalidCode) as err:
        parse_code(text)
    assert err.value.reason == reason
    assert err.value.params == params
    assert str(err.value)
    with pytest.raises(InvalidCode) as err2:
        Game.from_code(text)
    assert err2.value.reason == reason


@pytest.mark.parametrize("value", [None, 6, 6.0, b"KL1-D1N-AAAAAAG", ["KL1-D1N-AAAAAAG"], {}])
def test_refused_not_text(value: object) -> None:
    with pytest.raises(InvalidCode) as err:
        Game.from_code(value)
    assert err.value.reason == "code_not_text"
    assert err.value.params == {"type": type(value).__name__}
    assert isinstance(err.value, ValueError)


@given(st.text(max_size=30) | st.binary(max_size=20) | st.none() | st.integers())
def test_any_input_is_a_code_or_a_clear_refusal(value: object) -> None:
    try:
        deal, draw, scoring, rules = parse_code(value)
    except InvalidCode as err:
        assert err.reason.startswith("code_") or err.reason.endswith("_not_in_rules")
    else:
        assert isinstance(value, str)
        assert format_code(deal, draw, scoring, rules) == value.strip().upper()


@pytest.mark.parametrize(
    "kwargs,reason",
    [
        ({"deal": -1}, "bad_deal"),
        ({"deal": 2**35}, "bad_deal"),
        ({"deal": 1.0}, "bad_deal"),
        ({"deal": True}, "bad_deal"),
        ({"deal": "6"}, "bad_deal"),
        ({"draw": 2}, "bad_draw"),
        ({"draw": True}, "bad_draw"),
        ({"draw": "1"}, "bad_draw"),
        ({"scoring": "las vegas"}, "bad_scoring"),
        ({"scoring": None}, "bad_scoring"),
    ],
)
def test_game_arguments_refused(kwargs: dict[str, object], reason: str) -> None:
    args: dict[str, object] = {"deal": 6, "draw": 1, "scoring": "normal", **kwargs}
    with pytest.raises(InvalidCode) as err:
        Game(**args)  # type: ignore[arg-type]
    assert err.value.reason == reason
    with pytest.raises(InvalidCode):
        format_code(**args)  # type: ignore[arg-type]


def test_scoring_argument_ignores_case() -> None:
    assert Game(6, 3, " Vegas ").code == "KL1-D3V-AAAAAAG"
