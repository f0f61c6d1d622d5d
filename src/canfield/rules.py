"""Compiled rules: a variant's hooks resolved once into plain values and tables for the engine.

`compile_rules` asks each decision hook once for a (variant, spec) and checks every answer, so a
plugin that breaks the rules contract fails here, with its name in the error, before any game
starts. The engine only ever sees the resulting `Rules`.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

import attrs

from .cards import RANKS, SUITS, card_name
from .errors import CanfieldError, InvalidPositionError, VariantError
from .moves import MODES, RESERVE_PLAYS, SET_CARDS
from .position import Position
from .scoring import Scorer
from .spec import CANFIELD, MAX_DRAW, MAX_PASS_LIMIT, MAX_RECYCLES, FoundationPile, RuleSpec

if TYPE_CHECKING:
    import pluggy

    from ._native import Tables

#: Passes asked of `canfield_draw_count` when passes are unlimited; later passes repeat the last.
UNLIMITED_DRAW_PASSES = 16


def _any_card(card: int) -> bool:
    return True


class PileRule(NamedTuple):
    """One pile of a foundation layout as the engines read it (a compiled `FoundationPile`)."""

    #: The suit it takes, or -1 for any suit.
    suit: int
    #: The rank of its first card, or -1 for the dealt base card's rank.
    start: int
    #: Whether it builds down (else up), one rank a card.
    down: bool
    wraps: bool
    #: Whether it takes four cards of a rank at once from a column (and gives none back).
    set: bool
    dealt: bool
    #: The pile that must be complete before it takes a card, or -1.
    after: int


def compile_piles(layout: tuple[FoundationPile, ...] | None) -> tuple[PileRule, ...] | None:
    """A spec's foundation layout as `PileRule` tuples (None for the usual layout)."""
    if layout is None:
        return None
    return tuple(
        PileRule(
            suit=-1 if p.suit is None else p.suit,
            start=-1 if p.start is None else p.start,
            down=p.direction == "down",
            wraps=p.wraps,
            set=p.takes == "set",
            dealt=p.dealt,
            after=-1 if p.after is None else p.after,
        )
        for p in layout
    )


def pile_next(pile: PileRule, cards: tuple[int, ...] | list[int], start: int) -> int | None:
    """The rank a pile takes next on its ``cards``, with the dealt base rank ``start``; None when
    it is complete (13 cards, or the end of its ranks without wrap)."""
    if not cards:
        return start if pile.start < 0 else pile.start
    if len(cards) >= 13:
        return None
    r = cards[-1] % 13
    if pile.down:
        return r - 1 if r > 0 else (12 if pile.wraps else None)
    return r + 1 if r < 12 else (0 if pile.wraps else None)


def pile_complete(pile: PileRule, cards: tuple[int, ...] | list[int], start: int) -> bool:
    """Whether a pile takes no more: a set pile holds 13 sets, any other its last rank."""
    if pile.set:
        return len(cards) >= 13 * SET_CARDS
    return pile_next(pile, cards, start) is None


@attrs.frozen
class FillRule:
    """What may fill an empty column (see the ``canfield_fill_rule`` hook)."""

    auto: bool = attrs.field(metadata={"doc": "Fill an emptied column at once from the reserve."})
    accepts: Callable[[int], bool] = attrs.field(
        default=_any_card, metadata={"doc": "Which cards may go on an empty column."}
    )
    waste: bool = attrs.field(
        default=False,
        kw_only=True,
        metadata={"doc": "With auto: once every reserve pile is empty, fill an emptied column at once from the waste."},
    )
    by_choice: bool = attrs.field(
        default=False,
        kw_only=True,
        metadata={
            "doc": "Without auto: an empty column takes only a reserve pile's top card, or the waste's once "
            "every pile is empty, when the player chooses."
        },
    )

    waste_only: bool = attrs.field(
        default=False,
        kw_only=True,
        metadata={"doc": "Without auto: an empty column takes only the waste's top card, when the player chooses."},
    )
    base_until_first: bool = attrs.field(
        default=False,
        kw_only=True,
        metadata={
            "doc": "Until the foundation dealt the base card is complete, an empty column takes only a card "
            "of the base rank (and only one that accepts allows)."
        },
    )

    def __attrs_post_init__(self) -> None:
        if self.waste_only and (self.auto or self.by_choice):
            raise VariantError(
                "FillRule(waste_only=True) is a fill by the player from the waste: it needs auto=False and by_choice=False"
            )
        if self.waste and not self.auto:
            raise VariantError("FillRule(waste=True) is part of the automatic fill: it needs auto=True")
        if self.by_choice and self.auto:
            raise VariantError("FillRule(by_choice=True) is a fill by the player: it needs auto=False")


