"""The variant registry: built-ins, entry points (loaded lazily), run-time and file plugins.

Variants come from plugins: objects (usually modules) implementing ``canfield_register_variants``.
The built-in variants are registered directly, as built-ins, by the same hook
(`canfield.plugins.variants`), so they are there from a source tree and with autoloading off. The
registry loads the entry points of the group ``canfield.variants`` on the first lookup, never at
``import canfield``; setting ``CANFIELD_DISABLE_PLUGIN_AUTOLOAD`` turns that off. Each variant's
decision hooks are resolved once per option set by `Registry.rules`, which caches the result.

A plugin registers all or nothing: its variants are kept apart until its registration succeeds,
and a plugin whose hooks are misnamed or misplaced is refused before it is registered.

The registry makes every `Rules`, so it also tells pickle how to make them again (`copyreg`):
compiled rules pickle as their variant id and options and are compiled again on load, by the
registry of the process that loads them.
"""

from __future__ import annotations

import contextlib
import copyreg
import difflib
import importlib.util
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import attrs
import pluggy

from ..errors import CanfieldError, VariantError
from ..rules import Rules, Variant, compile_rules
from ..spec import RuleSpec, check_options
from . import builtin, hookspecs
from .variants import BuiltinVariants

ENTRY_POINT_GROUP = "canfield.variants"
DISABLE_AUTOLOAD_ENV = "CANFIELD_DISABLE_PLUGIN_AUTOLOAD"
#: The plugin name and source of the built-in variants.
BUILTIN_PLUGIN = "canfield.builtin"
BUILTIN_SOURCE = "built-in"
#: How many compiled rule sets a registry keeps.
CACHE_SIZE = 256
#: The distribution whose own entry points are the built-ins, registered directly instead.
OWN_DISTRIBUTION = "canfield"

#: Every hook name; the registration hook, asked of plugins; the decision hooks, asked of `Variant.hooks`.
HOOKS: frozenset[str] = frozenset(
    name for name, obj in vars(hookspecs).items() if hasattr(obj, f"{hookspecs.PROJECT}_spec")
)
REGISTRATION_HOOKS: frozenset[str] = frozenset({"canfield_register_variants"})
DECISION_HOOKS: frozenset[str] = HOOKS - REGISTRATION_HOOKS
_PREFIX = f"{hookspecs.PROJECT}_"
_MARK = f"{hookspecs.PROJECT}_impl"


def _norm(name: str) -> str:
    return name.strip().lower().replace("_", "-")


def check_hooks(obj: object, who: str, *, decisions: bool) -> None:
    """Refuse hooks that would silently do nothing, naming ``who`` and the hook meant.

    ``obj`` is a registration plugin (``decisions=False``) or a variant's hook object
    (``decisions=True``). Refused: a method marked with `canfield.hookimpl` whose name is no hook
    (a misspelling: the close hook name is given); a hook of the other kind, which is never asked
    of this object; a method named like a hook of the right kind but not marked; an object that
    implements no hook of its kind at all.
    """
    allowed = DECISION_HOOKS if decisions else REGISTRATION_HOOKS
    implemented = [a for a in allowed if hasattr(getattr(obj, a, None), _MARK)]
    for attr in sorted(dir(obj)):
        if not attr.startswith(_PREFIX):
            continue
        value = getattr(obj, attr, None)
        marked = hasattr(value, _MARK)
        if attr not in HOOKS:
            if marked:
                close = difflib.get_close_matches(attr, sorted(HOOKS), n=1, cutoff=0.6)
                hint = f"; did you mean {close[0]!r}?" if close else f" (hooks: {', '.join(sorted(HOOKS))})"
                raise VariantError(f"{who}: {attr!r} is not a canfield hook{hint}")
        elif attr not in allowed:
            if marked or callable(value):
                if decisions:
                    raise VariantError(
                        f"{who}: {attr!r} is a registration hook, never asked of a variant's hooks "
                        "object: implement it on the plugin that registers the variant"
                    )
                raise VariantError(
                    f"{who}: {attr!r} is a decision hook, never asked of a registration plugin: "
                    "implement it on an object given as Variant(hooks=...)"
                )
        elif not marked and callable(value):
            raise VariantError(f"{who}: {attr!r} is not marked with @canfield.hookimpl, so it would never be called")
    if not implemented:
        if decisions:
            raise VariantError(
                f"{who}: its hooks object {obj!r} implements no decision hook (methods named canfield_… and "
                "marked with @canfield.hookimpl); leave hooks=None for a variant that is only data"
            )
        raise VariantError(f"{who} implements no canfield_register_variants, so it registers nothing")


