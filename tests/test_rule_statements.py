"""Each rule of the rules page and of each variant, stated directly on hand-built positions.

The property tests compare the engines with each other, so a rule that both get wrong passes them;
here each rule is written down as the rules page says it. Every check runs on the game (the native
engine) and on the reference engine (`canfield.engine`) side by side: `Table` asks both which moves
are legal and plays each move on both, so a wrong rule in either fails here.
"""

from __future__ import annotations

import pytest

import canfield
from canfield.engine import Engine

from .conftest import example_deal
from .positions import position

DEAL = " ".join(example_deal())


def names(cards: tuple[int, ...]) -> list[str]:
    return [canfield.card_name(c) for c in cards]


class Table:
    """A game and the reference engine at the same position, checked against each other."""

    def __init__(self, game: canfield.Game) -> None:
        self.game = game
        self.ref: Engine = game.reference_engine()

    def legal(self, text: str) -> bool:
        """Whether ``text`` is legal here, where both engines must agree."""
        m = int(canfield.Move.parse(text))
        assert sorted(self.ref.moves()) == sorted(int(x) for x in self.game.legal_moves()), "the engines disagree"
        answer = self.game.is_legal(text)
        assert (m in self.ref.moves()) == answer, f"the engines disagree on {text!r}"
        return answer

    def play(self, *texts: str) -> None:
        """Play each move on both, checking that both reach the same position."""
        for text in texts:
            assert self.legal(text), f"{text!r} is illegal here: {self.game.explain(text)}"
            self.game.play(text)
            self.ref.make(int(canfield.Move.parse(text)))
            if not self.game.spec.auto_finish:  # auto-finish moves are the game's, not the engine's
                assert self.ref.position() == self.game.position, f"the engines differ after {text!r}"
            self.ref = self.game.reference_engine()

    def refused(self, text: str, why: str) -> None:
        """``text`` is illegal here, the game says ``why``, and refusing it changes nothing."""
        assert not self.legal(text)
        before = self.game.position_string()
        with pytest.raises(canfield.IllegalMoveError, match=why):
            self.game.play(text)
        assert self.game.position_string() == before

    @property
    def pos(self) -> canfield.Position:
        return self.game.position


def table(rules: str = "canfield", **piles: object) -> Table:
    """A `Table` at a hand-built position (see `tests.positions.position`)."""
    return Table(canfield.Game.from_position(position(rules, **piles)))  # type: ignore[arg-type]


def dealt(variant: str, **options: object) -> Table:
    """A `Table` at the start of the example deal, in the variant's own rules unless ``options`` say."""
    return Table(canfield.Game.from_deal(DEAL, variant, **options))


# -- foundations --------------------------------------------------------------------------------


def test_an_empty_foundation_takes_only_the_start_rank_of_its_suit() -> None:
    t = table(reserve="7S AS", columns="2C/3C/4C/5C")
    t.refused("rf", "A♠ cannot start the spade foundation")
    t = table(reserve="AS 7S", columns="2C/3C/4C/5C")
    t.play("rf")
    assert t.pos.foundations[1] == (0, 1)  # spades, after the base suit (hearts)


def test_a_foundation_builds_up_in_suit_one_rank_at_a_time() -> None:
    t = table(reserve="8H 9H", columns="8S/3C/4C/5C")
    t.refused("rf", "9♥ does not go on the heart foundation")
    t.refused("1f", "8♠ cannot start the spade foundation")
    t = table(reserve="9H 8H", columns="8S/3C/4C/5C")
    t.play("rf", "rf")
    assert t.pos.foundation_cards(0) == [canfield.parse_card(c) for c in ("7H", "8H", "9H")]


def test_a_foundation_wraps_from_king_to_ace() -> None:
    # Hearts from 7 hold 7 8 9 T J Q: the king comes next, then the ace.
    t = table(reserve="2H AH KH", foundations="7:H6.S0.D0.C0", columns="2C/3C/4C/5C")
    t.play("rf")
    assert t.pos.foundations[0] == (1, 7)
    t.play("rf")
    assert t.pos.foundation_cards(0)[-2:] == [canfield.parse_card("KH"), canfield.parse_card("AH")]
    t.play("rf")  # and on: 2H after the ace
    assert t.pos.foundations[0] == (1, 9)


