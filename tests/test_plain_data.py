"""The views and helpers take plain data (rules, a position, an observation), no `Game`; `Game` reaches them.

Each view is used here without a game and checked against what the game's thin method gives, so
both paths stay one. The rule facts are worked out once in the compiled rules and read by every view.
"""

from __future__ import annotations

import copyreg
import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import canfield
from canfield import hints
from canfield.board import board_text
from canfield.describe import describe
from canfield.native import finish, native_engine, native_position
from canfield.notation import format_position_string, parse_position_string
from canfield.observation import Observation, observe
from canfield.plugins import registry as registry_module
from canfield.plugins.registry import rules_for
from canfield.policy import Hint, preferred_move
from canfield.rules import Rules
from canfield.solver import solve, solve_position, winnable_deal
from canfield.spec import read_option
from canfield.svg import board_svg
from canfield.tap import tap_move
from canfield.text import format_option

from .positions import game as game_at
from .strategies import games, play_random

TAKEBACK = "canfield - A:S10.H10.D7.C13 JH9D/8DQH/JSKD/QSKSKHQDTDJD - - 0 0 0"


def dealt(variant: str = "canfield", number: int = 7, **options: object) -> tuple[Rules, canfield.Position]:
    """Compiled rules and the start of deal ``number``: plain data, no game."""
    rules = rules_for(variant, **options)
    return rules, rules.deal(canfield.shuffled_deck(number, rules.decks))


# -- views of an observation ---------------------------------------------------------------------


@settings(max_examples=30, deadline=None)
@given(games(), st.data())
def test_every_view_of_an_observation_is_the_games(game: canfield.Game, data: st.DataObject) -> None:
    play_random(game, data, 20)
    obs = observe(
        game.rules,
        game.position,
        score=game.score,
        moves=game.move_count,
        won=game.is_won(),
        lost=game.is_lost(),
    )
    assert obs == game.observation()
    assert board_text(obs) == str(game) == board_text(game)
    assert describe(obs, "pl") == game.describe("pl") == describe(game, "pl")
    assert board_svg(obs) == game._repr_svg_() == board_svg(game)


def test_a_view_needs_no_game() -> None:
    rules, position = dealt("superior", 3)
    obs = observe(rules, position, score=5, moves=2)
    assert isinstance(obs, Observation) and None not in obs.reserve  # Superior shows its whole reserve
    assert board_text(obs).splitlines()[0] == "Superior Canfield · draw 3 · pass 1 of unlimited · score 5 · moves 2"
    assert describe(obs).startswith("Stock: 34 cards;")
    assert "<title>Superior Canfield: pass 1 of unlimited, score 5, 2 moves</title>" in board_svg(obs)


def test_the_pass_text_is_the_rules_one_everywhere() -> None:
    game = canfield.Game.from_code("CF1-D1-AAAAAAB", "rainbow")  # one pass
    while game.position.stock:
        game.play("s")
    passes = game.rules.passes_text(game.position.recycles)
    assert passes == "pass 1 of 1" == game.observation().passes
    assert passes in str(game).splitlines()[0]
    assert f"<title>Rainbow Canfield: {passes}," in game._repr_svg_()
    assert game.explain("s") == f"the stock is empty and no redeal is left ({passes})"
    unlimited = canfield.Game.from_code("CF1-D3-AAAAAAB").rules
    assert (
        unlimited.passes_text(4) == "pass 5 of unlimited" and unlimited.passes_text(0, unlimited="∞") == "pass 1 of ∞"
    )


# -- rule facts, computed once ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("draws", "steady"),
    [((3,), 0), ((3, 3, 3), 0), ((3, 2, 1), 2), ((3, 2, 1, 1, 1), 2), ((1, 3, 3), 1), ((2, 1, 2), 2)],
)
def test_the_steady_pass_is_where_the_draws_stop_changing(draws: tuple[int, ...], steady: int) -> None:
    class Draws:
        @canfield.hookimpl
        def canfield_draw_count(self, spec: canfield.RuleSpec, pass_index: int) -> int:
            return draws[min(pass_index, len(draws) - 1)]

    rules = rules_for(canfield.Variant("test-draws", "Draws", hooks=Draws()))
    assert rules.steady_pass == steady
    assert all(rules.draw_count(r) == draws[-1] for r in range(steady, steady + 20))
    assert rules.first_draw == draws[0]


def test_auto_finish_is_a_rule_fact() -> None:
    assert rules_for("cardgames-io").auto_finish and not rules_for("canfield").auto_finish
    assert rules_for("canfield", auto_finish=True).auto_finish


