"""The plugin system: entry points (lazy), run-time and file plugins, contract checks, the CLI."""

from __future__ import annotations

import dataclasses
import importlib
import importlib.metadata
import os
import subprocess
import sys
import textwrap
import types
from pathlib import Path
from typing import Any

import pytest

import canfield
from canfield.cli import main
from canfield.plugins import registry as registry_module
from canfield.plugins import variants as builtin_variants
from canfield.plugins.registry import Registry

from .strategies import variant_ids

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def reg() -> Registry:
    """A fresh registry, so run-time registrations don't leak into other tests."""
    return Registry()


#: The built-in variants in the registry's order: ``canfield`` first, then by id.
BUILTIN_IDS = [
    "canfield",
    "acme",
    "american-toad",
    "beehive",
    "candike",
    "canfield-rush",
    "cardgames-io",
    "casino",
    "chameleon",
    "classic",
    "double-canfield",
    "duke",
    "dutchess",
    "eagle-wing",
    "gate",
    "lafayette",
    "little-gate",
    "minerva",
    "munger",
    "mystique",
    "no-redeal",
    "quadruple-canfield",
    "rainbow",
    "rainfall",
    "reno",
    "storehouse",
    "superior",
    "the-plot",
    "triple-canfield",
    "two-deck-demon",
    "variegated-canfield",
]


def _run(code: str, **env: str) -> str:
    full = {**os.environ, **env}
    return subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True, env=full).stdout


def test_builtins_load_on_first_use_not_at_import() -> None:
    code = (
        "import sys, canfield\n"
        "assert 'canfield.plugins.variants.classic' not in sys.modules, 'loaded at import'\n"
        "assert 'canfield_rush' not in sys.modules, 'entry point loaded at import'\n"
        "assert canfield.get_variant('classic').source == 'built-in'\n"
        "assert 'canfield.plugins.variants.classic' in sys.modules\n"
    )
    _run(code)


def test_autoload_off_keeps_the_builtins() -> None:
    code = "import canfield; print(' '.join(f'{v.id}:{v.source}' for v in canfield.variants()))"
    out = _run(code, CANFIELD_DISABLE_PLUGIN_AUTOLOAD="1").split()
    assert out == [f"{i}:built-in" for i in BUILTIN_IDS]


def test_without_any_entry_point_the_builtins_are_there() -> None:
    # As from a checkout that was never installed: no distribution metadata, no entry point at
    # all; the built-ins are registered directly, not through the package's own entry points.
    code = (
        "import importlib.metadata as md\n"
        "md.entry_points = lambda **kw: []\n"
        "import canfield\n"
        "print(' '.join(v.id for v in canfield.variants()))\n"
    )
    assert _run(code).split() == BUILTIN_IDS


def test_the_builtin_modules_share_one_shape() -> None:
    modules = [importlib.import_module(f"canfield.plugins.variants.{m}") for m in builtin_variants.MODULES]
    for module in modules:
        assert isinstance(module.VARIANT, canfield.Variant), module.__name__
        assert not hasattr(module, "canfield_register_variants"), module.__name__
    fresh = Registry(autoload=False)
    assert [v.id for v in fresh] == sorted((m.VARIANT.id for m in modules), key=lambda i: (i != "canfield", i))
    assert {v.source for v in fresh} == {"built-in"}


class _FakeEntryPoint:
    def __init__(self, name: str, dist: str) -> None:
        self.name, self.value, self.dist = name, "gone.module", types.SimpleNamespace(name=dist)

    def load(self) -> object:
        raise ImportError("No module named 'gone'")


def test_entry_points_of_canfield_itself_are_skipped(monkeypatch: pytest.MonkeyPatch) -> None:
    # Stale metadata of an older install points at modules that no longer exist: the built-ins
    # are registered directly, so canfield's own entry points are never loaded.
    monkeypatch.setattr(importlib.metadata, "entry_points", lambda **kw: [_FakeEntryPoint("classic", "canfield")])
    reg = Registry(autoload=True)
    assert [v.id for v in reg] == BUILTIN_IDS
    monkeypatch.setattr(importlib.metadata, "entry_points", lambda **kw: [_FakeEntryPoint("x", "other-dist")])
    with pytest.raises(canfield.VariantError, match=r"plugin 'x' \(entry point 'gone.module' of other-dist\)"):
        list(Registry(autoload=True))


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
        while g.position.stock:
            before = len(g.position.waste)
            g.play("s")
            sizes.append(len(g.position.waste) - before)
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
    assert list(rules.empty_ok) == [c % 13 == 12 for c in range(52)] and not rules.auto_fill


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
    assert "build = same-suit  #" in out and "redeals = 2  #" in out


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