def test_the_ace_waits_for_the_king() -> None:
    t = table(reserve="KH AH", foundations="7:H6.S0.D0.C0", columns="2C/3C/4C/5C")
    t.refused("rf", "A♥ does not go on the heart foundation \\(it needs K♥\\)")


def test_a_foundation_from_the_ace_ends_at_the_king() -> None:
    t = table(reserve="KS", foundations="A:S12.H0.D0.C0", columns="2C/3C/4C/5C")
    t.play("rf")
    assert t.pos.foundations[0] == (0, 13)


def test_thirteen_cards_each_win() -> None:
    t = table(foundations="A:S13.H13.D13.C12", columns="KC///", stock="")
    assert not t.game.is_won()
    t.play("1f")
    assert t.game.is_won() and t.ref.is_won()


# -- columns ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "onto", "ok"),
    [
        ("QC", "KH", True),  # black on red, one rank lower
        ("QS", "KD", True),
        ("QD", "KH", False),  # the same colour
        ("QS", "KC", False),
        ("JC", "KH", False),  # two ranks lower
        ("KH", "QC", False),  # up, not down
        ("KH", "AS", True),  # ranks wrap: a king goes on an ace
        ("KS", "AC", False),
        ("AS", "2H", True),
    ],
)
def test_columns_build_down_in_alternating_colours_wrapping(card: str, onto: str, ok: bool) -> None:
    t = table(reserve=card, columns=f"{onto}/3C/4C/5C")
    assert t.legal("r1") is ok
    if ok:
        t.play("r1")
        assert names(t.pos.columns[0]) == [onto, card]


def test_the_foundations_start_rank_does_not_matter_in_the_columns() -> None:
    # With base 4, a black 3 goes on a red 4 like anywhere else.
    t = table(reserve="3S", foundations="4:H1.S0.D0.C0", columns="4D/9C/TC/JC")
    t.play("r1")
    assert names(t.pos.columns[0]) == ["4D", "3S"]


@pytest.mark.parametrize(
    ("card", "onto", "ok"),
    [
        ("6S", "7D", False),  # base−1 on a base card: columns rank from the base
        ("6D", "7S", False),
        ("5S", "6D", True),  # every other build as before
        ("7S", "8D", True),
        ("KS", "AD", True),  # the ranks still wrap away from the base
    ],
)
def test_columns_may_rank_from_the_base(card: str, onto: str, ok: bool) -> None:
    t = table("canfield,build_past_base=false", reserve=card, foundations="7:H1.S0.D0.C0", columns=f"{onto}/3C/4C/5C")
    assert t.legal("r1") is ok
    if not ok:
        t.refused("r1", "columns rank from the base, 7")


def test_a_base_minus_one_card_still_fills_an_empty_column() -> None:
    t = table("canfield,build_past_base=false", waste="6S", foundations="7:H1.S0.D0.C0", columns="7D//4C/5C")
    t.play("w2")
    assert names(t.pos.columns[1]) == ["6S"]


@pytest.mark.parametrize(
    ("variant", "card", "onto", "ok"),
    [
        ("rainbow", "QH", "KH", True),  # regardless of suit and colour
        ("rainbow", "QS", "KH", True),
        ("rainbow", "JS", "KH", False),  # still one rank lower
        ("rainbow", "KD", "AD", True),  # and wrapping
        ("storehouse", "QH", "KH", True),  # in suit
        ("storehouse", "QD", "KH", False),
        ("storehouse", "QS", "KH", False),
        ("storehouse", "KH", "AH", True),
        ("classic", "QH", "KH", False),
        ("classic", "QS", "KH", True),
        ("superior", "QS", "KH", True),
        ("casino", "QH", "KD", False),
        ("no-redeal", "QC", "KD", True),
        ("cardgames-io", "QC", "KD", True),
    ],
)
def test_each_variants_build_rule(variant: str, card: str, onto: str, ok: bool) -> None:
    found = "2:S1.H1.D1.C1" if variant == "storehouse" else "7:H1.S0.D0.C0"
    t = table(variant, reserve=card, foundations=found, columns=f"{onto}/9C/TC/JC")
    assert t.legal("r1") is ok


