"""What a player gets from `Game`: score, move counter, undo limits, tap, auto-finish, end, views."""

from __future__ import annotations

import random

import pytest

import canfield

from .positions import game


def names(cards: tuple[int, ...]) -> list[str]:
    return [canfield.card_name(c) for c in cards]


# -- score -----------------------------------------------------------------------------------


def test_app_score(example: canfield.Game) -> None:
    assert example.score == 0
    example.play("r2")
    assert example.score == 0
    example.play("rf")
    assert example.score == 5
    example.undo()
    assert example.score == 0


def test_take_back_is_free_and_putting_up_again_scores_again() -> None:
    g = game(reserve="8H", columns="9C/2D/3D/4D")
    g.play("rf")
    assert g.score == 5
    g.play("H1")  # 8♥ back onto 9♣: no points lost
    assert g.score == 5
    g.play("1f")
    assert g.score == 10


def test_move_counter_does_not_count_the_forced_fill(example: canfield.Game) -> None:
    for m in ("r2", "rf", "24:2"):  # the last empties column 2 and the reserve fills it
        example.play(m)
    assert example.move_count == 3
    assert len(example.history) == 3


# -- undo --------------------------------------------------------------------------------------


def test_undo_covers_the_last_100_actions() -> None:
    g = canfield.Game.from_code("CF1-D3-AAAAAAA")
    for _ in range(101):
        g.play("s")
    for _ in range(100):
        g.undo()
    with pytest.raises(canfield.UndoError, match="only the last 100 actions"):
        g.undo()
    assert g.move_count == 1


def test_nothing_to_undo() -> None:
    with pytest.raises(canfield.UndoError, match="nothing to undo"):
        canfield.Game.from_code("CF1-D3-AAAAAAA").undo()


def test_online_rules_undo_without_limit_each_undo_a_move() -> None:
    g = canfield.Game.from_code("CF1-D3-AAAAAAA", "cardgames-io")
    for _ in range(150):
        g.play("s")
    for _ in range(150):
        g.undo()
    assert (
        g.position_string().split()[1:8]
        == canfield.Game.from_code("CF1-D3-AAAAAAA", "cardgames-io").position_string().split()[1:8]
    )
    assert g.move_count == 300


# -- tap ---------------------------------------------------------------------------------------


def test_tap_sends_to_the_foundation_first() -> None:
    g = game(reserve="2D 8H", columns="9C/KS/3D/4D")  # 8♥ fits on 9♣ too, but goes up
    assert str(g.tap("r")) == "rf"


def test_tap_longest_accepting_column() -> None:
    g = game(reserve="2D", waste="6H", columns="7S/8D 7C/KD/QS")
    assert str(g.tap("w")) == "w2"


def test_tap_leftmost_on_a_tie() -> None:
    g = game(reserve="2D", waste="6H", columns="KD/8H 7S/8D 7C/QS")
    assert str(g.tap("6H")) == "w2"


def test_tap_then_an_empty_column() -> None:
    g = game(waste="5C", columns="KD/QS/JD/")
    assert str(g.tap("w")) == "w4"


def test_tap_does_nothing_when_nothing_fits() -> None:
    g = game(waste="5C", columns="KD/QS/JD/TS")
    before = g.position_string()
    assert g.tap("w") is None
    assert g.position_string() == before


def test_tap_without_double_tap_only_goes_up() -> None:
    g = game(reserve="2D", waste="6H", columns="7S/8D 7C/KD/QS")
    g.double_tap = False
    assert g.tap("w") is None
    assert str(g.tap("w", double_tap=True)) == "w2"


def test_tap_below_the_top_moves_the_run() -> None:
    g = game(reserve="2D", columns="KC QH JS/KS/3D/4D")
    assert str(g.tap("QH")) == "12:2"
    assert names(g.position.columns[1]) == ["KS", "QH", "JS"]


def test_tap_stock_and_column_top() -> None:
    g = game(reserve="2D", columns="8C/9D/3D/4D")
    assert str(g.tap("1")) == "12"
    g2 = canfield.Game.from_code("CF1-D3-AAAAAAA")
    assert str(g2.tap("s")) == "s"
    assert len(g2.position.waste) == 3


@pytest.mark.parametrize("place", ["x", "²", "0", "5", "1S1", "", "ZZ"])
def test_tap_on_no_place_says_so_and_changes_nothing(place: str) -> None:
    g = game(reserve="2D", columns="8C/9D/3D/4D")
    before = g.position_string()
    with pytest.raises(canfield.InvalidMoveError, match="tap on"):
        g.tap(place)
    assert g.position_string() == before


