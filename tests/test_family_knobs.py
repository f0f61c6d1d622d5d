"""The Canfield family games that need the newer rule options, and those options themselves.

The options: one card at a time (``tableau_moves="single"``), a column limit, when the reserve
plays (``reserve_play``), columns dealt with face-down cards (``column_deal``) that turn up as part
of the move that uncovers them, the one rank an empty column takes (``empty_column_rank``), and
foundations that start empty (``base_cards_up=False``). The games: Acme, Eagle Wing, Minerva,
Munger, Mystique and Candike. For each game: its deal, the rules that make it the game it is, a
won line replayed (a golden file), random walks with undo and saved games on both engines, and
its place in the views and the docs. Perft goldens and the move-for-move comparison of the two
engines cover them with every other built-in variant (``test_perft``, ``test_native``).
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
from canfield.engine import Engine
from canfield.notation import format_piles
from canfield.plugins.registry import rules_for
from canfield.svg import board_svg

from .lines import replay_won_line, walk_undo_and_save
from .positions import position
from .strategies import games
from .test_variants import refused

WINS = json.loads((Path(__file__).parent / "golden" / "family-wins.json").read_text(encoding="utf-8"))


@attrs.frozen
class Deal:
    """What a game deals: pile sizes, each column's face-down places, what starts the foundations."""

    reserve: int
    columns: int
    column_cards: int
    face_down: tuple[int, ...]
    stock: int
    draws: tuple[int, ...]
    passes: int | None
    foundation_cards: int  # cards on the foundations at the deal: the base card, the aces, or none


GAMES = {
    "acme": Deal(13, 4, 1, (), 31, (1, 1), 2, 4),
    "eagle-wing": Deal(13, 8, 1, (), 30, (1, 1, 1), 3, 1),
    "minerva": Deal(11, 7, 4, (0, 2), 13, (1, 1), 2, 0),
    "munger": Deal(7, 7, 4, (0, 2), 17, (1,), 1, 0),
    "mystique": Deal(9, 7, 4, (0, 2), 15, (1,), 1, 0),
    "candike": Deal(13, 7, 2, (0,), 24, (3,), None, 1),
}
IDS = list(GAMES)


def game(rules: str, *, columns: str, **piles: object) -> canfield.Game:
    """A game at a position; ``columns`` as a position string writes them (``kc2C/…``: lower case face down)."""
    upper = "/".join(" ".join(col[i : i + 2].upper() for i in range(0, len(col), 2)) for col in columns.split("/"))
    fields = position(rules, columns=upper, **piles).split()  # type: ignore[arg-type]
    fields[3] = columns
    return canfield.Game.from_position(" ".join(fields))


def columns_field(g: canfield.Game) -> str:
    return g.position_string().split()[3]


# -- the deal ----------------------------------------------------------------------------------------


def test_every_game_is_a_built_in_variant() -> None:
    for vid in IDS:
        v = canfield.get_variant(vid)
        assert v.source == "built-in" and v.description and not v.overrides()
    assert canfield.get_variant("thirteen-down").id == "eagle-wing"
    assert all(not canfield.get_variant(v).spec.foundation_takeback for v in IDS)


@pytest.mark.parametrize("vid", IDS)
def test_the_deal(vid: str) -> None:
    want = GAMES[vid]
    on_columns = want.columns * want.column_cards
    assert 52 - want.reserve - on_columns - want.foundation_cards == want.stock
    rules = rules_for(vid)
    assert (rules.columns, rules.pass_limit) == (want.columns, want.passes)
    assert rules.draws[: want.passes or 1] == want.draws[: want.passes or 1]
    rng = random.Random(vid)
    for _ in range(3):
        g = canfield.Game.random(vid, rng=rng)
        pos = g.position
        assert (len(pos.reserve), len(pos.stock), pos.waste) == (want.reserve, want.stock, ())
        assert [len(c) for c in pos.columns] == [want.column_cards] * want.columns
        assert sum(n for _, n in pos.foundations) == want.foundation_cards
        assert pos.face_down == ((want.face_down,) * want.columns if want.face_down else ())
        # A player sees the face-down cards as None; the position text writes them in lower case.
        seen = g.observation().columns
        for col in seen:
            assert [i for i, c in enumerate(col) if c is None] == list(want.face_down)
        for text in columns_field(g).split("/"):
            cards = [text[i : i + 2] for i in range(0, len(text), 2)]
            assert [i for i, c in enumerate(cards) if c.islower() and c != c.upper()] == list(want.face_down)
        # The columns are dealt a row at a time, after the reserve (and the base card).
        assert g.deal is not None
        deal = [c for c in g.deal if c % 13 != 0] if vid == "acme" else list(g.deal)
        first = want.reserve + (1 if want.foundation_cards == 1 else 0)
        rows = deal[first : first + on_columns]
        assert [list(c) for c in pos.columns] == [rows[i :: want.columns] for i in range(want.columns)]


