"""MkDocs hooks: the page "How often can each variant be won?", filled from the survey files.

The survey files kept in ``docs/data`` (and timing runs in ``docs/data/speed``) are read at build
time: in ``winnability.md`` each placeholder ``<!-- survey:NAME -->`` is replaced by the markdown
of `canfield.surveys.publish.sections` of the same name, so the page always says what the files
hold. The page is listed in the nav right after the variants.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

from canfield.surveys import publish

PAGE = "winnability.md"
TITLE = "How often can each variant be won?"
AFTER = "Variants"
DATA = Path(__file__).resolve().parent / "data"


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """List the page in the nav, after the variants section (or last)."""
    nav: list[Any] = config.nav if config.nav is not None else []
    if any(isinstance(e, dict) and PAGE in e.values() for e in nav):
        return config
    places = [i for i, e in enumerate(nav) if isinstance(e, dict) and AFTER in e]
    nav.insert(places[0] + 1 if places else len(nav), {TITLE: PAGE})
    config.nav = nav
    return config


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Leave this file out of the site."""
    me = files.get_file_from_path(Path(__file__).name)
    if me is not None:
        files.remove(me)
    return files


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Fill the ``<!-- survey:NAME -->`` placeholders of the winnability page."""
    if page.file.src_uri != PAGE:
        return markdown
    for name, make in publish.sections(DATA).items():
        tag = f"<!-- survey:{name} -->"
        if tag in markdown:
            markdown = markdown.replace(tag, make())
    return markdown
