"""The documentation: the site builds strictly, generated tables are right, examples run.

One ``mkdocs build --strict`` per test session (module fixture); the python code blocks of the
README and of ``docs/*.md`` are executed, except blocks marked as not runnable (a fence with more
than ``python`` in its info string, e.g. ``title="..."``, or ``<!-- no-exec -->`` just above).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

import canfield
from canfield import cli, docsgen
from canfield.plugins import hookspecs
from canfield.plugins import registry as registry_module
from canfield.spec import CANFIELD, FIELDS, RuleSpec, field_docs

ROOT = Path(__file__).resolve().parent.parent
DOC_FILES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
EXAMPLES = sorted((ROOT / "examples").glob("*.py"))
NO_EXEC = "<!-- no-exec -->"

_FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<ticks>`{3,}|~{3,})(?P<info>[^\n]*)$")


def python_blocks(text: str) -> list[tuple[int, str]]:
    """``(line number, code)`` of each runnable ```python block in markdown ``text``."""
    lines = text.splitlines()
    out: list[tuple[int, str]] = []
    i = 0
    while i < len(lines):
        m = _FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        indent, ticks, info = m["indent"], m["ticks"], m["info"].strip()
        start = i
        body: list[str] = []
        i += 1
        while i < len(lines) and not lines[i].strip().startswith(ticks):
            body.append(lines[i][len(indent) :] if lines[i].startswith(indent) else lines[i])
            i += 1
        i += 1
        previous = next((ln.strip() for ln in reversed(lines[:start]) if ln.strip()), "")
        if info in ("python", "py") and previous != NO_EXEC:
            out.append((start + 1, "\n".join(body) + "\n"))
    return out


def _blocks() -> list[tuple[Path, int, str]]:
    return [(path, line, code) for path in DOC_FILES for line, code in python_blocks(path.read_text(encoding="utf-8"))]


BLOCKS = _blocks()


def _table(markdown: str) -> tuple[list[str], dict[str, list[str]]]:
    """The head and the rows (by first cell) of the first markdown table in ``markdown``."""
    rows = [ln for ln in markdown.splitlines() if ln.startswith("|")]

    def cells(line: str) -> list[str]:
        return [c.strip() for c in re.split(r"(?<!\\)\|", line.strip())[1:-1]]

    head = cells(rows[0])
    return head, {cells(r)[0]: cells(r)[1:] for r in rows[2:]}


def _marked(cell: str) -> bool:
    return cell.startswith("**") and cell.endswith(docsgen.MARK)


# -- the site -----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    proc = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(out)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, f"mkdocs build --strict failed:\n{proc.stdout}\n{proc.stderr}"
    return out


def _page(site: Path, name: str) -> str:
    return (site / name / "index.html").read_text(encoding="utf-8")


def test_site_builds_with_every_page(site: Path) -> None:
    for name in ("rules", "variants", "hooks", "plugin-tutorial", "deal-codes", "notation", "api"):
        assert (site / name / "index.html").is_file(), name
    assert (site / "index.html").is_file()


def test_site_has_a_page_for_every_installed_variant(site: Path) -> None:
    # A fresh registry: what the mkdocs process sees (built-ins and installed entry points),
    # without variants other tests registered at run time in this process.
    fresh = registry_module.Registry()
    ids = [v.id for v in fresh]
    assert "canfield" in ids and "rainbow" in ids
    table = _page(site, "variants")
    home = (site / "index.html").read_text(encoding="utf-8")
    for v in fresh:
        page = _page(site, f"variants/{v.id}")
        assert v.name in page and v.id in page
        assert f"{v.id}</a>" in table  # a column of the differences table, linking to the page
        assert f'href="variants/{v.id}/"' in home  # listed in the navigation


def test_built_variants_page_marks_differences(site: Path) -> None:
    table = _page(site, "variants")
    assert f"<strong>any-suit</strong> {docsgen.MARK}" in table
    assert f"<strong>2 (fixed)</strong> {docsgen.MARK}" in table
    for f in FIELDS:
        assert f"<code>{f}</code>" in table


def test_every_hookspec_is_documented_in_the_built_hooks_page(site: Path) -> None:
    hooks = [n for n, obj in vars(hookspecs).items() if hasattr(obj, f"{hookspecs.PROJECT}_spec")]
    assert "canfield_draw_count" in hooks and "canfield_register_variants" in hooks
    page = _page(site, "hooks")
    for name in hooks:
        doc = getattr(hookspecs, name).__doc__
        assert doc and doc.strip(), f"hookspec {name} has no docstring"
        assert f'id="canfield.plugins.hookspecs.{name}"' in page, f"{name} is missing from the hooks page"
        assert doc.strip().split("\n")[0].split("`")[0][:30] in page


def test_rush_page_links_its_hook(site: Path) -> None:
    if "rush" not in registry_module.Registry():
        pytest.skip("the example plugin canfield-rush is not installed")
    page = _page(site, "variants/rush")
    assert "hooks/#canfield.plugins.hookspecs.canfield_draw_count" in page


# -- the generated markdown ---------------------------------------------------------------------


def test_every_field_has_a_doc() -> None:
    docs = field_docs()
    assert list(docs) == list(FIELDS)
    for f in attrs.fields(RuleSpec):
        assert f.metadata.get("doc", "").strip(), f"RuleSpec.{f.name} has no metadata doc"


