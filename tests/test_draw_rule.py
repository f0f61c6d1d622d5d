"""One draw rule for every way a game is made.

A variant's own draw wins unless the caller asks for another; a deal code's ``D`` is the draw the
game is played with (a request when the code is given); a code and a ``draw=`` that disagree are an
error, and only then. For a variant whose draw changes from pass to pass, ``D`` is the first pass's.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import canfield
from canfield.deals import CODE_SPACE
from canfield.plugins import registry as registry_module
from canfield.plugins.registry import Registry, rules_for
from canfield.records import from_record

ROOT = Path(__file__).resolve().parent.parent
BUILT_INS = ["canfield", "classic", "superior", "rainbow", "storehouse", "no-redeal", "casino", "cardgames-io"]


class _CountDown:
    """A draw that counts down by one each pass from the draw option (as the rush example does)."""

    @canfield.hookimpl
    def canfield_draw_count(self, spec: canfield.RuleSpec, pass_index: int) -> int:
        return max(1, spec.draw - pass_index)


class _AlwaysTwo:
    """A draw the variant fixes whatever the draw option."""

    @canfield.hookimpl
    def canfield_draw_count(self, spec: canfield.RuleSpec, pass_index: int) -> int:
        return 2


# Variants of this module only, passed as objects (not registered, so other tests never see them).
COUNTDOWN = canfield.Variant(
    id="test-countdown", name="Count-down draw", spec=canfield.CANFIELD.evolve(draw=3, redeals=2), hooks=_CountDown()
)
ALWAYS_TWO = canfield.Variant(id="test-always-two", name="Always two", hooks=_AlwaysTwo())
DRAWS_TWO = canfield.Variant(id="test-draws-two", name="Draws two", spec=canfield.CANFIELD.evolve(draw=2))

VARIANTS: list[str | canfield.Variant] = [*BUILT_INS, COUNTDOWN, ALWAYS_TWO, DRAWS_TWO]


def code_draw(game: canfield.Game) -> int:
    assert game.code is not None
    return canfield.parse_code(game.code)[0]


# -- the variant's own draw, unless the caller asks -------------------------------------------------


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_plays_the_variants_own_draw_and_its_code_says_so(variant: str | canfield.Variant) -> None:
    game = canfield.Game.random(variant, rng=random.Random(1))
    assert game.rules.draws == rules_for(variant).draws
    assert game.options() == {}
    assert code_draw(game) == game.rules.draws[0]


@pytest.mark.parametrize(("variant", "draw"), [("rainbow", 1), ("storehouse", 1), ("canfield", 3), (DRAWS_TWO, 2)])
def test_the_variants_own_draw(variant: str | canfield.Variant, draw: int) -> None:
    deal = canfield.shuffled_deck(5)
    assert canfield.Game.from_deal(deal, variant).rules.draws[0] == draw
    assert code_draw(canfield.Game.random(variant)) == draw
    assert canfield.Game.from_code(canfield.make_code(5, draw), variant).options() == {}


@pytest.mark.parametrize("variant", ["rainbow", "canfield", DRAWS_TWO])
@pytest.mark.parametrize("draw", [1, 2, 3, 5])
def test_asking_for_a_draw(variant: str | canfield.Variant, draw: int) -> None:
    deal = canfield.shuffled_deck(5)
    assert canfield.Game.from_deal(deal, variant, draw=draw).rules.draws[0] == draw
    game = canfield.Game.random(variant, draw=draw)
    assert game.rules.draws[0] == code_draw(game) == draw
    coded = canfield.Game.from_code(canfield.make_code(5, draw), variant)
    assert coded.rules.draws[0] == draw
    assert coded.code == canfield.make_code(5, draw)
    assert coded.options() == ({} if draw == rules_for(variant).spec.draw else {"draw": draw})


def test_a_code_plays_its_draw_even_where_the_variant_draws_another() -> None:
    game = canfield.Game.from_code("CF1-D3-AAAAAAA", "rainbow")
    assert game.rules.draws == (3,) and game.options() == {"draw": 3}
    assert game.code == "CF1-D3-AAAAAAA"
    assert "draw 3" in str(game)


# -- both stated ------------------------------------------------------------------------------------


def test_a_code_and_a_draw_that_agree() -> None:
    game = canfield.Game.from_code("CF1-D1-AAAAAAA", "superior", draw=1)
    assert game.rules.draws[0] == 1 and game.code == "CF1-D1-AAAAAAA"
    assert game.position_string() == canfield.Game.from_code("CF1-D1-AAAAAAA", "superior").position_string()


@pytest.mark.parametrize(("code", "draw"), [("CF1-D3-AAAAAAA", 1), ("CF1-D1-AAAAAAA", 3), ("cf1-d2-abcdefg", 3)])
def test_a_code_and_a_draw_that_disagree(code: str, draw: int) -> None:
    with pytest.raises(canfield.InvalidCodeError, match=rf"says draw \d, but draw={draw} was given"):
        canfield.Game.from_code(code, "superior", draw=draw)


def test_the_readme_examples_run() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    calls = re.findall(r"`(canfield\.Game\.from_code\([^`]*\))`", readme)
    assert calls, "the README shows how to play a variant with options"
    for call in calls:
        game = eval(call, {"canfield": canfield})  # the README's own text
        assert isinstance(game, canfield.Game)
        assert code_draw(game) == game.rules.draws[0]


# -- a draw that changes with each pass -------------------------------------------------------------


def test_count_down_draw_from_its_code() -> None:
    own = canfield.Game.from_code("CF1-D3-AAAAAAA", COUNTDOWN)
    assert own.rules.draws == (3, 2, 1) and own.options() == {}
    assert code_draw(canfield.Game.random(COUNTDOWN)) == 3
    # D1 asks for draw 1: the hook counts down from 1, so every pass turns 1 card.
    one = canfield.Game.from_code("CF1-D1-AAAAAAA", COUNTDOWN)
    assert one.rules.draws == (1, 1, 1) and one.options() == {"draw": 1}
    assert one.code == "CF1-D1-AAAAAAA"
    two = canfield.Game.from_code("CF1-D2-AAAAAAA", COUNTDOWN)
    assert two.rules.draws == (2, 1, 1)


def test_the_rush_example_plugin() -> None:
    pytest.importorskip("canfield_rush")
    rush = canfield.Game.from_code("CF1-D3-AAAAAAA", "rush")
    assert rush.rules.draws == (3, 2, 1) and rush.options() == {}
    assert code_draw(canfield.Game.random("rush")) == 3
    one = canfield.Game.from_code("CF1-D1-AAAAAAA", "rush")
    assert one.rules.draws == (1, 1, 1) and one.code == "CF1-D1-AAAAAAA"


def test_a_draw_the_variant_fixes() -> None:
    game = canfield.Game.random(ALWAYS_TWO)
    assert game.rules.draws == (2,) * len(game.rules.draws) and code_draw(game) == 2
    assert canfield.Game.from_code("CF1-D2-AAAAAAA", ALWAYS_TWO).options() == {}
    assert canfield.Game.from_code("CF1-D2-AAAAAAA", ALWAYS_TWO, draw=5).rules.draws[0] == 2
    with pytest.raises(canfield.InvalidCodeError, match="'test-always-two' with these options turns 2"):
        canfield.Game.from_code("CF1-D3-AAAAAAA", ALWAYS_TWO)


@pytest.fixture
def own_registry(monkeypatch: pytest.MonkeyPatch) -> Registry:
    """The process's registry replaced, for this test, by one of its own (what it registers stays here)."""
    fresh = Registry(autoload=False)
    monkeypatch.setattr(registry_module, "_REGISTRY", fresh)
    return fresh