@attrs.define
class _Registering:
    """A plugin being registered: who it is, and the variants it registered so far."""

    plugin: str
    source: str
    variants: list[Variant] = attrs.field(factory=list)

    def who(self) -> str:
        return f"plugin {self.plugin!r} ({self.source})"


class Registry:
    """All known variants, by id and alias (case-insensitive)."""

    def __init__(self, *, autoload: bool | None = None) -> None:
        self._variants: dict[str, Variant] = {}
        self._names: dict[str, str] = {}  # normalised id or alias -> id
        self._autoload = (not os.environ.get(DISABLE_AUTOLOAD_ENV)) if autoload is None else autoload
        self._loaded_entry_points = False
        self._current: _Registering | None = None
        self._cache: dict[tuple[int, RuleSpec], tuple[Variant, Rules]] = {}
        self.pm = pluggy.PluginManager(hookspecs.PROJECT)
        self.pm.add_hookspecs(hookspecs)
        self.pm.hook.canfield_register_variants.call_historic(kwargs={"register": self._add})
        self._register_plugin(BuiltinVariants(), name=BUILTIN_PLUGIN, source=BUILTIN_SOURCE)

    # -- adding -----------------------------------------------------------------------------

    @contextlib.contextmanager
    def _registering(self, plugin: str, source: str) -> Iterator[_Registering]:
        """Collect the variants ``plugin`` registers; keep them only if the block succeeds."""
        current = _Registering(plugin, source)
        outer, self._current = self._current, current
        try:
            yield current
        finally:
            self._current = outer
        for variant in current.variants:
            self._variants[variant.id] = variant
            for name in (variant.id, *variant.aliases):
                self._names[_norm(name)] = variant.id

    def _add(self, variant: Variant) -> None:
        """The ``register`` callback given to ``canfield_register_variants``: check and keep one variant."""
        current = self._current
        if current is None:
            raise VariantError(
                f"register({variant!r}) was called outside a plugin's canfield_register_variants: "
                "call canfield.register(variant) instead"
            )
        who = current.who()
        if not isinstance(variant, Variant):
            raise VariantError(f"{who} registered {variant!r}, not a canfield.Variant")
        if not variant.id or _norm(variant.id) != variant.id:
            raise VariantError(f"{who}: variant id {variant.id!r} must be lower case, without spaces")
        if not isinstance(variant.spec, RuleSpec):
            raise VariantError(f"{who}: variant {variant.id!r} has spec {variant.spec!r}, not a canfield.RuleSpec")
        variant = attrs.evolve(variant, **{"source": current.source})
        taken = {**self._names, **{_norm(n): v.id for v in current.variants for n in (v.id, *v.aliases)}}
        for name in (variant.id, *variant.aliases):
            key = _norm(name)
            if key in taken:
                owner = self._variants.get(taken[key]) or next(v for v in current.variants if v.id == taken[key])
                raise VariantError(
                    f"{who} registers variant {variant.id!r} under {name!r}, already taken by "
                    f"variant {owner.id!r} from {owner.source}"
                )
        self._compile(variant, variant.spec)  # a broken plugin fails now, named
        current.variants.append(variant)

    def _register_plugin(self, plugin: object, *, name: str, source: str) -> None:
        who = f"plugin {name!r} ({source})"
        if self.pm.get_plugin(name) is not None or self.pm.is_registered(plugin):
            raise VariantError(f"{who} is already registered")
        check_hooks(plugin, who, decisions=False)
        with self._registering(name, source):
            try:
                self.pm.register(plugin, name=name)
            except Exception as e:
                if self.pm.get_plugin(name) is plugin:
                    self.pm.unregister(plugin, name=name)
                if isinstance(e, CanfieldError):
                    raise
                raise VariantError(f"{who} failed to register: {e!r}") from e

    def register(self, plugin: object, *, name: str | None = None) -> None:
        """Register at run time: a `Variant`, or a plugin object/module with hook implementations.

        Entry points load first, so a clash with an installed variant is reported now. A plugin
        that fails registers nothing, and changes nothing already registered.
        """
        self._ensure_loaded()
        if isinstance(plugin, Variant):
            with self._registering(name or plugin.id, "runtime"):
                self._add(plugin)
            return
        pname = name or getattr(plugin, "__name__", None) or type(plugin).__name__
        self._register_plugin(plugin, name=pname, source="runtime")

    def load_file(self, path: str | os.PathLike[str]) -> ModuleType:
        """Import a plain ``.py`` file as a plugin and register it (once: a second load is refused)."""
        self._ensure_loaded()
        p = Path(path)
        if not p.is_file():
            raise VariantError(f"plugin file {str(p)!r} does not exist")
        name = str(p)
        if self.pm.get_plugin(name) is not None:
            raise VariantError(f"plugin file {name!r} is already loaded")
        modname = f"canfield_plugin_{p.stem}_{abs(hash(str(p.resolve())))}"
        spec = importlib.util.spec_from_file_location(modname, p)
        if spec is None or spec.loader is None:
            raise VariantError(f"plugin file {name!r} cannot be imported")
        module = importlib.util.module_from_spec(spec)
        sys.modules[modname] = module
        try:
            try:
                spec.loader.exec_module(module)
            except Exception as e:
                raise VariantError(f"plugin file {name!r} failed to load: {e!r}") from e
            self._register_plugin(module, name=name, source=f"file {p.name}")
        except BaseException:
            sys.modules.pop(modname, None)
            raise
        return module

    def load_entry_points(self) -> None:
        """Load every ``canfield.variants`` entry point once (done lazily on first lookup).

        Entry points of the ``canfield`` distribution itself are skipped: the built-ins are
        registered directly.
        """
        if self._loaded_entry_points:
            return
        self._loaded_entry_points = True
        from importlib import metadata  # only now: reading every distribution's metadata is slow

        for ep in sorted(metadata.entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name):
            dist = ep.dist.name if ep.dist is not None else "unknown distribution"
            if dist == OWN_DISTRIBUTION or self.pm.get_plugin(ep.name) is not None:
                continue
            try:
                plugin = ep.load()
            except Exception as e:
                raise VariantError(
                    f"plugin {ep.name!r} (entry point {ep.value!r} of {dist}) failed to load: {e!r}"
                ) from e
            self._register_plugin(plugin, name=ep.name, source=dist)

    def _ensure_loaded(self) -> None:
        if self._autoload and not self._loaded_entry_points:
            self.load_entry_points()

    # -- lookups -----------------------------------------------------------------------------

    def _close_matches(self, key: str) -> list[str]:
        """The ids of the variants whose id or name is close to ``key`` (most alike first)."""
        texts: dict[str, str] = {}
        for v in self._variants.values():
            texts.setdefault(v.id, v.id)
            texts.setdefault(_norm(v.name).replace(" ", "-"), v.id)
        close = difflib.get_close_matches(key.replace(" ", "-"), list(texts), n=6, cutoff=0.75)
        return list(dict.fromkeys(texts[c] for c in close))[:3]

    def get(self, name: str) -> Variant:
        """The variant of an id or alias (any case); an unknown name raises naming close matches."""
        if not isinstance(name, str):
            raise VariantError(f"a variant is named by its id (a string), not {type(name).__name__}")
        key = _norm(name)
        if key not in self._names:
            self._ensure_loaded()
        if key not in self._names:
            close = self._close_matches(key)
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

    def rules(self, variant: str | Variant = "canfield", /, **options: Any) -> Rules:
        """Compiled rules of a variant with option overrides (``draw=1``, ``redeals=2``…).

        Compiled once per variant and option set, then cached (the last `CACHE_SIZE` kept).
        """
        v = variant if isinstance(variant, Variant) else self.get(variant)
        check_options(options)
        spec = attrs.evolve(v.spec, **options) if options else v.spec
        return self._compile(v, spec)

    def _compile(self, variant: Variant, spec: RuleSpec) -> Rules:
        """The rules of ``variant`` with ``spec``, cached by the variant object (its hooks need not hash)."""
        key = (id(variant), spec)
        hit = self._cache.get(key)
        if hit is not None and hit[0] is variant:
            return hit[1]
        rules = self._compile_now(variant, spec)
        if len(self._cache) >= CACHE_SIZE:
            del self._cache[next(iter(self._cache))]
        self._cache[key] = (variant, rules)  # keeps the variant alive, so its id stays its own
        return rules

    def _compile_now(self, variant: Variant, spec: RuleSpec) -> Rules:
        pm = pluggy.PluginManager(hookspecs.PROJECT)
        pm.add_hookspecs(hookspecs)
        pm.register(builtin, name="canfield.builtin")
        if variant.hooks is not None:
            who = f"variant {variant.id!r} (from {variant.source})"
            check_hooks(variant.hooks, who, decisions=True)
            try:
                pm.register(variant.hooks, name=f"{variant.id}.hooks")
            except Exception as e:
                raise VariantError(f"{who}: its hooks are invalid: {e}") from e
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


def rules_for(variant: str | Variant = "canfield", /, **options: Any) -> Rules:
    """The compiled rules of a variant with options (cached)."""
    return registry().rules(variant, **options)


def _remake_rules(variant: str, options: dict[str, Any]) -> Rules:
    """Compiled rules from a pickle: the rules of the registered ``variant`` with ``options``."""
    return rules_for(variant, **options)


def _pickle_rules(rules: Rules) -> tuple[Any, ...]:
    return _remake_rules, (rules.variant.id, rules.options())


copyreg.pickle(Rules, _pickle_rules)
