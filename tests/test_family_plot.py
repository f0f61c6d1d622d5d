"""The Plot: two decks, twelve columns, eight any-suit foundations that wait for the first.

Its rules need three things no other game has: twelve columns (named ``T``, ``J``, ``Q`` from the
tenth on, in the notation and on every board), empty columns that take only the waste's card
(``empty_column="waste"``), and only the base rank there until the first foundation is complete
(``empty_column_base_until_first``); its seven other piles open only then (``after=0``). The
deal, the rules that make the game, a won line replayed (a golden file, found with the solver),
random walks with undo and saved games on both engines, its text, board and picture, and its
place in the docs. Perft goldens and the move-for-move comparison of the two engines cover it
with every other built-in variant (``test_perft``, ``test_native``).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import canfield
from canfield import docsgen
from canfield.board import board_text
from canfield.cli import main
from canfield.describe import en, fr, it, pl
from canfield.errors import RulesError, VariantError
from canfield.fullscreen import screen_after
from canfield.moves import COL, WASTE, encode
from canfield.notation import format_move
from canfield.plugins.registry import rules_for
from canfield.replay import replay_html
from canfield.svg import board_svg

from .lines import replay_won_line, walk_undo_and_save
from .positions import game
from .strategies import games
from .test_variants import refused

WIN = json.loads((Path(__file__).parent / "golden" / "plot-wins.json").read_text(encoding="utf-8"))["the-plot"]
#: Twelve columns: column 1 empty, the others one card each.
TWELVE = ["", "KS", "QH", "JD", "TC", "9S", "8H", "7D", "6C", "5S", "4H", "3D"]
COLUMNS = "/".join(TWELVE)


def columns(**changes: str) -> str:
    """`COLUMNS` with some columns changed, by number: ``columns(c1="8S")``."""
    cols = list(TWELVE)
    for name, cards in changes.items():
        cols[int(name[1:]) - 1] = cards
    return "/".join(cols)


#: Foundation pile 1 complete from the base 6 (13 cards of any suit), the other seven empty.
FIRST_DONE = "6:6C7D8H9STSJSQSKSAS2S3S4S5S/" + "/".join(["-"] * 7)
#: Foundation pile 1 holding its base card only.
FIRST_OPEN = "6:6C/" + "/".join(["-"] * 7)


def plot(foundations: str = FIRST_OPEN, **piles: object) -> canfield.Game:
    return game("the-plot", decks=2, foundations=foundations, **piles)


# -- the deal ------------------------------------------------------------------------------------------


def test_a_built_in_variant_of_data_alone() -> None:
    v = canfield.get_variant("the-plot")
    assert v.source == "built-in" and v.description and not v.overrides()
    spec = v.spec
    assert (spec.decks, spec.columns, spec.reserve_play, spec.tableau_moves) == (2, 12, "foundations", "single")
    assert spec.empty_column == "waste" and spec.empty_column_base_until_first
    assert spec.foundations is not None and [p.after for p in spec.foundations] == [None] + [0] * 7
    rules = rules_for("the-plot")
    assert rules.pass_limit == 1 and rules.draws == (1,) and not rules.takeback and not rules.auto_fill


def test_the_deal() -> None:
    g = canfield.Game.from_code("CF1-D1-AAAAAAB", "the-plot")
    pos, dealt = g.position, g.deal
    assert dealt is not None and len(dealt) == 104
    # 13 to the reserve, the base card to pile 1, a card to each of 12 columns, 78 to the stock
    assert pos.reserve == tuple(dealt[:13])
    assert pos.foundation_piles == ((dealt[13],),) + ((),) * 7 and pos.start == dealt[13] % 13
    assert pos.columns == tuple((c,) for c in dealt[14:26]) and not any(pos.face_down)
    assert pos.stock == tuple(dealt[26:]) and len(pos.stock) == 78 and pos.waste == ()
    assert g.observation().reserve == (None,) * 12 + pos.reserve[-1:]


# -- the rules that make the game ------------------------------------------------------------------------


def test_a_reserve_card_goes_only_to_the_foundations() -> None:
    g = plot(reserve="7H", columns=columns(c1="8S"))
    assert "rf" in {m.text for m in g.legal_moves()}
    refused(g, "r1", "the reserve's cards go only to the foundations")
    g.play("rf")  # 7♥ on the base 6♣: any suit
    assert len(g.position.foundation_piles[0]) == 2


def test_an_empty_column_takes_only_the_base_rank_until_pile_1_is_complete() -> None:
    g = plot(columns=COLUMNS, waste="9H")
    assert not any(m.target == "1" for m in g.legal_moves())
    refused(g, "w1", "until foundation pile 1 is complete, only a six")
    g = plot(columns=COLUMNS, waste="6H")
    assert "w1" in {m.text for m in g.legal_moves()}
    g.play("w1")
    assert g.position.columns[0] == (canfield.parse_card("6H"),)
    # once pile 1 holds 13 cards, any card of the waste goes there
    g = plot(FIRST_DONE, columns=COLUMNS, waste="9H")
    assert "w1" in {m.text for m in g.legal_moves()}
    g.play("w1")
    g.undo()
    assert g.position.columns[0] == ()


def test_an_empty_column_takes_nothing_but_the_waste_card() -> None:
    g = plot(FIRST_DONE, reserve="9D", columns=columns(c12="3D 6D"), waste="9H")
    texts = {m.text for m in g.legal_moves()}
    assert "w1" in texts and not {"r1", "Q1", "21"} & texts  # never a reserve or a column card
    refused(g, "Q1", "takes only the waste's top card")
    refused(g, "21", "takes only the waste's top card")
    # nothing fills it by itself: a column emptied stays empty
    g = plot(columns=columns(c1="8S", c2="9D"), waste="AH")
    g.play("12")
    assert g.position.columns[0] == () and g.position.waste[-1] == canfield.parse_card("AH")


def test_piles_2_to_8_stay_closed_until_pile_1_is_complete() -> None:
    g = plot(columns=COLUMNS, waste="6H")
    texts = {m.text for m in g.legal_moves()}
    assert not any(t.startswith("wf") for t in texts)
    refused(g, "wf2", "foundation pile 2 is closed: it opens only once pile 1 is complete")
    refused(g, "wf", "pile 2 would, but it opens only once pile 1 is complete")
    g = plot(FIRST_DONE, columns=COLUMNS, waste="6H")
    ups = {m.text for m in g.legal_moves() if m.to_foundation and m.from_waste}
    assert ups == {f"wf{f}" for f in range(2, 9)}  # any of the seven: the move names its pile
    g.play("wf5")
    assert g.position.foundation_piles[4] == (canfield.parse_card("6H"),)


def test_one_card_moves_at_a_time() -> None:
    g = plot(columns=columns(c1="8S 7H", c2="9D"))
    texts = {m.text for m in g.legal_moves()}
    assert "12:2" not in texts and "12" not in texts  # 7♥ needs an 8; 8♠ is under it
    refused(g, "12:2", "one card at a time")


# -- twelve columns in the notation and on the boards ----------------------------------------------------


def test_columns_10_to_12_are_t_j_q_and_columns_1_to_9_unchanged() -> None:
    assert canfield.Move.parse("TQ").code == encode(COL + 9, COL + 11)
    assert canfield.Move.parse("wj") is canfield.Move.parse("wJ")
    assert canfield.Move.parse("wJ").code == encode(WASTE, COL + 10)
    assert canfield.Move.parse("Q1:3").text == "Q1:3" and canfield.Move.parse("Jf").to_foundation
    for text, code in (("19", encode(COL, COL + 8)), ("9f", encode(COL + 8, 3)), ("w9", encode(WASTE, COL + 8))):
        assert canfield.Move.parse(text).code == code and format_move(code) == text
    assert {"T9", "JT", "QJ"} <= {m.text for m in plot(columns=COLUMNS).legal_moves()}
    with pytest.raises(RulesError, match="columns=13"):
        canfield.RuleSpec(columns=13)


def test_the_board_and_the_picture_show_twelve_columns() -> None:
    g = canfield.Game.from_code(WIN["code"], "the-plot")
    lines = board_text(g).splitlines()
    assert [line[:5] for line in lines[-12:]] == [f"  {c}: " for c in "123456789TJQ"]
    svg = board_svg(g)
    labels = re.findall(r'text-anchor="middle"[^>]*>([^<]+)<', svg)
    assert [x for x in labels if len(x) == 1][-12:] == list("123456789TJQ")
    again = canfield.Game.from_position(g.position_string())
    assert again.position == g.position and len(again.position.columns) == 12
    # the closed piles say so, until the first is complete
    assert "f2–f8 open once f1 is complete" in board_text(g) and "f8 after f1<" in svg
    done = plot(FIRST_DONE, columns=COLUMNS)
    assert "open once" not in board_text(done) and "after f1" not in board_svg(done)


def test_the_full_screen_fits_twelve_columns_in_80_by_24() -> None:
    g = canfield.Game.from_code(WIN["code"], "the-plot")
    for text in "31 41 25 78 9Q s s wT s w5 TQ s w8 s w5 65 QT s w8 s wQ s s w8 w8".split():
        g.play(text)
    screen = screen_after(g.position_string(), [], 80, 24)
    lines = screen.text().splitlines()
    # two blocks side by side, columns 1-6 on the left, 7-Q on the right, each top card in sight
    row = next(i for i, line in enumerate(lines) if line.startswith("  2: —"))
    assert lines[row].endswith("8: 2♦ A♠ K♥ Q♦ J♦ 10♦")
    assert [line[41:44] for line in lines[row - 1 : row + 5]] == ["7: ", "8: ", "9: ", "T: ", "J: ", "Q: "]
    assert any(line.startswith("Moves (") for line in lines) and lines[-1].startswith(">")
    q = next(i for i, line in enumerate(lines) if line[41:44] == "Q: ")
    assert screen.hit(q, lines[q].index("3♣")) == "3C"  # a click on the right block taps its card
    # a column too long for its block keeps its top cards
    long = plot(columns=columns(c1="KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS KH QH JH TH 9H"))
    first = next(
        line
        for line in screen_after(long.position_string(), [], 80, 24).text().splitlines()
        if line.startswith("  1: ")
    )
    assert first.startswith("  1: … ") and first[:39].rstrip().endswith("10♥ 9♥") and first[41:44] == "7: "
    # with room, one column a line, as on the text board
    tall = screen_after(g.position_string(), [], 80, 40).text().splitlines()
    assert [line[:5] for line in tall if line[2:4] in {f"{c}:" for c in "123456789TJQ"}] == [
        f"  {c}: " for c in "123456789TJQ"
    ]


# -- won line, walks, saved games, the solver ----------------------------------------------------------------


def test_a_won_line_replays() -> None:
    g = replay_won_line(WIN["code"], "the-plot", WIN["line"].split())
    assert sum(map(len, g.position.foundation_piles)) == 104
    texts = [m.text for m in g.line]
    assert any(re.fullmatch(r"[w1-9TJQ]f[2-8]", t) for t in texts)  # a move names one of the seven piles
    assert any(re.fullmatch(r"w[TJQ]", t) for t in texts)  # the waste fills column 10, 11 or 12


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games(variants=["the-plot"]), st.data())
def test_walks_undo_and_save_round_trip(g: canfield.Game, data: st.DataObject) -> None:
    walk_undo_and_save(g, data)


def test_the_solver_wins_the_deal_in_a_budget(capsys: pytest.CaptureFixture[str]) -> None:
    g = canfield.Game.from_code(WIN["code"], "the-plot")
    out = canfield.solve(g, max_states=1_000_000)
    assert out.verdict == "won"
    for m in out.line:
        g.play(m)
    assert g.is_won()
    assert main(["solve", "the-plot", WIN["code"], "--max-states", "1000000"]) == 0
    assert "verdict: won" in capsys.readouterr().out


# -- the new knobs' checks -----------------------------------------------------------------------------------


def test_the_new_knobs_refuse_what_they_cannot_do() -> None:
    with pytest.raises(RulesError, match="empty_column='nowhere'"):
        canfield.RuleSpec(empty_column="nowhere")
    with pytest.raises(RulesError, match="needs a dealt base card"):
        canfield.RuleSpec(empty_column_base_until_first=True, foundation_base=0)
    with pytest.raises(RulesError, match="needs a dealt base card"):
        canfield.RuleSpec(empty_column_base_until_first=True, choose_base=True, empty_column="reserve-by-choice")
    with pytest.raises(RulesError, match="expected True or False"):
        canfield.RuleSpec(empty_column_base_until_first=1)
    with pytest.raises(VariantError, match="waste_only"):
        canfield.FillRule(auto=True, waste_only=True)
    # on the usual layout the first foundation is the base card's
    g = game("canfield,empty_column=waste,empty_column_base_until_first=true", columns="/KH/QH/AS", waste="9C")
    refused(g, "w1", "until the base card.s foundation is complete, only a seven")
    assert "w1" in {m.text for m in game("canfield,empty_column=waste", columns="/KH/QH/AS", waste="9C").legal_moves()}


# -- the views and the docs --------------------------------------------------------------------------------


def test_described_drawn_and_listed(capsys: pytest.CaptureFixture[str]) -> None:
    g = canfield.Game.from_code(WIN["code"], "the-plot")
    for text in WIN["line"].split()[:120]:
        g.play(text)
    for module in (en, it, fr, pl):
        text = g.describe(module.WORDING.code)
        assert all(f" {n}" in text for n in range(1, 13)), module.WORDING.code
    page = replay_html(g)  # the replay page names columns as the notation does
    assert "9Q, 4♥ from column 9 onto 5♣ in column Q" in page and page.count("<svg") > 100
    assert "[the-plot](variants/the-plot.md)" in docsgen.differences_table(links=True)
    page = docsgen.variant_page("the-plot")
    assert canfield.get_variant("the-plot").description in page and "--variant the-plot" in page
    assert "from the waste only" in page and "only the base rank until" in page
    assert main(["docs", "table"]) == 0
    assert "the-plot" in capsys.readouterr().out
