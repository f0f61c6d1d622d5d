"""The hooks of ``canfield`` (pluggy project ``canfield``): their docstrings are the hook reference.

Two kinds of hooks:

- **Registration** — `canfield_register_variants` is called on every plugin the registry loads
  (entry points of the group ``canfield.variants``, ``canfield.register(...)``, or a ``.py`` file).
  It is *historic*: a plugin registered late still hears the call.
- **Decisions** — the other hooks decide one rule each for one variant. They are asked once per
  (variant, options) when the rules are compiled, never during play: the answers become plain
  values and tables. A variant's decision hooks live on its ``Variant.hooks`` object; the core's
  defaults, which read the `RuleSpec`, are ordinary ``trylast`` implementations, so a variant
  overrides a decision by implementing its hook. Decision hooks are ``firstresult``: return
  ``None`` to leave the decision to the next implementation (in the end, the spec).

Implementations may take fewer arguments than the spec names (pluggy passes only those asked for).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pluggy

if TYPE_CHECKING:
    from ..position import Position
    from ..rules import FillRule
    from ..scoring import Scorer
    from ..spec import RuleSpec

PROJECT = "canfield"
hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


# -- registration ------------------------------------------------------------------------------


@hookspec(historic=True)
def canfield_register_variants(register: Callable[..., Any]) -> None:
    """Register the plugin's variants by calling ``register(variant)`` for each `canfield.Variant`.

    Historic: called once for each plugin as soon as it is registered. A variant id (or alias)
    that is already taken, or a spec that fails validation, raises `canfield.VariantError` naming
    the plugin, and the plugin registers nothing. So does a plugin whose hooks would do nothing: a
    misspelled hook name, a decision hook written on the plugin instead of on its variant's
    ``hooks`` object, or a hook method not marked with `canfield.hookimpl`.
    """


# -- decisions (firstresult, asked once per compiled rule set) -----------------------------------


@hookspec(firstresult=True)
def canfield_build_rule(spec: RuleSpec) -> Callable[[int, int], bool] | None:
    """The tableau build rule: a predicate ``builds(card, onto)`` on card numbers (0–51).

    True when ``card`` may be placed on ``onto`` at the end of a column (and so when the two may
    lie in one movable run). Evaluated once for every pair of cards to fill a table; never called
    during play. Default: ``spec.build`` and ``spec.build_wraps``.

    The predicate is the whole rule: nothing is added to it, so a rule that lets a king go on an
    ace must say so itself (``(onto - card) % 13 == 1`` wraps, ``onto % 13 - card % 13 == 1`` does
    not), and ``spec.build_wraps`` is read only by the default. Cards are numbered
    ``suit * 13 + rank`` (suits ♠ ♥ ♦ ♣, ranks ace to king).
    """


@hookspec(firstresult=True)
def canfield_reserve_visible(spec: RuleSpec) -> int | None:
    """How many reserve cards, counted from the top, a player sees face up.

    An int from 0 to ``spec.reserve_size``. Default: 1 for ``reserve_visible='top'``, the whole
    reserve for ``'all'``. Used by `canfield.Game.observation` and the text board.
    """


@hookspec(firstresult=True)
def canfield_pass_limit(spec: RuleSpec) -> int | float | None:
    """How many passes through the stock are allowed: an int 1..1001 (`canfield.spec.MAX_PASS_LIMIT`), or ``math.inf`` for unlimited.

    Default: ``spec.redeals + 1`` (``math.inf`` when ``redeals`` is None).
    """


@hookspec(firstresult=True)
def canfield_draw_count(spec: RuleSpec, pass_index: int) -> int | None:
    """How many cards each turn of the stock takes during pass ``pass_index`` (0 = the first pass).

    Asked for every allowed pass (for unlimited passes, the first 16; later passes repeat the
    16th). Fewer are turned when fewer remain. Default: ``spec.draw``.
    """


@hookspec(firstresult=True)
def canfield_fill_rule(spec: RuleSpec) -> FillRule | None:
    """What may fill an empty column: a `canfield.FillRule`.

    ``FillRule(auto=True)`` fills an emptied column at once from the reserve (part of the move),
    and only then, once the reserve is empty, lets a player fill it; ``auto=False`` never fills
    automatically and lets a player fill it at any time. ``accepts(card)`` says which cards (the
    bottom card of a run) may go on an empty column. With several reserve piles the automatic fill
    takes the fullest pile's top card (the leftmost on a tie); ``FillRule(auto=True, waste=True)``
    then fills from the waste's top card once every pile is empty. ``FillRule(auto=False,
    by_choice=True)`` lets a player fill it only from a reserve pile's top card, or from the
    waste's once every pile is empty (no column or foundation card); ``FillRule(auto=False,
    waste_only=True)`` only from the waste's top card. ``base_until_first=True`` takes only a card
    of the base rank until the foundation dealt the base card is complete. Default:
    ``spec.empty_column`` and ``spec.empty_column_base_until_first``, and any card, or only cards of
    ``spec.empty_column_rank`` when it is set.
    """


@hookspec(firstresult=True)
def canfield_deal(spec: RuleSpec, cards: list[int]) -> Position | None:
    """Lay out a shuffled deal (``52 * spec.decks`` card ints in dealing order) as a `canfield.Position`.

    Default: the reserve, the base card, the columns a row at a time (``spec.column_deal``: one
    card each unless it says more, with its face-down places in ``Position.face_down``), the
    stock; with a fixed ``spec.foundation_base`` the cards of that rank are first taken out to
    start the foundations (Storehouse), unless ``spec.base_cards_up`` is False; with
    ``spec.choose_base`` no base card is dealt and ``Position.base_open`` is set. The result is
    checked: every card exactly once per deck, the right number of columns and foundations,
    face-down cards only below a column's top card.
    """


@hookspec(firstresult=True)
def canfield_scoring(spec: RuleSpec) -> Scorer | None:
    """The scoring scheme: a `canfield.scoring.Scorer`, with ``initial(position)``, ``points(move)`` and ``floor``.

    Default: by ``spec.scoring`` — `canfield.scoring.AppScoring`, `CasinoScoring` or `NoScoring`.
    """


@hookspec
def canfield_validate_spec(spec: RuleSpec) -> str | None:
    """Check a spec before it is compiled: return a sentence saying what is wrong, or None.

    Every implementation is called (not firstresult); any problem refuses the spec with
    `canfield.VariantError` naming the variant.
    """
