"""The native engine against the reference engine (`canfield.engine`), move for move.

`Game` plays on the native engine (``canfield._native``); `canfield.engine.Engine` is the readable
statement of the rules. Both must list the same moves in the same order, reach the same position
after every make and unmake, and count the same perft. Every failure names the position string.
"""

from __future__ import annotations

import pickle
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import canfield
from canfield import _native, moves
from canfield.engine import Engine
from canfield.errors import (
    CanfieldError,
    IllegalMoveError,
    InternalError,
    InvalidMoveError,
    InvalidPositionError,
    RulesError,
    UndoError,
)
from canfield.moves import decode, encode, is_move_int
from canfield.native import native_position as _position
from canfield.plugins.registry import rules_for
from canfield.position import Position
from canfield.spec import parse_foundations
from tests.strategies import games, play_random, variant_ids

OPTION_SETS: list[dict[str, object]] = [
    {},
    {"foundation_takeback": True, "tableau_moves": "any"},
    {"tableau_moves": "top-or-whole", "empty_column": "any"},
    {"tableau_moves": "whole", "redeals": 1},
    {"decks": 2, "columns": 6},
    {"decks": 2, "columns": 5, "tableau_moves": "top-or-whole", "foundation_takeback": True},
    {"build_past_base": False, "foundation_takeback": True},
    {"decks": 2, "columns": 6, "build_past_base": False, "empty_column": "any"},
    {"empty_column": "reserve-by-choice", "tableau_moves": "whole", "redeals": 1},
    {"decks": 2, "columns": 5, "empty_column": "reserve-by-choice", "foundation_takeback": True},
    {"build": "same-rank", "columns": 6},
    {"decks": 2, "build": "same-rank", "tableau_moves": "top-or-whole"},
    {"choose_base": True, "empty_column": "reserve-by-choice", "reserve_visible": "all"},
    {"decks": 2, "columns": 5, "choose_base": True, "foundation_takeback": True, "tableau_moves": "any"},
    # foundation layouts: any-suit piles opening after the dealt one; two piles a suit both ways
    {"decks": 2, "columns": 6, "foundations": parse_foundations("xbu*/xbu>1/xbu>1/xbu>1/xbu>1/xbu>1/xbu>1/xbu>1")},
    {"foundations": parse_foundations("SAun/HAun/DAun/CAun/SKdn/HKdn/DKdn/CKdn"), "foundation_takeback": True},
    # empty columns filled only from the waste, and only with the base rank until the first
    # foundation is complete; up to twelve columns
    {"columns": 12, "empty_column": "waste", "tableau_moves": "single"},
    {"columns": 10, "empty_column": "any", "empty_column_base_until_first": True, "foundation_takeback": True},
    {"decks": 2, "columns": 11, "empty_column": "waste", "empty_column_base_until_first": True},
]


def native_tuple(p: Position) -> tuple[object, ...]:
    return (
        list(p.reserve),
        p.start,
        [tuple(f) for f in p.foundations],
        [list(c) for c in p.columns],
        list(p.stock),
        list(p.waste),
        p.recycles,
    )


def cases() -> Iterator[tuple[str, int, dict[str, object]]]:
    for variant in variant_ids():
        for draw in (1, 3):
            yield variant, draw, {}
    for variant in ("canfield", "classic"):
        for options in OPTION_SETS[1:]:
            for draw in (1, 3):
                yield variant, draw, options


