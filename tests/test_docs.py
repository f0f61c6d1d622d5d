"""The documentation: the site builds strictly, generated tables are right, examples run.

One ``mkdocs build --strict`` per test session (module fixture); the python code blocks of the
README and of ``docs/*.md`` are executed, except blocks marked as not runnable (a fence with more
than ``python`` in its info string, e.g. ``title="..."``, or ``<!-- no-exec -->`` just above).
"""

from __future__ import annotations

import argparse
import html
import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest

import canfield
from canfield import cli, docsgen
from canfield.fullscreen import screen_after
from canfield.plugins import hookspecs
from canfield.plugins import registry as registry_module
from canfield.spec import FIELDS, RuleSpec, field_docs

from .chromium import Browser

ROOT = Path(__file__).resolve().parent.parent
DOC_FILES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
EXAMPLES = sorted((ROOT / "examples").glob("*.py"))
NO_EXEC = "<!-- no-exec -->"
#: Every hand-written page of the site (without ``.md``), each built to ``<name>/index.html``.
PAGES = (
    "rules", "board", "cli", "variants", "deal-codes", "notation", "cards", "saved-games", "languages",
    "plugin-tutorial", "plugin-testing", "hooks", "api", "api-rules", "glossary",
)  # fmt: skip

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
    for name in PAGES:
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
    assert f"<strong>any suit, king on ace</strong> {docsgen.MARK}" in table
    assert f"<strong>2 (fixed)</strong> {docsgen.MARK}" in table
    for f in FIELDS:
        assert f"<code>{f}</code>" in table


def test_the_rules_table_scrolls_in_its_own_box_in_a_1200_pixel_window(
    site: Path, browser: Browser, tmp_path: Path
) -> None:
    browser.open((site / "variants" / "index.html").as_uri(), width=1200, height=900)
    found = browser.evaluate(
        """(() => {
        const box = document.querySelector('.wide-table');
        const table = box.querySelector('table');
        box.scrollIntoView();
        const before = box.querySelector('tbody td').getBoundingClientRect().left;
        box.scrollLeft = box.scrollWidth;
        box.scrollTop = box.scrollHeight;
        return {
            page: document.documentElement.scrollWidth,
            box: box.getBoundingClientRect().right, content: document.querySelector('.md-content').getBoundingClientRect().right,
            height: box.getBoundingClientRect().height, rows: table.rows.length,
            scrolls: box.scrollLeft > 0, before: before,
            first: box.querySelector('tbody tr:last-child td').getBoundingClientRect().left,
            left: box.getBoundingClientRect().left, head: box.querySelector('thead th').getBoundingClientRect().top,
            top: box.getBoundingClientRect().top,
        };
    })()"""
    )
    browser.screenshot(tmp_path / "variants.png")
    assert found["page"] <= 1200, "the page itself scrolls sideways"
    assert found["box"] <= found["content"] + 1 and found["height"] <= 0.75 * 900 + 1
    assert found["rows"] == len(docsgen.ROWS) + 2  # the head, one row per rule, the hooks
    if found["scrolls"]:  # more variants than fit: the rule names and the head stay in view
        assert abs(found["first"] - found["left"]) <= 2 and abs(found["head"] - found["top"]) <= 2
    assert browser.errors() == []


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


def test_table_has_every_variant_and_rule() -> None:
    head, rows = _table(docsgen.differences_table())
    ids = [v.id for v in canfield.variants()]
    assert head[0] == "rule" and head[1:] == ids and ids[0] == "canfield"
    assert list(rows) == [r.name for r in docsgen.ROWS] + [docsgen.HOOKS_ROW]
    assert docsgen.LEGEND in docsgen.differences_table()
    covered = [f for r in docsgen.ROWS for f in r.fields]
    assert sorted(covered) == sorted(FIELDS)  # every spec field is shown by exactly one rule


def test_table_marks_exactly_the_differences() -> None:
    head, rows = _table(docsgen.differences_table())
    by_id = {v.id: v for v in canfield.variants()}
    ref = docsgen.rule_values("canfield")
    for i, vid in enumerate(head[1:]):
        values = docsgen.rule_values(vid)
        for r in docsgen.ROWS:
            cell = rows[r.name][i]
            assert _marked(cell) == (values[r.name] != ref[r.name]), (vid, r.name, cell)
            assert values[r.name] in cell
        hooks = rows[docsgen.HOOKS_ROW][i]
        assert _marked(hooks) == (set(by_id[vid].overrides()) != set()), (vid, hooks)
    col = head[1:].index
    assert rows["column build"][col("rainbow")] == f"**any suit, king on ace** {docsgen.MARK}"
    assert rows["column build"][col("canfield")] == "alternate colour, king on ace"
    assert rows["foundation base"][col("storehouse")] == f"**2 (fixed)** {docsgen.MARK}"
    assert rows["foundation base"][col("classic")] == "dealt base card"
    assert rows["passes"][col("canfield")] == "unlimited"
    assert rows["draws per pass"][col("rainbow")] == f"**1** {docsgen.MARK}"
    assert rows["undo limit"][col("cardgames-io")] == f"**unlimited** {docsgen.MARK}"
    assert rows[docsgen.HOOKS_ROW][col("cardgames-io")] == f"**canfield_scoring** {docsgen.MARK}"


