"""Winnability surveys: many deals, one verdict each, and how often a variant can be won.

`survey` solves every deal of a deal set (deal codes, so any machine solves the same deals) with
`canfield.solver.solve` under a cap per deal, on local processes or a Dask cluster, writing each
verdict to a SQLite file as it comes; the same call on the same file resumes. `report` reads a
file into a `Report`: won, lost and unknown shares, a 95 % interval for the win rate that holds
whatever the unknown deals are, and times per deal, as text, JSON or markdown.
"""

from __future__ import annotations

from .deals import DealSet
from .report import Report, conservative_interval, markdown_table, report, wilson
from .run import survey

__all__ = ["DealSet", "Report", "conservative_interval", "markdown_table", "report", "survey", "wilson"]