def walk(game: canfield.Game, rng: random.Random, steps: int) -> int:
    """Walk ``steps`` random moves comparing both engines at every position; return positions seen."""
    ref = game.reference_engine()
    nat = game.engine
    seen = 0
    for _ in range(steps):
        where = game.position_string()
        moves = nat.moves()
        assert moves == ref.moves(), f"move lists differ at {where}"
        assert nat.is_won() == ref.is_won(), where
        seen += 1
        before = (nat.position(), nat.piles())
        key = nat.key()
        for m in moves:
            nat.make(m)
            ref.make(m)
            assert native_tuple(ref.position()) == nat.position(), f"after {canfield.Move.from_int(m)} at {where}"
            assert [list(p) for p in ref.position().more_reserves] == nat.more_reserves(), where
            assert ref.position().base_open == nat.base_open(), where
            assert [list(p) for p in ref.position().foundation_piles] == nat.piles(), where
            assert nat.unmake() == ref.unmake() == m
            assert (nat.position(), nat.piles()) == before, f"unmake {canfield.Move.from_int(m)} at {where}"
            assert nat.key() == key, f"key not restored by unmake {canfield.Move.from_int(m)} at {where}"
        if not moves:
            break
        # Prefer moves other than the stock, so the walk reaches deep positions.
        others = [m for m in moves if m != 0]
        m = rng.choice(others) if others and rng.random() < 0.7 else rng.choice(moves)
        game.play(canfield.Move.from_int(m))
        ref.make(m)
        if game.is_won() or len(game.engine.made()) != len(ref.made()):
            break  # an automatic finish: the reference engine did not play it
    assert nat.is_lost() == ref.is_lost(), game.position_string()
    return seen


@pytest.mark.parametrize(("variant", "draw", "options"), list(cases()))
def test_native_engine_agrees_with_the_reference(variant: str, draw: int, options: dict[str, object]) -> None:
    rng = random.Random(f"{variant}{draw}{sorted(options.items())}")
    seen = 0
    for _ in range(4):
        code = canfield.make_code(rng.randrange(canfield.deals.CODE_SPACE), draw)
        game = canfield.Game.from_code(code, variant, **options)
        seen += walk(game, rng, 60)
    assert seen >= 40


def test_perft_agrees_to_depth_4_from_50_positions() -> None:
    rng = random.Random(50)
    variants = variant_ids()
    for i in range(50):
        variant = variants[i % len(variants)]
        options = OPTION_SETS[i % len(OPTION_SETS)] if variant in ("canfield", "classic") else {}
        game = canfield.Game.from_code(canfield.make_code(rng.randrange(1 << 30), 1 + 2 * (i % 2)), variant, **options)
        for _ in range(rng.randrange(0, 40)):
            moves = game.legal_moves()
            if not moves:
                break
            game.play(rng.choice(moves))
        where = game.position_string()
        assert canfield.perft(game, 4) == canfield.perft(game.reference_engine(), 4), where


@pytest.mark.parametrize(
    ("code", "variant", "counts"),
    [
        ("CF1-D3-AAAAAAA", "canfield", [1, 2, 5, 12, 28, 66, 159, 388, 919]),
        ("CF1-D1-AAAAACL", "classic", [1, 2, 5, 11, 22, 32, 45, 66, 111]),
    ],
)
def test_perft_counts_are_golden(code: str, variant: str, counts: list[int]) -> None:
    # Pinned counts: a change in move generation or in the deal changes them.
    game = canfield.Game.from_code(code, variant)
    assert [canfield.perft(game, d) for d in range(len(counts))] == counts
    assert [canfield.perft(game.reference_engine(), d) for d in range(6)] == counts[:6]


@given(games(), st.data())
def test_key_ignores_the_order_of_the_columns(game: canfield.Game, data: st.DataObject) -> None:
    play_random(game, data, data.draw(st.integers(0, 30)))
    pos = game.position
    order = data.draw(st.permutations(range(len(pos.columns))))
    shuffled = attrs.evolve(
        pos,
        columns=[pos.columns[i] for i in order],
        face_down=[pos.face_down[i] for i in order] if pos.face_down else (),
        more_reserves=pos.more_reserves,
        foundation_piles=pos.foundation_piles,
    )
    other = canfield.Game(game.rules, shuffled)
    assert other.key() == game.key()


def test_key_tells_positions_apart() -> None:
    rng = random.Random(3)
    keys: dict[int, str] = {}
    for seed in range(40):
        game = canfield.Game.from_code(canfield.make_code(seed, 3))
        for _ in range(60):
            text = " ".join(sorted(str(c) for c in game.position.columns)) + repr(
                (
                    game.position.reserve,
                    game.position.foundations,
                    game.position.stock,
                    game.position.waste,
                    game.position.recycles,
                )
            )
            assert keys.setdefault(game.key(), text) == text
            moves = game.legal_moves()
            if not moves:
                break
            game.play(rng.choice(moves))
    assert len(keys) > 1500


