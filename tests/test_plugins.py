"""The plugin system: entry points (lazy), run-time and file plugins, contract checks, the CLI."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import canfield
from canfield.cli import main
from canfield.plugins.registry import Registry

from .strategies import variant_ids

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def reg() -> Registry:
    """A fresh registry, so run-time registrations don't leak into other tests."""
    return Registry()


def test_entry_points_load_lazily_not_at_import() -> None:
    code = (
        "import sys, canfield\n"
        "assert 'canfield_variants.classic' not in sys.modules, 'loaded at import'\n"
        "assert canfield.get_variant('classic').source == 'built-in'\n"
        "assert 'canfield_variants.classic' in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_autoload_can_be_turned_off() -> None:
    env = {**os.environ, "CANFIELD_DISABLE_PLUGIN_AUTOLOAD": "1"}
    code = "import canfield; print(sorted(v.id for v in canfield.variants()))"
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True, env=env).stdout
    assert out.strip() == "['canfield']"


def test_the_example_plugin_is_registered() -> None:
    # The README's test command installs examples/canfield-rush; the property tests cover it too.
    assert "rush" in variant_ids()
    rush = canfield.get_variant("rush")
    assert rush.source == "canfield-rush"
    assert rush.overrides() == ["canfield_draw_count"]


def test_rush_draws_three_then_two_then_one() -> None:
    g = canfield.Game.from_code("CF1-D3-AAAAAAA", "rush")
    turned = []
    for _ in range(3):
        sizes = []
        while g.engine.stock:
            before = len(g.engine.waste)
            g.play("s")
            sizes.append(len(g.engine.waste) - before)
        turned.append(max(sizes))
        if g.is_legal("s"):
            g.play("s")
    assert turned == [3, 2, 1]
    with pytest.raises(canfield.IllegalMoveError, match="pass 3 of 3"):
        g.play("s")


def test_pip_install_of_the_example_distribution(tmp_path: Path) -> None:
    target = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target),
         str(ROOT / "examples" / "canfield-rush")],
        check=True,
    )  # fmt: skip
    code = textwrap.dedent(
        """
        import importlib.metadata as md, canfield
        dist = md.distribution("canfield-rush")
        print(dist.locate_file(""))
        print(canfield.get_variant("rush").source)
        """
    )
    env = {**os.environ, "PYTHONPATH": str(target)}
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True, env=env).stdout
    location, source = out.split()
    assert Path(location).resolve() == target.resolve()
    assert source == "canfield-rush"


def test_register_at_run_time(reg: Registry) -> None:
    reg.register(canfield.Variant("gentle", "Gentle", canfield.CANFIELD.evolve(draw=1)))
    assert reg.get("GENTLE").source == "runtime"
    assert reg.rules("gentle").spec.draw == 1


def test_plugin_from_a_file(reg: Registry, tmp_path: Path) -> None:
    path = tmp_path / "kings.py"
    path.write_text(
        textwrap.dedent(
            """
            import canfield

            class Hooks:
                @canfield.hookimpl
                def canfield_fill_rule(self, spec):
                    return canfield.FillRule(auto=False, accepts=lambda card: card % 13 == 12)

            @canfield.hookimpl
            def canfield_register_variants(register):
                register(canfield.Variant("kings", "Kings fill", canfield.CANFIELD, hooks=Hooks()))
            """
        )
    )
    reg.load_file(path)
    v = reg.get("kings")
    assert v.source == "file kings.py" and v.overrides() == ["canfield_fill_rule"]
    rules = reg.rules("kings")
    assert rules.empty_ok == [c % 13 == 12 for c in range(52)] and not rules.auto_fill


def test_a_reused_id_names_both_plugins(reg: Registry) -> None:
    with pytest.raises(canfield.VariantError, match=r"plugin 'dup' .*'classic'.*already taken by variant 'classic'"):
        reg.register(canfield.Variant("classic", "Again", canfield.CANFIELD), name="dup")


def test_an_alias_clash_is_refused(reg: Registry) -> None:
    with pytest.raises(canfield.VariantError, match="'acey', already taken"):
        reg.register(canfield.Variant("mine", "Mine", canfield.CANFIELD, aliases=("acey",)))