def test_table_shows_what_hooks_do_not_the_spec() -> None:
    _, rows = _table(docsgen.differences_table())
    head = _table(docsgen.differences_table())[0][1:]
    # cardgames-io's spec says scoring 'none', but its hook scores: the table says so.
    assert canfield.get_variant("cardgames-io").spec.scoring == "none"
    assert rows["scoring"][head.index("cardgames-io")] == f"**custom: canfield_scoring** {docsgen.MARK}"
    if "rush" in head:  # rush's spec says draw 3; its hook draws 3, then 2, then 1
        assert rows["draws per pass"][head.index("rush")] == f"**3, 2, 1** {docsgen.MARK}"


def test_diff_lists_exactly_the_differing_rules() -> None:
    text = docsgen.diff("canfield", "rainbow")
    head, rows = _table(text)
    assert list(rows) == ["draws per pass", "passes", "column moves", "column build", "take-back"]
    assert list(rows) == docsgen.differing_rules("canfield", "rainbow")
    assert head == ["rule", "canfield", "rainbow", "option", "meaning"]
    assert rows["column build"][:3] == [
        "alternate colour, king on ace",
        "any suit, king on ace",
        "`build`, `build_wraps`, `build_past_base`",
    ]
    assert rows["passes"][:2] == ["unlimited", "1 (no redeal)"]
    assert rows["draws per pass"][3] == field_docs()["draw"]
    assert "Hooks overridden: `canfield` none; `rainbow` none." in text


def test_diff_of_same_rules_and_aliases() -> None:
    text = docsgen.diff("classic", "demon")
    assert "No rule differs." in text and "|" not in text
    online = docsgen.diff("canfield", "online")
    assert "canfield_scoring" in online and "| scoring | app | custom: canfield_scoring |" in online


def test_variant_page() -> None:
    page = docsgen.variant_page("storehouse")
    assert page.startswith("# Storehouse Canfield\n")
    _, rows = _table(page)
    assert list(rows) == [r.name for r in docsgen.ROWS]
    docs = field_docs()
    for r in docsgen.ROWS:
        assert rows[r.name][1] == ", ".join(f"`{f}`" for f in r.fields)
        assert rows[r.name][2] == " ".join(docs[f] for f in r.fields)
    assert rows["foundation base"][0] == f"**2 (fixed)** {docsgen.MARK}"
    assert rows["column build"][0] == f"**in suit, king on ace** {docsgen.MARK}"
    assert rows["reserve face up"][0] == "top card"
    assert "`storehouse-canfield`" in page and "Hooks overridden: none" in page
    assert "canfield play CF1-D1-AAAAAAA --variant storehouse" in page
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