@pytest.mark.parametrize("place", [1, None, canfield.Move.parse("12")])
def test_tap_needs_a_place_text(place: object) -> None:
    g = game(reserve="2D", columns="8C/9D/3D/4D")
    with pytest.raises(canfield.InvalidMoveError, match="not"):
        g.tap(place)  # type: ignore[arg-type]


# -- auto-finish, end ----------------------------------------------------------------------------

ENDGAME = {"foundations": "A:S13.H13.D13.C10", "waste": "JC", "columns": "KC/QC//"}


def test_online_rules_finish_by_themselves() -> None:
    g = game("cardgames-io", **ENDGAME)
    g.play("wf")
    assert g.is_won()
    assert g.move_count == 1
    g.undo()
    assert names(g.position.waste) == ["JC"]


def test_history_lists_auto_finish_moves_after_the_move_line_only_the_players() -> None:
    g = game("cardgames-io", **ENDGAME)
    g.play("wf")
    assert [str(m) for m in g.line] == ["wf"]
    assert [str(m) for m in g.history] == ["wf", "2f", "1f"]  # Q♣ then K♣ go up by themselves
    g.undo()
    assert g.history == [] and g.line == []


def test_history_keeps_the_fill_inside_its_move(example: canfield.Game) -> None:
    for m in ("r2", "rf", "24:2"):  # the last empties column 2, which the reserve fills at once
        example.play(m)
    assert [str(m) for m in example.history] == ["r2", "rf", "24:2"]


def test_app_rules_do_not_finish_by_themselves() -> None:
    g = game("canfield", **ENDGAME)
    g.play("wf")
    assert not g.is_won()
    g.play("2f")
    g.play("1f")
    assert g.is_won() and not g.is_lost()


def test_lost_when_nothing_moves() -> None:
    g = canfield.Game.from_position("canfield - A:S10.H13.D13.C10 JSKC/JCKS/QS/QC - - 0 0 0")
    assert g.legal_moves() == []
    assert g.is_lost() and not g.is_won()


def _stock_reach_has_other_move(g: canfield.Game) -> bool:
    e = g.reference_engine()
    seen = set()
    made = 0
    found = False
    while True:
        ms = e.moves()
        if any(m != 0 for m in ms):
            found = True
            break
        if 0 not in ms or e.key()[:-1] in seen:
            break
        seen.add(e.key()[:-1])  # the recycle count grows without end
        e.make(0)
        made += 1
    for _ in range(made):
        e.unmake()
    return found


@pytest.mark.parametrize("variant", ["no-redeal", "classic", "canfield", "rainbow"])
def test_is_lost_matches_a_search_of_stock_turns(variant: str) -> None:
    rng = random.Random(7)
    for seed in range(6):
        g = canfield.Game.from_code(canfield.make_code(seed, 3), variant)
        for _ in range(150):
            assert g.is_lost() == (not g.is_won() and not _stock_reach_has_other_move(g))
            moves = [m for m in g.legal_moves() if m.source not in "SHDC"]
            if not moves:
                break
            g.play(rng.choice(moves))


# -- views and errors ------------------------------------------------------------------------------


def test_board_text(example: canfield.Game) -> None:
    text = str(example)
    assert "reserve 13:" in text and "Q♣" in text and "8♥" not in text  # only the top is face up
    assert "  2: K♥" in text and "foundations from 7: ♥ 7♥ (1)" in text


def test_illegal_moves_say_why_and_change_nothing(example: canfield.Game) -> None:
    cases = {
        "wf": "the waste is empty",
        "12": "6♣ does not build on K♥ in column 2",
        "H1": "7♥ does not build on 6♣",
        "14:3": "column 1 has only 1 card",
        "S1": "the spade foundation is empty",
    }
    before = example.position_string()
    for move, why in cases.items():
        with pytest.raises(canfield.IllegalMoveError, match=why):
            example.play(move)
        assert example.position_string() == before
    with pytest.raises(canfield.InvalidMoveError):
        example.play("zz")
    assert example.position_string() == before


def test_bad_position_strings() -> None:
    good = canfield.Game.from_code("CF1-D3-AAAAAAA").position_string()
    fields = good.split()
    for bad, why in [
        (" ".join(fields[:-1]), "9 space-separated fields"),
        (good.replace("canfield", "canfeld", 1), "unknown variant"),
        (good.replace("8:S1", "8:S2", 1), "repeated 9S"),
        (good.replace("QC/KD/5D/2S 3D", "QC//5D/2S KD3D", 1), "column is empty while the reserve"),
    ]:
        with pytest.raises(canfield.CanfieldError, match=why):
            canfield.Game.from_position(bad)


