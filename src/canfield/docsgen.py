"""Markdown generated from the registered variants: the rules table, diffs, variant pages.

Pure functions of the registry: every registered variant — built-in, installed through an entry
point, or registered at run time — appears without any edit to the docs. The ``canfield docs``
command prints `differences_table` and `diff`; the documentation site (``docs/_hooks.py``) builds
its variants pages from `differences_table`, `variant_list`, `rules_reference` and
`variant_page`, with ``links=True``.

The tables say what each variant's compiled rules do (`canfield.plugins.registry.rules_for`), not
only what its spec says: a hook that changes a rule changes the table (rush draws "3, 2, 1"; a
hook-built column rule that matches no known rule reads "custom: canfield_build_rule"). A value
that differs from the reference variant ``canfield`` is printed in bold with a trailing dagger
(`MARK`), and every table that marks values ends with `LEGEND`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

import attrs

from .deals import shuffled_deck
from .errors import CanfieldError
from .plugins import hookspecs
from .plugins.builtin import build_predicate
from .plugins.registry import get_variant, rules_for, variants
from .rules import Rules, Variant
from .scoring import AppScoring, CasinoScoring, NoScoring
from .spec import (
    BUILD_RULES,
    EMPTY_COLUMN,
    RESERVE_PLAY,
    RESERVE_VISIBLE,
    SCORING,
    TABLEAU_MOVES,
    FoundationPile,
    RuleSpec,
    field_docs,
    format_rank,
)

#: The id of the variant every other one is compared with.
REFERENCE = "canfield"
#: What follows a value that differs from the reference variant (the value itself is bold).
MARK = "†"
#: The row name of the decision hooks a variant implements itself.
HOOKS_ROW = "hooks overridden"
LEGEND = f"**Bold** values marked {MARK} differ from `{REFERENCE}`."
#: How a rule that a hook decides and no known rule matches is shown: ``custom: <hook name>``.
CUSTOM = "custom: {hook}"

_CHOICES: dict[str, tuple[str, ...]] = {
    "reserve_visible": RESERVE_VISIBLE,
    "reserve_play": RESERVE_PLAY,
    "tableau_moves": TABLEAU_MOVES,
    "build": BUILD_RULES,
    "empty_column": EMPTY_COLUMN,
    "scoring": SCORING,
}
_UNLIMITED_WHEN_NONE = ("redeals", "undo_limit")


# -- values ------------------------------------------------------------------------------------


def format_value(field: str, value: object) -> str:
    """A spec value as a reader would say it: ``None`` redeals are "unlimited", ranks are ranks…"""
    if value is None:
        if field in _UNLIMITED_WHEN_NONE:
            return "unlimited"
        if field == "foundation_base":
            return "dealt base card"
        if field == "empty_column_rank":
            return "any card"
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if field == "foundation_base" and isinstance(value, int):
        return f"{format_rank(value)} (fixed)"
    if field == "empty_column_rank" and isinstance(value, int):
        return format_rank(value)

    if field == "redeals" and isinstance(value, int):
        passes = value + 1
        return f"{value} ({passes} pass{'es' if passes > 1 else ''})"
    return str(value)


def format_draws(draws: tuple[int, ...], pass_limit: int | None) -> str:
    """Cards turned per pass: ``3``, or ``3, 2, 1`` when they change (later passes repeat the last)."""
    shown = list(draws[:pass_limit] if pass_limit is not None else draws)
    while len(shown) > 1 and shown[-1] == shown[-2]:
        shown.pop()
    text = ", ".join(str(d) for d in shown)
    if len(shown) > 1 and (pass_limit is None or pass_limit > len(shown)):
        text += f" (then {shown[-1]} a pass)"
    return text


def format_passes(pass_limit: int | None) -> str:
    """The pass limit: ``unlimited``, ``1 (no redeal)``, ``3 (2 redeals)``."""
    if pass_limit is None:
        return "unlimited"
    redeals = pass_limit - 1
    return f"{pass_limit} ({'no redeal' if redeals == 0 else f'{redeals} redeal' + ('s' if redeals > 1 else '')})"


#: Known column rules by name, as `describe_build` says them.
BUILD_WORDS = {
    "alternate-colour": "alternate colour",
    "any-suit": "any suit",
    "same-suit": "in suit",
    "same-rank": "by rank, any suit",
    "same-colour": "same colour",
}


@functools.cache
def _known_builds() -> dict[tuple[bool, ...], str]:
    """The table of every known column rule, with and without the wrap, to its words."""
    out: dict[tuple[bool, ...], str] = {}
    for name, words in BUILD_WORDS.items():
        for wraps in (True, False):
            build = build_predicate(name, wraps)
            table = tuple(build(s, t) for s in range(52) for t in range(52))
            if name == "same-rank":  # by rank: no ranks to wrap
                out[table] = words
            else:
                out[table] = f"{words}, " + ("king on ace" if wraps else "no king on ace")
    return out


def describe_build(rules: Rules) -> str:
    """The compiled column rule in words when its table is a known rule, else ``custom: canfield_build_rule``."""
    words = _known_builds().get(tuple(rules.builds), CUSTOM.format(hook="canfield_build_rule"))
    return words if rules.spec.build_past_base else f"{words}; no base−1 card on a base card"


def describe_fill(rules: Rules) -> str:
    """The compiled empty-column rule: when a column fills, and with which cards."""
    ok = list(rules.empty_ok)
    rank = next((r for r in range(13) if ok == [c % 13 == r for c in range(52)]), None)
    if all(ok):
        cards = "any card"
    elif rank == 12:
        cards = "a king"
    elif rank is not None:
        cards = f"only {'an' if rank in (0, 7) else 'a'} {format_rank(rank)}"
    else:
        return CUSTOM.format(hook="canfield_fill_rule")
    if rules.fill_by_choice:
        text = f"{cards} from a reserve pile by choice, from the waste once every pile is empty"
    elif rules.fill_waste_only:
        text = f"{cards} from the waste only, by choice"
    elif not rules.auto_fill:
        text = f"{cards}, by choice"
    else:
        source = "fuller reserve pile" if rules.reserve_piles > 1 else "reserve"
        text = f"{source} at once, then " + ("waste at once, then " if rules.fill_waste else "") + cards
    if rules.base_until_first:
        text += "; only the base rank until the base card's foundation is complete"
    return text


def describe_reserve_cards(rules: Rules) -> str:
    """How many cards the reserve is dealt: ``13``, or ``2 piles of 5``."""
    size, piles = rules.spec.reserve_size, rules.reserve_piles
    return str(size) if piles == 1 else f"{piles} piles of {size}"


def describe_reserve_visible(rules: Rules) -> str:
    """How many reserve cards are face up: ``top card``, ``all``, ``none`` or ``top N``."""
    n, size = rules.reserve_visible, rules.spec.reserve_size
    if n == 0:
        return "none"
    if n >= size:
        return "all"
    return "top card" if n == 1 else f"top {n}"


_SCORERS: dict[type, str] = {AppScoring: "app", CasinoScoring: "casino", NoScoring: "none"}


def describe_scoring(rules: Rules) -> str:
    """The compiled scorer by its scheme's name (``app``, ``casino``, ``none``), else ``custom: canfield_scoring``."""
    return _SCORERS.get(type(rules.scorer), CUSTOM.format(hook="canfield_scoring"))


