"""Columns that build by rank (``build="same-rank"``) and the foundation layout as data
(`canfield.FoundationPile`, ``RuleSpec.foundations``).

The engines play ``same-rank`` through the build table like every other column rule (both engines
side by side in ``test_native``). Both engines play a foundation layout: two piles a suit running
opposite ways with take-back between them, piles of any suit that open once another is complete,
piles taking four of a kind; here they are played side by side on such layouts, and the moves
that name a pile, the piles in position strings and the refusals of malformed piles are checked.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

import attrs
import pytest

import canfield
from canfield import FoundationPile, docsgen
from canfield.deals import shuffled_deck
from canfield.errors import InvalidPositionError, RulesError
from canfield.moves import encode, is_move_int
from canfield.notation import format_piles, parse_piles
from canfield.plugins.builtin import build_predicate
from canfield.plugins.registry import rules_for
from canfield.solver import solve
from tests.test_native import walk


def test_same_rank_builds_any_suit_of_the_same_rank_only() -> None:
    builds = build_predicate("same-rank", True)
    seven_spades, seven_hearts, eight_hearts = 6, 13 + 6, 13 + 7
    assert builds(seven_hearts, seven_spades) and builds(seven_spades, seven_hearts)
    assert not builds(seven_hearts, eight_hearts) and not builds(eight_hearts, seven_hearts)
    assert build_predicate("same-rank", False)(seven_hearts, seven_spades)


def test_same_rank_game_moves_a_card_onto_its_rank_and_refuses_another() -> None:
    spec = canfield.CANFIELD.evolve(build="same-rank", foundation_takeback=False)
    pos = canfield.Position(
        reserve=(30,),
        start=0,
        foundations=((0, 1), (1, 0), (2, 0), (3, 0)),
        columns=((6,), (13 + 6,), (13 + 7,), (26 + 2,)),
        stock=tuple(c for c in range(52) if c not in (0, 30, 6, 19, 20, 28)),
    )
    game = canfield.Game(rules_for("canfield", **attrs.asdict(spec, recurse=False)), pos)
    assert [str(m) for m in game.legal_moves()] == ["21", "12", "s"]
    before = game.position
    with pytest.raises(canfield.IllegalMoveError):
        game.play("31")  # 8♥ on 7♠: not the same rank
    assert game.position == before
    game.play("21")
    assert game.position.columns[0] == (6, 19)


def test_same_rank_is_described_by_rank() -> None:
    rules = rules_for("canfield", build="same-rank")
    assert docsgen.describe_build(rules) == "by rank, any suit"


def test_the_plot_is_expressible_as_data() -> None:
    plot = (FoundationPile(dealt=True), *(FoundationPile(after=0) for _ in range(7)))
    spec = canfield.CANFIELD.evolve(decks=2, reserve_size=13, columns=9, foundations=plot)
    assert spec.foundations is not None and spec.foundations[0].dealt and spec.foundations[7].after == 0


def test_lafayette_and_beehive_layouts_are_expressible_as_data() -> None:
    two_way = tuple(
        p
        for s in range(4)
        for p in (
            FoundationPile(suit=s, start=0, wraps=False),
            FoundationPile(suit=s, start=12, direction="down", wraps=False),
        )
    )
    assert len(canfield.CANFIELD.evolve(foundations=two_way).foundations or ()) == 8
    hive = canfield.CANFIELD.evolve(columns=6, build="same-rank", foundations=(FoundationPile(takes="set"),))
    assert hive.foundations == (FoundationPile(takes="set"),)


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda: FoundationPile(suit=4), "suit"),
        (lambda: FoundationPile(direction="sideways"), "direction"),
        (lambda: FoundationPile(takes="set", suit=0), "takes='set'"),
        (lambda: FoundationPile(dealt=True, start=3), "dealt=True"),
        (lambda: canfield.CANFIELD.evolve(foundations=(FoundationPile(after=1),)), "pile 0 opens after pile 1"),
        (lambda: canfield.CANFIELD.evolve(foundations=(FoundationPile(),)), "dealt=True"),
        (lambda: canfield.CANFIELD.evolve(foundations=(FoundationPile(dealt=True),) * 2), "at most one"),
        (lambda: canfield.CANFIELD.evolve(foundations=[FoundationPile(dealt=True)]), "tuple"),
        (
            lambda: canfield.CANFIELD.evolve(foundations=(FoundationPile(suit=0, start=0),), foundation_base=0),
            "foundation_base",
        ),
    ],
)
def test_bad_foundation_layouts_are_refused_by_name(make: object, words: str) -> None:
    with pytest.raises(RulesError, match=words.replace("(", r"\(")):
        make()  # type: ignore[operator]


TWO_WAY = tuple(
    p
    for s in range(4)
    for p in (
        FoundationPile(suit=s, start=0, wraps=False),
        FoundationPile(suit=s, start=12, direction="down", wraps=False),
    )
)
PLOT = (FoundationPile(dealt=True), *(FoundationPile(after=0) for _ in range(7)))
HIVE = (FoundationPile(takes="set"),)

#: Layouts played on both engines: Lafayette's with take-back between a suit's two piles, and
#: without; The Plot's any-suit piles opening after the dealt one (with and without take-back);
#: Beehive's set pile, and two of them (each set then names its pile); four any-suit piles, two
#: up from the ace and two down from the king, so that most cards have two piles to go to.
LAYOUTS: dict[str, dict[str, object]] = {
    "two-way": {"foundations": TWO_WAY, "empty_column_rank": 6},
    "two-way-1": {"foundations": TWO_WAY, "draw": 1, "foundation_takeback": False},
    "plot": {"decks": 2, "columns": 9, "foundations": PLOT, "foundation_takeback": False},
    "plot-takeback": {"decks": 2, "columns": 6, "foundations": PLOT},
    "hive": {"columns": 6, "build": "same-rank", "foundations": HIVE, "foundation_takeback": False},
    "two-hives": {"columns": 6, "build": "same-rank", "foundations": HIVE * 2, "tableau_moves": "top-or-whole"},
    "any-suit": {"build": "any-suit", "foundations": tuple(FoundationPile(start=r) for r in (0, 0, 12, 12))},
}


def layout_game(name: str, seed: int) -> canfield.Game:
    """A deal of ``LAYOUTS[name]``, as a variant of its own (not registered)."""
    spec = canfield.CANFIELD.evolve(**LAYOUTS[name])
    rules = rules_for(canfield.Variant(id=f"test-{name}", name=name, spec=spec))
    return canfield.Game(rules, rules.deal(shuffled_deck(seed, spec.decks)))


@pytest.mark.parametrize("name", sorted(LAYOUTS))
def test_both_engines_play_a_foundation_layout_alike(name: str) -> None:
    rng = random.Random(name)
    seen = sum(walk(layout_game(name, rng.randrange(1 << 30)), rng, 80) for _ in range(5))
    assert seen >= 100


@pytest.mark.parametrize("name", sorted(LAYOUTS))
def test_perft_agrees_on_a_foundation_layout(name: str) -> None:
    rng = random.Random(f"perft {name}")
    for _ in range(4):
        game = layout_game(name, rng.randrange(1 << 30))
        for _ in range(rng.randrange(20, 120)):
            moves = game.legal_moves()
            ups = [m for m in moves if m.to_foundation]
            if not moves:
                break
            game.play(rng.choice(ups if ups and rng.random() < 0.6 else moves))
        assert canfield.perft(game, 3) == canfield.perft(game.reference_engine(), 3), game.position_string()


def test_the_layouts_walks_meet_every_kind_of_layout_move() -> None:
    kinds: Counter[str] = Counter()
    rng = random.Random(3)
    for name in LAYOUTS:
        for _ in range(6):
            ref = layout_game(name, rng.randrange(1 << 30)).reference_engine()
            for _ in range(300):
                moves = ref.moves()
                if not moves:
                    break
                for m in map(canfield.Move.from_int, moves):
                    kinds["names a pile"] += m.target.startswith("f") and m.target != "f"
                    kinds["pile to pile"] += m.source.startswith("f") and m.to_foundation
                    kinds["pile to column"] += m.source.startswith("f") and m.to_column
                    kinds["a set"] += m.to_foundation and m.count == 4
                ups = [m for m in moves if canfield.Move.from_int(m).to_foundation]
                ref.make(rng.choice(ups if ups and rng.random() < 0.5 else moves))
            kinds["won"] += ref.is_won()
    assert all(kinds[k] > 0 for k in ("names a pile", "pile to pile", "pile to column", "a set", "won")), kinds


def test_lafayette_down_pile_takes_the_queen_on_the_king_and_a_card_moves_between_a_suits_piles() -> None:
    # Spades: the up pile holds A-6, the down pile K-8; the seven goes to either, naming its pile.
    seven, queen_h = 6, 13 + 11
    piles = [(0, 1, 2, 3, 4, 5), (12, 11, 10, 9, 8, 7), (), (25,), (), (), (), ()]
    used = {c for p in piles for c in p} | {seven, queen_h}
    rest = [c for c in range(52) if c not in used]
    pos = canfield.Position(
        reserve=(),
        start=0,
        foundations=(),
        foundation_piles=piles,
        columns=((seven,), (queen_h,), (), ()),
        stock=rest,
    )
    spec = canfield.CANFIELD.evolve(**LAYOUTS["two-way"])
    game = canfield.Game(rules_for(canfield.Variant(id="test-two-way", name="t", spec=spec)), pos)
    legal = [str(m) for m in game.legal_moves()]
    assert "1f1" in legal and "1f2" in legal and "1f" not in legal  # the seven: two piles take it
    assert "2f" in legal  # the queen of hearts onto the king of the hearts pile running down
    with pytest.raises(canfield.IllegalMoveError, match="name the pile"):
        game.play("1f")
    game.play("2f")
    assert game.position.foundation_piles[3] == (25, queen_h)
    game.play("1f2")  # the seven on the spade pile running down ...
    assert game.position.foundation_piles[1][-1] == seven
    game.play("f2f")  # ... and over to the spade pile running up
    assert game.position.foundation_piles[0][-1] == seven and game.position.foundation_piles[1][-1] == 7
    for _ in range(3):
        game.undo()
    assert game.position.foundation_piles[3] == (25,) and game.position.columns[0] == (seven,)


@pytest.mark.parametrize(
    ("text", "src", "dst", "count"),
    [
        ("wf2", "w", "f2", 1),
        ("3f16", "3", "f16", 1),
        ("f24", "f2", "4", 1),
        ("f13", "f1", "3", 1),  # pile 1 onto column 3: a column is one character
        ("f113", "f11", "3", 1),
        ("f2f", "f2", "f", 1),
        ("f1f12", "f1", "f12", 1),
        ("r2f3", "r2", "f3", 1),
        ("3f:4", "3", "f", 4),
        ("3f2:4", "3", "f2", 4),
    ],
)
def test_moves_that_name_a_foundation_pile_round_trip_without_a_board(
    text: str, src: str, dst: str, count: int
) -> None:
    move = canfield.Move.parse(text)
    assert (move.source, move.target, move.count, move.text) == (src, dst, count, text)
    assert canfield.Move.from_int(move.code) is move and move.to_foundation == dst.startswith("f")


@pytest.mark.parametrize("text", ["wf17", "wf0", "3f:3", "Sf2", "Sf", "f1f1", "wf:4", "f2f:4"])
def test_malformed_pile_moves_are_refused(text: str) -> None:
    with pytest.raises(canfield.InvalidMoveError):
        canfield.Move.parse(text)


@pytest.mark.parametrize("name", sorted(LAYOUTS))
def test_a_layout_position_round_trips_through_its_pile_fields(name: str) -> None:
    game = layout_game(name, 11)
    rng = random.Random(name)
    for _ in range(60):
        moves = game.legal_moves()
        ups = [m for m in moves if m.to_foundation]
        game.play(rng.choice(ups or moves))
    fields = format_piles(game.position).split()
    assert fields[1].count("/") == len(LAYOUTS[name]["foundations"]) - 1  # type: ignore[arg-type]
    assert parse_piles(fields) == game.position


def test_the_usual_layout_has_no_foundation_piles() -> None:
    game = canfield.Game.from_code("CF1-D3-AAAAAAA")
    assert game.position.foundation_piles == () and game.engine.piles() == []
    assert re.fullmatch(r"[A2-9TJQK]:([SHDC][0-9]+\.){3}[SHDC][0-9]+", game.position_string().split()[2])


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda p: attrs.evolve(p, foundations=((0, 0),) * 4), "its piles hold the cards"),
        (lambda p: attrs.evolve(p, foundation_piles=p.foundation_piles[:-1]), "7 foundation piles"),
        (
            lambda p: attrs.evolve(
                p, foundation_piles=((_two(p),), *p.foundation_piles[1:]), stock=_without(p.stock, _two(p))
            ),
            "does not build",
        ),
        (lambda p: attrs.evolve(p, stock=p.stock[1:]), "missing"),
    ],
)
def test_malformed_layout_positions_are_refused(change: Any, words: str) -> None:
    game = layout_game("two-way", 5)
    with pytest.raises(InvalidPositionError, match=words):
        canfield.Game(game.rules, change(game.position))


def _without(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    return tuple(c for c in cards if c != card)


def _two(p: canfield.Position) -> int:
    """A stock card that no empty pile of Lafayette's layout starts with (no ace, no king)."""
    return next(c for c in p.stock if c % 13 not in (0, 12))