def test_minerva_s_foundations_start_empty_and_take_the_aces() -> None:
    g = canfield.Game.from_code("CF1-D1-AAAAAAA", "minerva")
    assert g.position.foundations == ((0, 0), (1, 0), (2, 0), (3, 0)) and g.position.start == 0
    assert docsgen.rule_values("minerva")["foundation base"] == "A (fixed), foundations start empty"
    assert docsgen.rule_values("acme")["foundation base"] == "A (fixed)"


# -- the rules that make each game -------------------------------------------------------------------


def test_acme_moves_one_card_at_a_time() -> None:
    piles = {"foundations": "A:S1.H1.D1.C1", "columns": "TS9S/JS/3C/4C"}
    g = game("acme", **piles)
    refused(g, "12:2", "one card at a time")
    refused(g, "12", "9♠ does not build on J♠")
    assert "12:2" in [m.text for m in game("acme,tableau_moves=any", **piles).legal_moves()]


def test_eagle_wing_refuses_a_fourth_card() -> None:
    cols = "9S8S7S/6S/2C/4C/5C/6C/7C/8C"
    g = game("eagle-wing", foundations="3:H1.S0.D0.C0", columns=cols)
    refused(g, "21", "column 1 may hold at most 3 cards")
    g = game("eagle-wing", foundations="3:H1.S0.D0.C0", columns="9S8S/7S/2C/4C/5C/6C/7C/8C")
    g.play("21")  # the third card is fine
    assert len(g.position.columns[0]) == 3


def test_eagle_wing_plays_its_reserve_only_as_the_last_card() -> None:
    cols = "4H/KS/QS/JS/TS/9S/8S/7S"
    g = game("eagle-wing", reserve="2C 3C", foundations="3:H1.S0.D0.C0", columns=cols)
    refused(g, "rf", "only when it is the last one left")
    g.play("1f")  # 4♥ up: the emptied column fills from the reserve all the same
    assert canfield.card_name(g.position.columns[0][0]) == "3C" and len(g.position.reserve) == 1
    g = game("eagle-wing", reserve="3C", foundations="3:H1.S0.D0.C0", columns=cols)
    g.play("rf")


def test_minerva_refuses_a_queen_on_an_empty_column() -> None:
    cols = "5DQH/5SKS/2C/3C/4C/5C/"
    g = game("minerva", foundations="A:S0.H0.D0.C0", columns=cols)
    refused(g, "17", "only a king may")
    g.play("27")  # a king may
    assert canfield.card_name(g.position.columns[6][0]) == "KS"
    g = game("minerva", reserve="9D", foundations="A:S0.H0.D0.C0", columns="KSQH/JC/2C/3C/4C/5C/6C")
    g.play("21")  # J♣ onto Q♥ empties column 2, and the reserve does not fill it
    assert g.position.columns[1] == () and len(g.position.reserve) == 1
    mystique = game("mystique", foundations="A:S0.H0.D0.C0", columns=cols)
    mystique.play("17")  # Mystique takes any card


