"""Columns that build by rank (``build="same-rank"``) and the foundation layout as data
(`canfield.FoundationPile`, ``RuleSpec.foundations``).

The engines play ``same-rank`` through the build table like every other column rule (both engines
side by side in ``test_native``); the foundation layout is spec data, checked here, that the
engines do not play yet, and refuse by name.
"""

from __future__ import annotations

import attrs
import pytest

import canfield
from canfield import FoundationPile, docsgen
from canfield.errors import RulesError, VariantError
from canfield.plugins.builtin import build_predicate
from canfield.plugins.registry import rules_for


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


def test_the_engines_refuse_a_layout_they_do_not_play_yet() -> None:
    with pytest.raises(VariantError, match="do not play yet"):
        rules_for("canfield", foundations=(FoundationPile(takes="set"),))


def test_a_set_pile_needs_no_base_card_so_the_deal_has_one_more_card() -> None:
    # 52 = 43 reserve + 9 columns exactly, with no base card taken out.
    canfield.CANFIELD.evolve(reserve_size=43, columns=9, foundations=(FoundationPile(takes="set"),))
    with pytest.raises(RulesError, match="need 53 cards"):
        canfield.CANFIELD.evolve(reserve_size=43, columns=9)
