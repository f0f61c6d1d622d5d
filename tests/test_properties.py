"""Properties of the engine and the game, over every registered variant and option combination."""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import canfield
from canfield.moves import COL, FOUNDATION, FSUIT, RESERVE, WASTE, encode

from .strategies import games, play_random

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def all_possible_moves(ncols: int) -> list[int]:
    """Every well-formed move int for ``ncols`` columns, counts up to 20."""
    out = [0]
    cols = range(COL, COL + ncols)
    for src in (WASTE, RESERVE, *range(FSUIT, FSUIT + 4), *cols):
        for dst in (FOUNDATION, *cols):
            if src == dst or (FSUIT <= src < COL and dst == FOUNDATION):
                continue
            counts = range(1, 21) if src >= COL and dst != FOUNDATION else (1,)
            out += [encode(src, dst, n) for n in counts]
    return out


def state(game: canfield.Game) -> str:
    """The position string, without the move counter where an undo counts as a move."""
    text = game.position_string()
    return text.rsplit(" ", 1)[0] if game.spec.undo_is_move else text


def cards_of(game: canfield.Game) -> Counter[int]:
    return Counter(game.position.all_cards())


@SETTINGS
@given(games(), st.data())
def test_cards_are_never_lost_or_duplicated(game: canfield.Game, data: st.DataObject) -> None:
    full = Counter({c: game.spec.decks for c in range(52)})
    assert cards_of(game) == full
    for _ in range(40):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(data.draw(st.sampled_from(moves)))
        assert cards_of(game) == full


@SETTINGS
@given(games(), st.data())
def test_undo_restores_the_exact_position(game: canfield.Game, data: st.DataObject) -> None:
    play_random(game, data, data.draw(st.integers(0, 30)))
    before = state(game)
    moves_before = game.legal_moves()
    k = data.draw(st.integers(1, 8))
    played = 0
    for _ in range(k):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(data.draw(st.sampled_from(moves)))
        played += 1
    for _ in range(played):
        game.undo()
    assert state(game) == before
    assert game.legal_moves() == moves_before


@SETTINGS
@given(games(), st.data())
def test_every_listed_move_plays_and_every_other_is_refused(game: canfield.Game, data: st.DataObject) -> None:
    play_random(game, data, data.draw(st.integers(0, 40)))
    legal = set(game.legal_moves())
    assert len(legal) == len(game.legal_moves()), "a move is listed twice"
    before = state(game)
    for m in legal:
        game.play(m)
        game.undo()
        assert state(game) == before
    for code in all_possible_moves(game.spec.columns):
        move = canfield.Move(code)
        if move in legal:
            continue
        try:
            game.play(move)
        except canfield.IllegalMoveError as e:
            assert str(move) in str(e)
        else:
            raise AssertionError(f"{move} is not listed but played")
        assert state(game) == before


@SETTINGS
@given(games(), st.data())
def test_position_string_round_trips(game: canfield.Game, data: st.DataObject) -> None:
    play_random(game, data, data.draw(st.integers(0, 60)))
    text = game.position_string()
    again = canfield.Game.from_position(text)
    assert again.position_string() == text
    assert again.position == game.position
    assert again.legal_moves() == game.legal_moves()
    assert again.score == game.score and again.move_count == game.move_count
    assert eval(repr(game), {"Game": canfield.Game}).position_string() == text


@SETTINGS
@given(games(), st.data())
def test_no_listed_move_changes_nothing(game: canfield.Game, data: st.DataObject) -> None:
    play_random(game, data, data.draw(st.integers(0, 40)))
    before = game.position
    for m in game.legal_moves():
        game.play(m)
        assert game.position != before, f"{m} changed nothing"
        game.undo()


@SETTINGS
@given(games(variants=["canfield"]), st.data())
def test_engine_make_unmake_restores_key(game: canfield.Game, data: st.DataObject) -> None:
    e = game.engine
    play_random(game, data, data.draw(st.integers(0, 40)))
    key = e.key()
    for m in e.moves():
        e.make(m)
        e.unmake()
        assert e.key() == key


@SETTINGS
@given(games(), st.data())
def test_two_decks(game: canfield.Game, data: st.DataObject) -> None:
    g = canfield.Game.from_code(game.code or "CF1-D3-AAAAAAA", game.variant, decks=2, columns=6)
    full = Counter({c: 2 for c in range(52)})
    before = state(g)
    play_random(g, data, 30)
    assert cards_of(g) == full
    assert canfield.Game.from_position(g.position_string()).position_string() == g.position_string()
    while True:
        try:
            g.undo()
        except canfield.UndoError:
            break
    assert state(g) == before


@SETTINGS
@given(games(), st.data())
def test_fast_move_generation_agrees_with_the_generic_path(game: canfield.Game, data: st.DataObject) -> None:
    # One deck uses a card -> column table; several decks use the generic scan of every source.
    e = game.reference_engine()
    for _ in range(data.draw(st.integers(1, 60))):
        fast = e.moves()
        loc, e.loc = e.loc, None
        generic = e.moves()
        e.loc = loc
        assert sorted(fast) == sorted(generic)
        if not fast:
            break
        e.make(data.draw(st.sampled_from(fast)))