def test_key_is_the_same_by_two_roads() -> None:
    # r2 then s, or s then r2: one position, one key.
    a = canfield.Game.from_code("CF1-D3-AAAAAAA")
    b = canfield.Game.from_code("CF1-D3-AAAAAAA")
    a.play("12")
    a.play("s")
    b.play("s")
    b.play("12")
    assert a.position == b.position and a.key() == b.key()
    assert a.key() != canfield.Game.from_code("CF1-D3-AAAAAAA").key()


def test_games_and_rules_pickle() -> None:
    game = canfield.Game.from_code("CF1-D1-AAAAAAB", "classic")
    rng = random.Random(1)
    for _ in range(30):
        game.play(rng.choice(game.legal_moves()))
    copy = pickle.loads(pickle.dumps(game))
    assert copy.position_string() == game.position_string()
    assert copy.key() == game.key()
    assert copy.line == game.line
    assert copy.legal_moves() == game.legal_moves()
    copy.undo()
    game.undo()
    assert copy.position_string() == game.position_string()
    rules = pickle.loads(pickle.dumps(game.rules))
    assert rules is rules_for("classic", draw=1)


def test_native_make_refuses_an_illegal_move_and_changes_nothing() -> None:
    game = canfield.Game.from_code("CF1-D3-AAAAAAA")
    e = game.engine
    before = e.position()
    # Not move ints: the wrong type, out of range, or naming no real move.
    for m in ("x", None, 2.0, -1, 10**6, 10**20, 1096, 3, 1 << 20):
        with pytest.raises(InvalidMoveError):
            e.make(m)  # type: ignore[arg-type]
        assert e.position() == before
    # Well-formed but not legal here: every such move int names itself.
    refused = [m for m in range(32 << moves.COUNT_SHIFT) if is_move_int(m, 4) and m not in e.moves()][::5]
    assert len(refused) > 50
    for m in refused:
        with pytest.raises(
            IllegalMoveError, match=f"illegal move '{canfield.Move.from_int(m).text}' \\(move int {m}\\)"
        ):
            e.make(m)
        assert e.position() == before
    with pytest.raises(UndoError):
        e.unmake()
    assert e.position() == before


def _tables(**change: object) -> _native.Tables:
    rules = rules_for("canfield")
    args: dict[str, object] = {
        "columns": 4,
        "decks": 1,
        "builds": list(rules.builds),
        "empty_ok": list(rules.empty_ok),
        "auto_fill": True,
        "mode": 0,
        "takeback": True,
        "draws": [3],
        "pass_limit": None,
    }
    args.update(change)
    return _native.Tables(**args)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "change",
    [
        {"columns": 0},
        {"columns": 13},
        {"decks": 5},
        {"builds": [True] * 10},
        {"empty_ok": []},
        {"mode": 4},
        {"column_limit": 0},
        {"reserve_play": 3},
        {"draws": []},
        {"draws": [0]},
        {"draws": [_native.MAX_DRAW + 1]},
        {"pass_limit": 0},
        # The wrong types or out of range for the native tables.
        {"columns": "4"},
        {"decks": -1},
        {"builds": None},
        {"empty_ok": "x" * 52},
        {"auto_fill": 1},
        {"mode": 2**70},
        {"draws": [300]},
        {"pass_limit": -1},
        {"past_base": None},
        {"column_limit": -1},
        {"reserve_play": "last"},
        {"face_down": 1},
        {"fill_waste_only": 1},
        {"base_until_first": None},
        # A fill from the waste alone is the player's: not with the automatic fill, nor by choice.
        {"fill_waste_only": True},
        {"fill_waste_only": True, "auto_fill": False, "fill_by_choice": True},
        # The base rank until the dealt foundation is complete needs a dealt base card.
        {"base_until_first": True, "choose_base": True},
    ],
)
def test_native_tables_refuse_bad_tables(change: dict[str, object]) -> None:
    with pytest.raises(RulesError):
        _tables(**change)