def describe_base(rules: Rules) -> str:
    """The foundations' starting rank as the compiled deal makes it: fixed, the dealt base card's, or
    the player's choice (with a foundation layout of the rules' own, each pile's, or the dealt base
    card's where a pile takes one)."""
    if rules.spec.choose_base:
        return "chosen: the first reserve card put up"
    layout = rules.spec.foundations
    if layout is not None:
        if all(p.takes == "set" for p in layout):
            return "none: sets of any rank"
        return format_value("foundation_base", None) if any(p.dealt for p in layout) else "each pile's own"
    try:
        starts = {rules.deal(shuffled_deck(n, rules.decks)).start for n in range(6)}
    except CanfieldError:
        return CUSTOM.format(hook="canfield_deal")
    if len(starts) == 1:
        text = format_value("foundation_base", starts.pop())
        return text if rules.spec.base_cards_up else f"{text}, foundations start empty"
    return format_value("foundation_base", None)


def describe_column_deal(rules: Rules) -> str:
    """Each column's deal: ``1 card`` when all its cards are face up, else the pattern (``d,u,d,u``)."""
    deal = rules.spec.column_deal
    if "d" not in deal:
        return f"{len(deal)} card{'s' if len(deal) > 1 else ''}"
    return ",".join(deal) + " (d face down)"


