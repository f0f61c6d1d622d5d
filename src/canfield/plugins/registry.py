"""The variant registry: built-ins, entry points (loaded lazily), run-time and file plugins.

Variants come from plugins: objects (usually modules) implementing ``canfield_register_variants``.
The registry loads the entry points of the group ``canfield.variants`` on the first lookup, never
at ``import canfield``; setting ``CANFIELD_DISABLE_PLUGIN_AUTOLOAD`` turns that off. Each variant's
decision hooks are resolved once per option set by `Registry.rules`, which caches the result.
"""

from __future__ import annotations

import difflib
import functools
import importlib.util
import os
import sys
from collections.abc import Iterator
from importlib import metadata
from pathlib import Path
from types import ModuleType
from typing import Any

import attrs
import pluggy

from ..errors import CanfieldError, VariantError
from ..rules import Rules, Variant, compile_rules
from ..spec import RuleSpec, check_options
from . import builtin, hookspecs

ENTRY_POINT_GROUP = "canfield.variants"
DISABLE_AUTOLOAD_ENV = "CANFIELD_DISABLE_PLUGIN_AUTOLOAD"


def _norm(name: str) -> str:
    return name.strip().lower().replace("_", "-")


class Registry:
    """All known variants, by id and alias (case-insensitive)."""

    def __init__(self, *, autoload: bool | None = None) -> None:
        self._variants: dict[str, Variant] = {}
        self._names: dict[str, str] = {}  # normalised id or alias -> id
        self._autoload = (not os.environ.get(DISABLE_AUTOLOAD_ENV)) if autoload is None else autoload
        self._loaded_entry_points = False
        self._source = "built-in"
        self._plugin = "canfield"
        self.pm = pluggy.PluginManager(hookspecs.PROJECT)
        self.pm.add_hookspecs(hookspecs)
        self.pm.hook.canfield_register_variants.call_historic(kwargs={"register": self._add})
        self._register_plugin(builtin, name="canfield.builtin", source="built-in")

    # -- adding -----------------------------------------------------------------------------

    def _add(self, variant: Variant) -> None:
        who = f"plugin {self._plugin!r} ({self._source})"
        if not isinstance(variant, Variant):
            raise VariantError(f"{who} registered {variant!r}, not a canfield.Variant")
        if not variant.id or _norm(variant.id) != variant.id:
            raise VariantError(f"{who}: variant id {variant.id!r} must be lower case, without spaces")
        variant = attrs.evolve(variant, source=self._source)
        for name in (variant.id, *variant.aliases):
            key = _norm(name)
            if key in self._names:
                owner = self._variants[self._names[key]]
                raise VariantError(
                    f"{who} registers variant {variant.id!r} under {name!r}, already taken by "
                    f"variant {owner.id!r} from {owner.source}"
                )
        self._compile(variant, variant.spec)  # a broken plugin fails now, named
        self._variants[variant.id] = variant
        for name in (variant.id, *variant.aliases):
            self._names[_norm(name)] = variant.id

    def _register_plugin(self, plugin: object, *, name: str, source: str) -> None:
        old = self._source, self._plugin
        self._source, self._plugin = source, name
        try:
            self.pm.register(plugin, name=name)
        except CanfieldError:
            self._unregister_quietly(name)
            raise
        except Exception as e:
            self._unregister_quietly(name)
            raise VariantError(f"plugin {name!r} ({source}) failed to register: {e!r}") from e
        finally:
            self._source, self._plugin = old

    def _unregister_quietly(self, name: str) -> None:
        plugin = self.pm.get_plugin(name)
        if plugin is not None:
            self.pm.unregister(plugin, name=name)

    def register(self, plugin: object, *, name: str | None = None) -> None:
        """Register at run time: a `Variant`, or a plugin object/module with hook implementations.

        Entry points load first, so a clash with an installed variant is reported now.
        """
        self._ensure_loaded()
        if isinstance(plugin, Variant):
            self._source, self._plugin = "runtime", name or plugin.id
            try:
                self._add(attrs.evolve(plugin, source="runtime") if plugin.source == "runtime" else plugin)
            finally:
                self._source, self._plugin = "built-in", "canfield"
            return
        pname = name or getattr(plugin, "__name__", None) or type(plugin).__name__
        self._register_plugin(plugin, name=pname, source="runtime")

    def load_file(self, path: str | os.PathLike[str]) -> ModuleType:
        """Import a plain ``.py`` file as a plugin and register it."""
        self._ensure_loaded()
        p = Path(path)
        if not p.is_file():
            raise VariantError(f"plugin file {str(p)!r} does not exist")
        modname = f"canfield_plugin_{p.stem}_{abs(hash(str(p.resolve())))}"
        spec = importlib.util.spec_from_file_location(modname, p)
        if spec is None or spec.loader is None:
            raise VariantError(f"plugin file {str(p)!r} cannot be imported")
        module = importlib.util.module_from_spec(spec)
        try:
            spec.loader.exec_module(module)
        except Exception as e:
            raise VariantError(f"plugin file {str(p)!r} failed to load: {e!r}") from e
        sys.modules[modname] = module
        self._register_plugin(module, name=str(p), source=f"file {p.name}")
        return module

    def load_entry_points(self) -> None:
        """Load every ``canfield.variants`` entry point once (done lazily on first lookup)."""
        if self._loaded_entry_points:
            return
        self._loaded_entry_points = True
        for ep in sorted(metadata.entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name):
            dist = ep.dist.name if ep.dist is not None else "unknown distribution"
            source = "built-in" if dist == "canfield" else dist
            if self.pm.get_plugin(ep.name) is not None:
                continue
            try:
                plugin = ep.load()
            except Exception as e:
                raise VariantError(
                    f"plugin {ep.name!r} (entry point {ep.value!r} of {dist}) failed to load: {e!r}"
                ) from e
            self._register_plugin(plugin, name=ep.name, source=source)

    def _ensure_loaded(self) -> None:
        if self._autoload and not self._loaded_entry_points:
            self.load_entry_points()

    # -- lookups -----------------------------------------------------------------------------

    def get(self, name: str) -> Variant:
        """The variant of an id or alias (any case); an unknown name raises naming close matches."""
        key = _norm(name)
        if key not in self._names:
            self._ensure_loaded()
        if key not in self._names:
            close = difflib.get_close_matches(key, list(self._names), n=3, cutoff=0.5)
            hint = f"; did you mean {', '.join(repr(c) for c in close)}?" if close else ""
            raise VariantError(f"unknown variant {name!r}{hint} (known: {', '.join(sorted(self._variants))})")
        return self._variants[self._names[key]]

    def __iter__(self) -> Iterator[Variant]:
        self._ensure_loaded()
        return iter(sorted(self._variants.values(), key=lambda v: (v.id != "canfield", v.id)))

    def __contains__(self, name: str) -> bool:
        try:
            self.get(name)
        except VariantError:
            return False
        return True

    def rules(self, variant: str | Variant = "canfield", **options: Any) -> Rules:
        """Compiled rules of a variant with option overrides (``draw=1``, ``redeals=2``…)."""
        v = variant if isinstance(variant, Variant) else self.get(variant)
        check_options(options)
        spec = attrs.evolve(v.spec, **options) if options else v.spec
        return self._compile(v, spec)

    @functools.lru_cache(maxsize=256)  # noqa: B019 - the registry lives as long as the process
    def _compile(self, variant: Variant, spec: RuleSpec) -> Rules:
        pm = pluggy.PluginManager(hookspecs.PROJECT)
        pm.add_hookspecs(hookspecs)
        pm.register(builtin, name="canfield.builtin")
        if variant.hooks is not None:
            try:
                pm.register(variant.hooks, name=f"{variant.id}.hooks")
            except Exception as e:
                raise VariantError(f"variant {variant.id!r} (from {variant.source}): its hooks are invalid: {e}") from e
        return compile_rules(variant, spec, pm.hook)


_REGISTRY: Registry | None = None


def registry() -> Registry:
    """The process's registry (created on first use)."""
    global _REGISTRY
    if _REGISTRY is None:
        _REGISTRY = Registry()
    return _REGISTRY


def register(plugin: Any, *, name: str | None = None) -> None:
    """Register a `Variant` or a plugin at run time (see `Registry.register`)."""
    registry().register(plugin, name=name)


def load_plugin_file(path: str | os.PathLike[str]) -> ModuleType:
    """Register the plugin in a plain ``.py`` file (see `Registry.load_file`)."""
    return registry().load_file(path)


def get_variant(name: str) -> Variant:
    """The registered variant of an id or alias."""
    return registry().get(name)


def variants() -> list[Variant]:
    """Every registered variant, ``canfield`` first, the others by id."""
    return list(registry())


def rules_for(variant: str | Variant = "canfield", **options: Any) -> Rules:
    """The compiled rules of a variant with options (cached)."""
    return registry().rules(variant, **options)