def _aliases(value: object) -> tuple[str, ...]:
    """A variant's aliases as a tuple of names; anything else is a `VariantError`."""
    if isinstance(value, str) or not isinstance(value, (list, tuple, set, frozenset)):
        raise VariantError(f"a variant's aliases are a tuple of names, not {type(value).__name__} {value!r}")
    if not all(isinstance(a, str) and a for a in value):
        raise VariantError(f"a variant's aliases are non-empty names, not {value!r}")
    return tuple(value)


@attrs.frozen(init=False)
class Variant:
    """A named rule set: a spec, plus (where data cannot say it) an object with decision hooks.

    ``Variant(id, name, spec=CANFIELD, hooks=None, aliases=(), description="", source="runtime")``;
    a missing id or name, an unknown field or a wrong value raises `VariantError`.
    """

    id: str
    name: str
    spec: RuleSpec = CANFIELD
    hooks: object | None = None
    aliases: tuple[str, ...] = attrs.field(default=(), converter=_aliases)
    description: str = ""
    #: Where it comes from: ``built-in``, a distribution's name, a file, or ``runtime``.
    source: str = "runtime"

    def __init__(self, *args: Any, **fields: Any) -> None:
        names = [f.name for f in attrs.fields(Variant)]
        if len(args) > len(names):
            raise VariantError(f"a Variant has {len(names)} fields ({', '.join(names)}), not {len(args)}")
        given = dict(zip(names, args, strict=False))
        twice = sorted(set(given) & set(fields))
        unknown = sorted(set(fields) - set(names))
        given.update(fields)
        missing = [n for n in ("id", "name") if n not in given]
        if twice or unknown or missing:
            what = [f"{n!r} given twice" for n in twice] + [f"no field {n!r}" for n in unknown]
            what += [f"its {n} is missing" for n in missing]
            raise VariantError(
                f"Variant({', '.join(map(repr, args))}{', ' if args and fields else ''}"
                f"{', '.join(f'{k}=...' for k in fields)}): {'; '.join(what)}"
            )
        self.__attrs_init__(**given)

    def overrides(self) -> list[str]:
        """The decision hooks this variant implements itself."""
        h = self.hooks
        if h is None:
            return []
        return sorted(n for n in dir(h) if n.startswith("canfield_") and hasattr(getattr(h, n), "canfield_impl"))