def test_rules_pickle_through_the_registry() -> None:
    rules = rules_for("classic", draw=1)
    assert copyreg.dispatch_table[Rules] is registry_module._pickle_rules
    assert pickle.loads(pickle.dumps(rules)) is rules
    assert "__reduce__" not in vars(Rules)  # the rules module does not know how: the registry says it


# -- the native engine, set up and read one way ------------------------------------------------------


def test_a_native_engine_from_rules_and_a_position() -> None:
    rules, position = dealt("storehouse", 11)
    engine = native_engine(rules, position)
    assert native_position(engine) == position
    assert engine.moves() == canfield.Game(rules, position).engine.moves()


def test_finish_sends_cards_up_until_stock_waste_and_reserve_are_empty() -> None:
    game = game_at("cardgames-io", reserve="", foundations="A:S12.H13.D13.C12", columns="KS/KC//", stock="")
    engine = native_engine(game.rules, game.position)
    done = finish(engine)
    assert [canfield.Move.from_int(m).text for m in done] == ["1f", "2f"] and engine.is_won()
    assert finish(engine) == ()


# -- the policy, the tap, the solver and hints, on plain data -----------------------------------------


def test_the_policy_takes_rules_and_a_position() -> None:
    rules, position = dealt("classic", 5)
    move = preferred_move(rules, position)
    assert move is not None and move.code in native_engine(rules, position).moves()
    assert preferred_move(rules, position) is move  # the same position, the same move


def test_the_policy_never_takes_back_and_always_has_a_legal_move() -> None:
    rng = random.Random(8)
    for number in range(20):
        rules, position = dealt("canfield", number)
        game = canfield.Game(rules, position)
        for _ in range(30):
            move = preferred_move(game.rules, game.position)
            if move is None:
                break
            assert not move.from_foundation and game.is_legal(move)
            game.play(move if rng.random() < 0.8 else rng.choice(game.legal_moves()))


def test_the_tap_reads_a_position_and_its_legal_moves() -> None:
    game = game_at(reserve="2D", waste="6H", columns="7S/8D 7C/KD/QS")
    legal = game.legal_moves()
    assert str(tap_move(game.position, legal, "w")) == "w2"
    assert tap_move(game.position, legal, "w", double_tap=False) is None
    assert str(game.tap("w")) == "w2"


def test_solving_a_position_needs_no_game() -> None:
    game = canfield.Game.from_position(TAKEBACK)
    found, through_the_game = solve_position(game.rules, game.position), solve(game)
    assert found.verdict == "won" and (found.verdict, found.line) == (through_the_game.verdict, through_the_game.line)


def test_winnable_deals_deal_as_before() -> None:
    rules = rules_for("classic")
    number = winnable_deal(rules, random.Random(5))
    game = canfield.Game.random("classic", random.Random(5), winnable=True)
    assert game.code == canfield.make_code(number, 3)
    assert solve(game).verdict == "won"


def test_a_hint_follows_the_line_it_found_without_searching_again(monkeypatch: pytest.MonkeyPatch) -> None:
    game = canfield.Game.from_position(TAKEBACK)
    first = game.hint()
    assert first.source == "solver" and first.verdict == "won" and first.move is not None
    game.play(first.move)

    def no_search(*args: object, **kwargs: object) -> None:
        raise AssertionError("searched again")

    monkeypatch.setattr(hints, "solve_position", no_search)
    following = game.hint()
    assert isinstance(following, Hint) and following.source == "solver" and following.move in game.legal_moves()
    with pytest.raises(AssertionError, match="searched again"):
        canfield.Game.from_position(TAKEBACK).hint()


# -- text parsing, without a game ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("redeals", None),
        ("redeals", 3),
        ("build_wraps", True),
        ("build_wraps", False),
        ("foundation_base", 0),
        ("tableau_moves", "top-or-whole"),
        ("scoring", "none"),
    ],
)
def test_option_values_read_back(field: str, value: object) -> None:
    assert read_option(field, format_option(value)) == value


def test_a_position_string_reads_without_rules() -> None:
    game = canfield.Game.from_code("CF1-D1-AAAAAAB", "classic", redeals=1)
    game.play("s")
    text = game.position_string()
    parsed = parse_position_string(text)
    assert (parsed.variant, parsed.options) == ("classic", {"draw": "1", "redeals": "1"})
    assert (parsed.position, parsed.score, parsed.move_count) == (game.position, game.score, game.move_count)
    assert format_position_string(*parsed) == text
    parsed = parse_position_string(text.replace("classic,", "no-such-variant,", 1))  # the rules are not checked
    assert parsed.variant == "no-such-variant"
    with pytest.raises(canfield.InvalidPositionError, match="unknown variant"):
        canfield.Game.from_position(text.replace("classic,", "no-such-variant,", 1))
