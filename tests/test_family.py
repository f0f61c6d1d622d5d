"""The Canfield family games that the rule options already express, one built-in variant each.

For every game: its deal (pile sizes, the stock left after the deal, the deal's order), the rules
that make it the game it is, a won line replayed (a golden file), perft counts on both engines,
random walks with undo and saved games, and its place in the generated rules tables.
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
from canfield import docsgen
from canfield.plugins.registry import rules_for
from canfield.svg import board_svg

from .lines import replay_won_line
from .positions import game
from .strategies import games
from .test_variants import exhaust_stock, refused

#: Each game's winning line, found offline with the solver: ``{variant: {"code", "line"}}``.
WINS = json.loads((Path(__file__).parent / "golden" / "family-wins.json").read_text(encoding="utf-8"))


@attrs.frozen
class Deal:
    """What a game deals and how it turns its stock (the numbers of the family's reference)."""

    decks: int
    reserve: int
    columns: int
    stock: int
    reserve_up: int  # reserve cards face up at the deal
    draws: tuple[int, ...]  # cards turned on each pass
    passes: int | None  # None: unlimited
    aces_up: bool = False  # the aces start the foundations (no base card dealt)


FAMILY = {
    "chameleon": Deal(1, 12, 3, 36, 1, (1,), 1),
    "rainfall": Deal(1, 13, 4, 34, 1, (1, 1, 1), 3),
    "reno": Deal(1, 13, 4, 34, 1, (1,), 1),
    "canfield-rush": Deal(1, 13, 4, 34, 1, (3, 2, 1), 3),
    "double-canfield": Deal(2, 13, 5, 85, 1, (3,), None),
    "triple-canfield": Deal(3, 26, 7, 122, 1, (3,), None),
    "quadruple-canfield": Deal(4, 39, 8, 160, 1, (3,), None),
    "two-deck-demon": Deal(2, 40, 8, 55, 1, (3,), None),
    "american-toad": Deal(2, 20, 8, 75, 20, (1, 1), 2),
    "variegated-canfield": Deal(2, 13, 5, 78, 13, (3, 3, 3), 3, aces_up=True),
}
IDS = list(FAMILY)


def foundations(start: str, decks: int, *up: str) -> str:
    """A foundations field from ``start``: the suits ♥♠♦♣ once per deck, with ``up`` ("H1"…) first."""
    counts = {i: part for i, part in enumerate(up)}
    suits = "HSDC" * decks
    return f"{start}:" + ".".join(counts.get(i, f"{s}0") for i, s in enumerate(suits))


# -- the deal ----------------------------------------------------------------------------------------


def test_every_family_game_is_a_built_in_variant() -> None:
    for vid in IDS:
        v = canfield.get_variant(vid)
        assert v.source == "built-in" and v.description
    assert canfield.get_variant("kansas").id == "chameleon"
    assert canfield.get_variant("demon").id == "classic"  # the British name of Canfield itself
    assert canfield.get_variant("casino").spec.draw == 3  # Acey stays draw 3; reno is the draw-1 game
    assert canfield.get_variant("canfield-rush").overrides() == ["canfield_draw_count"]
    assert all(not canfield.get_variant(v).spec.foundation_takeback for v in IDS)


@pytest.mark.parametrize("vid", IDS)
def test_the_deal(vid: str) -> None:
    want = FAMILY[vid]
    dealt_up = 4 * want.decks if want.aces_up else 1  # the aces, or the base card
    assert 52 * want.decks - want.reserve - want.columns - dealt_up == want.stock
    rules = rules_for(vid)
    assert (rules.decks, rules.columns, rules.pass_limit) == (want.decks, want.columns, want.passes)
    assert rules.draws[: want.passes or 1] == want.draws[: want.passes or 1]
    rng = random.Random(vid)
    for _ in range(3):
        g = canfield.Game.random(vid, rng=rng)
        pos = g.position
        assert (len(pos.reserve), len(pos.stock), pos.waste) == (want.reserve, want.stock, ())
        assert [len(c) for c in pos.columns] == [1] * want.columns
        assert len(pos.foundations) == 4 * want.decks
        assert sum(n for _, n in pos.foundations) == dealt_up
        seen = g.observation().reserve
        assert sum(c is not None for c in seen) == want.reserve_up and seen[-1] is not None
        # The deal reads reserve, base card, columns, stock (the aces taken out first where they start).
        assert g.deal is not None
        deal = [c for c in g.deal if c % 13 != 0] if want.aces_up else list(g.deal)
        base = 0 if want.aces_up else 1
        assert list(pos.reserve) == deal[: want.reserve]
        if not want.aces_up:
            assert pos.foundation_cards(0) == [deal[want.reserve]]
        assert [c[0] for c in pos.columns] == deal[want.reserve + base : want.reserve + base + want.columns]
        assert list(pos.stock) == deal[want.reserve + base + want.columns :]


def test_variegated_starts_with_the_eight_aces_up() -> None:
    pos = canfield.Game.from_code("CF1-D3-AAAAAAA", "variegated-canfield").position
    assert pos.start == 0
    assert [canfield.card_name(pos.foundation_cards(i)[0]) for i in range(8)] == ["AS", "AH", "AD", "AC"] * 2
    rest = [*pos.reserve, *pos.stock, *(c for col in pos.columns for c in col)]
    assert len(rest) == 96 and not [c for c in rest if c % 13 == 0]  # no ace anywhere else


def test_american_toad_reserve_face_down_is_an_option() -> None:
    # Solitaire Forever deals the reserve face down with its top card up.
    g = canfield.Game.from_code("CF1-D1-AAAAAAA", "american-toad", reserve_visible="top")
    seen = g.observation().reserve
    assert seen.count(None) == 19 and seen[-1] == g.position.reserve[-1]
    assert g.options() == {"reserve_visible": "top"}
    assert "reserve_visible='top'" in canfield.get_variant("american-toad").description


# -- the rules that make each game -------------------------------------------------------------------


def test_chameleon_three_columns_build_in_any_suit() -> None:
    g = game("chameleon", reserve="QH", columns="KD/2C/3C")
    assert len(g.position.columns) == 3
    g.play("r1")  # a red queen on a red king
    refused(game("classic", reserve="QH", columns="KD/2C/3C/4C"), "r1", "Q♥ does not build on K♦")
    two = game("chameleon", columns="KD QH JS/KS/3C")
    refused(two, "12:2", "only a column's top card or the whole column")


def test_chameleon_and_reno_have_one_pass_rainfall_three() -> None:
    for vid in ("chameleon", "reno"):
        g = canfield.Game.random(vid, rng=random.Random(1))
        exhaust_stock(g)
        refused(g, "s", "no redeal is left")
    g = canfield.Game.random("rainfall", rng=random.Random(1))
    for _ in range(2):
        exhaust_stock(g)
        g.play("s")
    turned = len(g.position.waste)
    g.play("s")
    assert len(g.position.waste) == turned + 1  # one card at a time on every pass
    exhaust_stock(g)
    refused(g, "s", "pass 3 of 3")


def test_reno_is_scored_as_in_the_casino() -> None:
    g = canfield.Game.from_code(WINS["reno"]["code"], "reno")
    assert g.score == -52 + 5  # the deck bought, the base card paid
    for move in WINS["reno"]["line"].split():
        g.play(move)
    assert g.is_won() and g.score == -52 + 5 * 52  # a win nets 208


def test_canfield_rush_turns_three_then_two_then_one() -> None:
    g = canfield.Game.from_code("CF1-D3-AAAAAAA", "canfield-rush")
    for draw in (3, 2, 1):
        before = len(g.position.waste)
        g.play("s")
        assert len(g.position.waste) == before + draw
        exhaust_stock(g)
        if draw > 1:
            g.play("s")  # turn the waste back over
    refused(g, "s", "pass 3 of 3")
    assert docsgen.rule_values("canfield-rush")["draws per pass"] == "3, 2, 1"


@pytest.mark.parametrize("vid", ["double-canfield", "triple-canfield", "quadruple-canfield"])
def test_every_deck_has_its_own_foundations(vid: str) -> None:
    decks = FAMILY[vid].decks
    columns = "/".join(f"{r}C" for r in "23456789"[: FAMILY[vid].columns])
    g = game(vid, decks=decks, reserve="7H", foundations=foundations("7", decks, "H1"), columns=columns)
    g.play("rf")  # the base card's twin opens the next foundation of its suit
    hearts = [n for s, n in g.position.foundations if s == 1]
    assert hearts == [1, 1] + [0] * (decks - 2)


def test_two_deck_demon_moves_any_run() -> None:
    piles = {"foundations": foundations("7", 2, "H1"), "columns": "KC QH JS/8C/KS/QD/2C/3C/4C/5C", "decks": 2}
    g = game("two-deck-demon", **piles)
    g.play("13:2")  # Q♥ J♠ onto K♠
    assert [canfield.card_name(c) for c in g.position.columns[2]] == ["KS", "QH", "JS"]
    refused(game("classic,decks=2,columns=8,reserve_size=40", **piles), "13:2", "only a column's top card")


def test_american_toad_builds_in_suit() -> None:
    g = game(
        "american-toad", decks=2, reserve="QH", foundations=foundations("7", 2, "H1"), columns="KH/KS/3C/4C/5C/6C/7C/8C"
    )
    refused(g, "r2", "Q♥ does not build on K♠")  # alternate colours are not enough
    g.play("r1")


def test_american_toad_plays_only_the_top_of_its_face_up_reserve() -> None:
    # 9♠ under the top card is face up and would go on 10♥, but only the top card (2♦) plays.
    g = game(
        "american-toad",
        decks=2,
        reserve="9S 2D",
        foundations=foundations("7", 2, "H1"),
        columns="TH/KS/3C/4C/5C/6C/7C/8C",
    )
    assert g.observation().reserve == g.position.reserve
    assert not [m for m in g.legal_moves() if m.from_reserve]


def test_variegated_refuses_a_king_on_an_ace() -> None:
    # Aces never reach a column unless one comes back from a foundation (an option here).
    piles = {
        "foundations": "A:S1.H1.D0.C1.S1.H1.D1.C1",
        "columns": "AD/KS/QD/JC/TH",
        "decks": 2,
    }
    g = game("variegated-canfield,foundation_takeback=true", **piles)
    refused(g, "21", "K♠ does not build on A♦")
    g.play("32")  # Q♦ on K♠: the columns build down in alternate colours
    wraps = game("variegated-canfield,foundation_takeback=true,build_wraps=true", **piles)
    wraps.play("21")
    assert docsgen.rule_values("variegated-canfield")["column build"] == "alternate colour, no king on ace"


# -- won lines, perft ----------------------------------------------------------------------------------


@pytest.mark.parametrize("vid", IDS)
def test_a_won_line_replays(vid: str) -> None:
    g = replay_won_line(WINS[vid]["code"], vid, WINS[vid]["line"].split())
    assert sum(n for _, n in g.position.foundations) == 52 * FAMILY[vid].decks


@pytest.mark.parametrize(
    ("code", "vid", "counts"),
    [
        ("CF1-D1-AAAAAAA", "chameleon", [1, 3, 9, 23, 53, 115, 241, 551, 1275, 2929, 6795]),
        ("CF1-D1-AAAAAAD", "rainfall", [1, 4, 14, 46, 134, 318, 692, 1454, 3026, 6311, 13264]),
        ("CF1-D1-AAAAAAF", "reno", [1, 3, 7, 15, 36, 88, 141, 210, 299, 418, 566]),
        ("CF1-D3-AAAAAAD", "canfield-rush", [1, 4, 13, 36, 91, 218, 505, 1144, 2552, 5650, 12596]),
        ("CF1-D3-AAAAAAD", "double-canfield", [1, 3, 9, 24, 65, 166, 486, 1250, 2977, 6791, 16878]),
        ("CF1-D3-AAAAAAA", "triple-canfield", [1, 4, 18, 78, 344, 1369, 4908, 16372]),
        ("CF1-D3-AAAAAAA", "quadruple-canfield", [1, 5, 15, 37, 77, 141, 237, 426, 1021, 3012, 7350]),
        ("CF1-D3-AAAAAAA", "two-deck-demon", [1, 5, 23, 94, 388, 1531, 5745, 20352]),
        ("CF1-D1-AAAAAAA", "american-toad", [1, 3, 9, 27, 73, 171, 353, 659, 1137, 1955, 3849]),
        ("CF1-D3-AAAAAAB", "variegated-canfield", [1, 4, 16, 55, 220, 818, 2738, 7667, 18464]),
    ],
)
def test_perft_counts_are_golden(code: str, vid: str, counts: list[int]) -> None:
    # Pinned counts: a change in move generation or in the deal changes them.
    g = canfield.Game.from_code(code, vid)
    assert [canfield.perft(g, d) for d in range(len(counts))] == counts
    assert [canfield.perft(g.reference_engine(), d) for d in range(6)] == counts[:6]


# -- random walks, undo, saved games ---------------------------------------------------------------------


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games(variants=IDS), st.data())
def test_walks_undo_and_save_round_trip(g: canfield.Game, data: st.DataObject) -> None:
    start = g.position_string()
    seen = [start]
    for _ in range(data.draw(st.integers(1, 60))):
        if not g.legal_moves():
            break
        g.play(data.draw(st.sampled_from(g.legal_moves())))
        seen.append(g.position_string())
    loaded = canfield.Game.from_json(g.to_json())
    assert loaded.position_string() == g.position_string() and loaded.line == g.line
    assert loaded.legal_moves() == g.legal_moves()
    for text in reversed(seen[:-1]):
        g.undo()
        assert g.position_string() == text
    assert g.position_string() == start