@attrs.frozen(eq=False, repr=False)
class Rules:
    """A rule set compiled for the engines: hooks resolved once into plain values and tables.

    Built by `compile_rules` (through `canfield.plugins.registry.rules_for`, which caches it);
    both engines, the game and its views read only this, so each fact of the rules (the draw of
    each pass, the pass text, when passes start to repeat) is worked out here once. The registry
    that makes rules also tells pickle how to make them again: they pickle as their variant id and
    options, recompiled on load, so the variant must be registered in the process that loads them.
    """

    variant: Variant
    spec: RuleSpec
    columns: int
    decks: int
    #: ``builds[s * 52 + t]``: card ``s`` goes on card ``t`` in a column.
    builds: tuple[bool, ...]
    #: ``children[t]``: the cards that go on card ``t``, ascending.
    children: tuple[tuple[int, ...], ...]
    #: ``empty_ok[c]``: card ``c`` may go on an empty column.
    empty_ok: tuple[bool, ...]
    auto_fill: bool
    #: With `auto_fill`: once every reserve pile is empty, the waste's top card fills an emptied
    #: column.
    fill_waste: bool
    #: Without `auto_fill`: an empty column takes only a reserve pile's top card, or the waste's
    #: once every pile is empty (``empty_column="reserve-by-choice"``).
    fill_by_choice: bool
    #: Without `auto_fill`: an empty column takes only the waste's top card (``empty_column="waste"``).
    fill_waste_only: bool
    #: Until the foundation dealt the base card is complete, an empty column takes only a card of
    #: the base rank (``empty_column_base_until_first``).
    base_until_first: bool
    #: How many reserve piles there are.
    reserve_piles: int
    mode: int
    takeback: bool
    #: The most cards a column may hold (None: no limit).
    column_limit: int | None
    #: When the reserve's top card plays (`canfield.moves.RESERVE_ANY`, ``RESERVE_LAST``,
    #: ``RESERVE_FOUNDATIONS``).
    reserve_play: int
    #: Cards turned per pass; passes past the end repeat the last.
    draws: tuple[int, ...]
    #: Passes through the stock allowed, or None for unlimited.
    pass_limit: int | None
    #: The first pass from which every pass draws as the last one of `draws` (0 when all draw
    #: alike): from then on, with unlimited passes, a pass repeats the one before it.
    steady_pass: int
    #: Cards go up to the foundations by themselves once stock, waste and reserve are empty.
    auto_finish: bool
    reserve_visible: int
    #: The rule set's own foundation layout, one `PileRule` a pile; None for the usual layout.
    piles: tuple[PileRule, ...] | None
    deal: Callable[[list[int]], Position]
    scorer: Scorer
    #: Points of each move int played so far, for the built-in scorers (see `Game`).
    points: dict[int, int] = attrs.field(factory=dict, repr=False)

    @property
    def first_draw(self) -> int:
        """Cards turned per stock turn in the first pass: the ``D`` of the game's deal code."""
        return self.draws[0]

    def draw_count(self, recycles: int) -> int:
        """Cards turned per stock turn in the pass after ``recycles`` recycles."""
        d = self.draws
        return d[recycles] if recycles < len(d) else d[-1]

    def passes_text(self, recycles: int, *, unlimited: str = "unlimited") -> str:
        """Which pass through the stock this is, e.g. ``pass 2 of 3`` or ``pass 1 of unlimited``.

        ``unlimited`` is the word for no limit (a picture short of room writes ``∞``).
        """
        limit = unlimited if self.pass_limit is None else str(self.pass_limit)
        return f"pass {recycles + 1} of {limit}"

    @functools.cached_property
    def native(self) -> Tables:
        """The same tables for the native engine (`canfield._native.Tables`), built on first use.

        Only a native engine needs them, so the reference engine (`canfield.engine`) and
        everything that reads the rules run without the native module.
        """
        from ._native import Tables

        return Tables(
            self.columns,
            self.decks,
            self.builds,
            self.empty_ok,
            self.auto_fill,
            self.mode,
            self.takeback,
            self.draws,
            self.pass_limit,
            self.spec.build_past_base,
            self.column_limit,
            self.reserve_play,
            "d" in self.spec.column_deal,
            self.reserve_piles,
            self.fill_waste,
            None
            if self.piles is None
            else [
                (
                    None if p.suit < 0 else p.suit,
                    None if p.start < 0 else p.start,
                    p.down,
                    p.wraps,
                    p.set,
                    p.dealt,
                    None if p.after < 0 else p.after,
                )
                for p in self.piles
            ],
            self.fill_by_choice,
            self.spec.choose_base,
            self.fill_waste_only,
            self.base_until_first,
        )

    def options(self) -> dict[str, Any]:
        """The spec fields that differ from the variant's own spec."""
        base = self.variant.spec
        return {
            f.name: getattr(self.spec, f.name)
            for f in attrs.fields(RuleSpec)
            if getattr(self.spec, f.name) != getattr(base, f.name)
        }

    def __repr__(self) -> str:
        return f"<Rules {self.variant.id} {self.spec!r}>"


