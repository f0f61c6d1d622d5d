"""Survey results as an SVG picture: one bar per survey, won and unknown shares, the 95 % interval.

Plain SVG text, no plotting library: the won share is a solid bar, the unknown share a pale bar
after it (those deals may be won or lost), and the conservative 95 % interval a whisker across
both. Reference values (a published figure) can be marked on a bar.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

from ..errors import SurveyError
from .report import Report

FONT = "DejaVu Sans, Arial, sans-serif"
WON = "#2d6a41"
UNKNOWN = "#b9d7c2"
WHISKER = "#161616"
MARK = "#c8102e"
GRID = "#d0d0d0"
LABEL_WIDTH = 300
PLOT_WIDTH = 420
ROW = 34
TOP = 34
BOTTOM = 44


def _x(share: float) -> float:
    return LABEL_WIDTH + PLOT_WIDTH * share


def bars_svg(
    reports: Sequence[Report], labels: Sequence[str] | None = None, marks: Mapping[int, float] | None = None
) -> str:
    """The picture of ``reports``, one bar each, labelled by ``labels`` (default each one's rules).

    ``marks`` maps a bar's index to a reference share (0..1), drawn as a red tick on that bar.
    """
    names = list(labels) if labels is not None else [r.rules for r in reports]
    if len(names) != len(reports):
        raise SurveyError(f"{len(reports)} reports but {len(names)} labels")
    marks = marks or {}
    width = LABEL_WIDTH + PLOT_WIDTH + 24
    height = TOP + ROW * len(reports) + BOTTOM
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
        f'font-family="{FONT}" font-size="12" role="img" aria-label="won share of each survey with its 95 % interval">',
        f'<rect width="{width}" height="{height}" fill="#ffffff"/>',
    ]
    bottom = TOP + ROW * len(reports)
    for tick in range(0, 101, 10):
        x = _x(tick / 100)
        out.append(f'<line x1="{x:.1f}" y1="{TOP - 6}" x2="{x:.1f}" y2="{bottom}" stroke="{GRID}" stroke-width="1"/>')
        out.append(f'<text x="{x:.1f}" y="{bottom + 16}" text-anchor="middle" fill="#444">{tick} %</text>')
    legend_y = bottom + 34
    out += [
        f'<rect x="{LABEL_WIDTH}" y="{legend_y - 9}" width="12" height="10" fill="{WON}"/>',
        f'<text x="{LABEL_WIDTH + 16}" y="{legend_y}">won</text>',
        f'<rect x="{LABEL_WIDTH + 60}" y="{legend_y - 9}" width="12" height="10" fill="{UNKNOWN}"/>',
        f'<text x="{LABEL_WIDTH + 76}" y="{legend_y}">unknown (cap reached)</text>',
        f'<line x1="{LABEL_WIDTH + 230}" y1="{legend_y - 4}" x2="{LABEL_WIDTH + 250}" y2="{legend_y - 4}" '
        f'stroke="{WHISKER}" stroke-width="1.5"/>',
        f'<text x="{LABEL_WIDTH + 256}" y="{legend_y}">95 % interval</text>',
    ]
    for i, (r, name) in enumerate(zip(reports, names, strict=True)):
        y = TOP + ROW * i
        mid = y + ROW / 2
        won, unknown = r.share("won"), r.share("unknown")
        out.append(
            f'<text x="{LABEL_WIDTH - 8}" y="{mid + 4:.1f}" text-anchor="end">{escape(name)} '
            f'<tspan fill="#666">({r.done:,})</tspan></text>'
        )
        out.append(
            f'<rect x="{_x(0):.1f}" y="{y + 8}" width="{PLOT_WIDTH * won:.1f}" height="{ROW - 16}" fill="{WON}">'
            f"<title>won {100 * won:.2f} %</title></rect>"
        )
        out.append(
            f'<rect x="{_x(won):.1f}" y="{y + 8}" width="{PLOT_WIDTH * unknown:.1f}" height="{ROW - 16}" '
            f'fill="{UNKNOWN}"><title>unknown {100 * unknown:.2f} %</title></rect>'
        )
        lo, hi = _x(r.low), _x(r.high)
        out += [
            f'<line x1="{lo:.1f}" y1="{mid:.1f}" x2="{hi:.1f}" y2="{mid:.1f}" stroke="{WHISKER}" stroke-width="1.5"/>',
            f'<line x1="{lo:.1f}" y1="{mid - 6:.1f}" x2="{lo:.1f}" y2="{mid + 6:.1f}" stroke="{WHISKER}" stroke-width="1.5"/>',
            f'<line x1="{hi:.1f}" y1="{mid - 6:.1f}" x2="{hi:.1f}" y2="{mid + 6:.1f}" stroke="{WHISKER}" stroke-width="1.5"/>',
        ]
        if i in marks:
            x = _x(marks[i])
            out.append(
                f'<line x1="{x:.1f}" y1="{y + 3}" x2="{x:.1f}" y2="{y + ROW - 3}" stroke="{MARK}" stroke-width="2.5">'
                f"<title>published: {100 * marks[i]:.3f} %</title></line>"
            )
    out.append("</svg>")
    return "\n".join(out)