def test_a_pile_opening_after_another_takes_nothing_before_it_is_complete() -> None:
    game = layout_game("plot", 2)
    base = game.position.foundation_piles[0][0]
    assert all(not p for p in game.position.foundation_piles[1:])
    same_rank = [c for c in (game.position.waste + game.position.stock) if c % 13 == base % 13]
    assert same_rank  # another card of the base rank, which only a closed pile would take
    ref = game.reference_engine()
    assert all(ref.takers[c] == 0 for c in same_rank)


@pytest.mark.parametrize("name", ["two-way", "hive", "plot-takeback"])
def test_the_solver_solves_a_layout_deal_and_its_line_wins(name: str) -> None:
    won = 0
    for seed in range(4):
        game = layout_game(name, 500 + seed)
        solution = solve(game, max_states=400_000)
        if solution.verdict != "won":
            continue
        won += 1
        for move in solution.line:
            game.play(move)
        assert game.is_won()
    assert won >= 2


def test_a_set_pile_needs_no_base_card_so_the_deal_has_one_more_card() -> None:
    # 52 = 43 reserve + 9 columns exactly, with no base card taken out.
    canfield.CANFIELD.evolve(reserve_size=43, columns=9, foundations=(FoundationPile(takes="set"),))
    with pytest.raises(RulesError, match="need 53 cards"):
        canfield.CANFIELD.evolve(reserve_size=43, columns=9)