def test_a_run_at_the_end_of_a_column_moves_as_a_block() -> None:
    t = table(reserve="2D", columns="5S KH QC JH/KD/9C/TC")
    assert not t.legal("12:4")  # K♥ on 5♠ is not part of a run
    t.play("12:2")  # Q♣ J♥ onto K♦
    assert names(t.pos.columns[0]) == ["5S", "KH"] and names(t.pos.columns[1]) == ["KD", "QC", "JH"]


@pytest.mark.parametrize(
    ("rules", "part", "top", "whole"),
    [
        ("canfield", True, True, True),  # any run at the end
        ("canfield,tableau_moves=top-or-whole", False, True, True),
        ("canfield,tableau_moves=whole", False, False, True),
        ("classic", False, True, True),
        ("superior", False, True, True),
        ("rainbow", False, True, True),
        ("no-redeal", False, True, True),
        ("casino", False, True, True),
        ("cardgames-io", True, True, True),
    ],
)
def test_tableau_move_modes(rules: str, part: bool, top: bool, whole: bool) -> None:
    # Column 1 is the run K♠ Q♥ J♣; column 2 takes Q♥ J♣ (part), column 3 takes J♣ (top),
    # and column 4, an ace, takes the whole column (a king goes on an ace).
    t = table(rules, columns="KS QH JC/KC/QD/AH", foundations="7:H1.S0.D0.C0")
    assert t.legal("12:2") is part
    assert t.legal("13") is top
    assert t.legal("14:3") is whole


def test_storehouse_moves_a_top_card_or_a_whole_column() -> None:
    # In suit, only an empty column can take part of a run (the card above it is in the run).
    t = table("storehouse", foundations="2:S1.H1.D1.C1", columns="9D 8D 7D/KC//TD")
    assert not t.legal("13:2") and t.legal("13") and t.legal("14:3")


# -- the reserve and the waste -----------------------------------------------------------------------


def test_only_the_reserves_top_card_plays() -> None:
    t = table(reserve="QC 8D", columns="KH/9C/TC/JC")
    assert not t.legal("r1")  # Q♣ is under 8♦
    t = table(reserve="8D QC", columns="KH/9C/TC/JC")
    t.play("r1")
    assert names(t.pos.reserve)[-1] == "8D"


def test_only_the_wastes_top_card_plays() -> None:
    t = table(waste="QC 8D", reserve="2D", columns="KH/9C/TC/JC")
    assert not t.legal("w1")
    t = table(waste="8D QC", reserve="2D", columns="KH/9C/TC/JC")
    t.play("w1")


# -- the stock: draw counts and passes --------------------------------------------------------------


def turns(t: Table, limit: int = 400) -> tuple[list[int], int]:
    """Turn the stock until it may not be turned (or ``limit`` turns): cards per turn, recycles."""
    sizes = []
    for _ in range(limit):
        if not t.legal("s"):
            break
        stock = len(t.pos.stock)
        t.play("s")
        sizes.append(stock - len(t.pos.stock) if stock else 0)  # 0: the waste turned back over
    return sizes, t.pos.recycles