def test_a_face_down_card_turns_up_with_the_move_that_uncovers_it() -> None:
    cols = "kc2Cad5H/6C/2S/3S/4S/5S/7S"
    g = game("minerva", foundations="A:S0.H0.D0.C0", columns=cols)
    assert columns_field(g).startswith("kc2Cad5H/")
    refused(g, "12:2", "a face-down card is among the 2 cards of column 1")
    g.play("12")  # 5♥ onto 6♣ uncovers A♦, which turns up in the same move
    assert columns_field(g).startswith("kc2CAD/")
    assert g.position.face_down[0] == (0,)
    assert [m.text for m in g.line] == ["12"]
    g.play("1f")  # and it plays at once
    g.undo()
    g.undo()  # one undo takes the move back with its turn-up
    assert columns_field(g).startswith("kc2Cad5H/")
    ref = Engine(g.rules, g.position)
    ref.make(canfield.Move.parse("12").code)
    assert ref.position().face_down[0] == (0,) and ref.unmake() == canfield.Move.parse("12").code
    assert ref.position() == g.position


def test_a_run_stops_at_a_face_down_card() -> None:
    cols = "9c8H7S/9S/2C/3C/4C/5C/6C"
    g = game("mystique", foundations="A:S1.H1.D1.C1", columns=cols)
    moves = [m.text for m in g.legal_moves()]
    assert "12:2" in moves and "12:3" not in moves  # 8♥ 7♠ onto 9♠, never the face-down 9♣


def test_candike_wraps_its_foundations_but_not_its_columns() -> None:
    cols = "AD/KS/2C/3C/4C/5C/6C"
    g = game("candike", foundations="Q:H2.S0.D0.C0", waste="AH", columns=cols)
    refused(g, "21", "K♠ does not build on A♦")
    g.play("wf")  # A♥ on K♥: the foundations run on past the king
    assert g.position.foundations[0] == (1, 3)


def test_reserve_to_foundations_only_is_an_option() -> None:
    g = game("classic,reserve_play=foundations", reserve="6C", foundations="7:H1.S0.D0.C0", columns="7D/8S/2C/3C")
    refused(g, "r1", "go only to the foundations")
    assert [m.text for m in g.legal_moves() if m.from_reserve] == []
    g = game("classic,reserve_play=foundations", reserve="7C", foundations="7:H1.S0.D0.C0", columns="8H/8S/2C/3C")
    assert [m.text for m in g.legal_moves() if m.from_reserve] == ["rf"]


# -- the options' checks -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "why"),
    [
        ({"column_deal": "ud"}, "column_deal='ud' is not allowed"),
        ({"column_deal": "dux"}, "column_deal='dux' is not allowed"),
        ({"column_deal": ""}, "column_deal='' is not allowed"),
        ({"column_limit": 0}, "column_limit=0 is not allowed"),
        ({"reserve_play": "top"}, "reserve_play='top' is not allowed"),
        ({"empty_column_rank": 13}, "empty_column_rank=13 is not allowed"),
        ({"base_cards_up": False}, "base_cards_up=False is for a fixed foundation_base"),
        ({"column_deal": "d" * 12 + "u", "columns": 4}, "need 66 cards"),
        ({"tableau_moves": "one"}, "tableau_moves='one' is not allowed"),
    ],
)
def test_the_options_refuse_bad_values(change: dict[str, object], why: str) -> None:
    with pytest.raises(canfield.RulesError, match=why):
        canfield.CANFIELD.evolve(**change)


def test_positions_face_down_only_where_the_rules_deal_it() -> None:
    with pytest.raises(canfield.InvalidPositionError, match="deal every column card face up"):
        game("classic", foundations="7:H1.S0.D0.C0", columns="kc2C/3C/4C/5C")
    with pytest.raises(canfield.InvalidPositionError, match="a top card is always face up"):
        game("minerva", foundations="A:S0.H0.D0.C0", columns="2Ckc/3C/4C/5C/6C/7C/8C")
    with pytest.raises(canfield.InvalidPositionError, match="at most 3"):
        game("eagle-wing", foundations="3:H1.S0.D0.C0", columns="9S8S7S6S/2C/4C/5C/6C/7C/8C/9C")
    # Face up everywhere is a position of every game: old position strings still load.
    g = game("minerva", foundations="A:S0.H0.D0.C0", columns="KC2C/3C/4C/5C/6C/7C/8C")
    assert g.position.face_down == () and "kc" not in g.position_string()


# -- won lines, walks, saved games ---------------------------------------------------------------------


