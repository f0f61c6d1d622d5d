"""Dutchess, and the two options that make it: a base the player chooses and a fill by choice.

The options: ``choose_base`` (no base card is dealt; the first card put on a foundation, a reserve
pile's top card, sets the base of every foundation; until then the stock stays shut and column
cards stay put, though a reserve card may go onto a column) and ``empty_column="reserve-by-choice"``
(an empty column takes a reserve pile's top card when the player chooses, the waste's only once
every pile is empty, never a column's card, and never fills by itself). The game: Dutchess (also
Duchess and Glenwood). Its deal, the rules that make it, each on both engines, a won line
replayed (a golden file), random walks with undo and saved games, the solver, records, its text,
board and picture, and its place in the docs. Perft goldens and the move-for-move comparison of
the two engines cover it with every other built-in variant (``test_perft``, ``test_native``); the
solver's prunings under these rules are checked in ``rust/tests/base.rs``.
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
from canfield import docsgen, records
from canfield.board import board_text
from canfield.cards import parse_card
from canfield.cli import main
from canfield.describe import en, fr, it, pl
from canfield.errors import InvalidPositionError, RulesError
from canfield.plugins.registry import rules_for
from canfield.svg import board_svg
from canfield.terminal import describe_move

from .lines import replay_won_line, walk_undo_and_save
from .positions import game
from .strategies import games
from .test_variants import refused

WINS = json.loads((Path(__file__).parent / "golden" / "base-wins.json").read_text(encoding="utf-8"))
OPEN = "?:S0.H0.D0.C0"  # the foundations before the base is chosen
#: Four piles whose tops are 4♠, 7♥, 5♦ and 9♦, over columns 5♥ 8♣ K♠ 2♦: 4♠ builds on 5♥ and 7♥ on 8♣.
PILES = "AH 9C 4S/2H 8D 7H/3H 7S 5D/4H 6C 9D"
COLUMNS = "5H/8C/KS/2D"


def texts(g: canfield.Game) -> set[str]:
    """The legal moves' texts, the same on both engines (checked here)."""
    native = {m.text for m in g.legal_moves()}
    assert native == {canfield.Move.from_int(m).text for m in g.reference_engine().moves()}
    return native


# -- the variant and its deal ---------------------------------------------------------------------------


def test_dutchess_is_a_built_in_variant_under_three_names() -> None:
    v = canfield.get_variant("dutchess")
    assert v.source == "built-in" and v.description and not v.overrides()
    assert {canfield.get_variant(name).id for name in ("duchess", "glenwood", "Dutchess")} == {"dutchess"}
    s = v.spec
    assert (s.choose_base, s.empty_column, s.tableau_moves, s.build, s.build_wraps) == (
        True,
        "reserve-by-choice",
        "whole",
        "alternate-colour",
        True,
    )
    assert (s.draw, s.redeals, s.foundation_takeback, s.reserve_visible) == (1, 1, False, "all")


def test_the_deal_has_no_base_card() -> None:
    g = canfield.Game.from_code("CF1-D1-AAAAAAB", "dutchess")
    pos, cards = g.position, g.deal
    assert cards is not None
    # four piles of three, pile 1 first, then a card to each column, the rest (36) the stock
    assert pos.reserves == tuple(tuple(cards[k * 3 : (k + 1) * 3]) for k in range(4))
    assert pos.columns == tuple((c,) for c in cards[12:16])
    assert pos.stock == tuple(cards[16:]) and len(pos.stock) == 36 and pos.waste == ()
    assert pos.base_open and all(n == 0 for _, n in pos.foundations)
    assert g.position_string().split()[2] == OPEN
    # pinned: the deal and its text never change
    assert g.position_string() == (
        "dutchess 7H9S4H/8D8H5C/JH6H9C/JS5HKH ?:S0.H0.D0.C0 3S/2H/JD/5D "
        "7D4D2SAH6CKSKDTDTCJCTH8CQS4C6S7SAC5SADKC6DQCQDQH9H3H3CAS4S2D8STS3D2C9D7C - 0 0 0"
    )
    assert g.observation().reserves == pos.reserves  # every reserve card face up
    rules = rules_for("dutchess")
    assert (rules.reserve_piles, rules.auto_fill, rules.fill_by_choice) == (4, False, True)
    assert rules.pass_limit == 2 and rules.draws == (1, 1)
    # the first moves: each pile's top card up, nothing else moves (nothing builds here)
    assert texts(g) == {"rf", "r2f", "r3f", "r4f"}


# -- a base the player chooses --------------------------------------------------------------------------


def test_before_the_base_only_reserve_cards_move() -> None:
    g = game("dutchess", reserve=PILES, foundations=OPEN, columns=COLUMNS)
    assert texts(g) == {"rf", "r2f", "r3f", "r4f", "r1", "r22"}  # up, or onto a column that takes it
    refused(g, "s", "the stock stays shut until the first foundation card, a reserve pile's top card, chooses the base")
    refused(g, "4f", "only reserve cards move until the first foundation card")  # 2♦, a column card
    refused(g, "41", "only reserve cards move")
    g.play("r1")  # a reserve card onto a column: the base stays open
    assert g.position.base_open and g.position.columns[0] == (parse_card("5H"), parse_card("4S"))