def passes(draw: int, stock: int, count: int) -> list[int]:
    """The cards per turn of ``count`` passes through ``stock`` cards, ``draw`` at a time."""
    one = [draw] * (stock // draw) + ([stock % draw] if stock % draw else [])
    return ([*one, 0] * count)[:-1]


@pytest.mark.parametrize(
    ("variant", "options", "draw", "stock", "pass_limit"),
    [
        ("canfield", {}, 3, 34, None),
        ("canfield", {"draw": 1}, 1, 34, None),
        ("canfield", {"redeals": 1}, 3, 34, 2),
        ("classic", {}, 3, 34, None),
        ("superior", {}, 3, 34, None),
        ("rainbow", {}, 1, 34, 1),  # draws one, no redeal
        ("rainbow", {"draw": 3}, 3, 34, 1),
        ("storehouse", {}, 1, 31, 3),  # draws one, 2 redeals: 3 passes (the twos are up)
        ("no-redeal", {}, 3, 34, 1),
        ("casino", {}, 3, 34, 1),
        ("cardgames-io", {}, 3, 34, None),
        ("cardgames-io", {"draw": 1}, 1, 34, None),
    ],
)
def test_each_variants_draw_and_passes(
    variant: str, options: dict[str, object], draw: int, stock: int, pass_limit: int | None
) -> None:
    t = dealt(variant, **options)
    assert len(t.pos.stock) == stock
    if pass_limit is None:  # unlimited: a sixth pass comes as any other
        five = passes(draw, stock, 5)
        assert turns(t, len(five) + 1) == ([*five, 0], 5)
    else:
        sizes, recycles = turns(t)
        assert sizes == passes(draw, stock, pass_limit)
        assert recycles == pass_limit - 1
        assert not t.pos.stock and t.pos.waste
        t.refused("s", f"pass {pass_limit} of {pass_limit}")


def test_a_random_rainbow_game_draws_one() -> None:
    code = canfield.Game.random("rainbow").code
    assert code is not None and code.startswith("CF1-D1-")


def test_the_waste_comes_round_again_in_the_same_order() -> None:
    t = dealt("canfield", draw=1)
    first = [t.pos.stock[0]]
    sizes, _ = turns(t, 35)
    assert sizes[-1] == 0 and names(t.pos.stock[:1]) == names(tuple(first))


def test_a_recycled_position_beyond_the_pass_limit_is_refused() -> None:
    with pytest.raises(canfield.InvalidPositionError, match="allow 1 pass"):
        canfield.Game.from_position(position("no-redeal", reserve="2D", columns="3C/4C/5C/6C", recycles=1))
    assert canfield.Game.from_position(position("classic", reserve="2D", columns="3C/4C/5C/6C", recycles=99))


# -- empty columns -----------------------------------------------------------------------------------


def test_an_emptied_column_is_filled_from_the_reserve_as_part_of_the_move() -> None:
    t = table(reserve="JS QS", columns="6C/KH/QH/AS")
    t.play("24")
    assert names(t.pos.columns[1]) == ["QS"] and names(t.pos.reserve) == ["JS"]
    assert t.game.move_count == 1
    t.game.undo()
    assert names(t.game.position.columns[1]) == ["KH"] and names(t.game.position.reserve) == ["JS", "QS"]


def test_with_the_reserve_empty_any_card_fills_an_empty_column() -> None:
    t = table(waste="5D", columns="6C//QH/AS")
    t.play("w2")
    assert names(t.pos.columns[1]) == ["5D"]
    t = table(waste="5D", columns="6C KH/QH//AS")
    t.play("13")  # the top card of a column
    t = table(columns="6C KH QS/QH//AS")
    assert t.legal("13:2")  # a run


def test_a_whole_column_onto_an_empty_column_is_no_move() -> None:
    t = table(columns="KH QS/QH//AS")
    assert not t.legal("13:2")
    assert t.legal("13")


def test_an_empty_column_beside_a_reserve_is_refused_where_the_reserve_fills() -> None:
    with pytest.raises(canfield.InvalidPositionError, match="reserve"):
        canfield.Game.from_position(position(reserve="2D", columns="3C//5C/6C"))


def test_superior_fills_by_choice_with_any_card() -> None:
    t = table("superior", reserve="JS 9D QS", columns="6C/KH/QH/AS")
    t.play("24")
    assert t.pos.columns[1] == () and names(t.pos.reserve) == ["JS", "9D", "QS"]  # no automatic fill
    assert t.legal("r2")  # any card: Q♠ from the reserve
    t.play("s", "w2")  # or the waste's top card
    assert len(t.pos.columns[1]) == 1


# -- take-back ---------------------------------------------------------------------------------------


def test_take_back_onto_a_column_where_it_builds() -> None:
    t = table(reserve="2D", foundations="7:H2.S0.D0.C0", columns="9C/9S/TC/JC")
    t.play("H1")
    assert names(t.pos.columns[0]) == ["9C", "8H"] and t.pos.foundations[0] == (1, 1)
    t.refused("H2", "7♥ does not build on 9♠")


def test_take_back_onto_an_empty_column_when_one_may_be_filled() -> None:
    t = table(foundations="7:H2.S0.D0.C0", columns="9C//TC/JC")
    assert t.legal("H2")


@pytest.mark.parametrize(
    ("variant", "allowed"),
    [
        ("canfield", True),
        ("cardgames-io", True),
        ("classic", False),
        ("superior", False),
        ("rainbow", False),
        ("no-redeal", False),
        ("casino", False),
    ],
)
def test_take_back_on_and_off(variant: str, allowed: bool) -> None:
    t = table(variant, reserve="2D", foundations="7:H2.S0.D0.C0", columns="9C/9S/TC/JC")
    assert t.legal("H1") is allowed
    if not allowed:
        t.refused("H1", "do not allow a card back from a foundation")


# -- scoring -----------------------------------------------------------------------------------------


def score_after(t: Table, *moves: str) -> list[int]:
    out = []
    for move in moves:
        t.play(move)
        out.append(t.game.score)
    return out


def test_app_scoring() -> None:
    # +5 for each card up from the reserve, a column or the waste; other moves and take-backs 0.
    t = table(reserve="8H", waste="9H", foundations="7:H1.S0.D0.C0", columns="TH/JC/KD/7S")
    assert t.game.score == 0
    assert score_after(t, "rf", "wf", "1f", "H2", "s", "2f", "4f") == [5, 10, 15, 15, 15, 20, 25]
    t.game.undo()
    assert t.game.score == 20


def test_app_scoring_starts_at_zero_and_never_below() -> None:
    assert dealt("canfield").game.score == 0
    with pytest.raises(canfield.InvalidPositionError, match="below"):
        canfield.Game.from_position(position(reserve="2D", columns="3C/4C/5C/6C", score=-5))


@pytest.mark.parametrize("variant", ["classic", "superior", "rainbow", "no-redeal", "storehouse"])
def test_the_seed_variants_score_as_the_app(variant: str) -> None:
    found = "2:S1.H1.D1.C1" if variant == "storehouse" else "7:H1.S0.D0.C0"
    t = table(variant, reserve="8H 3S" if variant == "storehouse" else "7S", foundations=found, columns="9C/9S/TC/JC")
    t.play("rf")
    assert t.game.score == 5


def test_casino_scoring() -> None:
    # -52 for the deck, +5 for each card on the foundations, the base card included.
    assert dealt("casino").game.score == -47
    t = table("casino", reserve="8H", waste="9H", columns="TH/9S/TC/JC", score=-47)
    assert score_after(t, "rf", "wf", "1f", "s") == [-42, -37, -32, -32]
    t = table(
        "casino,foundation_takeback=true", reserve="2D", foundations="7:H2.S0.D0.C0", columns="9C/9S/TC/JC", score=-42
    )
    assert score_after(t, "H1") == [-47]  # a take-back gives its 5 back
    canfield.Game.from_position(position("casino", reserve="2D", columns="3C/4C/5C/6C", score=-52))  # may be negative


def test_cardgames_io_scores_cards_on_the_foundations() -> None:
    # The site shows the cards on the foundations: +1 a card up, -1 a card taken back.
    assert dealt("cardgames-io").game.score == 1
    t = table("cardgames-io", reserve="2D 8H", foundations="7:H1.S0.D0.C0", columns="9C/9S/TC/JC", score=1)
    assert score_after(t, "rf", "H1", "1f") == [2, 1, 2]


# -- undo ------------------------------------------------------------------------------------------


def test_undo_limits_and_counting() -> None:
    g = canfield.Game.from_deal(DEAL)
    for _ in range(101):
        g.play("s")
    for _ in range(100):
        g.undo()
    with pytest.raises(canfield.UndoError, match="undo limit"):
        g.undo()
    io = canfield.Game.from_deal(DEAL, "cardgames-io")
    for _ in range(101):
        io.play("s")
    for _ in range(101):
        io.undo()
    assert io.move_count == 202  # each undo counted as a move, no limit


def test_cardgames_io_finishes_by_itself() -> None:
    t = table("cardgames-io", foundations="A:S12.H12.D12.C10", columns="KH QC/KS/KD/KC JC", stock="")
    t.game.play("4f")
    assert t.game.is_won()
    t = table("canfield", foundations="A:S12.H12.D12.C10", columns="KH QC/KS/KD/KC JC", stock="")
    t.play("4f")
    assert not t.game.is_won()
