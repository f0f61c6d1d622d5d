"""The built-in variants: one module each, all of one shape, registered as built-ins.

Each module defines ``VARIANT``, a `canfield.Variant` (with its own hook object where data cannot
say a rule), and uses only the public API, as a third-party plugin would. The plugin
`BuiltinVariants` registers them through the same hook as any plugin,
``canfield_register_variants``; the registry registers it directly (not through an entry point),
so the built-ins are there from a source tree and with plugin autoloading turned off.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from ..hookspecs import hookimpl

#: The modules of the built-in variants, in registration order (``canfield`` first).
MODULES: tuple[str, ...] = (
    "app",
    "classic",
    "superior",
    "rainbow",
    "storehouse",
    "no_redeal",
    "casino",
    "cardgames_io",
    "chameleon",
    "rainfall",
    "reno",
    "rush",
    "double",
    "triple",
    "quadruple",
    "two_deck_demon",
    "american_toad",
    "variegated",
    "acme",
    "eagle_wing",
    "minerva",
    "munger",
    "mystique",
    "candike",
    "gate",
    "little_gate",
    "duke",
    "dutchess",
    "lafayette",
    "beehive",
    "the_plot",
)


class BuiltinVariants:
    """The registration plugin of the built-in variants: it registers each module's ``VARIANT``."""

    @hookimpl
    def canfield_register_variants(self, register: Callable[..., Any]) -> None:
        for name in MODULES:
            register(importlib.import_module(f"{__name__}.{name}").VARIANT)