_MOVES_WORDS = {
    "any": "any run",
    "top-or-whole": "top card or whole column",
    "whole": "whole column",
    "single": "one card at a time",
}
_RESERVE_PLAY_WORDS = {"any": "any time", "last": "only its last card", "foundations": "to foundations only"}


def describe_pile(pile: FoundationPile) -> str:
    """One foundation pile of a layout in words, e.g. ``spades from K down, no wrap`` or ``any suit, four of a kind``."""
    if pile.takes == "set":
        words = "four of a kind at once"
    else:
        suit = "any suit" if pile.suit is None else ("spades", "hearts", "diamonds", "clubs")[pile.suit]
        start = "base rank" if pile.start is None else format_rank(pile.start)
        words = f"{suit} from {start} {pile.direction}" + ("" if pile.wraps else ", no wrap")
    if pile.dealt:
        words += ", gets the base card"
    if pile.after is not None:
        words += f", opens once pile {pile.after + 1} is complete"
    return words


def describe_foundation_layout(rules: Rules) -> str:
    """The foundation piles: ``one per suit and deck, up`` for the usual layout, else pile by pile."""
    layout = rules.spec.foundations
    if layout is None:
        return "one per suit and deck, up"
    return "; ".join(f"{i + 1}: {describe_pile(p)}" for i, p in enumerate(layout))


@attrs.frozen
class Row:
    """One rule of the tables: its name, the spec fields it comes from, and how it is shown."""

    name: str
    fields: tuple[str, ...]
    show: Callable[[Rules], str]


ROWS: tuple[Row, ...] = (
    Row("decks", ("decks",), lambda r: str(r.decks)),
    Row("columns", ("columns",), lambda r: str(r.columns)),
    Row("column deal", ("column_deal",), describe_column_deal),
    Row("reserve cards", ("reserve_size", "reserve_piles"), describe_reserve_cards),
    Row("reserve face up", ("reserve_visible",), describe_reserve_visible),
    Row("reserve plays", ("reserve_play",), lambda r: _RESERVE_PLAY_WORDS[r.spec.reserve_play]),
    Row("draws per pass", ("draw",), lambda r: format_draws(r.draws, r.pass_limit)),
    Row("passes", ("redeals",), lambda r: format_passes(r.pass_limit)),
    Row("column moves", ("tableau_moves",), lambda r: _MOVES_WORDS[r.spec.tableau_moves]),
    Row("column build", ("build", "build_wraps", "build_past_base"), describe_build),
    Row("column limit", ("column_limit",), lambda r: "none" if r.column_limit is None else f"{r.column_limit} cards"),
    Row("empty column", ("empty_column", "empty_column_rank", "empty_column_base_until_first"), describe_fill),
    Row("foundation base", ("foundation_base", "base_cards_up", "choose_base"), describe_base),
    Row("foundation piles", ("foundations",), describe_foundation_layout),
    Row("take-back", ("foundation_takeback",), lambda r: format_value("", r.takeback)),
    Row("undo limit", ("undo_limit",), lambda r: format_value("undo_limit", r.spec.undo_limit)),
    Row("undo is a move", ("undo_is_move",), lambda r: format_value("", r.spec.undo_is_move)),
    Row("auto finish", ("auto_finish",), lambda r: format_value("", r.spec.auto_finish)),
    Row("scoring", ("scoring",), describe_scoring),
)


def rule_values(variant: str | Variant) -> dict[str, str]:
    """What a variant's compiled rules do, rule by rule (`ROWS`), in words."""
    rules = rules_for(variant if isinstance(variant, Variant) else get_variant(variant))
    return {row.name: row.show(rules) for row in ROWS}