# -- what play, is_legal and the constructors accept ------------------------------------------------


def test_play_accepts_a_move_its_text_or_its_move_int(example: canfield.Game) -> None:
    r2 = canfield.Move.parse("r2")
    assert example.play(int(r2)) is r2
    example.undo()
    assert example.play("r2") is r2
    example.undo()
    assert example.play(r2) is r2
    assert (
        example.is_legal("rf")
        and example.is_legal(canfield.Move.parse("rf"))
        and example.is_legal(int(canfield.Move.parse("rf")))
    )


@pytest.mark.parametrize("bad", [7, -728, 1096, 1 << 17, 1 << 200])
def test_an_int_that_is_no_move_is_malformed_not_illegal(example: canfield.Game, bad: int) -> None:
    before = example.position_string()
    with pytest.raises(canfield.InvalidMoveError, match="not a move int"):
        example.play(bad)
    assert example.position_string() == before
    assert not example.is_legal(bad)


@pytest.mark.parametrize("bad", [None, 1.0, True, b"12", ["12"], object()])
def test_other_types_are_refused_as_moves(example: canfield.Game, bad: object) -> None:
    before = example.position_string()
    with pytest.raises(canfield.InvalidMoveError, match="a move is a Move, its text"):
        example.play(bad)  # type: ignore[arg-type]
    assert example.position_string() == before
    assert not example.is_legal(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [12345, None, b"CF1-D3-AAAAAAA", ["CF1-D3-AAAAAAA"]])
def test_a_deal_code_is_text(bad: object) -> None:
    with pytest.raises(canfield.InvalidCodeError):
        canfield.Game.from_code(bad)  # type: ignore[arg-type]


def test_random_needs_a_random_generator() -> None:
    with pytest.raises(canfield.CanfieldError, match=r"random\.Random"):
        canfield.Game.random(rng=5)  # type: ignore[arg-type]
    assert canfield.Game.random(rng=random.Random(3)).code == canfield.Game.random(rng=random.Random(3)).code


# -- the variant by name, copies, moves made on the engine directly ------------------------------


def test_the_variant_may_be_given_by_name() -> None:
    code = "CF1-D3-AAAAAAB"
    by_name = canfield.Game.from_code(code, variant="classic", redeals=1)
    assert by_name.position_string() == canfield.Game.from_code(code, "classic", redeals=1).position_string()
    deal = by_name.deal_string()
    assert deal is not None
    assert canfield.Game.from_deal(deal, variant="storehouse").variant == "storehouse"
    dealt = canfield.Game.random(variant="rainbow", rng=random.Random(4))
    assert dealt.code == canfield.Game.random("rainbow", random.Random(4)).code
    assert dealt.variant == "rainbow"


def test_copy_keeps_every_setting() -> None:
    g = game(reserve="2D", waste="6H", columns="7S/8D 7C/KD/QS")
    g.double_tap = False
    copy = g.copy()
    assert copy.double_tap is False
    assert copy.tap("w") is None
    assert str(copy.tap("w", double_tap=True)) == "w2"
    assert g.position.waste  # the copy is independent


def test_legal_moves_follow_moves_made_on_the_engine_directly() -> None:
    g = canfield.Game.from_code("CF1-D3-AAAAAAA")
    listed = g.legal_moves()
    assert [m.text for m in listed] == ["12", "s"]
    g.engine.make(canfield.Move.parse("12").code)  # bypasses the game
    assert [m.code for m in g.legal_moves()] == g.engine.moves() != [m.code for m in listed]
    assert not g.is_legal("12")
    with pytest.raises(canfield.IllegalMoveError, match="illegal move '12'"):
        g.play("12")
    g.engine.unmake()  # back where the game is
    assert g.legal_moves() == listed
    g.play("12")
    fresh = canfield.Game.from_code("CF1-D3-AAAAAAA")
    fresh.play("12")
    assert g.position_string() == fresh.position_string()


def test_play_refuses_a_listed_move_that_a_direct_engine_move_made_illegal() -> None:
    g = canfield.Game.from_code("CF1-D3-AAAAAAA")
    column = g.legal_moves()[0]
    g.engine.make(column.code)  # the moves the game listed are stale now
    with pytest.raises(canfield.IllegalMoveError, match="illegal move '12'"):
        g.play(column)
    assert (g.line, g.move_count, g.score) == ([], 0, 0)
    g.engine.unmake()
    assert g.play(column) == column and g.line == [column]