def test_a_saved_game_of_a_variant_whose_draw_ignores_the_spec_reloads(own_registry: Registry) -> None:
    # The hook draws 2 whatever spec.draw (3) says: the record's code says the rules' draw, 2.
    own_registry.register(ALWAYS_TWO)
    games = [
        canfield.Game.random("test-always-two", random.Random(2)),
        canfield.Game.from_code("CF1-D2-AAAAAAB", "test-always-two"),
    ]
    for game in games:
        assert (game.spec.draw, game.rules.first_draw, code_draw(game)) == (3, 2, 2)
        for _ in range(6):
            game.play(game.legal_moves()[-1])  # the stock move, and what is left when none
        again = canfield.Game.from_json(game.to_json())
        assert again.position_string() == game.position_string()
        assert (again.code, again.line) == (game.code, game.line)
    record = json.loads(games[1].to_json())
    record["code"] = "CF1-D3-AAAAAAB"
    with pytest.raises(canfield.RecordError, match="says draw 3, but the record's rules draw 2"):
        from_record(record)


# -- every game's code recreates it ------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(
    variant=st.sampled_from(VARIANTS),
    draw=st.none() | st.integers(1, 6),
    seed=st.integers(0, CODE_SPACE - 1),
    how=st.sampled_from(["random", "from_code", "copy"]),
)
def test_a_games_code_and_options_make_the_same_game(
    variant: str | canfield.Variant, draw: int | None, seed: int, how: str
) -> None:
    options: dict[str, Any] = {} if draw is None else {"draw": draw}
    if how == "from_code":
        wanted = rules_for(variant, **options).draws[0]
        game = canfield.Game.from_code(canfield.make_code(seed, wanted), variant, **options)
    else:
        game = canfield.Game.random(variant, random.Random(seed), **options)
        if how == "copy":
            game = game.copy()
    assert game.code is not None
    assert code_draw(game) == game.rules.draws[0]
    again = canfield.Game.from_code(game.code, game.rules.variant, **game.options())
    assert again.position_string() == game.position_string()
    assert again.rules.draws == game.rules.draws
    # the code alone says the draw: without the options it asks for the same draws
    assert canfield.Game.from_code(game.code, game.rules.variant).rules.draws[0] == game.rules.draws[0]


def test_games_without_a_code() -> None:
    deal = canfield.shuffled_deck(9)
    assert canfield.Game.from_deal(deal, "rainbow").code is None
    game = canfield.Game.from_code("CF1-D1-AAAAAAA", "rainbow")
    assert canfield.Game.from_position(game.position_string()).code is None
    assert game.copy().code == game.code
