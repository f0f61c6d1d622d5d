"""The Canfield family games with several reserve piles, and the options that make them.

The options: several face-up reserve piles (``reserve_piles``, each dealt ``reserve_size`` cards,
each top card playable from its own place, ``r2``…``r8`` in the notation) and the fill of an
emptied column from the fullest pile, then from the waste (``empty_column="reserve-then-waste"``).
The games: Gate, Little Gate and Duke. For each game: its deal, the rules that make it the game it
is, a won line replayed (a golden file), random walks with undo and saved games on both engines,
its text, board and picture, and its place in the docs. Perft goldens and the move-for-move
comparison of the two engines cover them with every other built-in variant (``test_perft``,
``test_native``); the solver's prunings under these rules are checked in ``rust/tests/reserves.rs``.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import canfield
from canfield import _native, docsgen
from canfield.board import board_text
from canfield.cards import card_text
from canfield.describe import en, fr, it, pl
from canfield.errors import InvalidMoveError, InvalidPositionError
from canfield.moves import RESERVE, RESERVES, reserve_index, reserve_place
from canfield.notation import format_piles, parse_move
from canfield.plugins.registry import rules_for
from canfield.svg import board_svg

from .lines import replay_won_line, walk_undo_and_save
from .positions import game
from .strategies import games
from .test_variants import refused

#: Each game's winning line, found with the solver: ``{variant: {"code", "line"}}``.
WINS = json.loads((Path(__file__).parent / "golden" / "reserve-wins.json").read_text(encoding="utf-8"))
EMPTY = "A:S0.H0.D0.C0"  # empty foundations that take the aces


@attrs.frozen
class Deal:
    """What a game deals: its reserve piles, columns and stock, and its passes."""

    piles: int
    size: int
    columns: int
    stock: int
    passes: int
    auto_fill: bool
    fill_waste: bool


GAMES = {
    "gate": Deal(2, 5, 8, 34, 1, True, True),
    "little-gate": Deal(2, 5, 4, 38, 1, True, True),
    "duke": Deal(4, 3, 4, 36, 3, False, False),
}
IDS = list(GAMES)


# -- the deal ----------------------------------------------------------------------------------------


def test_every_game_is_a_built_in_variant() -> None:
    for vid in IDS:
        v = canfield.get_variant(vid)
        assert v.source == "built-in" and v.description and not v.overrides()
        assert v.spec.foundation_takeback and v.spec.reserve_visible == "all"


@pytest.mark.parametrize("vid", IDS)
def test_the_deal(vid: str) -> None:
    d = GAMES[vid]
    g = canfield.Game.from_code("CF1-D1-AAAAAAB", vid)
    pos, cards = g.position, g.deal
    assert cards is not None
    # the piles first, pile 1 first, then a card to each column, the rest the stock
    assert pos.reserves == tuple(tuple(cards[k * d.size : (k + 1) * d.size]) for k in range(d.piles))
    n = d.piles * d.size
    assert pos.columns == tuple((c,) for c in cards[n : n + d.columns])
    assert len(pos.stock) == d.stock and pos.waste == ()
    assert pos.start == 0 and all(count == 0 for _, count in pos.foundations)
    assert g.observation().reserves == pos.reserves  # every reserve card face up
    rules = rules_for(vid)
    assert (rules.reserve_piles, rules.auto_fill, rules.fill_waste) == (d.piles, d.auto_fill, d.fill_waste)
    assert rules.pass_limit == d.passes and rules.draws[0] == 1


# -- the rules that make each game --------------------------------------------------------------------


def test_each_pile_plays_its_top_card_from_its_own_place() -> None:
    g = game("duke", reserve="AH 9C/2H 8D/3H 7S/4H 6C", foundations=EMPTY, columns="TD/TH/5S/KC")
    # only 9C, pile 1's top, goes anywhere (onto TD or TH); the aces below the tops stay
    assert {m.text for m in g.legal_moves()} == {"r1", "r2", "s"}
    g.play("r1")
    assert g.position.reserve == (canfield.parse_card("AH"),)
    g.play("rf")  # AH up: pile 1 is empty
    assert g.position.reserves[0] == ()
    g.play("r21")  # 8D from pile 2 onto 9C
    g.play("r2f")  # then 2H up from pile 2
    assert g.position.reserves[1] == () and g.position.foundations[1] == (1, 2)
    assert [m.text for m in g.line] == ["r1", "rf", "r21", "r2f"]
    for _ in range(4):
        g.undo()
    assert g.position_string().split()[1] == "AH9C/2H8D/3H7S/4H6C"


def test_an_emptied_column_fills_from_the_fuller_pile_the_left_one_on_a_tie() -> None:
    for reserve, filled in (("2C 3C/9D 8D", "3C"), ("2C/9D 8D", "8D"), ("2C 3C 5C/8D", "5C")):
        g = game("little-gate", reserve=reserve, foundations=EMPTY, columns="5H/4S/KC/KD")
        before = g.position_string()
        g.play("21")  # 4S on 5H empties column 2
        assert g.position.columns[1] == (canfield.parse_card(filled),), reserve
        g.undo()
        assert g.position_string() == before


def test_once_both_piles_are_empty_the_waste_fills_then_any_card() -> None:
    g = game("gate", reserve="/", foundations=EMPTY, columns="5H/4S/KC/KD/QC/QD/JC/JD", waste="2D QH")
    g.play("21")
    assert g.position.columns[1] == (canfield.parse_card("QH"),) and g.position.waste == (canfield.parse_card("2D"),)
    g.undo()
    assert g.position.columns[1] == (canfield.parse_card("4S"),) and len(g.position.waste) == 2
    g = game("gate", reserve="/", foundations=EMPTY, columns="5H/4S/KC/KD/QC/QD/JC/JD")
    g.play("21")  # nothing to fill with: the column stays empty, open to any card
    assert g.position.columns[1] == ()
    assert "12" in {m.text for m in g.legal_moves()}  # 4S back alone (a whole column would change nothing)
    g.play("s")
    assert g.position.columns[1] == () and "w2" in {m.text for m in g.legal_moves()}  # no fill after a turn


def test_duke_never_fills_a_column_by_itself() -> None:
    g = game("duke", reserve="2C/3C/4C/5C", foundations=EMPTY, columns="5H/4S/KC/KD")
    g.play("21")
    assert g.position.columns[1] == ()
    texts = {m.text for m in g.legal_moves()}
    assert {"r2", "r22", "r32", "r42", "12"} <= texts  # any pile's card, or a column's, by choice


def test_gate_refuses_a_card_on_a_column_the_reserve_fills() -> None:
    # A position with an empty column while the piles have cards cannot arise: it is refused.
    with pytest.raises(InvalidPositionError, match="reserve has cards"):
        game("gate", reserve="2C/3C", foundations=EMPTY, columns="5H//KC/KD/QC/QD/JC/JD")


def test_moves_from_a_pile_the_rules_lack_are_refused() -> None:
    g = canfield.Game.from_code("CF1-D1-AAAAAAB", "gate")
    refused(g, "r3f", "these rules have 2 reserve piles")
    g = canfield.Game.from_code("CF1-D1-AAAAAAB", "canfield")
    refused(g, "r2f", "these rules have 1 reserve pile")


# -- notation, position strings, records -------------------------------------------------------------


def test_the_notation_names_each_pile() -> None:
    m = canfield.Move.parse("r2f")
    assert (m.source, m.target, m.from_reserve, m.from_column, m.to_foundation) == ("r2", "f", True, False, True)
    assert reserve_index(decode_src(m.code)) == 1 and decode_src(m.code) == RESERVES
    assert canfield.Move.parse("r43").text == "r43" and canfield.Move.parse("R43").text == "r43"
    assert canfield.Move.parse("r2").source == "r" and decode_src(parse_move("r2")) == RESERVE  # pile 1, column 2
    assert [reserve_place(k) for k in range(3)] == [RESERVE, RESERVES, RESERVES + 1]
    for bad in ("r9f", "r1f", "r2:2", "r23:2", "r2f:2"):
        with pytest.raises(InvalidMoveError):
            parse_move(bad)
    # the native engine writes them the same way
    g = canfield.Game.from_code("CF1-D1-AAAAAAB", "duke")
    for m in g.legal_moves():
        assert canfield.Move.from_int(m.code).text == m.text


def decode_src(code: int) -> int:
    return code & _native.PLACE_MASK


def test_position_strings_carry_every_pile() -> None:
    g = canfield.Game.from_code("CF1-D1-AAAAAAB", "duke")
    field = g.position_string().split()[1]
    assert field.count("/") == 3
    again = canfield.Game.from_position(g.position_string())
    assert again.position == g.position and format_piles(again.position) == format_piles(g.position)
    # an empty pile is '-', as an empty reserve always was; one pile has no '/'
    g = game("gate", reserve="/2C", foundations=EMPTY, columns="5H/4S/KC/KD/QC/QD/JC/JD")
    assert g.position_string().split()[1] == "-/2C"
    assert "/" not in canfield.Game.from_code("CF1-D3-AAAAAAA").position_string().split()[1]
    with pytest.raises(InvalidPositionError, match="2 reserve piles, the rules have 1"):
        canfield.Game.from_position(g.position_string().replace("gate", "canfield,columns=8", 1))


def test_a_saved_game_keeps_its_piles() -> None:
    g = canfield.Game.from_code("CF1-D1-AAAAAAB", "gate")
    for text in ("s", "s", "s"):
        g.play(text)
    loaded = canfield.Game.from_json(g.to_json())
    assert loaded.position == g.position and loaded.line == g.line


# -- won lines, walks, saved games ---------------------------------------------------------------------


@pytest.mark.parametrize("vid", IDS)
def test_a_won_line_replays(vid: str) -> None:
    g = replay_won_line(WINS[vid]["code"], vid, WINS[vid]["line"].split())
    assert not any(g.position.reserves)
    assert any(m.text.startswith("r2") for m in g.line)  # the line plays from the second pile


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games(variants=IDS), st.data())
def test_walks_undo_and_save_round_trip(g: canfield.Game, data: st.DataObject) -> None:
    walk_undo_and_save(g, data)


def test_the_solver_wins_with_several_piles() -> None:
    g = canfield.Game.from_code(WINS["duke"]["code"], "duke")
    out = canfield.solve(g, timeout=60)
    assert out.verdict == "won"
    for m in out.line:
        g.play(m)
    assert g.is_won()


# -- the views and the docs ---------------------------------------------------------------------------


@pytest.mark.parametrize("vid", IDS)
def test_described_drawn_and_listed(vid: str) -> None:
    d = GAMES[vid]
    g = canfield.Game.random(vid, rng=random.Random(vid))
    for lang, module in (("en", en), ("it", it), ("fr", fr), ("pl", pl)):
        w, text = module.WORDING, g.describe(lang)
        assert f"{w.reserve} {d.piles + 1}" not in text
        for k, pile in enumerate(g.position.reserves):
            # each pile by its number, its count, its top card and (all face up) every card below it
            below = ", ".join(w.card(c) for c in reversed(pile[:-1]))
            said = f"{w.reserve} {k + 1}{w.colon}{w.cards(len(pile))}, {w.top}{w.colon}{w.card(pile[-1])}"
            assert f"{said}, {w.below}{w.colon}{below}" in text, (lang, k)
    board = board_text(g)
    assert all(f"reserve {k + 1} " in board for k in range(d.piles))
    for pile in g.position.reserves:
        assert all(card_text(c) in board for c in pile)
    svg = board_svg(g)
    assert all(f">r{k + 1}: {d.size}<" in svg for k in range(1, d.piles)) and f">r: {d.size}<" in svg
    assert svg.count('class="card"') == d.piles * d.size + d.columns
    assert f"[{vid}](variants/{vid}.md)" in docsgen.differences_table(links=True)
    page = docsgen.variant_page(vid)
    assert canfield.get_variant(vid).description in page and f"--variant {vid}" in page


def test_a_tap_on_a_pile_plays_its_card() -> None:
    g = game("duke", reserve="AH 9C/2H 8D/3H AS/4H 6C", foundations=EMPTY, columns="TD/TH/5S/KC")
    assert g.tap("r3") is not None and g.line[-1].text == "r3f"
    assert g.tap("9C") is not None and g.line[-1].text == "r1"  # onto the leftmost column that takes it
    assert g.tap("r4") is None  # 6C goes nowhere