def _load_hooks() -> Any:
    spec = importlib.util.spec_from_file_location("docs_hooks", ROOT / "docs" / "_hooks.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_boards_in_the_docs_are_the_program_s_own(site: Path) -> None:
    hooks = _load_hooks()
    found = 0
    for path in DOC_FILES:
        text = path.read_text(encoding="utf-8")
        # No hand-written board: a text block that starts with a status line must be generated.
        for block in re.findall(r"```text\n(.*?)```", text, re.S):
            assert not re.match(r"\S.* · draw \d+ · pass \d+ of", block), f"{path.name}: a board written by hand"
        if path.parent.name != "docs":
            continue
        for m in hooks.BOARD.finditer(text):
            block = hooks.board_block(m["game"], m["moves"] or "")
            board = block.removeprefix("```text\n").removesuffix("\n```")
            page = _text(site, path.stem)
            assert board in page, f"{path.name}: the built page lacks the board of {m['game']!r}"
            found += 1
    assert found >= 3  # board.md's example and rules.md's worked example, before and after


def test_the_full_screen_capture_is_the_program_s_own(site: Path) -> None:
    """playing.md's screen is laid out by the game itself (tests/test_fullscreen.py checks that a
    real terminal shows the same)."""
    hooks = _load_hooks()
    text = (ROOT / "docs" / "playing.md").read_text(encoding="utf-8")
    shots = list(hooks.SCREEN.finditer(text))
    assert shots
    for m in shots:
        screen = screen_after(m["game"], m["inputs"].split(), *hooks.SCREEN_SIZE).text()
        assert screen.splitlines()[2].startswith("Canfield · draw 3")
        assert screen in _text(site, "playing")


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


# -- the pages say what players and plugin authors need -----------------------------------------


def _text(site: Path, name: str) -> str:
    """A built page's text, tags removed."""
    return html.unescape(re.sub(r"<[^>]+>", "", _page(site, name)))


#: Files whose text (docs, docstrings, variant descriptions) must stand on their own.
OWN_TEXTS = [
    *sorted((ROOT / "docs").glob("*.md")),
    ROOT / "docs" / "_hooks.py",
    *sorted((ROOT / "src" / "canfield" / "plugins").rglob("*.py")),
    ROOT / "src" / "canfield" / "docsgen.py",
    ROOT / "src" / "canfield" / "spec.py",
    *sorted(p for p in (ROOT / "examples").rglob("*.py") if "build" not in p.parts),
    *sorted(p for p in (ROOT / "examples").rglob("*.md") if "build" not in p.parts),
]
_PRIVATE = re.compile(r"\bSPEC\b|(?<!--)\b[Ss]eeds?\b|\b[Ss]ource documents?")  # `--seed` is an option


@pytest.mark.parametrize("path", OWN_TEXTS, ids=[str(p.relative_to(ROOT)) for p in OWN_TEXTS])
def test_texts_stand_on_their_own(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    found = [m.group(0) for m in _PRIVATE.finditer(text)]
    assert not found, f"{path.name} mentions {found}"


def test_variant_descriptions_stand_on_their_own() -> None:
    for v in registry_module.Registry():
        assert not _PRIVATE.search(v.description), (v.id, v.description)
        assert not _PRIVATE.search(docsgen.variant_page(v.id)), v.id


def test_generated_pages_stand_on_their_own(site: Path) -> None:
    for name in ("variants", "hooks", "api-rules", *(f"variants/{v.id}" for v in registry_module.Registry())):
        found = _PRIVATE.findall(_text(site, name))
        assert not found, (name, found)


def test_install_from_a_checkout_is_documented() -> None:
    index = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    assert "pip install ." in index and "git clone" in index
    for path in DOC_FILES:
        for line in path.read_text(encoding="utf-8").splitlines():
            if re.search(r"pip install ['\"]?canfield\b(?![-\w])", line) and "published" not in line:
                pytest.fail(f"{path.name}: 'pip install canfield' as if published: {line.strip()}")
    assert "Once it is published, `pip install canfield`" in index  # the published name, for later


def test_plugin_authors_get_an_editable_install() -> None:
    for name in ("plugin-tutorial.md", "plugin-testing.md"):
        assert "pip install -e" in (ROOT / "docs" / name).read_text(encoding="utf-8"), name


def _subcommands() -> dict[str, argparse.ArgumentParser]:
    parser = cli.build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


#: Commands another page (playing.md) describes in full; the CLI guide describes them briefly.
PLAYING_COMMANDS = ("play", "show", "replay")


def test_the_cli_guide_names_every_command_and_option() -> None:
    guide = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    for name, parser in _subcommands().items():
        assert f"canfield {name}" in guide, f"command {name!r} is missing from cli.md"
        if name in PLAYING_COMMANDS:
            continue
        for action in parser._actions:
            if isinstance(action, argparse._HelpAction):
                continue
            words = action.option_strings or [action.metavar or action.dest]
            if action.choices and not action.option_strings:
                words = [f"`{c}`" for c in action.choices]  # every choice of a positional
                assert all(w in guide for w in words), f"{name}: {words} is missing from cli.md"
            assert any(str(w) in guide for w in words), f"{name}: {words} is missing from cli.md"
    assert "(playing.md)" in guide


def test_every_cli_option_has_a_help_text() -> None:
    for name, parser in _subcommands().items():
        for action in parser._actions:
            assert action.help, f"canfield {name}: {action.option_strings or action.dest} has no help text"


def test_api_pages_show_every_field(site: Path) -> None:
    page = _text(site, "api-rules")
    for cls in (canfield.RuleSpec, canfield.Variant, canfield.FillRule):
        for f in attrs.fields(cls):
            assert f.name in page, f"{cls.__name__}.{f.name} is missing from the API page"
    for member in ("floor", "initial", "points"):
        assert f"canfield.scoring.Scorer.{member}" in _page(site, "api-rules")


def test_hook_reference_links_card_numbers_and_says_who_wraps(site: Path) -> None:
    assert 'href="../cards/#card-numbers"' in _page(site, "hooks")
    assert 'id="card-numbers"' in _page(site, "cards")
    doc = " ".join((hookspecs.canfield_build_rule.__doc__ or "").split())
    assert "a rule that lets a king go on an ace must say so itself" in doc
    assert "a rule that lets a king go on an ace must say so itself" in " ".join(_text(site, "hooks").split())


def test_new_pages_are_in_the_nav(site: Path) -> None:
    home = (site / "index.html").read_text(encoding="utf-8")
    for name in PAGES:
        assert f'href="{name}/"' in home, f"{name} is not in the navigation"


def test_variant_navigation_is_sorted_by_name(site: Path) -> None:
    home = (site / "index.html").read_text(encoding="utf-8")
    fresh = registry_module.Registry()
    order = [m for m in re.findall(r'href="variants/([\w-]+)/"', home)]
    listed = list(dict.fromkeys(order))
    by_name = [v.id for v in sorted(fresh, key=lambda v: (v.name.casefold(), v.id))]
    assert listed == by_name