def format_hooks(variant: Variant) -> str:
    """The decision hooks a variant implements, as text (``none`` when it only has data)."""
    return ", ".join(variant.overrides()) or "none"


def _hook_link(name: str) -> str:
    if hasattr(getattr(hookspecs, name, None), f"{hookspecs.PROJECT}_spec"):
        return f"[`{name}`][canfield.plugins.hookspecs.{name}]"
    return f"`{name}`"


def _hooks_cell(variant: Variant, links: bool) -> str:
    names = variant.overrides()
    if not names:
        return "none"
    return ", ".join(_hook_link(n) if links else f"`{n}`" for n in names)


def _mark(text: str, differs: bool) -> str:
    return f"**{text}** {MARK}" if differs else text


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _row(cells: list[str]) -> str:
    return "| " + " | ".join(_cell(c) for c in cells) + " |"


def _reference() -> Variant:
    return get_variant(REFERENCE)


def _hooks_differ(a: Variant, b: Variant) -> bool:
    return set(a.overrides()) != set(b.overrides())


def _meaning(row: Row) -> str:
    docs = field_docs()
    return " ".join(docs[f] for f in row.fields)


def _options(row: Row) -> str:
    return ", ".join(f"`{f}`" for f in row.fields)


def differing_rules(a: str | Variant, b: str | Variant) -> list[str]:
    """The rules (`ROWS` names) whose compiled behaviour differs between variants ``a`` and ``b``."""
    va, vb = rule_values(a), rule_values(b)
    return [row.name for row in ROWS if va[row.name] != vb[row.name]]


def _page(variant_id: str) -> str:
    return f"variants/{variant_id}.md"


# -- the tables --------------------------------------------------------------------------------


def differences_table(*, links: bool = False, legend: bool = True) -> str:
    """Every registered variant's rules side by side, as its compiled rules play them, plus its hooks.

    Columns are the variants, ``canfield`` first; a value that differs from ``canfield`` is bold
    with a trailing ``†``, explained by `LEGEND` after the table (unless ``legend`` is False). With
    ``links``, the column heads link to the variant pages of the documentation site
    (``variants/<id>.md``).
    """
    ref = _reference()
    vs = variants()
    values = {v.id: rule_values(v) for v in vs}
    head = ["rule"] + [f"[{v.id}]({_page(v.id)})" if links else v.id for v in vs]
    lines = [_row(head), _row(["---"] * len(head))]
    for row in ROWS:
        base = values[ref.id][row.name]
        lines.append(_row([row.name] + [_mark(values[v.id][row.name], values[v.id][row.name] != base) for v in vs]))
    lines.append(_row([HOOKS_ROW] + [_mark(format_hooks(v), _hooks_differ(v, ref)) for v in vs]))
    return "\n".join(lines) + ("\n\n" + LEGEND if legend else "") + "\n"


def diff(a: str, b: str) -> str:
    """The rules that differ between variants ``a`` and ``b`` (ids or aliases), as markdown.

    A table of the rules whose compiled behaviour differs, then a line naming the hooks each
    variant overrides.
    """
    va, vb = get_variant(a), get_variant(b)
    values_a, values_b = rule_values(va), rule_values(vb)
    rows = [row for row in ROWS if values_a[row.name] != values_b[row.name]]
    out = [f"Rules of `{vb.id}` that differ from `{va.id}`:", ""]
    if rows:
        out += [_row(["rule", va.id, vb.id, "option", "meaning"]), _row(["---"] * 5)]
        out += [_row([r.name, values_a[r.name], values_b[r.name], _options(r), _meaning(r)]) for r in rows]
    else:
        out.append("No rule differs.")
    hooks = f"Hooks overridden: `{va.id}` {format_hooks(va)}; `{vb.id}` {format_hooks(vb)}."
    return "\n".join(out) + "\n\n" + hooks + "\n"


