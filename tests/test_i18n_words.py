"""One word per thing in each language of the page (issue 35, item 6): every string of
static/js/i18n.js names a pile of the table by the one word its language uses for it —
German: Talon, Ablagestapel, Zielstapel, Spalte (Classic's text once said "Fundament" and
"Stock") — and writes money one way: "−$52" in English, "−52 $" in German."""

from __future__ import annotations

import re

import pytest

from helpers import ROOT

I18N = ROOT / "src" / "klondike" / "web" / "static" / "js" / "i18n.js"

WORDS = {
    "en": {
        "stock": [r"\btalon\b", r"draw pile"],
        "waste": [r"\bdiscard", r"\btalon\b"],
        "foundation": [r"\bhome\b", r"\bfundament"],
        "column": [r"\btableau\b"],
    },
    "de": {
        "Talon": [r"\bStock\b", r"Nachziehstapel", r"Kartenstock"],
        "Ablagestapel": [r"\bAblage\b", r"Abwurfstapel", r"Abwurf\b"],
        "Zielstapel": [r"Fundament", r"Ablegestapel"],
        "Spalte": [r"\bTableau\b", r"\bReihe\b"],
    },
}
"""Each language's word for each pile, and the other words for it that the page must not use."""

MONEY = {"en": re.compile(r"^[+−]?\$\d+$"), "de": re.compile(r"^[+−]?\d+ \$$")}
"""A sum of money as each language writes it (the minus sign U+2212)."""


def strings(language: str) -> list[str]:
    """The string literals of a language's part of i18n.js: its table, and for German the
    refusals' texts and the helpers that word them after it."""
    text = I18N.read_text(encoding="utf-8")
    tables = text.index("const TABLES = {")
    english, german = text.index("\n  en: {", tables), text.index("\n  de: {", tables)
    part = text[english:german] if language == "en" else text[german:]
    part = re.sub(r"/\*.*?\*/", "", part, flags=re.DOTALL)  # the comments are not the page's
    part = re.sub(r"^\s*//.*$", "", part, flags=re.MULTILINE)
    return re.findall(r'"((?:[^"\\]|\\.)*)"', part)


@pytest.mark.parametrize("language", ["en", "de"])
def test_one_word_for_each_pile(language: str) -> None:
    found = strings(language)
    assert len(found) > 300
    for word, others in WORDS[language].items():
        assert any(word in text for text in found), f"{language}: {word!r} is never used"
        for other in others:
            flags = re.IGNORECASE if language == "en" else 0
            wrong = [text for text in found if re.search(other, text, flags)]
            assert not wrong, f"{language} says {other!r} for {word!r}: {wrong}"


@pytest.mark.parametrize("language", ["en", "de"])
def test_every_sum_of_money_in_the_texts_is_written_one_way(language: str) -> None:
    sums = [m for text in strings(language) for m in re.findall(r"[+−-]?\$?\d+(?: \$)?", text)]
    money = [s for s in sums if "$" in s]
    assert money, language
    assert all(MONEY[language].match(s) for s in money), money
