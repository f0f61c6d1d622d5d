"""Limits are real: each rule field and position count has one range, which the spec, the position
check and the native core agree on, and the move layout has room for the largest value in it."""

from __future__ import annotations

import math

import pytest

import canfield
from canfield import _native, moves
from canfield.errors import InvalidPositionError, RulesError, VariantError
from canfield.native import native_engine, native_position
from canfield.plugins.registry import rules_for
from canfield.position import Position
from canfield.rules import Variant, check_position
from canfield.spec import CANFIELD, MAX_DECKS, MAX_PASS_LIMIT, MAX_RECYCLES, RuleSpec
from tests.test_native import native_tuple


def _tables(**change: object) -> _native.Tables:
    rules = rules_for("canfield")
    fields = {
        "columns": rules.columns,
        "decks": rules.decks,
        "builds": rules.builds,
        "empty_ok": rules.empty_ok,
        "auto_fill": rules.auto_fill,
        "mode": rules.mode,
        "takeback": rules.takeback,
        "draws": rules.draws,
        "pass_limit": rules.pass_limit,
    }
    fields.update(change)
    return _native.Tables(**fields)  # type: ignore[arg-type]


def test_the_pass_limit_has_one_range() -> None:
    # redeals 0..MAX_PASS_LIMIT-1 in the spec, a pass limit 1..MAX_PASS_LIMIT from a hook and in
    # the native tables: the same passes everywhere.
    assert MAX_PASS_LIMIT == _native.MAX_PASS_LIMIT >= 1001
    assert rules_for("canfield", redeals=MAX_PASS_LIMIT - 1).pass_limit == MAX_PASS_LIMIT
    with pytest.raises(RulesError, match=f"redeals={MAX_PASS_LIMIT}"):
        CANFIELD.evolve(redeals=MAX_PASS_LIMIT)
    _tables(pass_limit=MAX_PASS_LIMIT, draws=[3] * MAX_PASS_LIMIT)
    for bad in (0, MAX_PASS_LIMIT + 1, 2**32):
        with pytest.raises(RulesError, match=r"pass.limit"):
            _tables(pass_limit=bad)
    with pytest.raises(RulesError, match="draw counts"):
        _tables(draws=[3] * (MAX_PASS_LIMIT + 1))


class _Passes:
    def __init__(self, passes: object) -> None:
        self.passes = passes

    @canfield.hookimpl
    def canfield_pass_limit(self, spec: RuleSpec) -> object:
        return self.passes


@pytest.mark.parametrize("passes", [MAX_PASS_LIMIT, math.inf])
def test_a_hook_may_give_the_largest_pass_limit(passes: float) -> None:
    rules = rules_for(Variant("hooked", "Hooked", hooks=_Passes(passes)))
    assert rules.pass_limit == (None if passes == math.inf else passes)
    assert rules.native is not None


@pytest.mark.parametrize("passes", [0, MAX_PASS_LIMIT + 1, 10**6, 2**64, 1.5, True])
def test_a_hook_past_the_pass_limit_is_refused_up_front(passes: object) -> None:
    with pytest.raises(VariantError, match=f"canfield_pass_limit returned .*not an int 1..{MAX_PASS_LIMIT}"):
        rules_for(Variant("hooked", "Hooked", hooks=_Passes(passes)))


def test_decks_and_columns_have_one_range() -> None:
    assert MAX_DECKS == _native.MAX_DECKS == moves.MAX_DECKS == 4
    RuleSpec(decks=MAX_DECKS, columns=moves.MAX_COLUMNS)
    for field, bad in (("decks", MAX_DECKS + 1), ("decks", 0), ("columns", moves.MAX_COLUMNS + 1)):
        with pytest.raises(RulesError, match=f"{field}={bad}"):
            RuleSpec(**{field: bad})
        with pytest.raises(RulesError, match=field):
            _tables(**{field: bad})


def _start(game: canfield.Game, recycles: int) -> Position:
    p = game.position
    return Position(
        reserve=p.reserve,
        start=p.start,
        foundations=p.foundations,
        columns=p.columns,
        stock=(),
        waste=(*p.stock, *p.waste),
        recycles=recycles,
    )


@pytest.mark.parametrize("recycles", [MAX_RECYCLES + 1, 2**32 - 1, 2**32, 2**64, -1])
def test_a_recycle_count_past_the_range_is_refused_everywhere(recycles: int) -> None:
    game = canfield.Game.from_code("CF1-D3-AAAAAAA")
    pos = _start(game, recycles)
    with pytest.raises(InvalidPositionError, match="recycle"):
        check_position(pos, game.rules.spec)
    with pytest.raises(InvalidPositionError, match="recycle"):
        native_engine(game.rules, pos)
    text = game.position_string().rsplit(" ", 3)
    with pytest.raises(InvalidPositionError, match="recycle"):
        canfield.Game.from_position(f"{text[0]} {recycles} {text[2]} {text[3]}")