def test_the_first_foundation_card_sets_the_base_and_its_undo_opens_it() -> None:
    g = game("dutchess", reserve=PILES, foundations=OPEN, columns=COLUMNS)
    before = g.position_string()
    g.play("r3f")  # 5♦ up: every foundation now starts at the five
    pos = g.position
    assert not pos.base_open and pos.start == 4 and pos.foundations[2] == (2, 1)
    assert g.position_string().split()[2] == "5:S0.H0.D1.C0"
    moves = texts(g)
    assert {"s", "1f"} <= moves  # the stock opens; 5♥ goes up from column 1
    assert "r4f" not in moves  # 9♦ is not a five
    refused(g, "r4f", "does not go on the diamond foundation")
    g.play("1f")
    assert g.position.foundations[1] == (1, 1)
    g.undo()
    g.undo()
    assert g.position_string() == before and g.position.base_open
    assert texts(g) == {"rf", "r2f", "r3f", "r4f", "r1", "r22"}


def test_every_pile_top_may_choose_the_base() -> None:
    for k, card in enumerate(("4S", "7H", "5D", "9D")):
        g = game("dutchess", reserve=PILES, foundations=OPEN, columns=COLUMNS)
        g.play("rf" if k == 0 else f"r{k + 1}f")
        assert g.position.start == parse_card(card) % 13
        ref = g.reference_engine()
        assert ref.position() == g.position and not ref.base_open


def test_the_options_refuse_what_they_cannot_play() -> None:
    for change, why in (
        ({"foundation_base": 0}, "leave foundation_base"),
        ({"build_past_base": False}, "build_past_base=False"),
        ({"reserve_size": 0}, "reserve_size above 0"),
    ):
        with pytest.raises(RulesError, match=why):
            canfield.get_variant("dutchess").spec.evolve(**change)
    # a base still to choose needs rules that let the player choose it, and empty foundations
    with pytest.raises(InvalidPositionError, match="choose_base is off"):
        game("canfield", reserve="4S", foundations=OPEN, columns=COLUMNS)
    with pytest.raises(InvalidPositionError, match="every foundation and the waste are empty"):
        game("dutchess", reserve=PILES, foundations="?:S0.H1.D0.C0", columns=COLUMNS)
    with pytest.raises(InvalidPositionError, match="no foundation holds a card"):
        game("dutchess", reserve=PILES, foundations="5:S0.H0.D0.C0", columns=COLUMNS)


# -- an empty column filled by the player's choice ---------------------------------------------------------


def test_an_empty_column_takes_a_reserve_card_by_choice_never_by_itself() -> None:
    g = game("dutchess", reserve="2C/3C/4C/6C", foundations="5:S0.H0.D1.C0", columns="5H/4S/KC/KD", waste="QH")
    g.play("21")  # 4♠ onto 5♥ empties column 2, and nothing fills it
    assert g.position.columns[1] == ()
    moves = texts(g)
    assert {"r2", "r22", "r32", "r42"} <= moves  # any pile's top card, when the player chooses
    assert not {"w2", "12", "32", "42"} & moves  # not the waste's while a pile has cards, nor a column's
    refused(g, "w2", "takes the waste's card only once every reserve pile is empty")
    refused(g, "32", "takes only a reserve card")
    g.play("r32")
    assert g.position.columns[1] == (parse_card("4C"),)


def test_once_every_pile_is_empty_the_waste_fills_by_choice() -> None:
    g = game("dutchess", reserve="/ / /", foundations="5:S0.H0.D1.C0", columns="5H/4S/KC/KD", waste="2D QH")
    g.play("21")
    assert g.position.columns[1] == () and len(g.position.waste) == 2  # no fill by itself
    moves = texts(g)
    assert "w2" in moves and not {"12", "32", "42"} & moves  # the waste's card, never a column's
    g.play("w2")
    assert g.position.columns[1] == (parse_card("QH"),)


def test_the_fill_by_choice_is_an_option_of_any_variant() -> None:
    # Canfield's one face-down reserve: its top card by choice, the waste's once it is empty
    rules = "canfield,empty_column=reserve-by-choice"
    g = game(rules, reserve="2C 3C", foundations="7:H1.S0.D0.C0", columns="5H/4S/KC/KD", waste="QH")
    g.play("21")
    assert g.position.columns[1] == () and len(g.position.reserve) == 2
    moves = texts(g)
    assert "r2" in moves and not {"w2", "12", "32", "42"} & moves
    g = game(rules, reserve="", foundations="7:H1.S0.D0.C0", columns="5H/4S/KC/KD", waste="QH")
    g.play("21")
    moves = texts(g)
    assert "w2" in moves and not {"12", "32", "42"} & moves


# -- play, records, the solver --------------------------------------------------------------------------