def test_every_view_shows_a_layouts_piles() -> None:
    game = layout_game("two-way", 3)
    rng = random.Random(1)
    for _ in range(80):  # until some piles hold cards
        moves = game.legal_moves()
        game.play(rng.choice([m for m in moves if m.to_foundation] or moves))
    piles = game.position.foundation_piles
    full = next(f for f, p in enumerate(piles) if p)
    board = canfield.board.board_text(game)
    assert "f1 A♠↑" in board and "f2 K♠↓" in board and f"f{full + 1}" in board
    picture = canfield.svg.board_svg(game)
    assert "f2 ↓" in picture and f"f{full + 1} {'↓' if full % 2 else '↑'} {len(piles[full])}" in picture
    words = {
        "en": "(spades, king down)",
        "it": "(picche, re in giù)",
        "fr": "(pique, roi en descendant)",
        "pl": "(pik, król w dół)",
    }
    for lang, said in words.items():
        assert said in canfield.describe.describe(game, lang)
    hive = layout_game("hive", 1)
    assert "f1 4×" in canfield.board.board_text(hive) and "f1 0 sets" in canfield.svg.board_svg(hive)
    assert "(sets of four of a kind) empty" in canfield.describe.describe(hive)


def test_the_terminal_says_what_a_pile_move_does() -> None:
    from canfield.terminal import describe_move

    seven, queen_h = 6, 13 + 11
    piles = [(0, 1, 2, 3, 4, 5), (12, 11, 10, 9, 8, 7), (), (25,), (), (), (), ()]
    used = {c for p in piles for c in p} | {seven, queen_h}
    pos = canfield.Position(
        reserve=(),
        start=0,
        foundations=(),
        foundation_piles=piles,
        columns=((seven,), (queen_h,), (), ()),
        stock=[c for c in range(52) if c not in used],
    )
    spec = canfield.CANFIELD.evolve(foundations=TWO_WAY)  # any card fills an empty column
    game = canfield.Game(rules_for(canfield.Variant(id="test-two-way", name="t", spec=spec)), pos)
    said = {m.text: describe_move(game, m) for m in game.legal_moves()}
    assert said["1f2"] == "7♠ from column 1 up to foundation pile 2"
    assert said["2f"] == "Q♥ from column 2 up to its foundation"
    assert said["f43"] == "K♥ from foundation pile 4 to the empty column 3"


