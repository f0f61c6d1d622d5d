"""The top-level namespace: what players and plugin authors use; the machinery stays in its modules."""

from __future__ import annotations

import importlib
import subprocess
import sys
import types

import pytest

import canfield

#: Internals that left the top level, and the module each is imported from.
INTERNALS = {
    "Engine": "canfield.engine",
    "Rules": "canfield.rules",
    "registry": "canfield.plugins.registry",
    "rules_for": "canfield.plugins.registry",
    "parse_move": "canfield.notation",
    "format_move": "canfield.notation",
    "hookspec": "canfield.plugins.hookspecs",
}


def test_all_lists_exactly_the_public_names() -> None:
    assert sorted(canfield.__all__) == sorted(set(canfield.__all__))
    public = {
        n for n in dir(canfield) if not n.startswith("_") and not isinstance(getattr(canfield, n), types.ModuleType)
    }
    assert public == set(canfield.__all__)
    assert "annotations" not in dir(canfield)


def _fresh(code: str) -> str:
    """What ``code`` prints in a new Python process (nothing imported yet)."""
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout


#: What a bare ``import canfield`` must not load: the survey machinery, processes, entry points.
HEAVY = ("sqlite3", "multiprocessing", "concurrent.futures", "importlib.metadata", "tqdm", "pluggy", "attrs")


def test_import_canfield_loads_nothing_heavy() -> None:
    loaded = _fresh("import sys, canfield; print(' '.join(sorted(sys.modules)))").split()
    assert [m for m in loaded if m.split(".")[0] == "canfield"] == ["canfield", "canfield.errors", "canfield.perft"]
    assert not [m for m in HEAVY if m in loaded]


def test_a_game_loads_no_survey_machinery() -> None:
    code = "import sys, canfield; canfield.Game.from_code('CF1-D3-AAAAAAA').play('12'); print(' '.join(sys.modules))"
    loaded = _fresh(code).split()
    assert "canfield.game" in loaded
    assert not [m for m in (*HEAVY[:5], "canfield.surveys", "canfield.solver", "canfield.records") if m in loaded]


@pytest.mark.parametrize("name", ["records", "docsgen", "describe", "svg", "replay", "surveys", "solver", "engine"])
def test_documented_submodules_are_there_after_a_bare_import(name: str) -> None:
    assert _fresh(f"import canfield; print(canfield.{name}.__name__)").strip() == f"canfield.{name}"


@pytest.mark.parametrize("name", ["Hint", "Report", "Game", "Solution"])
def test_what_users_receive_is_exported(name: str) -> None:
    assert name in canfield.__all__
    assert getattr(canfield, name).__name__ == name


def test_perft_stays_the_function_when_its_module_is_imported() -> None:
    assert _fresh("import canfield.perft, canfield; print(callable(canfield.perft))").strip() == "True"


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'Gmae'"):
        canfield.Gmae  # noqa: B018


@pytest.mark.parametrize(("name", "module"), INTERNALS.items())
def test_internals_are_not_at_the_top_level_but_importable(name: str, module: str) -> None:
    assert name not in canfield.__all__
    assert not hasattr(canfield, name)
    assert hasattr(importlib.import_module(module), name)


@pytest.mark.parametrize(
    "name",
    ["Game", "Move", "Position", "Variant", "RuleSpec", "FillRule", "CANFIELD", "hookimpl", "CanfieldError", "perft"],
)
def test_what_users_need_is_there(name: str) -> None:
    assert name in canfield.__all__