def test_unlimited_passes_stop_at_the_largest_recycle_count() -> None:
    # Both engines: the waste turns back over until MAX_RECYCLES recycles, and not past it.
    game = canfield.Game.from_code("CF1-D3-AAAAAAA")
    for recycles, can in ((MAX_RECYCLES - 1, True), (MAX_RECYCLES, False)):
        pos = _start(game, recycles)
        check_position(pos, game.rules.spec)
        native = native_engine(game.rules, pos)
        ref = canfield.engine.Engine(game.rules, pos)
        assert native.moves() == ref.moves()
        assert (0 in native.moves()) is can
        if can:
            native.make(0)
            ref.make(0)
            assert native_position(native).recycles == ref.recycles == MAX_RECYCLES
            assert native.is_lost() == ref.is_lost()


def _longest_run(decks: int) -> Position:
    """Every card of ``decks`` decks in one alternate-colour run down from a king (wrapping), its
    last card, a red ace, alone in column 2: the run of all the others goes onto it."""
    n = 52 * decks
    used: dict[tuple[int, int], int] = {}
    run = []
    for i in range(n):
        rank, red = 12 - i % 13, i % 2
        k = used.get((rank, red), 0)
        used[rank, red] = k + 1
        suit = (1, 2)[k % 2] if red else (0, 3)[k % 2]
        run.append(suit * 13 + rank)
    return Position(
        reserve=(),
        start=0,
        foundations=[(s, 0) for _ in range(decks) for s in range(4)],
        columns=[run[:-1], run[-1:], (), ()],
        stock=(),
    )


@pytest.mark.parametrize("decks", [3, MAX_DECKS])
def test_the_longest_run_is_one_move_in_both_engines(decks: int) -> None:
    # Row by row the run of every card but one moves as one move, and back.
    rules = rules_for("canfield", decks=decks)
    pos = _longest_run(decks)
    check_position(pos, rules.spec)
    native = native_engine(rules, pos)
    ref = canfield.engine.Engine(rules, pos)
    assert native.moves() == ref.moves()
    whole = moves.encode(moves.COL, moves.COL + 1, 52 * decks - 1)
    assert whole in native.moves()
    assert canfield.Move.from_int(whole).text == f"12:{52 * decks - 1}"
    before = native.position()
    for m in native.moves():
        native.make(m)
        ref.make(m)
        assert native_tuple(ref.position()) == native.position()
        assert native.moves() == ref.moves()
        assert native.unmake() == ref.unmake() == m
        assert native.position() == before
    game = canfield.Game(rules, pos)
    game.play(f"12:{52 * decks - 1}")
    assert [len(c) for c in game.position.columns] == [0, 52 * decks, 0, 0]
    game.undo()
    assert game.position == pos


@pytest.mark.parametrize(("code", "redeals"), [("CF1-D1-AAAAAAA", 200), ("CF1-D3-AAAAAAA", MAX_PASS_LIMIT - 1)])
def test_the_solver_takes_the_largest_pass_limits(code: str, redeals: int) -> None:
    # Thousands of stock turns folded into one search move: a verdict, or a cut, and a won line
    # replays to a win (this once panicked past 4,096 turns).
    game = canfield.Game.from_code(code, redeals=redeals)
    found = canfield.solve(game, max_states=150_000)
    assert found.verdict in ("won", "unknown")
    assert found.cut in (None, "max_states")
    if found.verdict == "won":
        for move in found.line:
            game.play(move)
        assert game.is_won()


def _won_in_one() -> canfield.Game:
    """Every card up but the king of clubs, alone in column 1."""
    pos = Position(
        reserve=(),
        start=0,
        foundations=[(0, 13), (1, 13), (2, 13), (3, 12)],
        columns=[(51,), (), (), ()],
        stock=(),
    )
    return canfield.Game(rules_for("canfield"), pos)


BUDGETS = {
    "timeout": (None, 0, 0.5, 1e20, math.inf, 10**400, 2**64, -1, -0.5, math.nan, -math.inf, True, "1", [1]),
    "max_states": (None, 1, 2**63, 2**64, 2**200, 0, -1, 1.5, True, "1"),
    "memory": (1, 1 << 20, 2**64, 2**100, None, 0, -1, 1.5, True, "1"),
}


@pytest.mark.parametrize(("name", "value"), [(n, v) for n, vs in BUDGETS.items() for v in vs])
def test_every_budget_is_clamped_or_refused_as_a_canfield_error(name: str, value: object) -> None:
    # Whatever the signature lets through: a bound past what a search can reach is no bound, and
    # anything else out of range is a CanfieldError (never a panic, an OverflowError or a
    # TypeError), the same from `canfield.solve` and from the native core.
    game = _won_in_one()
    python_ok = not (
        isinstance(value, bool)
        or not isinstance(value, (int, float, type(None)))
        or (value is None and name == "memory")
        or (isinstance(value, float) and name != "timeout")
        or (value is not None and not value >= (0 if name == "timeout" else 1))  # type: ignore[operator]
    )
    try:
        found = canfield.solve(game, **{name: value})  # type: ignore[arg-type]
    except canfield.CanfieldError as e:
        assert not python_ok, e
        assert name in str(e)
    else:
        assert python_ok
        assert found.verdict in ("won", "unknown")
        assert found.verdict == "won" or (name, value) == ("timeout", 0)
    try:
        verdict = _native.solve(game.engine, **{name: value})[0]  # type: ignore[arg-type]
    except canfield.CanfieldError as e:
        assert name in str(e)
        assert not python_ok
    else:
        assert verdict in ("won", "unknown")