def rules_reference() -> str:
    """Every `RuleSpec` field: its allowed values, its value in ``canfield``, and what it means."""
    docs = field_docs()
    ref = _reference().spec
    lines = [_row(["option", "values", f"`{REFERENCE}`", "meaning"]), _row(["---"] * 4)]
    for f in attrs.fields(RuleSpec):
        choices = _CHOICES.get(f.name)
        if choices:
            values = ", ".join(f"`{c}`" for c in choices)
        elif f.type in ("bool", bool):
            values = "`True`, `False`"
        elif f.name in ("foundation_base", "empty_column_rank"):
            values = f"a rank: `0` ({format_rank(0)}) … `12` ({format_rank(12)}), or `None`"
        else:
            kind = f.type if isinstance(f.type, str) else getattr(f.type, "__name__", str(f.type))
            values = " or ".join(f"`{t.strip()}`" for t in kind.split("|"))
        lines.append(_row([f"`{f.name}`", values, format_value(f.name, getattr(ref, f.name)), docs[f.name]]))
    return "\n".join(lines) + "\n"


def attrs_fields(cls: type) -> str:
    """A table of an attrs class's fields: each name and the one-line doc in its metadata."""
    lines = [_row(["field", "meaning"]), _row(["---"] * 2)]
    for f in attrs.fields(cls):
        lines.append(_row([f"`{f.name}`", f.metadata.get("doc", "")]))
    return "\n".join(lines) + "\n"


def variant_list(*, links: bool = False) -> str:
    """A bullet list of the registered variants: name, id, aliases, source and description."""
    out = []
    for v in variants():
        name = f"[{v.name}]({_page(v.id)})" if links else v.name
        also = f", also {', '.join(f'`{a}`' for a in v.aliases)}" if v.aliases else ""
        text = f"- {name} (`{v.id}`{also}; from {v.source})"
        out.append(text + (f": {v.description}" if v.description else ""))
    return "\n".join(out) + "\n"


def variant_page(variant_id: str, *, links: bool = False) -> str:
    """The rules of one variant as a markdown page: who it is, what its rules do, its hooks.

    Each rule is printed with the options it comes from and their one-line descriptions; a value
    that differs from ``canfield`` is bold with a trailing ``†``. With ``links``, hook names link
    to the hook reference and the page links back to the differences table (for the site).
    """
    v = get_variant(variant_id)
    ref = _reference()
    values, base = rule_values(v), rule_values(ref)
    out = [f"# {v.name}", ""]
    facts = [f"Variant id: `{v.id}`"]
    if v.aliases:
        facts.append("aliases: " + ", ".join(f"`{a}`" for a in v.aliases))
    facts.append(f"from: {v.source}")
    out += [" · ".join(facts), ""]
    if v.description:
        out += [v.description, ""]
    out += ["## Rules", ""]
    if v.id == REFERENCE:
        out += ["The reference rule set: every other variant is compared with this one.", ""]
    else:
        n = sum(values[r.name] != base[r.name] for r in ROWS)
        ref_name = f"[`{REFERENCE}`]({REFERENCE}.md)" if links else f"`{REFERENCE}`"
        out += [f"{n} rule{'s' if n != 1 else ''} differ{'s' if n == 1 else ''} from {ref_name} (the app's rules).", ""]
    out += [_row(["rule", "value", "option", "meaning"]), _row(["---"] * 4)]
    for r in ROWS:
        out.append(_row([r.name, _mark(values[r.name], values[r.name] != base[r.name]), _options(r), _meaning(r)]))
    out += ["", LEGEND, "", "## Hooks", ""]
    if v.overrides():
        out.append(f"Hooks overridden: {_hooks_cell(v, links)}. These decisions are the variant's own code;")
        out.append("the table above shows what they do.")
    else:
        out.append("Hooks overridden: none. The spec is the whole of this variant's rules.")
    if links:
        out += ["", "See the [hook reference](../hooks.md) and [all variants side by side](../variants.md)."]
    draw = rules_for(v).first_draw
    out += [
        "",
        "## Play it",
        "",
        "```sh",
        f"canfield play CF1-D{draw}-AAAAAAA --variant {v.id}",
        f"canfield rules {v.id}",
        "```",
    ]
    return "\n".join(out) + "\n"