# -- hooks that would do nothing are refused ------------------------------------------------------


class Misspelled:
    @canfield.hookimpl
    def canfield_drawcount(self, spec: canfield.RuleSpec, pass_index: int) -> int:
        return 1


class RegistrationOnHooks:
    @canfield.hookimpl
    def canfield_register_variants(self, register: Any) -> None:
        pass


class Unmarked:
    def canfield_draw_count(self, spec: canfield.RuleSpec, pass_index: int) -> int:
        return 1


@pytest.mark.parametrize(
    ("hooks", "why"),
    [
        (Misspelled(), r"'canfield_drawcount' is not a canfield hook; did you mean 'canfield_draw_count'\?"),
        (RegistrationOnHooks(), r"'canfield_register_variants' is a registration hook"),
        (Unmarked(), r"'canfield_draw_count' is not marked with @canfield.hookimpl"),
    ],
)
def test_a_hook_that_would_do_nothing_is_refused(reg: Registry, hooks: object, why: str) -> None:
    before = [v.id for v in reg]
    with pytest.raises(canfield.VariantError, match=rf"variant 'odd' \(from runtime\): {why}"):
        reg.register(canfield.Variant("odd", "Odd", canfield.CANFIELD, hooks=hooks))
    assert [v.id for v in reg] == before


def _plugin_file(tmp_path: Path, name: str, body: str) -> Path:
    path = tmp_path / f"{name}.py"
    path.write_text("import canfield\n\n" + textwrap.dedent(body))
    return path


REGISTER_ONE = """
@canfield.hookimpl
def canfield_register_variants(register):
    register(canfield.Variant("{id}", "{id}", canfield.CANFIELD))
"""


def test_a_misspelled_registration_hook_is_refused(reg: Registry, tmp_path: Path) -> None:
    path = _plugin_file(tmp_path, "typo", REGISTER_ONE.format(id="typo").replace("variants(", "variant("))
    with pytest.raises(
        canfield.VariantError,
        match=r"plugin '.*typo.py' \(file typo.py\): 'canfield_register_variant' is not a canfield hook; "
        r"did you mean 'canfield_register_variants'\?",
    ):
        reg.load_file(path)
    assert reg.pm.get_plugin(str(path)) is None and "typo" not in reg


def test_a_decision_hook_on_a_registration_plugin_is_refused(reg: Registry, tmp_path: Path) -> None:
    body = REGISTER_ONE.format(id="flat") + "\n@canfield.hookimpl\ndef canfield_draw_count(pass_index):\n    return 1\n"
    path = _plugin_file(tmp_path, "flat", body)
    with pytest.raises(
        canfield.VariantError, match=r"plugin '.*flat.py' \(file flat.py\): 'canfield_draw_count' is a decision hook"
    ):
        reg.load_file(path)
    assert reg.pm.get_plugin(str(path)) is None and "flat" not in reg


def test_loading_the_same_file_twice_changes_nothing(reg: Registry, tmp_path: Path) -> None:
    path = _plugin_file(tmp_path, "twice", REGISTER_ONE.format(id="twice"))
    module = reg.load_file(path)
    with pytest.raises(canfield.VariantError, match=r"plugin file '.*twice.py' is already loaded"):
        reg.load_file(path)
    assert reg.pm.get_plugin(str(path)) is module
    assert reg.get("twice").source == "file twice.py"


def test_a_failed_registration_leaves_the_plugin_of_that_name(reg: Registry) -> None:
    first = types.SimpleNamespace(**{"canfield_register_variants": _registers("first")})
    reg.register(first, name="mine")
    clash = types.SimpleNamespace(**{"canfield_register_variants": _registers("second")})
    with pytest.raises(canfield.VariantError, match=r"plugin 'mine' \(runtime\) is already registered"):
        reg.register(clash, name="mine")
    broken = types.SimpleNamespace(**{"canfield_register_variants": _registers("classic")})
    with pytest.raises(canfield.VariantError, match="already taken"):
        reg.register(broken, name="mine-too")
    assert reg.pm.get_plugin("mine") is first and reg.pm.get_plugin("mine-too") is None
    assert "first" in reg and "second" not in reg


