"""The generated rules tables say what the compiled rules do: hooks, draws, passes, ranks."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import canfield
from canfield import docsgen
from canfield.cards import RANKS
from canfield.plugins import registry as registry_module
from canfield.plugins.builtin import build_predicate
from canfield.plugins.registry import Registry, rules_for
from canfield.spec import format_rank

from .positions import game


@pytest.fixture
def fresh() -> Iterator[Registry]:
    """A fresh process registry, so the variants a test registers do not leak into others."""
    old = registry_module._REGISTRY
    registry_module._REGISTRY = Registry()
    try:
        yield registry_module._REGISTRY
    finally:
        registry_module._REGISTRY = old


def _with_hooks(reg: Registry, vid: str, hooks: object, **spec: Any) -> dict[str, str]:
    reg.register(canfield.Variant(vid, vid.title(), canfield.CANFIELD.evolve(**spec), hooks=hooks))
    return docsgen.rule_values(vid)


# -- ranks ------------------------------------------------------------------------------------------


def test_ranks_are_shown_as_ranks() -> None:
    assert [format_rank(r) for r in range(13)] == list(RANKS)
    assert docsgen.format_value("foundation_base", 1) == "2 (fixed)"
    assert docsgen.format_value("foundation_base", 0) == "A (fixed)"
    for bad in (-1, 13, True, "2", None):
        with pytest.raises(canfield.RulesError, match="is not a rank"):
            format_rank(bad)  # type: ignore[arg-type]


def test_storehouse_base_is_read_from_its_compiled_deal() -> None:
    assert docsgen.rule_values("storehouse")["foundation base"] == "2 (fixed)"
    assert docsgen.rule_values("canfield")["foundation base"] == "dealt base card"
    assert (
        docsgen.rule_values(canfield.Variant("q", "Q", canfield.CANFIELD.evolve(foundation_base=11)))["foundation base"]
        == "Q (fixed)"
    )


# -- draws and passes -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("draws", "limit", "text"),
    [
        ((3,), None, "3"),
        ((1,), 1, "1"),
        ((3, 2, 1), 3, "3, 2, 1"),
        ((3, 2, 1, 1, 1), None, "3, 2, 1 (then 1 a pass)"),
        ((3, 2, 1), 5, "3, 2, 1 (then 1 a pass)"),
        ((3, 2, 1), 2, "3, 2"),
        ((2, 2, 2), 3, "2"),
    ],
)
def test_format_draws(draws: tuple[int, ...], limit: int | None, text: str) -> None:
    assert docsgen.format_draws(draws, limit) == text


def test_format_passes() -> None:
    assert docsgen.format_passes(None) == "unlimited"
    assert docsgen.format_passes(1) == "1 (no redeal)"
    assert docsgen.format_passes(2) == "2 (1 redeal)"
    assert docsgen.format_passes(3) == "3 (2 redeals)"


class CountDown:
    @canfield.hookimpl
    def canfield_draw_count(self, spec: canfield.RuleSpec, pass_index: int) -> int:
        return max(1, spec.draw - pass_index)


class FourPasses:
    @canfield.hookimpl
    def canfield_pass_limit(self) -> int:
        return 4


def test_draws_and_passes_come_from_the_hooks(fresh: Registry) -> None:
    values = _with_hooks(fresh, "countdown", CountDown(), redeals=2)
    assert values["draws per pass"] == "3, 2, 1"
    rules = rules_for("countdown")
    assert values["draws per pass"] == docsgen.format_draws(rules.draws, rules.pass_limit)
    values = _with_hooks(fresh, "four", FourPasses())  # the spec says unlimited
    assert values["passes"] == "4 (3 redeals)"


# -- the column rule --------------------------------------------------------------------------------


class SameColour:
    @canfield.hookimpl
    def canfield_build_rule(self) -> Any:
        return build_predicate("same-colour", True)


class AlternateByHand:
    @canfield.hookimpl
    def canfield_build_rule(self) -> Any:
        return lambda card, onto: (onto - card) % 13 == 1 and (card // 13 in (1, 2)) != (onto // 13 in (1, 2))


class TwoDown:
    @canfield.hookimpl
    def canfield_build_rule(self) -> Any:
        return lambda card, onto: onto % 13 - card % 13 == 2


def test_a_hook_built_rule_is_described_from_its_table(fresh: Registry) -> None:
    assert _with_hooks(fresh, "hand", AlternateByHand())["column build"] == "alternate colour, king on ace"
    assert _with_hooks(fresh, "tone", SameColour())["column build"] == "same colour, king on ace"
    custom = _with_hooks(fresh, "twodown", TwoDown(), build="any-suit")
    assert custom["column build"] == "custom: canfield_build_rule"  # not the spec's 'any-suit'


@pytest.mark.parametrize("wraps", [True, False])
@pytest.mark.parametrize("name", sorted(docsgen.BUILD_WORDS))
def test_every_known_rule_is_recognised_from_a_hook(name: str, wraps: bool) -> None:
    class Known:
        @canfield.hookimpl
        def canfield_build_rule(self) -> Any:
            return build_predicate(name, wraps)

    variant = canfield.Variant("probe", "Probe", canfield.CANFIELD.evolve(build="any-suit"), hooks=Known())
    text = docsgen.rule_values(variant)["column build"]
    if name == "same-rank":  # by rank: nothing to wrap
        assert text == docsgen.BUILD_WORDS[name]
    else:
        assert text == f"{docsgen.BUILD_WORDS[name]}, " + ("king on ace" if wraps else "no king on ace")


def test_build_wraps_false_is_shown() -> None:
    v = canfield.Variant("nowrap", "No wrap", canfield.CANFIELD.evolve(build_wraps=False))
    assert docsgen.rule_values(v)["column build"] == "alternate colour, no king on ace"


class NoWrap:
    """Alternate colours, one rank down, and no wrap: the predicate says nothing about K on A."""

    @canfield.hookimpl
    def canfield_build_rule(self) -> Any:
        return lambda card, onto: onto % 13 - card % 13 == 1 and (card // 13 in (1, 2)) != (onto // 13 in (1, 2))


def test_a_build_rule_handles_the_wrap_itself(fresh: Registry) -> None:
    # The predicate is the whole rule: nothing adds the king-on-ace wrap to a hook's answer,
    # even though the spec's build_wraps is True.
    fresh.register(canfield.Variant("nowrap-hook", "No wrap", canfield.CANFIELD, hooks=NoWrap()))
    rules = rules_for("nowrap-hook")
    king_of_hearts, ace_of_spades = canfield.parse_card("KH"), canfield.parse_card("AS")
    assert rules.spec.build_wraps and not rules.builds[king_of_hearts * 52 + ace_of_spades]
    g = game("nowrap-hook", reserve="KH", columns="AS/2C/3C/4C", foundations="7:H1.S0.D0.C0")
    with pytest.raises(canfield.IllegalMoveError):
        g.play("r1")
    wraps = game("canfield", reserve="KH", columns="AS/2C/3C/4C", foundations="7:H1.S0.D0.C0")
    wraps.play("r1")  # the default rule wraps: K♥ on A♠


# -- fill, reserve, scoring ---------------------------------------------------------------------------


class KingsOnly:
    @canfield.hookimpl
    def canfield_fill_rule(self) -> canfield.FillRule:
        return canfield.FillRule(auto=False, accepts=lambda card: card % 13 == 12)


class Evens:
    @canfield.hookimpl
    def canfield_fill_rule(self) -> canfield.FillRule:
        return canfield.FillRule(auto=True, accepts=lambda card: card % 2 == 0)


class Shown:
    @canfield.hookimpl
    def canfield_reserve_visible(self) -> int:
        return 3


class AppScores:
    @canfield.hookimpl
    def canfield_scoring(self) -> Any:
        from canfield.scoring import AppScoring

        return AppScoring()


def test_fill_reserve_and_scoring_come_from_the_compiled_rules(fresh: Registry) -> None:
    assert _with_hooks(fresh, "kings", KingsOnly())["empty column"] == "a king, by choice"
    assert _with_hooks(fresh, "evens", Evens())["empty column"] == "custom: canfield_fill_rule"
    assert _with_hooks(fresh, "shown", Shown())["reserve face up"] == "top 3"
    assert _with_hooks(fresh, "scores", AppScores(), scoring="none")["scoring"] == "app"  # the hook's, not 'none'
    assert docsgen.rule_values("superior")["reserve face up"] == "all"
    assert docsgen.rule_values("superior")["empty column"] == "any card, by choice"
    assert docsgen.rule_values("casino")["scoring"] == "casino"
    assert docsgen.rule_values("cardgames-io")["scoring"] == "custom: canfield_scoring"
