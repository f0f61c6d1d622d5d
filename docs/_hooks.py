"""MkDocs hooks: the variants pages, generated from the registry at build time.

Every registered variant — the built-ins and any plugin installed in the environment (entry
points of the group ``canfield.variants``) — gets a page ``variants/<id>.md`` made by
`canfield.docsgen.variant_page`, listed in the nav under "Variants" by name, without any edit to
the docs.
In ``variants.md`` the placeholders ``<!-- canfield:NAME -->`` are replaced by the generated
markdown of the same name (see ``PLACEHOLDERS``). On any page, ``<!-- canfield:board game="…"
moves="…" -->`` becomes the text board of that game (a deal code or a position string) after those
moves, as `print(game)` prints it, so the pages' boards are the program's own and cannot drift;
``<!-- canfield:screen game="…" inputs="…" -->`` becomes the full-screen game's screen after those
inputs (`canfield.fullscreen.screen_after`, 80 x 24), which a test compares with a real terminal's.
"""

from __future__ import annotations

import re
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

import canfield
from canfield import docsgen
from canfield.board import board_text
from canfield.fullscreen import screen_after
from canfield.rules import FillRule

NAV_SECTION = "Variants"
PLACEHOLDERS = {
    # in a box of its own that scrolls (docs/css/canfield.css): one column per variant
    "differences-table": lambda: (
        '<div class="wide-table" markdown>\n\n'
        + docsgen.differences_table(links=True, legend=False)
        + "\n</div>\n\n"
        + docsgen.LEGEND
        + "\n"
    ),
    "variant-list": lambda: docsgen.variant_list(links=True),
    "rules-reference": docsgen.rules_reference,
    "fill-rule-fields": lambda: docsgen.attrs_fields(FillRule),
}


BOARD = re.compile(r'<!-- canfield:board game="(?P<game>[^"]+)"(?: moves="(?P<moves>[^"]*)")? -->')


SCREEN = re.compile(r'<!-- canfield:screen game="(?P<game>[^"]+)" inputs="(?P<inputs>[^"]*)" -->')
#: The size of the screens the docs show: the classic terminal's.
SCREEN_SIZE = (80, 24)


def screen_block(game_text: str, inputs: str) -> str:
    """A markdown text block of the full-screen game after typing each of ``inputs`` (space separated)."""
    return f"```text\n{screen_after(game_text, inputs.split(), *SCREEN_SIZE).text()}\n```"


def board_block(game_text: str, moves: str = "") -> str:
    """A markdown text block of the board of ``game_text`` (a deal code or a position string) after ``moves``."""
    game = (
        canfield.Game.from_code(game_text)
        if game_text.upper().startswith("CF1-")
        else canfield.Game.from_position(game_text)
    )
    for move in moves.split():
        game.play(move)
    return f"```text\n{board_text(game)}\n```"


def _page_path(variant_id: str) -> str:
    return f"variants/{variant_id}.md"


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Append a nav entry per registered variant to the "Variants" section."""
    section: list[Any] | None = None
    for item in config.nav or []:
        if isinstance(item, dict) and NAV_SECTION in item:
            section = item[NAV_SECTION]
    if section is None:
        raise ValueError(f"mkdocs.yml: the nav needs a {NAV_SECTION!r} section for the variant pages")
    listed = {next(iter(e.values())) if isinstance(e, dict) else e for e in section}
    for v in sorted(canfield.variants(), key=lambda v: (v.name.casefold(), v.id)):
        if _page_path(v.id) not in listed:
            section.append({v.name: _page_path(v.id)})
    return config


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Add the generated page of every variant that has no hand-written page."""
    for v in canfield.variants():
        path = _page_path(v.id)
        if files.get_file_from_path(path) is None:
            files.append(File.generated(config, path, content=docsgen.variant_page(v.id, links=True)))
    return files


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Fill the ``<!-- canfield:NAME -->`` placeholders with generated markdown."""
    for name, make in PLACEHOLDERS.items():
        tag = f"<!-- canfield:{name} -->"
        if tag in markdown:
            markdown = markdown.replace(tag, make())
    markdown = SCREEN.sub(lambda m: screen_block(m["game"], m["inputs"]), markdown)
    return BOARD.sub(lambda m: board_block(m["game"], m["moves"] or ""), markdown)
