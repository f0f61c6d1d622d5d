"""The worked example of the rules (docs/rules.md, "A worked example"), move by move."""

from __future__ import annotations

import pytest

import canfield


def test_first_position(example: canfield.Game) -> None:
    pos = example.position
    assert canfield.card_name(pos.reserve[-1]) == "QC"
    assert len(pos.reserve) == 13
    assert pos.start == 6  # rank 7
    assert pos.foundations[0] == (1, 1)  # hearts first, holding the base card
    assert [s for s, _ in pos.foundations] == [1, 0, 2, 3]  # base suit, then ♠ ♦ ♣ in ♠♥♦♣ order
    assert [[canfield.card_name(c) for c in col] for col in pos.columns] == [["6C"], ["KH"], ["QH"], ["AS"]]
    assert len(pos.stock) == 34 and pos.waste == ()


def test_ace_of_spades_refused_with_a_reason(example: canfield.Game) -> None:
    before = example.position_string()
    with pytest.raises(canfield.IllegalMoveError, match=r"A♠ cannot start the spade foundation \(only 7♠ can\)"):
        example.play("4f")
    assert example.position_string() == before


def test_three_moves_reach_the_second_position(example: canfield.Game) -> None:
    for text in ("r2", "rf", "24:2"):
        example.play(text)
    pos = example.position
    assert len(pos.reserve) == 10
    assert canfield.card_name(pos.reserve[-1]) == "JS"
    assert pos.foundations[0] == (1, 2)  # hearts up to 8♥
    assert canfield.card_name(example.reference_engine().ftop(0)) == "8H"
    cols = [[canfield.card_name(c) for c in col] for col in pos.columns]
    assert cols == [["6C"], ["QS"], ["QH"], ["AS", "KH", "QC"]]
    assert example.score == 5
    assert example.move_count == 3


def test_undoing_the_fill_move_restores_column_two(example: canfield.Game) -> None:
    example.play("r2")
    example.play("rf")
    before = example.position_string()
    example.play("24:2")
    example.undo()
    assert example.position_string() == before
    assert [canfield.card_name(c) for c in example.position.columns[1]] == ["KH", "QC"]
