"""The board as text: what `print(game)`, ``canfield show`` and the terminal game print.

`board_text` draws what a player sees (`Game.observation`) as a few lines: the status (variant,
draw, pass, score, moves), stock and waste, reserve, foundations, and the columns, bottom card
first. Cards are printed as on their faces (``10♥``, ``Q♣``); the reserve's face-down cards are
counted (``▒×12``), never named. With ``colour``, red suits are red and the status is bold (ANSI).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import SUIT_SYMBOLS
from .svg import card_text, foundation_top, rank_text, status

if TYPE_CHECKING:
    from .game import Game

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


def status_line(game: Game) -> str:
    """``Canfield · draw 3 · pass 1 of unlimited · score 0 · moves 0``."""
    st = status(game)
    return f"{st.name} · draw {st.draw} · {st.passes_text} · score {st.score} · moves {st.moves}"


def board_text(game: Game, *, colour: bool = False) -> str:
    """The board as lines of text: status, stock and waste, reserve, foundations, columns."""
    obs = game.observation()
    head = status_line(game)
    if colour:
        head = f"{BOLD}{head}{RESET}"
    waste = " ".join(card(c, colour) for c in obs.waste[-3:]) or EMPTY
    hidden = sum(c is None for c in obs.reserve)
    shown = " ".join(card(c, colour) for c in obs.reserve if c is not None)
    reserve = " ".join(x for x in (f"{FACE_DOWN}×{hidden}" if hidden else "", shown) if x) or EMPTY
    found = "  ".join(
        f"{SUIT_SYMBOLS[s]} "
        + (card(top, colour) + f" ({n})" if (top := foundation_top(obs.start, s, n)) is not None else EMPTY)
        for s, n in obs.foundations
    )
    lines = [
        head,
        f"stock {obs.stock_count:>2}   waste {len(obs.waste):>2}: {waste}",
        f"reserve {len(obs.reserve):>2}: {reserve}",
        f"foundations from {rank_text(obs.start)}: {found}",
    ]
    lines += [f"  {i + 1}: " + (" ".join(card(c, colour) for c in col) or EMPTY) for i, col in enumerate(obs.columns)]
    return "\n".join(lines)
