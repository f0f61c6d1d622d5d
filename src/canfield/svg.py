"""Pictures of positions: one self-contained SVG image per position, drawn by this module.

`board_svg` draws what a player sees (an `Observation`, or a game's): the stock as a back with its count,
the waste (fanned when more than one card is turned at a time), the reserve (face-down cards as
backs; several piles side by side, three to a row, each labelled as the notation names it: ``r``,
``r2``…), the foundations (an empty one shows the card that starts it, or ``?`` and its suit while the
player has still to choose the base), the columns, and a line with the variant, draw, pass, score and
moves (and "base to choose" until the base is chosen). Nothing face down is in the image, not even as text.
Any registered variant can be drawn: more decks give more foundations (in rows of eight for three
or four decks, so each place of a row keeps one suit), and up to twelve columns (10–12 labelled T, J, Q, as the move notation names them).

>>> import canfield
>>> from canfield.svg import board_svg
>>> board_svg(canfield.Game.from_code("CF1-D3-AAAAAAA")).startswith("<svg")
True

`Game._repr_svg_` returns the same picture, so a notebook shows a game as its board.
"""

from __future__ import annotations

from html import escape

from .cards import SUIT_SYMBOLS, card_name, card_text, rank_text
from .moves import column_name
from .observation import Observable, Observation, closed_piles, observation_of, pile_mark
from .position import foundation_top

__all__ = ["board_svg", "card_text", "draw", "foundation_top", "rank_text"]

CARD_W, CARD_H = 64, 90
GAP = 12
MARGIN = 14
HEADER = 30
LABEL = 18
FAN_X = 40  # between the waste's fanned cards: a card's index stays visible
FAN_Y = 26  # between face-up cards in a column or a visible reserve
BACK_Y = 3  # between face-down cards of the reserve
BACK_SHOWN = 12  # a column's face-down card under a face-up one: enough of its back shows to count it
WASTE_SHOWN = 3  # the most waste cards fanned out
FOUNDATION_ROW = 8  # the most foundations in a row: two decks' worth, each place of a row one suit
RESERVE_ROW = 3  # the most reserve piles side by side under the stock and waste

FONT = "DejaVu Sans, Segoe UI Symbol, Arial, sans-serif"
TABLE = "#2d6a41"
INK = "#eef5ee"
DIM = "#a9c8b2"
RED = "#c8102e"
BLACK = "#161616"
BACK = "#23508a"
BACK_LINE = "#9fbde3"
_RED_SUITS = (1, 2)
_TEXT_STYLE = "\ufe0e"  # show the suit symbols as text, never as emoji
_TIGHT = ' letter-spacing="-1.5"'  # a 10's index fits where the others do


# -- drawing -----------------------------------------------------------------------------------


def _width(text: str, size: int) -> float:
    """About how wide ``text`` is at ``size`` (bold, a little generous), to lay out the header."""
    return len(text) * size * 0.6


def _text(
    x: float,
    y: float,
    text: str,
    *,
    size: int,
    fill: str,
    anchor: str = "start",
    bold: bool = False,
    cls: str = "",
) -> str:
    weight = ' font-weight="bold"' if bold else ""
    kind = f' class="{cls}"' if cls else ""
    return (
        f'<text{kind} x="{x:g}" y="{y:g}" font-size="{size}" fill="{fill}" text-anchor="{anchor}"{weight}>'
        f"{escape(text)}</text>"
    )


def _card(x: float, y: float, card: int) -> str:
    """A face-up card: its index in the top corner (the part a column leaves visible) and a big pip."""
    suit = card // 13 % 4
    colour = RED if suit in _RED_SUITS else BLACK
    symbol = SUIT_SYMBOLS[suit] + _TEXT_STYLE
    return (
        f'<g class="card" data-card="{card_name(card)}" transform="translate({x:g},{y:g})">'
        f'<rect width="{CARD_W}" height="{CARD_H}" rx="6" fill="#fff" stroke="#5a5a5a"/>'
        f'<text x="4" y="21" font-size="19" font-weight="bold" fill="{colour}"{_TIGHT if card % 13 == 9 else ""}>'
        f'{rank_text(card % 13)}<tspan font-size="17">{symbol}</tspan></text>'
        f'<text x="{CARD_W / 2:g}" y="{CARD_H - 18}" font-size="36" fill="{colour}" text-anchor="middle">{symbol}</text>'
        "</g>"
    )


