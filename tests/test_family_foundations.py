"""The Canfield family games with a foundation layout of their own: Lafayette and Beehive.

Lafayette has two foundations per suit, one built up from the ace and one down from the king,
with take-back to a column or to the suit's other pile, and only a 7 on an empty column once the
reserve is empty. Beehive has one foundation that takes four cards of a rank at once, from a
column's top. For each game: its deal, the rules that make it the game it is, a won line replayed
(a golden file), random walks with undo and saved games on both engines, the solver, its text,
board and picture, and its place in the docs. Perft goldens and the move-for-move comparison of
the two engines cover them with every other built-in variant (``test_perft``, ``test_native``);
the layouts themselves are checked in ``test_foundations`` and ``rust/tests/layouts.rs``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import canfield
from canfield import docsgen
from canfield.board import board_text
from canfield.cards import card_text, parse_card
from canfield.describe import en, fr, it, pl
from canfield.plugins.registry import rules_for
from canfield.svg import board_svg

from .lines import replay_won_line, walk_undo_and_save
from .positions import game
from .strategies import games
from .test_variants import refused

#: Each game's winning line, found with the solver: ``{variant: {"code", "line"}}``.
WINS = json.loads((Path(__file__).parent / "golden" / "foundation-wins.json").read_text(encoding="utf-8"))
IDS = ["lafayette", "beehive"]
#: Lafayette's eight piles, empty: per suit up from the ace, then per suit down from the king.
EMPTY_PILES = "A:" + "/".join(["-"] * 8)


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(c) for c in text.split())


# -- the deal ----------------------------------------------------------------------------------------


def test_both_games_are_built_in_variants_of_data_alone() -> None:
    for vid in IDS:
        v = canfield.get_variant(vid)
        assert v.source == "built-in" and v.description and not v.overrides()
        assert v.spec.foundations is not None


@pytest.mark.parametrize(("vid", "columns", "stock", "piles"), [("lafayette", 4, 35, 8), ("beehive", 6, 33, 1)])
def test_the_deal(vid: str, columns: int, stock: int, piles: int) -> None:
    g = canfield.Game.from_code("CF1-D3-AAAAAAB", vid)
    pos, dealt = g.position, g.deal
    assert dealt is not None
    # 13 to the reserve, a card to each column, the rest the stock: no base card
    assert pos.reserve == tuple(dealt[:13])
    assert pos.columns == tuple((c,) for c in dealt[13 : 13 + columns])
    assert pos.stock == tuple(dealt[13 + columns :]) and len(pos.stock) == stock and pos.waste == ()
    assert pos.foundations == () and pos.foundation_piles == ((),) * piles and pos.start == 0
    shown = g.observation().reserve
    assert shown == pos.reserve if vid == "lafayette" else shown == (None,) * 12 + pos.reserve[-1:]
    rules = rules_for(vid)
    assert rules.pass_limit is None and rules.draws[0] == 3 and rules.auto_fill


# -- Lafayette's rules ---------------------------------------------------------------------------------


def test_lafayettes_down_pile_takes_the_queen_on_the_king() -> None:
    g = game("lafayette", reserve="5C", foundations="A:-/-/-/-/KS/-/-/-", columns="QS/QH/9D/8C")
    assert "1f" in {m.text for m in g.legal_moves()} and "2f" not in {m.text for m in g.legal_moves()}
    refused(g, "2f", "no foundation takes Q♥ now")
    g.play("1f")  # Q♠ on K♠, on the spade pile running down
    assert g.position.foundation_piles[4] == cards("KS QS")
    assert g.position.columns[0] == cards("5C")  # the emptied column filled from the reserve
    g.undo()
    assert g.position.foundation_piles[4] == cards("KS") and g.position.columns[0] == cards("QS")


def test_lafayettes_seven_goes_to_either_spade_pile_and_between_them() -> None:
    up = "AS 2S 3S 4S 5S 6S"
    down = "KS QS JS TS 9S 8S"
    g = game(
        "lafayette",
        reserve="5C",
        foundations=f"A:{''.join(up.split())}/-/-/-/{''.join(down.split())}/-/-/-",
        columns="7S/QH/9D/8C",
    )
    texts = {m.text for m in g.legal_moves()}
    assert {"1f1", "1f5"} <= texts and "1f" not in texts
    refused(g, "1f", "name the pile")
    g.play("1f5")  # the seven ends the pile running down ...
    assert g.position.foundation_piles[4][-1] == parse_card("7S")
    assert "f5f" in {m.text for m in g.legal_moves()}
    g.play("f5f")  # ... and moves over to the pile running up: the spades are all up either way
    assert g.position.foundation_piles[0][-1] == parse_card("7S") and len(g.position.foundation_piles[4]) == 6


def test_lafayette_fills_an_empty_column_only_with_a_seven_once_the_reserve_is_empty() -> None:
    g = game("lafayette", reserve="", foundations=EMPTY_PILES, columns="/KS QH/8C 7D/KD", waste="9S 8S")
    texts = {m.text for m in g.legal_moves()}
    assert "31" in texts and "w1" not in texts and "21" not in texts
    refused(g, "21", "only a seven may")
    refused(g, "w1", "only a seven may")
    # a run headed by a 7 moves there too
    g = game("lafayette", reserve="", foundations=EMPTY_PILES, columns="/KS 7D 6C/9C/QH")
    assert "21:2" in {m.text for m in g.legal_moves()}


def test_lafayette_gives_a_foundation_card_back_to_a_column() -> None:
    g = game("lafayette", reserve="5C", foundations="A:AS2S/-/-/-/-/-/-/-", columns="3H/QH/9D/8C")
    assert "f11" in {m.text for m in g.legal_moves()}  # 2♠ onto 3♥
    g.play("f11")
    assert g.position.foundation_piles[0] == cards("AS") and g.position.columns[0] == cards("3H 2S")


# -- Beehive's rules -----------------------------------------------------------------------------------


def test_beehive_puts_four_of_a_kind_up_at_once_and_never_one_card() -> None:
    g = game("beehive", reserve="5C", foundations="A:-", columns="7S 7H 7D 7C/QH/9D/8C/KD/KS", waste="9H")
    texts = {m.text for m in g.legal_moves()}
    assert "1f:4" in texts and not any(t.endswith("f") for t in texts)
    assert {"w3", "53", "35"} & texts == {"w3"}  # same rank only: 9♥ on 9♦; K♦ and 9♦ do not build
    refused(g, "1f", "four of a kind")
    g.play("1f:4")
    assert g.position.foundation_piles == (cards("7S 7H 7D 7C"),)
    assert g.position.columns[0] == cards("5C")  # refilled from the reserve
    assert g.score == 20
    g.undo()
    assert g.position.columns[0] == cards("7S 7H 7D 7C") and g.position.foundation_piles == ((),)


def test_beehive_takes_no_set_of_three_or_of_mixed_ranks() -> None:
    g = game("beehive", reserve="5C", foundations="A:-", columns="7S 7H 7D/QH 7C/9D/8C/KD/KS")
    assert not any(m.to_foundation for m in g.legal_moves())
    g.play("21")  # 7♣ on the three others
    assert "1f:4" in {m.text for m in g.legal_moves()}
    g = game("beehive", reserve="5C", foundations="A:-", columns="8S 7H 7D 7C 7S/QH/9D/8C/KD/KS")
    assert "1f:4" in {m.text for m in g.legal_moves()}  # the top four, whatever lies below


# -- won lines, walks, saved games, the solver ---------------------------------------------------------


@pytest.mark.parametrize("vid", IDS)
def test_a_won_line_replays(vid: str) -> None:
    g = replay_won_line(WINS[vid]["code"], vid, WINS[vid]["line"].split())
    assert sum(map(len, g.position.foundation_piles)) == 52
    if vid == "lafayette":
        assert any(m.target not in ("f", "") and m.to_foundation for m in g.line)  # a move names its pile
    else:
        assert all(m.count == 4 for m in g.line if m.to_foundation)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games(variants=IDS), st.data())
def test_walks_undo_and_save_round_trip(g: canfield.Game, data: st.DataObject) -> None:
    walk_undo_and_save(g, data)


@pytest.mark.parametrize("vid", IDS)
def test_the_solver_wins_a_deal(vid: str) -> None:
    g = canfield.Game.from_code(WINS[vid]["code"], vid)
    out = canfield.solve(g, timeout=60)
    assert out.verdict == "won"
    for m in out.line:
        g.play(m)
    assert g.is_won()


def test_position_strings_carry_every_pile() -> None:
    g = canfield.Game.from_code(WINS["lafayette"]["code"], "lafayette")
    for text in WINS["lafayette"]["line"].split()[:40]:
        g.play(text)
    field = g.position_string().split()[2]
    assert field.startswith("A:") and field.count("/") == 7
    again = canfield.Game.from_position(g.position_string())
    assert again.position == g.position
    loaded = canfield.Game.from_json(g.to_json())
    assert loaded.position == g.position and loaded.line == g.line


# -- the views and the docs ---------------------------------------------------------------------------


@pytest.mark.parametrize("vid", IDS)
def test_described_drawn_and_listed(vid: str) -> None:
    g = canfield.Game.from_code(WINS[vid]["code"], vid)
    for text in WINS[vid]["line"].split()[:50]:
        g.play(text)
    piles = g.position.foundation_piles
    assert any(piles)
    for module in (en, it, fr, pl):
        w, text = module.WORDING, g.describe(module.WORDING.code)
        assert text.count(f"{w.top}{w.colon}") >= sum(1 for p in piles if p)
        for f, pile in enumerate(piles):
            if pile:
                assert f"{f + 1} (" in text and f"{w.cards(len(pile))}, {w.top}{w.colon}{w.card(pile[-1])}" in text
    board = board_text(g)
    svg = board_svg(g)
    for f, pile in enumerate(piles):
        assert f"f{f + 1} " in board
        if pile:
            assert f"{card_text(pile[-1])} ({len(pile)})" in board
        label = f"{len(pile) // 4} sets" if vid == "beehive" else f"{'↓' if f >= 4 else '↑'} {len(pile)}"
        assert f"f{f + 1} {label}<" in svg
    if vid == "lafayette":
        assert "f5 K♠↓" in board
    assert f"[{vid}](variants/{vid}.md)" in docsgen.differences_table(links=True)
    page = docsgen.variant_page(vid)
    assert canfield.get_variant(vid).description in page and f"--variant {vid}" in page
    assert "foundation piles" in page