def test_native_tables_take_the_new_empty_column_rules() -> None:
    # the refusals above are of these rules' wrong companions, not of the rules themselves
    _tables(fill_waste_only=True, auto_fill=False, base_until_first=True)
    _tables(base_until_first=True)


def test_native_tables_take_the_largest_draw() -> None:
    assert _native.MAX_DRAW == 63
    _tables(draws=[1, _native.MAX_DRAW])


@given(
    reserve=st.lists(st.integers(0, 60), max_size=20),
    start=st.integers(-1, 14),
    foundations=st.lists(st.tuples(st.integers(0, 5), st.integers(0, 300)), max_size=6),
    columns=st.lists(st.lists(st.integers(0, 55), max_size=6), max_size=5),
    stock=st.lists(st.integers(0, 300), max_size=40),
    waste=st.lists(st.integers(-1, 55), max_size=10),
    recycles=st.integers(-1, 3),
)
def test_native_engine_refuses_malformed_positions(
    reserve: list[int],
    start: int,
    foundations: list[tuple[int, int]],
    columns: list[list[int]],
    stock: list[int],
    waste: list[int],
    recycles: int,
) -> None:
    tables = _tables(pass_limit=2)
    try:
        e = _native.Engine(tables, reserve, start, foundations, columns, stock, waste, recycles)
    except InvalidPositionError:
        return
    # Whatever it accepted is a well-formed position: every card once, all piles in range.
    assert sorted(
        Position(
            reserve=reserve,
            start=start,
            foundations=foundations,
            columns=columns,
            stock=stock,
            waste=waste,
            recycles=recycles,
        ).all_cards()
    ) == list(range(52))
    e.moves()


def test_game_position_comes_from_the_native_engine() -> None:
    game = canfield.Game.from_code("CF1-D3-AAAAAAA")
    assert _position(game.engine) == game.position == Engine(game.rules, game.position).position()


def test_every_native_error_is_a_canfield_error() -> None:
    game = canfield.Game.from_code("CF1-D3-AAAAAAA")
    e = game.engine
    tables = game.rules.native
    pos = native_tuple(game.position)
    calls: list[tuple[object, type[CanfieldError], str]] = [
        (lambda: _native.Engine(None, *pos), RulesError, "tables must be a canfield._native.Tables, not NoneType"),
        (lambda: _native.Engine(tables, *pos[:6], 2**40), InvalidPositionError, "recycles must be an int"),
        (lambda: _native.Engine(tables, [999], *pos[1:]), InvalidPositionError, "reserve must be a sequence of cards"),
        (lambda: _native.Engine(tables, *pos[:3], [[0, 0]], *pos[4:]), InvalidPositionError, "1 columns, the rules"),
        (lambda: e.perft(-1), CanfieldError, "perft depth must be an int"),
        (lambda: e.playout(10, -1), CanfieldError, "playout seed must be an int"),
        (lambda: e.moves_from(()), CanfieldError, "moves_from takes a list"),
        (lambda: _native.solve(game), CanfieldError, "solve takes a canfield._native.Engine, not Game"),
        (lambda: _native.solve(e, timeout=float("nan")), CanfieldError, "timeout must be"),
        (lambda: _native.solve(e, timeout=-1e-9), CanfieldError, "timeout must be"),
        (lambda: _native.solve(e, timeout=True), CanfieldError, "timeout must be"),
        (lambda: _native.solve(e, timeout="1"), CanfieldError, "timeout must be"),
        (lambda: _native.solve(e, max_states=-1), CanfieldError, "max_states must be"),
        (lambda: _native.solve(e, memory=None), CanfieldError, "memory must be"),
        (lambda: _native.solve(e, auto_finish=1), CanfieldError, "auto_finish must be a bool"),
        (lambda: _native._decode_move(0, 13), CanfieldError, "columns must be 1..12"),
        (lambda: _native._encode_move(moves.PLACE_MASK + 1, 8, 1), InvalidMoveError, "is not a move"),
        (lambda: _native._force_panic(e, "nowhere"), CanfieldError, "place must be"),
    ]
    before = e.position()
    for call, error, message in calls:
        with pytest.raises(error, match=message):
            call()  # type: ignore[operator]
    assert e.position() == before and e.moves() == [m.code for m in game.legal_moves()]