def test_a_plugin_that_fails_to_load_is_named(reg: Registry, tmp_path: Path) -> None:
    path = tmp_path / "broken.py"
    path.write_text("raise RuntimeError('boom')\n")
    with pytest.raises(
        canfield.VariantError, match=r"plugin file '.*broken.py' failed to load: RuntimeError\('boom'\)"
    ):
        reg.load_file(path)


class BadBuild:
    @canfield.hookimpl
    def canfield_build_rule(self, spec: canfield.RuleSpec) -> object:
        return lambda card, onto: "yes"


class BadDeal:
    @canfield.hookimpl
    def canfield_deal(self, spec: canfield.RuleSpec, cards: list[int]) -> canfield.Position:
        p = canfield.Position(reserve=cards[:13], start=0, foundations=[(0, 0), (1, 0), (2, 0), (3, 0)],
                              columns=[[c] for c in cards[13:17]], stock=cards[17:51])  # fmt: skip
        return p  # one card lost


class BadPasses:
    @canfield.hookimpl
    def canfield_pass_limit(self, spec: canfield.RuleSpec) -> int:
        return 0


@pytest.mark.parametrize(
    ("hooks", "why"),
    [(BadBuild(), "build rule returned 'yes'"), (BadPasses(), "canfield_pass_limit returned 0")],
)
def test_a_plugin_that_breaks_the_contract_is_named(reg: Registry, hooks: object, why: str) -> None:
    with pytest.raises(
        canfield.VariantError, match=rf"variant 'bad' \(from runtime\) breaks the rules contract: {why}"
    ):
        reg.register(canfield.Variant("bad", "Bad", canfield.CANFIELD, hooks=hooks))
    assert "bad" not in reg


def test_a_deal_hook_that_loses_a_card_is_named(reg: Registry) -> None:
    reg.register(canfield.Variant("lossy", "Lossy", canfield.CANFIELD, hooks=BadDeal()))
    with pytest.raises(canfield.VariantError, match=r"'lossy'.*missing"):
        reg.rules("lossy").deal(list(range(52)))


def test_invalid_spec_is_refused(reg: Registry) -> None:
    with pytest.raises(canfield.RulesError, match="draw=0"):
        reg.register(canfield.Variant("zero", "Zero", canfield.CANFIELD.evolve(draw=0)))


def test_unknown_variant_names_close_matches(reg: Registry) -> None:
    with pytest.raises(canfield.VariantError, match=r"unknown variant 'superor'; did you mean 'superior'"):
        reg.get("superor")


class Counting:
    calls = 0

    @canfield.hookimpl
    def canfield_build_rule(self, spec: canfield.RuleSpec) -> object:
        Counting.calls += 1
        return None  # no opinion: the spec decides


def test_hooks_are_resolved_once_not_per_move(reg: Registry) -> None:
    reg.register(canfield.Variant("counted", "Counted", canfield.CANFIELD, hooks=Counting()))
    calls = Counting.calls
    rules = reg.rules("counted")
    game = canfield.Game(rules, rules.deal(canfield.shuffled_deck(5)))
    for _ in range(200):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(moves[0])
    assert Counting.calls == calls  # compiled at registration, cached since


# -- CLI ---------------------------------------------------------------------------------------


def test_cli_variants(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["variants"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].split() == ["id", "name", "from", "hooks", "overridden"]
    rows = {line.split()[0]: line for line in out.splitlines()[1:]}
    assert set(variant_ids()) == set(rows)
    assert "canfield-rush" in rows["rush"] and "canfield_draw_count" in rows["rush"]
    assert "built-in" in rows["storehouse"]


def test_cli_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "storehouse"]) == 0
    out = capsys.readouterr().out
    assert "build = 'same-suit'" in out and "foundation_base = 1" in out and "redeals = 2" in out


def test_cli_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "nope"]) == 2
    assert "unknown variant 'nope'" in capsys.readouterr().err
    assert main(["play", "CF1-D3-AAAAAA"]) == 2
    assert "malformed deal code" in capsys.readouterr().err


def test_cli_play(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "CF1-D3-AAAAAAA", "12", "s", "--auto", "2"]) == 0
    out = capsys.readouterr().out
    assert "> 12" in out and "> s" in out and "legal moves:" in out
    line = next(x for x in out.splitlines() if x.startswith("position:"))
    assert canfield.Game.from_position(line.removeprefix("position: ")).move_count == 4