def test_a_plugin_registers_all_its_variants_or_none(reg: Registry) -> None:
    plugin = types.SimpleNamespace(**{"canfield_register_variants": _registers("good", "casino")})
    with pytest.raises(canfield.VariantError, match=r"plugin 'pair' \(runtime\) registers variant 'casino'"):
        reg.register(plugin, name="pair")
    assert "good" not in reg and reg.pm.get_plugin("pair") is None
    reg.register(types.SimpleNamespace(**{"canfield_register_variants": _registers("good")}), name="pair")
    assert reg.get("good").source == "runtime"


def test_register_callback_kept_for_later_is_refused(reg: Registry) -> None:
    kept: list[Any] = []

    @canfield.hookimpl
    def canfield_register_variants(register: Any) -> None:
        kept.append(register)

    reg.register(types.SimpleNamespace(canfield_register_variants=canfield_register_variants), name="keeper")
    with pytest.raises(canfield.VariantError, match="outside a plugin's canfield_register_variants"):
        kept[0](canfield.Variant("late", "Late", canfield.CANFIELD))
    assert "late" not in reg


def _registers(*ids: str) -> Any:
    @canfield.hookimpl
    def canfield_register_variants(register: Any) -> None:
        for i in ids:
            register(canfield.Variant(i, i.title(), canfield.CANFIELD))

    return canfield_register_variants


def test_a_variant_without_a_rule_spec_is_refused(reg: Registry) -> None:
    with pytest.raises(canfield.VariantError, match=r"has spec None, not a canfield\.RuleSpec"):
        reg.register(canfield.Variant(id="zz", name="z", spec=None))  # type: ignore[arg-type]


# -- suggestions ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "suggested"),
    [("superor", "superior"), ("Storehose", "storehouse"), ("rainbow canfeld", "rainbow"), ("clasic", "classic")],
)
def test_a_close_name_is_suggested(reg: Registry, name: str, suggested: str) -> None:
    with pytest.raises(canfield.VariantError, match=rf"unknown variant '{name}'; did you mean '{suggested}'"):
        reg.get(name)


@pytest.mark.parametrize("name", ["klondike", "spider", "freecell", "x"])
def test_a_far_name_gets_no_suggestion(reg: Registry, name: str) -> None:
    with pytest.raises(canfield.VariantError) as err:
        reg.get(name)
    assert "did you mean" not in str(err.value)


def test_cli_play_of_an_unknown_variant_suggests_nothing_far(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--variant", "klondike"]) == 2
    err = capsys.readouterr().err
    assert "unknown variant 'klondike'" in err and "online" not in err.split("(known")[0]


@dataclasses.dataclass
class UnhashableHooks:
    """A dataclass with eq: unhashable, and a perfectly good hook object."""

    passes: int = 2

    @canfield.hookimpl
    def canfield_pass_limit(self) -> int:
        return self.passes


def test_unhashable_hooks_are_fine_and_compiled_once(reg: Registry) -> None:
    reg.register(canfield.Variant("eq", "Eq", canfield.CANFIELD, hooks=UnhashableHooks()))
    rules = reg.rules("eq")
    assert rules.pass_limit == 2 and reg.rules("eq") is rules


@pytest.mark.parametrize("hooks", [[], object(), types.SimpleNamespace(canfield_pass_limit=3)])
def test_a_hooks_object_without_hooks_is_refused(reg: Registry, hooks: object) -> None:
    with pytest.raises(
        canfield.VariantError, match=r"variant 'zz' \(from runtime\): .*(implements no decision hook|not marked)"
    ):
        reg.register(canfield.Variant("zz", "Zz", canfield.CANFIELD, hooks=hooks))
    assert "zz" not in reg


def test_a_plugin_that_registers_nothing_is_refused(reg: Registry) -> None:
    with pytest.raises(
        canfield.VariantError, match=r"plugin 'empty' \(runtime\) implements no canfield_register_variants"
    ):
        reg.register(types.SimpleNamespace(), name="empty")
    assert reg.pm.get_plugin("empty") is None


@pytest.mark.parametrize("name", ["variant", "options"])
def test_an_option_named_like_a_parameter_is_an_unknown_option(reg: Registry, name: str) -> None:
    with pytest.raises(canfield.RulesError, match=f"unknown rule option '{name}'"):
        reg.rules("canfield", **{name: 1})
    with pytest.raises(canfield.RulesError, match=f"unknown rule option '{name}'"):
        registry_module.rules_for("canfield", **{name: 1})


def test_a_variant_is_named_by_a_string(reg: Registry) -> None:
    with pytest.raises(canfield.VariantError, match="not int"):
        reg.rules(5)  # type: ignore[arg-type]