@pytest.mark.parametrize("name", sorted(LAYOUTS))
def test_a_layout_reads_back_from_its_option_text(name: str) -> None:
    layout = LAYOUTS[name]["foundations"]
    text = canfield.text.format_option(layout)
    assert "," not in text and " " not in text  # it sits in a position string's rules field
    assert canfield.spec.read_option("foundations", text) == layout


def test_the_option_text_of_each_kind_of_pile() -> None:
    assert str(FoundationPile(suit=0, start=0, wraps=False)) == "SAun"
    assert str(FoundationPile(suit=3, start=12, direction="down")) == "CKd"
    assert str(FoundationPile(dealt=True)) == "xbu*"
    assert str(FoundationPile(after=0)) == "xbu>1"
    assert str(FoundationPile(takes="set")) == "set"
    for bad in ("", "SA", "ZAu", "S1u", "setx", "SAu>0", "SAu>17x"):
        with pytest.raises(RulesError, match="is not a pile"):
            canfield.spec.parse_foundations(bad)


def test_a_game_with_a_layout_option_keeps_it_in_its_position_string() -> None:
    game = canfield.Game.from_code("CF1-D3-AAAAAAB", "canfield", foundations=PLOT, decks=2, columns=9)
    text = game.position_string()
    assert ",foundations=xbu*/xbu>1/" in text.split()[0]
    again = canfield.Game.from_position(text)
    assert again.position == game.position and again.rules.spec == game.rules.spec