def _fail(variant: Variant, what: str) -> VariantError:
    return VariantError(f"variant {variant.id!r} (from {variant.source}) breaks the rules contract: {what}")


def compile_rules(variant: Variant, spec: RuleSpec, hook: pluggy.HookRelay) -> Rules:
    """Resolve ``hook`` (the variant's own plugin manager's relay) for ``spec`` into `Rules`."""
    try:
        problems = [p for p in hook.canfield_validate_spec(spec=spec) if p]
    except CanfieldError as e:
        problems = [str(e)]
    if problems:
        raise _fail(variant, "invalid spec: " + "; ".join(problems))

    build = hook.canfield_build_rule(spec=spec)
    if not callable(build):
        raise _fail(variant, f"canfield_build_rule returned {build!r}, not a predicate")
    try:
        builds = [build(s, t) for s in range(52) for t in range(52)]
    except Exception as e:  # a plugin's bug: say whose
        raise _fail(variant, f"build rule raised {e!r}") from e
    bad = next((i for i, b in enumerate(builds) if not isinstance(b, bool)), None)
    if bad is not None:
        raise _fail(
            variant,
            f"build rule returned {builds[bad]!r} for {card_name(bad // 52)} on {card_name(bad % 52)}, not a bool",
        )

    fill = hook.canfield_fill_rule(spec=spec)
    if not isinstance(fill, FillRule):
        raise _fail(variant, f"canfield_fill_rule returned {fill!r}, not a FillRule")
    empty_ok = [bool(fill.accepts(c)) for c in range(52)]
    if fill.base_until_first and (spec.foundation_base is not None or not spec._has_base_card()):
        raise _fail(variant, "FillRule(base_until_first=True) needs a dealt base card, and these rules deal none")

    passes = hook.canfield_pass_limit(spec=spec)
    if not (
        passes == math.inf
        or (isinstance(passes, int) and not isinstance(passes, bool) and 1 <= passes <= MAX_PASS_LIMIT)
    ):
        raise _fail(variant, f"canfield_pass_limit returned {passes!r}, not an int 1..{MAX_PASS_LIMIT} or math.inf")
    n_draw = UNLIMITED_DRAW_PASSES if passes == math.inf else int(passes)
    draws = tuple(hook.canfield_draw_count(spec=spec, pass_index=i) for i in range(n_draw))
    for i, d in enumerate(draws):
        if isinstance(d, bool) or not isinstance(d, int) or d < 1 or d > MAX_DRAW:
            raise _fail(variant, f"canfield_draw_count returned {d!r} for pass {i}, not an int 1..{MAX_DRAW}")
    steady = len(draws) - 1
    while steady > 0 and draws[steady - 1] == draws[-1]:
        steady -= 1

    visible = hook.canfield_reserve_visible(spec=spec)
    if isinstance(visible, bool) or not isinstance(visible, int) or not 0 <= visible <= max(spec.reserve_size, 1):
        raise _fail(variant, f"canfield_reserve_visible returned {visible!r}, not an int 0..{spec.reserve_size}")

    scorer = hook.canfield_scoring(spec=spec)
    if not all(hasattr(scorer, a) for a in ("initial", "points", "floor")):
        raise _fail(variant, f"canfield_scoring returned {scorer!r}, without initial/points/floor")

    def deal(cards: list[int]) -> Position:
        pos = hook.canfield_deal(spec=spec, cards=list(cards))
        check_position(pos, spec, who=variant)
        assert isinstance(pos, Position)
        return pos

    mode = MODES[spec.tableau_moves]
    pass_limit = None if passes == math.inf else int(passes)
    return Rules(
        variant=variant,
        spec=spec,
        columns=spec.columns,
        decks=spec.decks,
        builds=tuple(builds),
        children=tuple(tuple(s for s in range(52) if builds[s * 52 + t]) for t in range(52)),
        empty_ok=tuple(empty_ok),
        auto_fill=fill.auto,
        fill_waste=fill.waste,
        fill_by_choice=fill.by_choice,
        fill_waste_only=fill.waste_only,
        base_until_first=fill.base_until_first,
        reserve_piles=spec.reserve_piles,
        mode=mode,
        takeback=spec.foundation_takeback,
        column_limit=spec.column_limit,
        reserve_play=RESERVE_PLAYS[spec.reserve_play],
        draws=draws,
        pass_limit=pass_limit,
        steady_pass=steady,
        auto_finish=spec.auto_finish,
        reserve_visible=visible,
        piles=compile_piles(spec.foundations),
        deal=deal,
        scorer=scorer,
    )


