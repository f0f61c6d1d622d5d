"""The top-level namespace: what players and plugin authors use; the machinery stays in its modules."""

from __future__ import annotations

import importlib
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
        n for n in vars(canfield) if not n.startswith("_") and not isinstance(getattr(canfield, n), types.ModuleType)
    }
    assert public - {"annotations"} == set(canfield.__all__)


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