def test_a_won_line_replays() -> None:
    g = replay_won_line(WINS["dutchess"]["code"], "dutchess", WINS["dutchess"]["line"].split())
    assert not any(g.position.reserves)
    line = [m.text for m in g.line]
    assert line[0].endswith("f") and line[0][0] == "r"  # the first move chooses the base


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games(variants=["dutchess"]), st.data())
def test_walks_undo_and_save_round_trip(g: canfield.Game, data: st.DataObject) -> None:
    walk_undo_and_save(g, data)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games(variants=["dutchess"]), st.data())
def test_the_first_card_up_fixes_the_base_for_the_rest_of_the_game(g: canfield.Game, data: st.DataObject) -> None:
    base = None
    for _ in range(data.draw(st.integers(0, 80))):
        moves = g.legal_moves()
        if not moves:
            break
        if g.position.base_open:
            assert all(m.from_reserve for m in moves)  # no stock, no column card
        move = data.draw(st.sampled_from(moves))
        card = g.position.reserves[int(move.source[1:] or 1) - 1][-1] if move.from_reserve else None
        g.play(move)
        if base is None and move.to_foundation:
            assert card is not None
            base = card % 13
        assert g.position.base_open == (base is None)
        if base is not None:
            assert g.position.start == base


def test_records_keep_the_open_base_and_the_chosen_one() -> None:
    g = canfield.Game.from_code("CF1-D1-AAAAAAB", "dutchess")
    loaded = canfield.Game.from_json(g.to_json())
    assert loaded.position.base_open and loaded.position == g.position
    g.play("r2f")
    loaded = canfield.Game.from_json(g.to_json())
    assert loaded.position == g.position and not loaded.position.base_open
    # a record that starts from a position reached from the code: the base chosen, or still open
    for game_ in (g, canfield.Game.from_code("CF1-D1-AAAAAAB", "dutchess")):
        rec = json.loads(game_.to_json())
        del rec["deal"]
        rec.update(position=game_.position_string(), moves=[], score=game_.score, move_count=game_.move_count)
        again = records.loads(json.dumps(rec))
        assert again.position == game_.position and again.code == "CF1-D1-AAAAAAB"
    # a position string with the base open reads back as it was written
    assert canfield.Game.from_position(
        canfield.Game.from_code("CF1-D1-AAAAAAB", "dutchess").position_string()
    ).position.base_open


def test_the_solver_wins_and_the_command_line_solves() -> None:
    g = canfield.Game.from_code(WINS["dutchess"]["code"], "dutchess")
    out = canfield.solve(g, timeout=60)
    assert out.verdict == "won"
    for m in out.line:
        g.play(m)
    assert g.is_won()


def test_canfield_solve_variant_dutchess(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["solve", "--variant", "dutchess", "--timeout", "60", WINS["dutchess"]["code"]])
    out = capsys.readouterr().out
    assert code == 0 and "verdict: won" in out and "(dutchess)" in out


def test_canfield_rules_says_where_the_base_comes_from(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "glenwood"]) == 0
    out = capsys.readouterr().out
    assert "Dutchess (dutchess)" in out and "aliases: duchess, glenwood" in out
    assert "foundation_base = none  # the rank of the first reserve card put up:" in out
    assert "choose_base = true  # " in out


# -- the views and the docs -----------------------------------------------------------------------------


def test_the_views_say_the_base_is_still_to_choose() -> None:
    g = canfield.Game.random("dutchess", rng=random.Random("dutchess"))
    for module in (en, it, fr, pl):
        w = module.WORDING
        text = g.describe(w.code)
        assert w.foundations_open in text and w.foundations.format(rank=w.ranks[0]) not in text
    assert "foundations, base to choose" in board_text(g)
    svg = board_svg(g)
    assert "base to choose" in svg and svg.count(">?♠") == 1 and svg.count(">?♥") == 1
    top = g.position.reserves[1][-1]
    said = describe_move(g, canfield.Move.parse("r2f"))
    assert said.endswith(f"which makes {canfield.cards.rank_text(top % 13)} every foundation's base")
    g.play("r2f")
    for module in (en, it, fr, pl):
        w = module.WORDING
        assert w.foundations.format(rank=w.ranks[top % 13]) in g.describe(w.code)
    assert "base to choose" not in board_text(g) and "base to choose" not in board_svg(g)


def test_listed_in_the_docs() -> None:
    table = docsgen.differences_table(links=True)
    assert "[dutchess](variants/dutchess.md)" in table and "chosen: the first reserve card put up" in table
    page = docsgen.variant_page("dutchess")
    assert canfield.get_variant("dutchess").description in page and "--variant dutchess" in page
    assert "help page says one" in page
    values = docsgen.rule_values("dutchess")
    assert values["empty column"] == "any card from a reserve pile by choice, from the waste once every pile is empty"
    assert values["foundation base"] == "chosen: the first reserve card put up"
    assert values["column moves"] == "whole column" and values["passes"] == "2 (1 redeal)"


def test_other_positions_are_unchanged() -> None:
    # a dealt base still reads and writes as before, with no base to choose
    g = canfield.Game.from_code("CF1-D3-AAAAAAA")
    assert "?" not in g.position_string() and not g.position.base_open
    assert attrs.evolve(g.position, base_open=False) == g.position
