"""Deal strings and deal codes: validation, and golden deals that must never change."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import canfield
from canfield.deals import CODE_SPACE, SplitMix64, letters_to_seed, seed_to_letters, shuffled_deck

# Golden: the full deal of each code, in dealing order. These must never change.
GOLDEN = {
    "CF1-D3-AAAAAAA": "8C JD 9S 2C 2H QH 6C TS 3H AS JS 7S 9D 8S QC KD 5D 2S 3D 5S AD 6S 4C TH 5H 8D 8H AH QD TC "
    "QS JH 3C 4H 2D 9H 3S KH AC 7C 9C 7H JC 6D KC 4S 7D 5C 6H 4D KS TD",
    "CF1-D3-AAAAACL": "3C QC JH QH 4D 5S QD AH 2H 2D 7D 9D TS 2S 9S 7C AD 6D KS AC AS JD KC KD TD 3H TC JS 9C 2C "
    "8D 8S 5C 8C 4H 3S 8H 9H 5H TH 5D 4S 4C KH 3D 7H 6H 7S JC QS 6C 6S",
    "CF1-D1-ZZZZZZZ": "6C 5C JD 4H 4C 2C AS 7H 9S TS AD KC 3S 6D 8D TD JC 6H 2D QS 2H 8C 8H 8S 9H 6S JS 9C KD 4S "
    "5D 9D 3C KH 2S KS QD 7C 5S 4D JH 3H AC QC AH 7S TC TH 7D 5H QH 3D",
    "CF1-D3-CANFELD": "3H 8D AH AS 9D 3S JS 9S 5C 2C 6H 9C KH 5H 4D QD TH 6C 2H AD JH KD 8C 4S 5S KS TS 7C TD 8H "
    "4H QH 3C JC 6S 6D 7H 8S 2D KC 9H 5D 2S 4C 7D 7S QS JD 3D TC QC AC",
}


@pytest.mark.parametrize("code", sorted(GOLDEN))
def test_golden_deals(code: str) -> None:
    game = canfield.Game.from_code(code)
    assert game.deal_string() == GOLDEN[code]
    assert game.code == code
    assert game.spec.draw == int(code[5])


def test_splitmix64_reference_vector() -> None:
    # The published first outputs of SplitMix64 from state 0.
    rng = SplitMix64(0)
    assert [rng.next() for _ in range(2)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4]


def test_code_letters() -> None:
    assert letters_to_seed("AAAAAAA") == 0
    assert letters_to_seed("AAAAACL") == 2 * 26 + 11
    assert seed_to_letters(CODE_SPACE - 1) == "ZZZZZZZ"


@given(st.integers(0, CODE_SPACE - 1), st.sampled_from([1, 3]))
def test_code_round_trip(seed: int, draw: int) -> None:
    code = canfield.make_code(seed, draw)
    assert canfield.parse_code(code) == (draw, seed)
    assert canfield.parse_code(code.lower()) == (draw, seed)


@given(st.integers(0, CODE_SPACE - 1))
def test_shuffle_is_a_permutation(seed: int) -> None:
    assert sorted(shuffled_deck(seed)) == list(range(52))


@pytest.mark.parametrize(
    "bad",
    [
        "CF1-D3-AAAAAA",
        "CF2-D3-AAAAAAA",
        "CF1-D3-AAAAAA1",
        "CF1-X3-AAAAAAA",
        "",
        "CF1-D0-AAAAAAA",
        "CF1-D٣-AAAAAAA",  # an Arabic-Indic three: only ASCII digits
        "CF1-D3-ııııııı",  # dotless i, whose upper case is I: only ASCII letters
        "CF1-D3-AAAAAAß",
        "CF1-D03-AAAAAAA\nX",
    ],
)
def test_malformed_codes(bad: str) -> None:
    with pytest.raises(canfield.InvalidCodeError, match="deal code"):
        canfield.Game.from_code(bad)


def test_code_and_draw_option_must_agree() -> None:
    with pytest.raises(canfield.InvalidCodeError, match="says draw 3"):
        canfield.Game.from_code("CF1-D3-AAAAAAA", draw=1)


def test_deal_errors_name_the_cards() -> None:
    deal = GOLDEN["CF1-D3-AAAAAAA"].split()
    with pytest.raises(canfield.InvalidDealError, match="repeats 8C and misses TD"):
        canfield.Game.from_deal(" ".join([*deal[:-1], "8C"]))
    with pytest.raises(canfield.InvalidDealError, match="51 cards, expected 52: missing TD"):
        canfield.Game.from_deal(" ".join(deal[:-1]))
    with pytest.raises(canfield.InvalidCardError, match="card 3: unknown card 'ZZ'"):
        canfield.Game.from_deal(" ".join([*deal[:2], "ZZ", *deal[3:]]))


def test_unknown_variant_and_option() -> None:
    with pytest.raises(canfield.VariantError, match="did you mean 'classic'"):
        canfield.Game.from_code("CF1-D3-AAAAAAA", "clasic")
    with pytest.raises(canfield.RulesError, match="did you mean redeals"):
        canfield.Game.from_code("CF1-D3-AAAAAAA", redeal=2)
    with pytest.raises(canfield.RulesError, match="tableau_moves='some'"):
        canfield.Game.from_code("CF1-D3-AAAAAAA", tableau_moves="some")


@pytest.mark.parametrize("bad", [0, 12345, None, b"CF1-D3-AAAAAAA", ["CF1-D3-AAAAAAA"]])
def test_a_code_is_text(bad: object) -> None:
    with pytest.raises(
        canfield.InvalidCodeError, match=f"a deal code is text like 'CF1-D3-AAAAACL', not {type(bad).__name__}"
    ):
        canfield.Game.from_code(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("deal", "message"),
    [
        (None, "a deal is a string of cards, or a list of card texts or numbers, not NoneType"),
        (52, "not int"),
        (iter(range(52)), "not range_iterator"),
        ([0, "AS"], "card 2 is 'AS': a deal lists card texts or card numbers, not both"),
        (["AS", 0], "card 2 is 0: a deal lists card texts or card numbers, not both"),
        ([c + 0.9 for c in range(52)], r"card 1 is 0\.9, not a card number 0\.\.51"),
        ([True, *range(1, 52)], "card 1 is True, not a card number"),
        ([52, *range(1, 52)], "card 1 is 52, not a card number"),
        ([-1, *range(1, 52)], "card 1 is -1, not a card number"),
    ],
)
def test_deal_items_are_card_texts_or_numbers(deal: object, message: str) -> None:
    with pytest.raises(canfield.InvalidDealError, match=message):
        canfield.Game.from_deal(deal)  # type: ignore[arg-type]


def test_a_deal_of_card_numbers_is_the_same_deal() -> None:
    game = canfield.Game.from_code("CF1-D3-AAAAAAA")
    assert game.deal is not None
    again = canfield.Game.from_deal(list(game.deal))
    assert again.position_string() == game.position_string()
    assert canfield.Game.from_deal(tuple(game.deal)).position_string() == game.position_string()
