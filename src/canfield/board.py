"""The board as text: what `print(game)`, ``canfield show`` and the terminal game print.

`board_text` draws what a player sees (an `Observation`, or a `Game`'s) as a few lines: the status (variant,
draw, pass, score, moves), stock and waste, reserve, foundations, and the columns, bottom card
first. Cards are printed as on their faces (``10♥``, ``Q♣``); the reserve's face-down cards are
counted (``▒×12``), never named. With ``colour``, red suits are red and the status is bold (ANSI).
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from .cards import SUIT_SYMBOLS, card_name, card_text, rank_text
from .moves import column_name
from .observation import Observable, Observation, closed_piles, observation_of, pile_mark
from .position import foundation_top

#: Suits printed in red: hearts and diamonds.
RED_SUITS = (1, 2)
RED, BOLD, RESET = "\x1b[31m", "\x1b[1m", "\x1b[0m"
#: How a face-down card is drawn.
FACE_DOWN = "▒"
#: How an empty pile is drawn.
EMPTY = "—"


def is_red(card: int) -> bool:
    """Whether ``card`` has a red suit."""
    return card // 13 % 4 in RED_SUITS


def card(card: int | None, colour: bool = False) -> str:
    """A card as printed on its face (``10♥``), red when ``colour`` asks; ``▒`` for a face-down one."""
    if card is None:
        return FACE_DOWN
    text = card_text(card)
    return f"{RED}{text}{RESET}" if colour and is_red(card) else text


#: The most waste cards the board shows (the last one is the playable one).
WASTE_SHOWN = 3


def status_line(obs: Observation) -> str:
    """``Canfield · draw 3 · pass 1 of unlimited · score 0 · moves 0``."""
    return f"{obs.name} · draw {obs.draw} · {obs.passes} · score {obs.score} · moves {obs.moves}"


@attrs.frozen
class Piece:
    """A piece of a board line: its text, the card it shows (for colour) and the place a tap on it taps.

    ``place`` is what `Game.tap` takes (``'s'``, ``'w'``, ``'r'`` or a column card's name), or None
    for text that taps nothing (labels, counts, face-down cards, foundations).
    """

    text: str
    card: int | None = None
    place: str | None = None


def _pieces(cards: Sequence[int | None], *, top: str | None = None, each: bool = False) -> list[Piece]:
    """Cards separated by spaces; the last one taps ``top``, or each taps itself with ``each``."""
    out: list[Piece] = []
    for i, c in enumerate(cards):
        if i:
            out.append(Piece(" "))
        place = card_name(c) if each and c is not None else top if i == len(cards) - 1 else None
        out.append(Piece(card(c), c, place))
    return out


def board_lines(view: Observation | Observable) -> list[list[Piece]]:
    """The board as lines of `Piece`: status, stock and waste, reserve, foundations, columns.

    ``view`` is an `Observation` or a `Game` (its observation is drawn). `board_text` joins the
    lines; the full-screen game draws them and taps what a click lands on.
    """
    obs = observation_of(view)
    waste = _pieces(obs.waste[-WASTE_SHOWN:], top="w") or [Piece(EMPTY)]
    # while the base is still to be chosen, the first reserve card put up chooses it
    label = "foundations, base to choose: " if obs.base_open else f"foundations from {rank_text(obs.start)}: "
    lines = [
        [Piece(status_line(obs))],
        [Piece(f"stock {obs.stock_count:>2}", place="s"), Piece(f"   waste {len(obs.waste):>2}: "), *waste],
    ]
    piles = obs.reserves
    for k, pile in enumerate(piles):
        hidden = sum(c is None for c in pile)
        shown = [c for c in pile if c is not None]
        reserve = ([Piece(f"{FACE_DOWN}×{hidden}")] if hidden else []) + ([Piece(" ")] if hidden and shown else [])
        reserve += _pieces(shown, top="r" if k == 0 else f"r{k + 1}")
        name = "reserve" if len(piles) == 1 else f"reserve {k + 1}"
        lines.append([Piece(f"{name} {len(pile):>2}: "), *(reserve or [Piece(EMPTY)])])
    # a foundation layout's piles, four a line: each one's number, what it takes, its top card
    label_piles = "foundations: "
    for f, (rule, cards) in enumerate(zip(obs.piles, obs.foundation_piles, strict=True)):
        if f % 4 == 0:
            lines.append([Piece(label_piles if f == 0 else " " * len(label_piles))])
        found = lines[-1]
        found += [Piece("  " if f % 4 else ""), Piece(f"f{f + 1} {pile_mark(rule, obs.start)} ")]
        found += [Piece(card(cards[-1]), cards[-1]), Piece(f" ({len(cards)})")] if cards else [Piece(EMPTY)]
    # piles that open only once another is complete, one line for those waiting on each pile
    closed = closed_piles(obs)
    for after in sorted(set(closed.values())):
        waiting = [f + 1 for f, a in closed.items() if a == after]
        names = f"f{waiting[0]}" if len(waiting) == 1 else f"f{waiting[0]}–f{waiting[-1]}"
        if waiting != list(range(waiting[0], waiting[-1] + 1)):
            names = ", ".join(f"f{f}" for f in waiting)
        verb = "opens" if len(waiting) == 1 else "open"
        lines.append([Piece(" " * len(label_piles) + f"{names} {verb} once f{after + 1} is complete")])
    # one deck's four foundations a line, so several decks still fit an 80-column terminal
    for i, (s, n) in enumerate(obs.foundations):
        if i % 4 == 0:
            lines.append([Piece(label if i == 0 else " " * len(label))])
        top = foundation_top(obs.start, s, n)
        found = lines[-1]
        found += [Piece("  " if i % 4 else ""), Piece(f"{SUIT_SYMBOLS[s]} ")]
        found += [Piece(card(top), top), Piece(f" ({n})")] if top is not None else [Piece(EMPTY)]
    lines += [
        [Piece(f"  {column_name(i)}: "), *(_pieces(col, each=True) or [Piece(EMPTY)])]
        for i, col in enumerate(obs.columns)
    ]
    return lines


def board_text(view: Observation | Observable, *, colour: bool = False) -> str:
    """The board as lines of text: status, stock and waste, reserve, foundations, columns.

    ``view`` is an `Observation` or a `Game` (its observation is drawn).
    """
    lines = board_lines(view)
    out = []
    for i, line in enumerate(lines):
        text = "".join(
            f"{RED}{p.text}{RESET}" if colour and p.card is not None and is_red(p.card) else p.text for p in line
        )
        out.append(f"{BOLD}{text}{RESET}" if colour and i == 0 else text)
    return "\n".join(out)
