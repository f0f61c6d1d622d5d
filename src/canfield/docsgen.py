"""Markdown generated from the registered variants: the rule-differences table, diffs, variant pages.

Pure functions of the registry: every registered variant — built-in, installed through an entry
point, or registered at run time — appears without any edit to the docs. The ``canfield docs``
command prints `differences_table` and `diff`; the documentation site (``docs/_hooks.py``) builds
its variants pages from `differences_table`, `variant_list`, `rules_reference` and
`variant_page`, with ``links=True``.

A value that differs from the reference variant ``canfield`` is printed in bold with a trailing
dagger (`MARK`), and every table that marks values ends with `LEGEND`.
"""

from __future__ import annotations

import attrs

from .cards import RANKS
from .plugins import hookspecs
from .plugins.registry import get_variant, variants
from .rules import Variant
from .spec import BUILD_RULES, EMPTY_COLUMN, FIELDS, RESERVE_VISIBLE, SCORING, TABLEAU_MOVES, RuleSpec, field_docs

#: The id of the variant every other one is compared with.
REFERENCE = "canfield"
#: What follows a value that differs from the reference variant (the value itself is bold).
MARK = "†"
#: The row name of the decision hooks a variant implements itself.
HOOKS_ROW = "hooks overridden"
LEGEND = f"**Bold** values marked {MARK} differ from `{REFERENCE}`."

_CHOICES: dict[str, tuple[str, ...]] = {
    "reserve_visible": RESERVE_VISIBLE,
    "tableau_moves": TABLEAU_MOVES,
    "build": BUILD_RULES,
    "empty_column": EMPTY_COLUMN,
    "scoring": SCORING,
}
_UNLIMITED_WHEN_NONE = ("redeals", "undo_limit")


# -- values ------------------------------------------------------------------------------------


def format_value(field: str, value: object) -> str:
    """A spec value as a reader would say it: ``None`` redeals are "unlimited", ranks are letters…"""
    if value is None:
        if field in _UNLIMITED_WHEN_NONE:
            return "unlimited"
        if field == "foundation_base":
            return "dealt base card"
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if field == "foundation_base" and isinstance(value, int):
        return f"{RANKS[value]} (fixed)"
    if field == "redeals" and isinstance(value, int):
        passes = value + 1
        return f"{value} ({passes} pass{'es' if passes > 1 else ''})"
    return str(value)


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


def differing_fields(a: RuleSpec, b: RuleSpec) -> list[str]:
    """The spec fields whose values differ between ``a`` and ``b``, in field order."""
    return [f for f in FIELDS if getattr(a, f) != getattr(b, f)]


def _page(variant_id: str) -> str:
    return f"variants/{variant_id}.md"


# -- the tables --------------------------------------------------------------------------------


def differences_table(*, links: bool = False) -> str:
    """Every registered variant's rules side by side: one row per `RuleSpec` field, plus the hooks.

    Columns are the variants, ``canfield`` first; a value that differs from ``canfield`` is bold
    with a trailing ``†``. With ``links``, the column heads link to the variant pages of the
    documentation site (``variants/<id>.md``).
    """
    ref = _reference()
    vs = variants()
    head = ["rule"] + [f"[{v.id}]({_page(v.id)})" if links else v.id for v in vs]
    lines = [_row(head), _row(["---"] * len(head))]
    for f in FIELDS:
        base = getattr(ref.spec, f)
        cells = [f"`{f}`"]
        for v in vs:
            value = getattr(v.spec, f)
            cells.append(_mark(format_value(f, value), value != base))
        lines.append(_row(cells))
    cells = [HOOKS_ROW] + [_mark(format_hooks(v), _hooks_differ(v, ref)) for v in vs]
    lines.append(_row(cells))
    return "\n".join(lines) + "\n\n" + LEGEND + "\n"


def diff(a: str, b: str) -> str:
    """The rules that differ between variants ``a`` and ``b`` (ids or aliases), as markdown.

    A table of the differing `RuleSpec` fields only, then a line naming the hooks each variant
    overrides (hooks can change rules that the spec alone does not show).
    """
    va, vb = get_variant(a), get_variant(b)
    fields = differing_fields(va.spec, vb.spec)
    docs = field_docs()
    out = [f"Rules of `{vb.id}` that differ from `{va.id}`:", ""]
    if fields:
        out += [_row(["rule", va.id, vb.id, "meaning"]), _row(["---"] * 4)]
        out += [
            _row([f"`{f}`", format_value(f, getattr(va.spec, f)), format_value(f, getattr(vb.spec, f)), docs[f]])
            for f in fields
        ]
    else:
        out.append("No rule field differs.")
    hooks = f"Hooks overridden: `{va.id}` {format_hooks(va)}; `{vb.id}` {format_hooks(vb)}."
    if _hooks_differ(va, vb):
        hooks += " The hooks differ, so the rules may differ beyond the table."
    return "\n".join(out) + "\n\n" + hooks + "\n"


def rules_reference() -> str:
    """Every `RuleSpec` field: its allowed values, its value in ``canfield``, and what it means."""
    docs = field_docs()
    ref = _reference().spec
    lines = [_row(["rule", "values", f"`{REFERENCE}`", "meaning"]), _row(["---"] * 4)]
    for f in attrs.fields(RuleSpec):
        choices = _CHOICES.get(f.name)
        if choices:
            values = ", ".join(f"`{c}`" for c in choices)
        elif f.type in ("bool", bool):
            values = "yes, no"
        else:
            kind = f.type if isinstance(f.type, str) else getattr(f.type, "__name__", str(f.type))
            values = " or ".join(f"`{t.strip()}`" for t in kind.split("|"))
        lines.append(_row([f"`{f.name}`", values, format_value(f.name, getattr(ref, f.name)), docs[f.name]]))
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
    """The rules of one variant as a markdown page: who it is, its full spec, its hooks.

    Each spec field is printed with its one-line description; a value that differs from
    ``canfield`` is bold with a trailing ``†``. With ``links``, hook names link to the hook
    reference and the page links back to the differences table (for the documentation site).
    """
    v = get_variant(variant_id)
    ref = _reference()
    docs = field_docs()
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
        n = len(differing_fields(ref.spec, v.spec))
        ref_name = f"[`{REFERENCE}`]({REFERENCE}.md)" if links else f"`{REFERENCE}`"
        out += [f"{n} rule{'s' if n != 1 else ''} differ{'s' if n == 1 else ''} from {ref_name} (the app's rules).", ""]
    out += [_row(["rule", "value", "meaning"]), _row(["---"] * 3)]
    for f in FIELDS:
        value = getattr(v.spec, f)
        out.append(_row([f"`{f}`", _mark(format_value(f, value), value != getattr(ref.spec, f)), docs[f]]))
    out += ["", LEGEND, "", "## Hooks", ""]
    if v.overrides():
        out.append(f"Hooks overridden: {_hooks_cell(v, links)}. These decisions are the variant's own code;")
        out.append("every other decision follows the spec above.")
    else:
        out.append("Hooks overridden: none. The spec above is the whole of this variant's rules.")
    if links:
        out += ["", "See the [hook reference](../hooks.md) and [all variants side by side](../variants.md)."]
    out += [
        "",
        "## Play it",
        "",
        "```sh",
        f"canfield play CF1-D{v.spec.draw}-AAAAAAA --variant {v.id}",
        f"canfield rules {v.id}",
        "```",
    ]
    return "\n".join(out) + "\n"
