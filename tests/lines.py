"""Shared checks of whole lines of play: a won line replayed, a random walk undone and saved."""

from __future__ import annotations

from hypothesis import strategies as st

import canfield


def replay_won_line(code: str, variant: str, line: list[str]) -> canfield.Game:
    """Play ``line`` from deal ``code``, saved and loaded half way; not won before its last move.

    Returns the game after the line (the caller checks what "won" means for its variant).
    """
    g = canfield.Game.from_code(code, variant)
    half = len(line) // 2
    for move in line[:half]:
        g.play(move)
    g = canfield.Game.from_json(g.to_json())  # saved and loaded half way
    for move in line[half:]:
        assert not g.is_won()
        g.play(move)
    assert g.is_won()
    assert [m.text for m in g.line] == line
    return g


def walk_undo_and_save(g: canfield.Game, data: st.DataObject, min_moves: int = 0) -> None:
    """A random walk that the reference engine follows move for move; saved, loaded, then undone to the start."""
    ref = g.reference_engine()
    start = g.position_string()
    seen = [start]
    for _ in range(data.draw(st.integers(min_moves, 60))):
        moves = g.legal_moves()
        assert [m.code for m in moves] == ref.moves()
        if not moves:
            break
        move = data.draw(st.sampled_from(moves))
        g.play(move)
        ref.make(move.code)
        assert ref.position() == g.position, g.position_string()
        seen.append(g.position_string())
    loaded = canfield.Game.from_json(g.to_json())
    assert loaded.position_string() == g.position_string() and loaded.line == g.line
    assert canfield.Game.from_position(g.position_string()).position == g.position
    for text in reversed(seen[:-1]):
        g.undo()
        assert g.position_string() == text
    assert g.position_string() == start