def _back(x: float, y: float) -> str:
    """A face-down card."""
    return (
        f'<g class="back" transform="translate({x:g},{y:g})">'
        f'<rect width="{CARD_W}" height="{CARD_H}" rx="6" fill="{BACK}" stroke="#f4f4f4" stroke-width="1.5"/>'
        f'<rect x="5" y="5" width="{CARD_W - 10}" height="{CARD_H - 10}" rx="4" fill="none" '
        f'stroke="{BACK_LINE}" stroke-width="1.5"/>'
        "</g>"
    )


def _slot(x: float, y: float, mark: str = "", colour: str = DIM) -> str:
    """An empty place, with an optional mark in it (the card a foundation starts with)."""
    out = (
        f'<rect class="slot" x="{x:g}" y="{y:g}" width="{CARD_W}" height="{CARD_H}" rx="6" fill="none" '
        f'stroke="{DIM}" stroke-width="1.5" stroke-dasharray="5 4"/>'
    )
    if mark:
        out += _text(x + CARD_W / 2, y + CARD_H / 2 + 8, mark, size=22, fill=colour, anchor="middle", bold=True)
    return out


def _fan_y(cards: tuple[int | None, ...], x: float, y: float, back_under_up: float = BACK_Y) -> tuple[list[str], float]:
    """A pile drawn downwards, backs close together and face-up cards apart; returns its bottom edge.

    ``back_under_up`` is how much of a back shows under a face-up card: a column's face-down cards
    lie between face-up ones, and each must be seen there.
    """
    parts = []
    for i, c in enumerate(cards):
        parts.append(_back(x, y) if c is None else _card(x, y, c))
        if i < len(cards) - 1:
            y += FAN_Y if c is not None else BACK_Y if cards[i + 1] is None else back_under_up
    return parts, y + CARD_H


