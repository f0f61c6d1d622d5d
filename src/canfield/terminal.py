"""The game in a terminal: the board as text, and an interactive session that reads commands.

The board is `canfield.board.board_text` (what a player sees, red suits in red when colour is
on). `Session` is the interactive game of ``canfield play``: it redraws the board after
each action and reads a move in notation, a tap on a place, or a command (undo, hint, new deal,
save, load, help, quit). A refused move or command says why and changes nothing.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TextIO

from . import records
from .board import board_text
from .cards import SUIT_SYMBOLS, card_text
from .errors import CanfieldError, IllegalMoveError, InvalidCardError, InvalidMoveError, UndoError
from .game import Game
from .notation import Move, parse_move
from .position import foundation_top

_CLEAR = "\x1b[H\x1b[2J"

HELP = """\
Type a move or a command, then Enter.
  12  r2  wf  3f  13:2  H2  s   a move in notation (s turns the stock)
  r  w  3  QC  Q♣               a tap: the card goes up to its foundation if it can,
                                else onto the best column
  u            undo the last move
  h            a hint
  n            a new random deal
  save FILE    save the game (JSON); `canfield play FILE` goes on with it
  load FILE    load a saved game
  ?            this help
  q            quit"""


def wants_colour(stream: TextIO) -> bool:
    """Whether to colour output to ``stream``: a terminal, ``NO_COLOR`` unset, ``TERM`` not ``dumb``."""
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def legal_moves_text(game: Game) -> str:
    """``legal moves: …`` (or ``none``)."""
    return "legal moves: " + (" ".join(m.text for m in game.legal_moves()) or "none")


def describe_move(game: Game, move: Move) -> str:
    """What ``move`` does here, in a few words (``Q♣ from the reserve onto K♥``)."""
    obs = game.observation()
    if move.text == "s":
        return "turn the stock" if obs.stock_count else "turn the waste back over as the stock"
    source = move.source
    card: int | None
    if source == "w":
        card, where = obs.waste[-1], "the waste"
    elif source == "r":
        card, where = obs.reserve[-1], "the reserve"
    elif source.isdigit():
        card, where = obs.columns[int(source) - 1][-move.count], f"column {source}"
    else:
        suit = "SHDC".index(source)
        count = next(n for s, n in obs.foundations if s == suit and n)
        card, where = foundation_top(obs.start, suit, count), f"the {SUIT_SYMBOLS[suit]} foundation"
    what = card_text(card) if card is not None else "a card"
    if move.count > 1:
        what += f" and the {move.count - 1} card{'s' if move.count > 2 else ''} on it"
    if move.target == "f":
        return f"{what} from {where} up to its foundation"
    target = obs.columns[int(move.target) - 1]
    onto = f"onto {card_text(target[-1])}" if target else "onto the empty column"
    return f"{what} from {where} {onto} (column {move.target})"


_SOURCES = {"policy": "the simple policy", "solver": "the solver"}


class Session:
    """An interactive game: `handle` one line of input, `screen` what to show, `run` the loop."""

    def __init__(self, game: Game, *, out: TextIO, colour: bool = False, clear: bool = False) -> None:
        self.game = game
        self.out = out
        self.colour = colour
        self.clear = clear
        #: What the last action said (shown under the board).
        self.message = "? for help, q to quit."

    # -- one action --------------------------------------------------------------------------

    def handle(self, line: str) -> bool:
        """Do what one line of input says and set `message`; False when the player quits."""
        words = line.split()
        if not words:
            self.message = ""
            return True
        command, rest = words[0].lower(), line.strip()[len(words[0]) :].strip()
        if command in ("q", "quit", "exit"):
            return False
        if command in ("?", "help"):
            self.message = HELP
        elif command in ("u", "undo"):
            self._undo()
        elif command in ("h", "hint"):
            self._hint()
        elif command in ("n", "new"):
            self.game = Game.random(self.game.variant, **self.game.options())
            self.message = f"a new deal: {self.game.code}"
        elif command in ("save", "load"):
            self._file(command, rest)
        elif len(words) > 1:
            self.message = f"unknown command {line.strip()!r}: ? for help"
        else:
            self._move(words[0])
        return True

    def _undo(self) -> None:
        try:
            self.message = f"took back {self.game.undo().text}"
        except UndoError as e:
            self.message = f"cannot undo: {e}"

    def _hint(self) -> None:
        hint = self.game.hint()
        source = _SOURCES.get(hint.source, hint.source)
        verdict = f" (verdict: {hint.verdict})" if hint.verdict else ""
        if hint.move is None:
            self.message = f"no hint: {source} sees no move to make{verdict}"
        else:
            self.message = f"hint from {source}: {hint.move.text}, {describe_move(self.game, hint.move)}{verdict}"

    def _file(self, command: str, path: str) -> None:
        if not path:
            self.message = f"{command} needs a file name, e.g. {command} game.json"
            return
        try:
            if command == "save":
                records.save(self.game, path)
                self.message = f"saved to {path}"
            else:
                self.game = records.load(path)
                self.message = f"loaded {path}"
        except (OSError, CanfieldError) as e:
            self.message = f"cannot {command} {path}: {e}"

    def _move(self, text: str) -> None:
        game = self.game
        try:
            parse_move(text)
        except InvalidMoveError:
            try:
                played = game.tap(text)
            except (InvalidCardError, InvalidMoveError):
                self.message = f"unknown move or command {text!r}: ? for help"
                return
            if played is None:
                self.message = f"a tap on {text} does nothing here"
                return
            self.message = f"tap on {text}: played {played.text}"
        else:
            try:
                played = game.play(text)
            except IllegalMoveError as e:
                self.message = str(e)
                return
            self.message = f"played {played.text}"
        if game.is_won():
            self.message += f"\nYou won! Score {game.score} in {game.move_count} moves. n for a new deal, q to quit."
        elif game.is_lost():
            self.message += (
                "\nThe game is lost: no move but turning the stock can ever be made again. "
                "u to undo, n for a new deal, q to quit."
            )

    # -- the loop ------------------------------------------------------------------------------

    def screen(self) -> str:
        """The board, the legal moves and the last message, as shown before each prompt."""
        deal = f"deal {self.game.code}" if self.game.code else "a game from a position"
        lines = [deal, board_text(self.game, colour=self.colour), legal_moves_text(self.game)]
        if self.message:
            lines.append(self.message)
        return (_CLEAR if self.clear else "") + "\n".join(lines) + "\n"

    def run(self, read: Callable[[str], str] = input) -> int:
        """Show the board, read a line, act, until the player quits or input ends; 0 when done."""
        while True:
            self.out.write(self.screen())
            self.out.flush()
            try:
                line = read("> ")
            except (EOFError, KeyboardInterrupt):
                self.out.write("\n")
                break
            if not self.handle(line):
                break
        self.out.write(f"to go on later: canfield play --position '{self.game.position_string()}'\n")
        self.out.flush()
        return 0