# -- the views and the docs ---------------------------------------------------------------------------


@pytest.mark.parametrize("vid", IDS)
def test_described_drawn_and_listed(vid: str) -> None:
    g = canfield.Game.random(vid, rng=random.Random(vid))
    play_random_moves(g, 20)
    decks = FAMILY[vid].decks
    english = g.describe("en")
    listed = english.split("Foundations")[1].split(". ")[0]
    assert listed.count("empty") + listed.count(" up to ") == 4 * decks
    for lang in ("it", "fr", "pl"):
        assert str(g.observation().stock_count) in g.describe(lang)
    svg = board_svg(g)
    assert svg.count('class="card"') + svg.count('class="slot"') >= 4 * decks + FAMILY[vid].columns
    assert f"[{vid}](variants/{vid}.md)" in docsgen.differences_table(links=True)
    page = docsgen.variant_page(vid)
    assert canfield.get_variant(vid).description in page and f"--variant {vid}" in page


def play_random_moves(g: canfield.Game, n: int) -> None:
    rng = random.Random(n)
    for _ in range(n):
        if not g.legal_moves():
            return
        g.play(rng.choice(g.legal_moves()))


def test_the_tables_say_what_each_game_changes() -> None:
    values = {vid: docsgen.rule_values(vid) for vid in IDS}
    assert values["chameleon"]["column build"] == "any suit, king on ace"
    assert values["american-toad"]["column build"] == "in suit, king on ace"
    assert values["american-toad"]["reserve face up"] == values["variegated-canfield"]["reserve face up"] == "all"
    assert values["variegated-canfield"]["foundation base"] == "A (fixed)"
    assert values["two-deck-demon"]["column moves"] == "any run"
    assert values["reno"]["scoring"] == "casino" and values["reno"]["passes"] == "1 (no redeal)"
    assert [values[v]["decks"] for v in ("double-canfield", "triple-canfield", "quadruple-canfield")] == ["2", "3", "4"]
    assert values["rainfall"]["passes"] == "3 (2 redeals)" and values["rainfall"]["draws per pass"] == "1"