@pytest.mark.parametrize("name", sorted(LAYOUTS))
def test_every_well_formed_move_is_explained_under_a_layout(name: str) -> None:
    # Legal exactly when the engine lists it; otherwise a reason, never a crash, on any move int.
    game = layout_game(name, 21)
    rng = random.Random(name)
    for _ in range(40):
        moves = game.legal_moves()
        game.play(rng.choice([m for m in moves if m.to_foundation] or moves))
    ref = game.reference_engine()
    legal = set(ref.moves())
    places = [*range(2, 8), *range(8, 8 + game.rules.columns), *range(32, 48), 48]
    for src in places:
        for dst in (3, *range(8, 8 + game.rules.columns), *range(32, 48)):
            for n in (1, 2, 4):
                m = encode(src, dst, n)
                if not is_move_int(m, game.rules.columns):
                    continue
                why = ref.explain(m)
                assert (why == "legal") == (m in legal), (canfield.Move.from_int(m).text, why)
                assert game.explain(m) == why


#: Pinned perft counts of each test layout, from deal ``seed`` after ``moves`` moves of a seeded
#: walk that prefers moves up: a change in how a layout's moves are made changes them.
PINNED = {
    "any-suit": (7, 40, [1, 3, 9, 26, 72, 193, 523]),
    "hive": (10, 20, [1, 3, 8, 20, 46, 94, 169]),
    "plot": (7, 40, [1, 2, 4, 9, 25, 91, 444]),
    "plot-takeback": (7, 40, [1, 5, 18, 93, 517, 3737, 30352]),
    "two-hives": (10, 20, [1, 2, 3, 3, 3, 3, 4]),
    "two-way": (7, 40, [1, 2, 4, 8, 17, 38, 86]),
    "two-way-1": (7, 40, [1, 1, 2, 3, 6, 11, 18]),
}


@pytest.mark.parametrize("name", sorted(PINNED))
def test_perft_counts_of_each_layout_are_pinned_on_both_engines(name: str) -> None:
    seed, moves, counts = PINNED[name]
    game = layout_game(name, seed)
    rng = random.Random(f"pin {name}")
    for _ in range(moves):
        legal = game.legal_moves()
        game.play(rng.choice([m for m in legal if m.to_foundation] or legal))
    assert [canfield.perft(game, d) for d in range(len(counts))] == counts
    small = [d for d, n in enumerate(counts) if n <= 5_000]
    assert [canfield.perft(game.reference_engine(), d) for d in small] == [counts[d] for d in small]
