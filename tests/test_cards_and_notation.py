"""Cards and move notation: parsing, formatting, round trips, clear errors."""

from __future__ import annotations

import copy
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

import canfield
from canfield import notation
from canfield.moves import (
    COL,
    COUNT_SHIFT,
    FOUNDATION,
    FSUIT,
    MAX_COLUMNS,
    MAX_COUNT,
    MOVE_BITS,
    PLACE_MASK,
    RESERVE,
    WASTE,
    encode,
    is_move_int,
)
from canfield.notation import format_move, parse_move
from canfield.plugins.registry import rules_for
from canfield.scoring import AppScoring, CasinoScoring, NoScoring

from .positions import game


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
        ("13:0", f"1..{MAX_COUNT}"),
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
        n = 1 if dst == FOUNDATION else draw(st.integers(1, MAX_COUNT))
    elif src >= FSUIT:
        dst, n = draw(st.sampled_from(range(COL, COL + 9))), 1
    else:
        dst, n = draw(st.sampled_from([FOUNDATION, *range(COL, COL + 9)])), 1
    return encode(src, dst, n)


@given(engine_moves())
def test_move_text_round_trip(m: int) -> None:
    move = canfield.Move.from_int(m)
    assert parse_move(str(move)) == m == int(move) == move.code
    assert canfield.Move.parse(move.text) is move
    assert canfield.Move(m) is move
    assert format_move(m) == move.text


# -- Move: equality, construction, the cache ------------------------------------------------------


def test_a_move_equals_only_moves() -> None:
    m = canfield.Move.parse("12")
    assert m == canfield.Move.from_int(int(m)) and m is canfield.Move.from_int(int(m))
    assert m != "12" and "12" != m
    assert m != int(m)
    assert "12" not in {m} and "12" not in [m]  # a set and a list agree
    assert m in {canfield.Move.parse("12")} and m in [canfield.Move.parse("12")]
    assert len({m, canfield.Move.parse("12"), canfield.Move.parse("13")}) == 2
    assert str(m) == "12" and repr(m) == "Move.parse('12')"


@pytest.mark.parametrize("bad", [5, 1, -1, 1096, 1 << 17, 1 << 80, encode(COL, COL), encode(WASTE, FOUNDATION, 2)])
def test_from_int_refuses_an_int_that_is_no_move(bad: int) -> None:
    before = dict(notation._CACHE)
    with pytest.raises(canfield.InvalidMoveError, match="not a move int"):
        canfield.Move.from_int(bad)
    with pytest.raises(canfield.InvalidMoveError, match="not a move int"):
        canfield.Move(bad)
    with pytest.raises(canfield.InvalidMoveError):
        format_move(bad)
    assert notation._CACHE == before  # nothing kept for a refused int


@pytest.mark.parametrize("bad", [True, False, 1121.0, "12", None, b"\x00"])
def test_from_int_takes_only_ints(bad: object) -> None:
    with pytest.raises(canfield.InvalidMoveError, match="a move int is an int"):
        canfield.Move.from_int(bad)  # type: ignore[arg-type]


@given(st.integers(-(1 << 20), 1 << 20))
def test_from_int_agrees_with_is_move_int_and_caches_only_moves(m: int) -> None:
    try:
        move = canfield.Move.from_int(m)
    except canfield.InvalidMoveError:
        assert not is_move_int(m)
        assert m not in notation._CACHE
    else:
        assert is_move_int(m) and notation._CACHE[m] is move


def test_the_cache_is_bounded_by_the_moves_that_exist() -> None:
    # Every pair of places with counts around each bound, and ints past the layout: only the
    # well-formed ones are cached, and there are no more of them than moves exist.
    counts = (0, 1, 2, 13, 31, 32, MAX_COUNT - 1, MAX_COUNT, MAX_COUNT + 1, (1 << MOVE_BITS - COUNT_SHIFT) - 1)
    tried = [encode(s, d, n) for s in range(PLACE_MASK + 1) for d in range(PLACE_MASK + 1) for n in counts]
    tried += [*range(-1000, 5000), 1 << MOVE_BITS, (1 << MOVE_BITS) + 1, 2**32, 2**64]
    for m in tried:
        try:
            canfield.Move.from_int(m)
        except canfield.InvalidMoveError:
            pass
    n = MAX_COLUMNS
    exist = 1 + (2 + n) + (2 + 4) * n + n * (n - 1) * MAX_COUNT  # stock; up; onto columns; runs
    assert all(m in notation._CACHE for m in tried if is_move_int(m))
    assert all(is_move_int(m) for m in notation._CACHE) and len(notation._CACHE) <= exist