@pytest.mark.parametrize("vid", IDS)
def test_a_won_line_replays(vid: str) -> None:
    g = replay_won_line(WINS[vid]["code"], vid, WINS[vid]["line"].split())
    assert g.position.face_down == ()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games(variants=IDS), st.data())
def test_walks_undo_and_save_round_trip(g: canfield.Game, data: st.DataObject) -> None:
    walk_undo_and_save(g, data, min_moves=1)


# -- the views and the docs ---------------------------------------------------------------------------


@pytest.mark.parametrize("vid", IDS)
def test_described_drawn_and_listed(vid: str) -> None:
    g = canfield.Game.random(vid, rng=random.Random(vid))
    hidden = len(GAMES[vid].face_down) * GAMES[vid].columns
    words = {"en": "face-down card", "it": "carta coperta", "fr": "carte cachée", "pl": "zakryta karta"}
    for lang, word in words.items():
        assert g.describe(lang).count(word) == hidden
    names = {canfield.card_name(c) for col in g.position.columns for c in col}
    shown = {canfield.card_name(c) for col in g.observation().columns for c in col if c is not None}
    assert len(names - shown) == hidden  # the face-down cards are named nowhere a player sees
    assert board_text(g).count("▒") == hidden + 1  # and the reserve's face-down cards, counted
    svg = board_svg(g)
    assert svg.count('class="card"') + svg.count('class="slot"') >= GAMES[vid].columns
    assert f"[{vid}](variants/{vid}.md)" in docsgen.differences_table(links=True)
    page = docsgen.variant_page(vid)
    assert canfield.get_variant(vid).description in page and f"--variant {vid}" in page


def test_the_tables_say_what_each_game_changes() -> None:
    values = {vid: docsgen.rule_values(vid) for vid in IDS}
    assert values["acme"]["column moves"] == values["eagle-wing"]["column moves"] == "one card at a time"
    assert values["eagle-wing"]["column limit"] == "3 cards"
    assert values["eagle-wing"]["reserve plays"] == "only its last card"
    assert values["minerva"]["column deal"] == "d,u,d,u (d face down)"
    assert values["candike"]["column deal"] == "d,u (d face down)"
    assert values["minerva"]["empty column"] == values["munger"]["empty column"] == "a king, by choice"
    assert values["mystique"]["empty column"] == "any card, by choice"
    assert values["candike"]["column build"] == "alternate colour, no king on ace"
    assert docsgen.rule_values("canfield")["column deal"] == "1 card"


def test_positions_text_round_trips_face_down_cards() -> None:
    g = canfield.Game.from_code("CF1-D1-AAAAAAB", "munger")
    fields = g.position_string().split()
    again = canfield.Game.from_position(g.position_string())
    assert again.position == g.position and format_piles(again.position).split() == fields[1:7]


def test_the_native_engine_checks_face_down_places() -> None:
    rules = rules_for("minerva")
    pos = canfield.Game.from_code("CF1-D1-AAAAAAA", "minerva").position
    args = (rules.native, pos.reserve, pos.start, pos.foundations, pos.columns, pos.stock, pos.waste, pos.recycles)
    assert _native.Engine(*args, pos.face_down).face_down() == [list(d) for d in pos.face_down]
    for bad in ([[3]] * 7, [[0, 2]] * 6, [[-1]] * 7, [["x"]] * 7):
        with pytest.raises(canfield.InvalidPositionError):
            _native.Engine(*args, bad)
    face_up = _native.Tables(7, 1, rules.builds, rules.empty_ok, False, 0, False, [1], 2, True, None, 0, False)
    with pytest.raises(canfield.InvalidPositionError, match="every column card face up"):
        _native.Engine(face_up, *args[1:], pos.face_down)


def test_a_saved_game_from_a_position_keeps_its_face_down_cards() -> None:
    g = game("minerva", foundations="A:S0.H0.D0.C0", columns="kc2Cad5H/6C/2S/3S/4S/5S/7S")
    g.play("12")
    record = json.loads(g.to_json())
    assert record["position"].split()[3].startswith("kc2Cad5H/")  # where the line starts
    loaded = canfield.Game.from_json(g.to_json())
    assert loaded.position == g.position and loaded.position.face_down[0] == (0,)
    loaded.undo()
    assert loaded.position.face_down[0] == (0, 2)