@pytest.mark.parametrize("place", ["function", "engine", "solver"])
def test_a_native_panic_is_an_internal_error(place: str) -> None:
    # A panic is a bug; it crosses as InternalError naming it, never as PanicException, and the
    # process goes on: an engine the panic interrupted refuses every call, any other works.
    game = canfield.Game.from_code("CF1-D3-AAAAAAA")
    e = game.engine
    other, legal = e.copy(), game.reference_engine().moves()
    with pytest.raises(InternalError, match=r"a panic forced by canfield\._native\._force_panic"):
        _native._force_panic(e, place)
    assert other.moves() == legal
    if place == "engine":
        for call in (e.moves, e.position, e.key, e.copy, lambda: e.make(0), lambda: _native.solve(e)):
            with pytest.raises(InternalError, match="this engine is unusable"):
                call()
    else:
        assert e.moves() == other.moves()
        assert _native.solve(e, max_states=1000)[0] in ("won", "lost", "unknown")
        assert _native.searches_running() == 0


def test_the_move_layout_is_the_native_one() -> None:
    # Both languages decode and encode every move int alike: the Python side's constants are the
    # native core's, and its decode/encode agree with the native ones on every pair of places with
    # every count the layout holds (and ints past it).
    assert (moves.STOCK, moves.WASTE, moves.RESERVE, moves.FOUNDATION, moves.FSUIT, moves.COL) == (0, 1, 2, 3, 4, 8)
    assert (moves.DST_SHIFT, moves.COUNT_SHIFT, moves.MOVE_BITS) == (6, 12, 20)
    # Room for the largest values the rules allow: a run of every card of the most decks.
    assert moves.MAX_COUNT == moves.MAX_CARDS == 52 * moves.MAX_DECKS < 1 << moves.COUNT_BITS
    assert moves.COL + moves.MAX_COLUMNS <= 1 << moves.PLACE_BITS
    counts = {0, 1, 2, 3, moves.SET_CARDS, 13, 52, 127, 128}
    counts |= {*range(moves.MAX_COUNT - 2, 1 << moves.MOVE_BITS - moves.COUNT_SHIFT)}
    places = range(moves.PLACE_MASK + 1)
    tried = {moves.encode(s, d, n) for s in places for d in places for n in counts}
    tried |= {*range(-5, 5000), 1 << moves.MOVE_BITS, 1 << 21, 2**32 - 1}
    runs = sum(1 for n in counts if 1 <= n <= moves.MAX_COUNT)
    for columns in (1, 4, 9):
        well_formed = 0
        for m in sorted(tried):
            native = _native._decode_move(m, columns) if m >= 0 else None
            if not is_move_int(m, columns):
                assert native is None, m
                continue
            well_formed += 1
            assert native == decode(m), m
            if m:
                assert encode(*decode(m)) == m == _native._encode_move(*decode(m))
        # The stock move; waste, reserve and each column up; waste, reserve and four foundation
        # suits onto each column; runs of each count tried from each column onto each other.
        piles = (moves.MAX_RESERVES - 1) * (1 + columns)  # each reserve pile past the first: up, onto each column
        # A layout's numbered foundation piles: each one's card up, to each other pile and onto
        # each column; each pile named as the target of the waste, every reserve pile and each
        # column's card; a set of four from each column up and to each pile.
        f = moves.MAX_FOUNDATIONS
        layout = f * (f + columns) + f * (1 + moves.MAX_RESERVES + columns) + columns * (1 + f)
        assert well_formed == 1 + (2 + columns) + (2 + 4) * columns + columns * (columns - 1) * runs + piles + layout


def test_the_native_stubs_match_the_module(tmp_path: Path) -> None:
    # `_native.pyi` states exactly what the compiled module has (names, signatures, constants).
    # Only the stub is analysed (stubs are always followed): the rest of the package is skipped.
    config = tmp_path / "mypy.ini"
    config.write_text("[mypy]\nfollow_imports = skip\n")
    done = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "canfield._native", "--mypy-config-file", str(config)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