def test_a_move_cannot_be_changed() -> None:
    m = canfield.Move.parse("wf")
    with pytest.raises(AttributeError):
        m.code = 0  # type: ignore[misc]
    with pytest.raises(AttributeError):
        m.to_foundation = False  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del m.text
    assert m.text == "wf" and m.to_foundation


def test_a_move_pickles_and_copies_to_itself() -> None:
    m = canfield.Move.parse("13:4")
    assert pickle.loads(pickle.dumps(m)) is m
    assert copy.copy(m) is m and copy.deepcopy(m) is m


# -- Move: what a move does, for scorers -----------------------------------------------------------

FLAGS = ("is_stock", "to_foundation", "from_foundation", "from_waste", "from_reserve", "from_column", "to_column")


@pytest.mark.parametrize(
    ("text", "true"),
    [
        ("s", {"is_stock"}),
        ("wf", {"from_waste", "to_foundation"}),
        ("rf", {"from_reserve", "to_foundation"}),
        ("3f", {"from_column", "to_foundation"}),
        ("w2", {"from_waste", "to_column"}),
        ("r2", {"from_reserve", "to_column"}),
        ("13:4", {"from_column", "to_column"}),
        ("H2", {"from_foundation", "to_column"}),
    ],
)
def test_move_flags(text: str, true: set[str]) -> None:
    m = canfield.Move.parse(text)
    assert {f for f in FLAGS if getattr(m, f)} == true


@given(engine_moves())
def test_every_move_has_one_source_and_one_target(m: int) -> None:
    move = canfield.Move.from_int(m)
    sources = [move.is_stock, move.from_waste, move.from_reserve, move.from_column, move.from_foundation]
    assert sources.count(True) == 1
    assert move.is_stock or [move.to_foundation, move.to_column].count(True) == 1
    assert move.to_foundation == (move.target == "f")
    assert move.from_foundation == (move.source in ("S", "H", "D", "C"))
    assert move.count == (0 if move.is_stock else m >> COUNT_SHIFT) and 0 <= move.count <= MAX_COUNT


@pytest.mark.parametrize(
    ("text", "app", "casino"), [("s", 0, 0), ("wf", 5, 5), ("3f", 5, 5), ("r2", 0, 0), ("H2", 0, -5), ("13:4", 0, 0)]
)
def test_built_in_scorers_read_the_move(text: str, app: int, casino: int) -> None:
    m = canfield.Move.parse(text)
    assert AppScoring().points(m) == app
    assert CasinoScoring().points(m) == casino
    assert NoScoring().points(m) == 0


class _Counting:
    """A plugin's scorer: a point for each card played from the waste; records what it is given."""

    floor = None

    def __init__(self) -> None:
        self.seen: list[object] = []

    def initial(self, position: canfield.Position) -> int:
        return 0

    def points(self, move: canfield.Move) -> int:
        self.seen.append(move)
        return 1 if move.from_waste else 0


class _CountingHooks:
    def __init__(self) -> None:
        self.scorer = _Counting()

    @canfield.hookimpl
    def canfield_scoring(self, spec: canfield.RuleSpec) -> _Counting:
        return self.scorer


def test_a_plugin_scorer_gets_each_played_move() -> None:
    hooks = _CountingHooks()
    variant = canfield.Variant(id="test-waste-score", name="Waste score", hooks=hooks)  # not registered
    start = game(reserve="2D", waste="6H", columns="7S/8D 7C/KD/QS").position
    g = canfield.Game(rules_for(variant), start)
    for text in ("w1", "s", "s"):
        g.play(text)
    assert hooks.scorer.seen == g.history == [canfield.Move.parse(t) for t in ("w1", "s", "s")]
    assert all(isinstance(m, canfield.Move) for m in hooks.scorer.seen)
    assert g.score == 1