def _layout_problem(pos: Position, layout: tuple[FoundationPile, ...], takeback: bool) -> str | None:
    """What is wrong with ``pos``'s foundation piles under ``layout``, or None: each pile a
    sequence its rule builds (a set pile: sets of four of a kind), opened when it has cards
    (without ``takeback``)."""
    if pos.foundations:
        return "these rules have a foundation layout: its piles hold the cards (foundation_piles), not foundations"
    if len(pos.foundation_piles) != len(layout):
        return f"{len(pos.foundation_piles)} foundation piles, the rules have {len(layout)}"
    rules = compile_piles(layout)
    assert rules is not None
    for f, (rule, cards) in enumerate(zip(rules, pos.foundation_piles, strict=True)):
        if any(not isinstance(c, int) or not 0 <= c < 52 for c in cards):
            return f"foundation pile {f + 1}: {list(cards)} are not all cards"
        if rule.set:
            sets = [cards[k : k + SET_CARDS] for k in range(0, len(cards), SET_CARDS)]
            if len(cards) > 13 * SET_CARDS or any(len(s) != SET_CARDS or len({c % 13 for c in s}) > 1 for s in sets):
                return f"foundation pile {f + 1} takes sets of four cards of one rank"
        else:
            for k, c in enumerate(cards):
                if (rule.suit >= 0 and c // 13 != rule.suit) or pile_next(rule, cards[:k], pos.start) != c % 13:
                    return f"foundation pile {f + 1}: {card_name(c)} does not build on it"
        # Without take-back a pile that opened another stays complete.
        if cards and rule.after >= 0 and not takeback:
            if not pile_complete(rules[rule.after], pos.foundation_piles[rule.after], pos.start):
                return f"foundation pile {f + 1} has cards, but it opens only once pile {rule.after + 1} is complete"
    return None


def check_position(pos: object, spec: RuleSpec, who: Variant | None = None, *, pass_limit: int | None = None) -> None:
    """Check that ``pos`` is a `Position` that ``spec``'s rules can reach.

    Its shape (columns, foundations), every card once per deck, foundations that start at the
    fixed rank when the rules fix one and that keep their first card when nothing comes back from a
    foundation, and no more recycles than ``pass_limit`` passes allow (None: unlimited). Raises
    `InvalidPositionError`, or, for a position a variant's deal hook made (``who``), `VariantError`.
    """

    def fail(what: str) -> CanfieldError:
        return _fail(who, what) if who is not None else InvalidPositionError(what)

    if not isinstance(pos, Position):
        raise fail(f"the deal hook returned {pos!r}, not a Position")
    if len(pos.columns) != spec.columns:
        raise fail(f"{len(pos.columns)} columns, the rules have {spec.columns}")
    if not 0 <= pos.start <= 12:
        raise fail(f"foundation start rank {pos.start} is not 0..12")
    if spec.foundations is not None:
        why = _layout_problem(pos, spec.foundations, spec.foundation_takeback)
        if why:
            raise fail(why)
    elif pos.foundation_piles:
        raise fail("foundation piles are given, but these rules have the usual foundations (foundations=None)")
    elif len(pos.foundations) != 4 * spec.decks:
        raise fail(f"{len(pos.foundations)} foundations, the rules have {4 * spec.decks}")
    elif any(not 0 <= n <= 13 or not 0 <= s <= 3 for s, n in pos.foundations):
        raise fail("a foundation has a suit outside 0..3 or a count outside 0..13")
    elif sorted(s for s, _ in pos.foundations) != sorted(list(range(4)) * spec.decks):
        raise fail("foundations must hold each suit once per deck")
    fixed = spec.foundation_base
    if fixed is not None and pos.start != fixed:
        raise fail(f"the foundations start at {RANKS[pos.start]}, but these rules start them at {RANKS[fixed]}")
    if pos.base_open:
        if not spec.choose_base:
            raise fail("the base is still to be chosen, but these rules deal it (choose_base is off)")
        if pos.start != 0 or any(n for _, n in pos.foundations) or pos.waste:
            raise fail(
                "the base is still to be chosen, so every foundation and the waste are empty (and the start rank is A)"
            )
    elif spec.choose_base and not spec.foundation_takeback and not any(n for _, n in pos.foundations):
        raise fail(
            "the base is chosen, but no foundation holds a card and these rules take no card back from a foundation"
        )
    if not spec.foundation_takeback and spec.base_cards_up and spec.foundations is None and not spec.choose_base:
        # The dealt foundation cards (the base card, or every fixed-rank card) never leave.
        dealt = pos.foundations if fixed is not None else pos.foundations[:1]
        empty = next((s for s, n in dealt if n == 0), None)
        if empty is not None:
            raise fail(
                f"the {SUITS[empty]} foundation is empty, but it starts with a card and these rules "
                "take no card back from a foundation"
            )
    if len(pos.more_reserves) + 1 != spec.reserve_piles:
        raise fail(f"{len(pos.more_reserves) + 1} reserve piles, the rules have {spec.reserve_piles}")
    if pos.face_down:
        if "d" not in spec.column_deal:
            raise fail("a column card is face down, but these rules deal every column card face up (column_deal)")
        if len(pos.face_down) != len(pos.columns):
            raise fail(f"face-down places for {len(pos.face_down)} columns, the rules have {spec.columns}")
        for i, (col, down) in enumerate(zip(pos.columns, pos.face_down, strict=True)):
            if any(not isinstance(p, int) or isinstance(p, bool) or not 0 <= p < len(col) - 1 for p in down):
                raise fail(
                    f"column {i + 1}: face-down places {list(down)} must name cards below its top card "
                    f"(0..{len(col) - 2}): a top card is always face up"
                )
    if spec.column_limit is not None:
        full = next((i for i, col in enumerate(pos.columns) if len(col) > spec.column_limit), None)
        if full is not None:
            raise fail(
                f"column {full + 1} holds {len(pos.columns[full])} cards, these rules at most {spec.column_limit}"
            )
    counts = [0] * 52
    for c in pos.all_cards():
        if not 0 <= c < 52:
            raise fail(f"{c!r} is not a card")
        counts[c] += 1
    extra = [card_name(c) for c in range(52) if counts[c] > spec.decks]
    missing = [card_name(c) for c in range(52) if counts[c] < spec.decks]
    if extra or missing:
        raise fail(
            "cards must appear once per deck: "
            + (f"repeated {', '.join(extra)}" if extra else "")
            + ("; " if extra and missing else "")
            + (f"missing {', '.join(missing)}" if missing else "")
        )
    if not 0 <= pos.recycles <= MAX_RECYCLES:
        raise fail(f"{pos.recycles} recycles of the waste: a position has 0..{MAX_RECYCLES}")
    if pass_limit is not None and pos.recycles >= pass_limit:
        passes = f"{pass_limit} pass{'es' if pass_limit > 1 else ''}"
        raise fail(f"{pos.recycles} recycles of the waste, but these rules allow {passes} ({pass_limit - 1} recycles)")