def test_table_has_every_variant_and_field() -> None:
    head, rows = _table(docsgen.differences_table())
    ids = [v.id for v in canfield.variants()]
    assert head[0] == "rule" and head[1:] == ids and ids[0] == "canfield"
    assert list(rows) == [f"`{f}`" for f in FIELDS] + [docsgen.HOOKS_ROW]
    assert docsgen.LEGEND in docsgen.differences_table()


def test_table_marks_exactly_the_differences() -> None:
    head, rows = _table(docsgen.differences_table())
    by_id = {v.id: v for v in canfield.variants()}
    ref = by_id["canfield"]
    for i, vid in enumerate(head[1:]):
        v = by_id[vid]
        for f in FIELDS:
            cell = rows[f"`{f}`"][i]
            differs = getattr(v.spec, f) != getattr(ref.spec, f)
            assert _marked(cell) == differs, (vid, f, cell)
            assert docsgen.format_value(f, getattr(v.spec, f)) in cell
        hooks = rows[docsgen.HOOKS_ROW][i]
        assert _marked(hooks) == (set(v.overrides()) != set(ref.overrides())), (vid, hooks)
    col = head[1:].index
    assert rows["`build`"][col("rainbow")] == f"**any-suit** {docsgen.MARK}"
    assert rows["`build`"][col("canfield")] == "alternate-colour"
    assert rows["`foundation_base`"][col("storehouse")] == f"**2 (fixed)** {docsgen.MARK}"
    assert rows["`foundation_base`"][col("classic")] == "dealt base card"
    assert rows["`redeals`"][col("canfield")] == "unlimited"
    assert rows["`undo_limit`"][col("cardgames-io")] == f"**unlimited** {docsgen.MARK}"
    assert rows[docsgen.HOOKS_ROW][col("cardgames-io")] == f"**canfield_scoring** {docsgen.MARK}"


def test_diff_lists_exactly_the_differing_fields() -> None:
    text = docsgen.diff("canfield", "rainbow")
    head, rows = _table(text)
    rainbow = canfield.get_variant("rainbow").spec
    expected = [f for f in FIELDS if getattr(rainbow, f) != getattr(CANFIELD, f)]
    assert expected == ["draw", "redeals", "tableau_moves", "build", "foundation_takeback"]
    assert list(rows) == [f"`{f}`" for f in expected]
    assert head[:3] == ["rule", "canfield", "rainbow"]
    assert rows["`build`"][:2] == ["alternate-colour", "any-suit"]
    assert rows["`redeals`"][:2] == ["unlimited", "0 (1 pass)"]
    assert "Hooks overridden: `canfield` none; `rainbow` none." in text


def test_diff_of_same_spec_and_aliases() -> None:
    text = docsgen.diff("classic", "demon")
    assert "No rule field differs." in text and "|" not in text
    assert "canfield_scoring" in docsgen.diff("canfield", "online")


def test_variant_page() -> None:
    page = docsgen.variant_page("storehouse")
    assert page.startswith("# Storehouse Canfield\n")
    _, rows = _table(page)
    assert list(rows) == [f"`{f}`" for f in FIELDS]
    docs = field_docs()
    for f in FIELDS:
        assert rows[f"`{f}`"][1] == docs[f]
    assert rows["`foundation_base`"][0] == f"**2 (fixed)** {docsgen.MARK}"
    assert rows["`build`"][0] == f"**same-suit** {docsgen.MARK}"
    assert rows["`reserve_visible`"][0] == "top"
    assert "`storehouse-canfield`" in page and "Hooks overridden: none" in page
    online = docsgen.variant_page("online")
    assert "`canfield_scoring`" in online and "[`canfield_scoring`]" not in online
    assert "[`canfield_scoring`][canfield.plugins.hookspecs.canfield_scoring]" in docsgen.variant_page(
        "online", links=True
    )
    assert not any(_marked(c[0]) for c in _table(docsgen.variant_page("canfield"))[1].values())


def test_rules_reference_names_every_field() -> None:
    _, rows = _table(docsgen.rules_reference())
    assert list(rows) == [f"`{f}`" for f in FIELDS]
    assert "`any-suit`" in rows["`build`"][0]


def test_cli_prints_the_same_markdown(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["docs", "table"]) == 0
    assert capsys.readouterr().out == docsgen.differences_table() + "\n"
    assert cli.main(["docs", "diff", "canfield", "rainbow"]) == 0
    assert capsys.readouterr().out == docsgen.diff("canfield", "rainbow") + "\n"


# -- code in the docs ---------------------------------------------------------------------------


def test_docs_have_code_blocks() -> None:
    files = {path.name for path, _, _ in BLOCKS}
    assert {"README.md", "index.md", "deal-codes.md", "notation.md", "plugin-tutorial.md", "rules.md"} <= files


@pytest.mark.parametrize(("path", "line", "code"), BLOCKS, ids=[f"{p.name}:{line}" for p, line, _ in BLOCKS])
def test_python_blocks_run(path: Path, line: int, code: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # A fresh registry, so that variants a block registers do not leak into other tests.
    monkeypatch.setattr(registry_module, "_REGISTRY", None)
    monkeypatch.chdir(ROOT)
    exec(compile(code, f"{path.name}:{line}", "exec"), {"__name__": f"doc_{path.stem}"})


@pytest.mark.parametrize("script", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_example_scripts_run(script: Path) -> None:
    proc = subprocess.run([sys.executable, str(script)], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, f"{script.name} failed:\n{proc.stdout}\n{proc.stderr}"
