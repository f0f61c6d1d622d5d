"""Each built-in variant's defining rules, positively and negatively."""

from __future__ import annotations

import pytest

import canfield

from .positions import game


def refused(g: canfield.Game, move: str, why: str) -> None:
    before = g.position_string()
    with pytest.raises(canfield.IllegalMoveError, match=why):
        g.play(move)
    assert g.position_string() == before


def exhaust_stock(g: canfield.Game) -> None:
    while g.position.stock:
        g.play("s")


def test_every_spec_variant_is_registered() -> None:
    ids = {v.id for v in canfield.variants()}
    assert {"canfield", "classic", "superior", "rainbow", "storehouse", "no-redeal", "casino", "cardgames-io"} <= ids
    assert canfield.get_variant("strict-no-redeal").id == "no-redeal"
    assert canfield.get_variant("Storehouse").id == "storehouse"


# -- rainbow ---------------------------------------------------------------------------------


def test_rainbow_builds_regardless_of_colour() -> None:
    g = game("rainbow", reserve="QH", columns="KD/2C/3C/4C", foundations="7:H1.S0.D0.C0")
    g.play("r1")  # a red queen on a red king
    assert [canfield.card_name(c) for c in g.position.columns[0]] == ["KD", "QH"]
    classic = game("classic", reserve="QH", columns="KD/2C/3C/4C")
    refused(classic, "r1", "Q♥ does not build on K♦")


def test_rainbow_refuses_a_second_pass() -> None:
    g = canfield.Game.from_code("CF1-D1-AAAAACL", "rainbow")
    assert g.spec.draw == 1
    exhaust_stock(g)
    refused(g, "s", "no redeal is left")
    canfield_game = canfield.Game.from_code("CF1-D1-AAAAACL")
    exhaust_stock(canfield_game)
    canfield_game.play("s")
    assert canfield_game.position.recycles == 1


# -- storehouse --------------------------------------------------------------------------------


def test_storehouse_starts_with_the_twos_up() -> None:
    g = canfield.Game.from_code("CF1-D1-AAAAAAA", "storehouse")
    pos = g.position
    assert pos.start == 1
    assert sorted(pos.foundation_cards(i)[0] for i in range(4)) == [1, 14, 27, 40]  # 2♠ 2♥ 2♦ 2♣
    assert len(pos.reserve) == 13 and len(pos.stock) == 31
    # The deal reads the same 52 cards without the twos: reserve first, then the columns.
    deal = [c for c in g.deal if c % 13 != 1]  # type: ignore[union-attr]
    assert list(pos.reserve) == deal[:13]
    assert [c[0] for c in pos.columns] == deal[13:17]


def test_storehouse_builds_in_suit() -> None:
    g = game("storehouse", foundations="2:S1.H1.D1.C1", reserve="QH", columns="KH/KS/3C/4C")
    refused(g, "r2", "Q♥ does not build on K♠")
    g.play("r1")


def test_storehouse_allows_three_passes() -> None:
    g = canfield.Game.from_code("CF1-D1-AAAAAAA", "storehouse")
    for _ in range(2):
        exhaust_stock(g)
        g.play("s")
    exhaust_stock(g)
    refused(g, "s", r"pass 3 of 3")


# -- superior ----------------------------------------------------------------------------------


def test_superior_empty_column_stays_empty_and_takes_any_card() -> None:
    g = game("superior", reserve="5D 9H", columns="TS/KC/QD/JC", foundations="7:H1.S0.D0.C0")
    g.play("r1")  # 9♥ on T♠; reserve top is now 5♦
    g.play("32")  # Q♦ on K♣ empties column 3
    assert g.position.columns[2] == ()
    assert [canfield.card_name(c) for c in g.position.reserve] == ["5D"]
    g.play("r3")  # any card may fill it, at any time
    classic = game("classic", reserve="5D 9H", columns="TS/KC/QD/JC")
    classic.play("32")
    assert [canfield.card_name(c) for c in classic.position.columns[2]] == ["9H"]  # filled at once


def test_superior_shows_the_whole_reserve() -> None:
    g = canfield.Game.from_code("CF1-D3-AAAAAAA", "superior")
    assert None not in g.observation().reserve
    assert "▒" not in str(g)
    hidden = canfield.Game.from_code("CF1-D3-AAAAAAA", "classic").observation().reserve
    assert hidden.count(None) == 12 and hidden[-1] is not None


# -- no-redeal, casino -----------------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["no-redeal", "casino"])
def test_one_pass_variants_refuse_a_recycle(variant: str) -> None:
    g = canfield.Game.from_code("CF1-D3-AAAAACL", variant)
    exhaust_stock(g)
    refused(g, "s", "no redeal is left")


def test_casino_score() -> None:
    g = canfield.Game.from_code("CF1-D3-AAAAAAA", "casino")
    assert g.score == -52 + 5  # the deck bought, the base card paid
    g2 = game("casino", reserve="8H", columns="2C/3C/4C/5C")
    start = g2.score
    g2.play("rf")
    assert g2.score == start + 5
    g2.undo()
    assert g2.score == start


# -- classic -------------------------------------------------------------------------------------


def test_classic_refuses_a_partial_run_and_a_take_back() -> None:
    piles = {"columns": "KC QH JS/8C/KS/QD", "foundations": "7:H1.S0.D0.C0"}
    g = game("classic", **piles)
    refused(g, "13:2", "only a column's top card or the whole column")
    refused(g, "H2", "do not allow a card back")
    g.play("14")  # the top card J♠ onto Q♦
    g.undo()
    app = game("canfield", **piles)
    app.play("13:2")  # the app moves any run: Q♥ J♠ onto K♠
    app.undo()
    app.play("H2")  # …and takes 7♥ back onto 8♣