def draw(obs: Observation, *, width: int | None = None) -> str:
    """The SVG picture of an observation (`board_svg` takes a game too)."""
    layout = bool(obs.piles)  # a foundation layout of the rules' own: each pile labelled under it
    nf = len(obs.piles) or len(obs.foundations)
    slots = max(min(nf, FOUNDATION_ROW), len(obs.columns))
    x_stock = MARGIN
    x_waste = x_stock + CARD_W + GAP
    x_right = x_waste + CARD_W + (WASTE_SHOWN - 1) * FAN_X + 2 * GAP
    pitch = CARD_W + GAP
    full_w = x_right + slots * pitch - GAP + MARGIN
    y_top = MARGIN + HEADER
    rows = -(-nf // FOUNDATION_ROW)
    row_h = CARD_H + GAP + (LABEL if layout else 0)
    y_low = y_top + rows * row_h - GAP + (6 if layout else LABEL) + GAP + 6
    body: list[str] = []

    # the stock, with its count, and the waste
    if obs.stock_count:
        body.append(_back(x_stock, y_top))
        body.append(
            _text(
                x_stock + CARD_W / 2,
                y_top + CARD_H / 2 + 8,
                str(obs.stock_count),
                size=22,
                fill="#fff",
                anchor="middle",
                bold=True,
            )
        )
    else:
        body.append(_slot(x_stock, y_top, "↻" if obs.waste and obs.can_redeal else ""))
    body.append(_text(x_stock, y_top + CARD_H + 15, f"stock {obs.stock_count}", size=13, fill=INK))
    shown = obs.waste[-min(obs.draw, WASTE_SHOWN) :] if obs.waste else ()
    if shown:
        for i, c in enumerate(shown):
            body.append(_card(x_waste + i * FAN_X, y_top, c))
    else:
        body.append(_slot(x_waste, y_top))
    body.append(_text(x_waste, y_top + CARD_H + 15, f"waste {len(obs.waste)}", size=13, fill=INK))

    # the foundations, each empty one marked with the card it starts with; rows of 8 for 3 or 4 decks
    for f, (suit, count) in enumerate(obs.foundations):
        x = x_right + f % FOUNDATION_ROW * pitch
        y = y_top + f // FOUNDATION_ROW * (CARD_H + GAP)
        top = foundation_top(obs.start, suit, count)
        if obs.base_open:  # no start yet: the first reserve card put up chooses it
            body.append(_slot(x, y, "?" + SUIT_SYMBOLS[suit] + _TEXT_STYLE, RED if suit in _RED_SUITS else "#10361d"))
        elif top is None:
            body.append(
                _slot(x, y, card_text(suit * 13 + obs.start) + _TEXT_STYLE, RED if suit in _RED_SUITS else "#10361d")
            )
        else:
            body.append(_card(x, y, top))

    # a foundation layout's piles: each empty one marked with what it starts with, each labelled
    # with its number as the notation names it, its direction and its count (of sets, for a set pile)
    closed = closed_piles(obs)
    for f, (rule, cards) in enumerate(zip(obs.piles, obs.foundation_piles, strict=True)):
        x = x_right + f % FOUNDATION_ROW * pitch
        y = y_top + f // FOUNDATION_ROW * row_h
        mark = pile_mark(rule, obs.start)
        if cards:
            body.append(_card(x, y, cards[-1]))
        else:
            red = rule.suit in _RED_SUITS
            body.append(_slot(x, y, mark.replace("↑", "").replace("↓", "") + _TEXT_STYLE, RED if red else "#10361d"))
        sets = len(cards) // 4
        held = f"{sets} set{'' if sets == 1 else 's'}" if rule.set else f"{mark[-1]} {len(cards)}"
        if f in closed:  # it takes nothing until the pile it opens after is complete
            held = f"after f{closed[f] + 1}"
        body.append(_text(x, y + CARD_H + 15, f"f{f + 1} {held}", size=13, fill=INK))

    # the reserve, face-down cards as backs; several piles in rows of RESERVE_ROW
    piles = obs.reserves
    y_row: float = y_low
    low: float = y_low
    for k, pile in enumerate(piles):
        if k and k % RESERVE_ROW == 0:
            y_row = low + GAP
        x = x_stock + k % RESERVE_ROW * pitch
        if pile:
            parts, bottom = _fan_y(pile, x, y_row)
            body += parts
        else:
            body.append(_slot(x, y_row))
            bottom = y_row + CARD_H
        label = f"reserve {len(pile)}" if len(piles) == 1 else f"{'r' if k == 0 else f'r{k + 1}'}: {len(pile)}"
        body.append(_text(x, bottom + 15, label, size=13, fill=INK))
        low = max(low, bottom + LABEL)

    # the columns, numbered as the move notation numbers them
    for i, col in enumerate(obs.columns):
        x = x_right + i * pitch
        body.append(_text(x + CARD_W / 2, y_low - 6, column_name(i), size=13, fill=INK, anchor="middle", bold=True))
        if col:
            parts, col_end = _fan_y(col, x, y_low, BACK_SHOWN)
            body += parts
        else:
            body.append(_slot(x, y_low))
            col_end = y_low + CARD_H
        low = max(low, col_end)

    full_h = low + MARGIN
    passes = obs.passes.replace("unlimited", "∞")  # the one pass text, with a symbol where room is short
    head = f"{obs.name} · draw {obs.draw} · {passes}" + (" · base to choose" if obs.base_open else "")
    end = " · won" if obs.won else " · lost" if obs.lost else ""
    tail = f"score {obs.score} · moves {obs.moves}{end}"
    if _width(head, 16) + _width(tail, 16) + 2 * MARGIN + 16 > full_w:  # two lines when one is too short
        full_h += HEADER - 8
        body = [f'<g transform="translate(0,{HEADER - 8})">', *body, "</g>"]
        tail_y = MARGIN + 17 + HEADER - 8
    else:
        tail_y = MARGIN + 17
    header = [
        _text(MARGIN, MARGIN + 17, head, size=16, fill=INK, bold=True, cls="status"),
        _text(full_w - MARGIN, tail_y, tail, size=16, fill="#ffd54a" if end else INK, anchor="end", cls="status"),
    ]
    scale = 1.0 if width is None else width / full_w
    title = f"{obs.name}: {obs.passes}, score {obs.score}, {obs.moves} moves{end.replace(' ·', ',')}"
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {full_w:g} {full_h:g}" '
        f'width="{full_w * scale:.0f}" height="{full_h * scale:.0f}" font-family="{FONT}" role="img">'
        f"<title>{escape(title)}</title>"
        f'<rect width="{full_w:g}" height="{full_h:g}" rx="10" fill="{TABLE}"/>'
        + "".join(header)
        + "".join(body)
        + "</svg>"
    )


def board_svg(view: Observation | Observable, *, width: int | None = None) -> str:
    """The picture of a position as one SVG document (``width`` in pixels scales it).

    ``view`` is an `Observation` or a `Game` (its observation is drawn).
    """
    return draw(observation_of(view), width=width)
