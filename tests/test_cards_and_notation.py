"""Cards and move notation: parsing, formatting, round trips, clear errors."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import canfield
from canfield.moves import COL, FOUNDATION, FSUIT, RESERVE, WASTE, encode


@pytest.mark.parametrize(
    ("text", "name"),
    [("7H", "7H"), ("10h", "TH"), ("t♦", "TD"), ("q♠", "QS"), ("AC", "AC"), ("k♣", "KC"), ("10♥", "TH")],
)
def test_card_forms(text: str, name: str) -> None:
    assert canfield.card_name(canfield.parse_card(text)) == name


@pytest.mark.parametrize("bad", ["1H", "11S", "7X", "", "HH", "7"])
def test_unknown_card_names_the_text(bad: str) -> None:
    with pytest.raises(canfield.InvalidCardError, match=repr(bad)):
        canfield.parse_card(bad)


@given(st.integers(0, 51))
def test_card_round_trip(c: int) -> None:
    assert canfield.parse_card(canfield.card_name(c)) == c
    assert canfield.parse_card(canfield.card_symbol(c)) == c
    assert canfield.parse_card(canfield.card_name(c).lower()) == c


@pytest.mark.parametrize(
    ("text", "source", "target", "count"),
    [
        ("s", "s", "", 0),
        ("wf", "w", "f", 1),
        ("rf", "r", "f", 1),
        ("3f", "3", "f", 1),
        ("w2", "w", "2", 1),
        ("r2", "r", "2", 1),
        ("13", "1", "3", 1),
        ("13:4", "1", "3", 4),
        ("H2", "H", "2", 1),
    ],
)
def test_spec_notation(text: str, source: str, target: str, count: int) -> None:
    m = canfield.Move.parse(text)
    assert (m.source, m.target, m.count) == (source, target, count)
    assert str(m) == text


@pytest.mark.parametrize(
    ("text", "canonical"), [("13:1", "13"), ("WF", "wf"), ("♥2", "H2"), (" r3 ", "r3"), ("h2", "H2")]
)
def test_accepted_forms_format_canonically(text: str, canonical: str) -> None:
    assert str(canfield.Move.parse(text)) == canonical


@pytest.mark.parametrize(
    ("bad", "why"),
    [
        ("", "malformed"),
        ("x1", "malformed"),
        ("11", "onto itself"),
        ("w2:3", "only a column"),
        ("1f:2", "one card at a time"),
        ("Hf", "to a column"),
        ("10", "malformed"),
        ("13:0", "1..127"),
    ],
)
def test_malformed_moves(bad: str, why: str) -> None:
    with pytest.raises(canfield.InvalidMoveError, match=why):
        canfield.Move.parse(bad)


_places = st.sampled_from([WASTE, RESERVE, *range(FSUIT, FSUIT + 4), *range(COL, COL + 9)])


@st.composite
def engine_moves(draw: st.DrawFn) -> int:
    if draw(st.booleans()):
        return 0
    src = draw(_places)
    if src >= COL:
        dst = draw(st.sampled_from([FOUNDATION, *[c for c in range(COL, COL + 9) if c != src]]))
        n = 1 if dst == FOUNDATION else draw(st.integers(1, 127))
    elif src >= FSUIT:
        dst, n = draw(st.sampled_from(range(COL, COL + 9))), 1
    else:
        dst, n = draw(st.sampled_from([FOUNDATION, *range(COL, COL + 9)])), 1
    return encode(src, dst, n)


@given(engine_moves())
def test_move_text_round_trip(m: int) -> None:
    move = canfield.Move(m)
    assert canfield.parse_move(str(move)) == m
    assert canfield.Move.parse(move.text) is move
