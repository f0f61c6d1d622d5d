"""Type stubs for the native core (the Rust crate in ``rust/``, built by maturin).

Every error it raises is a `canfield.errors.CanfieldError` (a bug: `canfield.errors.InternalError`).
"""

from collections.abc import Sequence
from typing import Final, Literal, TypeVar, final

__all__ = [
    "COL",
    "COUNT_BITS",
    "COUNT_SHIFT",
    "DST_SHIFT",
    "FOUNDATION",
    "FPILE",
    "FSUIT",
    "MAX_CARDS",
    "MAX_COLUMNS",
    "MAX_COUNT",
    "MAX_DECKS",
    "MAX_DRAW",
    "MAX_FOUNDATIONS",
    "MAX_PASS_LIMIT",
    "MAX_RECYCLES",
    "MAX_RESERVES",
    "MODE_ANY",
    "MODE_SINGLE",
    "MODE_TOP_OR_WHOLE",
    "MODE_WHOLE",
    "MOVE_BITS",
    "PLACE_BITS",
    "PLACE_MASK",
    "REC_BASE",
    "REC_FILL",
    "REC_FILL_PILE_BITS",
    "REC_FILL_PILE_MASK",
    "REC_FILL_PILE_SHIFT",
    "REC_FLIP",
    "REC_FOUNDATION_BITS",
    "REC_FOUNDATION_MASK",
    "REC_FOUNDATION_SHIFT",
    "REC_MOVE",
    "REC_TURNED_BITS",
    "REC_TURNED_MASK",
    "REC_TURNED_SHIFT",
    "REC_WASTE_FILL",
    "RESERVE",
    "RESERVES",
    "RESERVE_ANY",
    "RESERVE_FOUNDATIONS",
    "RESERVE_LAST",
    "SET_CARDS",
    "STOCK",
    "WASTE",
    "Engine",
    "Tables",
    "_decode_move",
    "_encode_move",
    "_force_panic",
    "searches_running",
    "solve",
]

_T = TypeVar("_T")

# The move layout (``rust/src/moves.rs``): places, shifts and bit widths, the undo-record layout.
STOCK: Final[int]
WASTE: Final[int]
RESERVE: Final[int]
FOUNDATION: Final[int]
FSUIT: Final[int]
COL: Final[int]
MAX_COLUMNS: Final[int]
MAX_DECKS: Final[int]
MAX_CARDS: Final[int]
PLACE_BITS: Final[int]
PLACE_MASK: Final[int]
DST_SHIFT: Final[int]
COUNT_SHIFT: Final[int]
COUNT_BITS: Final[int]
MAX_COUNT: Final[int]
MOVE_BITS: Final[int]
REC_MOVE: Final[int]
REC_TURNED_SHIFT: Final[int]
REC_TURNED_BITS: Final[int]
REC_TURNED_MASK: Final[int]
REC_FILL: Final[int]
REC_FOUNDATION_SHIFT: Final[int]
REC_FOUNDATION_BITS: Final[int]
REC_FOUNDATION_MASK: Final[int]
REC_FLIP: Final[int]
REC_FILL_PILE_SHIFT: Final[int]
REC_FILL_PILE_BITS: Final[int]
REC_FILL_PILE_MASK: Final[int]
REC_WASTE_FILL: Final[int]
REC_BASE: Final[int]
FPILE: Final[int]
MAX_FOUNDATIONS: Final[int]
SET_CARDS: Final[int]
RESERVES: Final[int]
MAX_RESERVES: Final[int]
# The rules' tables (``rust/src/rules.rs``): the largest draw count, pass limit and recycle count,
# the tableau move modes.
MAX_DRAW: Final[int]
MAX_PASS_LIMIT: Final[int]
MAX_RECYCLES: Final[int]
MODE_ANY: Final[int]
MODE_TOP_OR_WHOLE: Final[int]
MODE_WHOLE: Final[int]
MODE_SINGLE: Final[int]
# When the reserve's top card plays (``reserve_play``).
RESERVE_ANY: Final[int]
RESERVE_LAST: Final[int]
RESERVE_FOUNDATIONS: Final[int]

@final
class Tables:
    """Compiled rules as the native engine reads them."""

    def __new__(
        cls,
        columns: int,
        decks: int,
        builds: Sequence[bool],
        empty_ok: Sequence[bool],
        auto_fill: bool,
        mode: int,
        takeback: bool,
        draws: Sequence[int],
        pass_limit: int | None,
        past_base: bool = True,
        column_limit: int | None = None,
        reserve_play: int = 0,
        face_down: bool = False,
        reserve_piles: int = 1,
        fill_waste: bool = False,
        foundations: Sequence[tuple[int | None, int | None, bool, bool, bool, bool, int | None]] | None = None,
        fill_by_choice: bool = False,
        choose_base: bool = False,
        fill_waste_only: bool = False,
        base_until_first: bool = False,
    ) -> Tables: ...

@final
class Engine:
    """A mutable position under native rules, with make/unmake."""

    def __new__(
        cls,
        tables: Tables,
        reserve: Sequence[int],
        start: int,
        foundations: Sequence[tuple[int, int]],
        columns: Sequence[Sequence[int]],
        stock: Sequence[int],
        waste: Sequence[int],
        recycles: int,
        face_down: Sequence[Sequence[int]] | None = None,
        more_reserves: Sequence[Sequence[int]] | None = None,
        piles: Sequence[Sequence[int]] | None = None,
        base_open: bool = False,
    ) -> Engine: ...
    def face_down(self) -> list[list[int]]: ...
    def more_reserves(self) -> list[list[int]]: ...
    def piles(self) -> list[list[int]]: ...
    def base_open(self) -> bool: ...
    def moves(self) -> list[int]: ...
    def moves_from(self, table: list[_T | None]) -> list[_T] | None: ...
    def make(self, m: int) -> None: ...
    def unmake(self) -> int: ...
    def made(self) -> list[int]: ...
    def depth(self) -> int: ...
    def is_won(self) -> bool: ...
    def is_lost(self) -> bool: ...
    def key(self) -> int: ...
    def draw_count(self) -> int: ...
    def position(
        self,
    ) -> tuple[list[int], int, list[tuple[int, int]], list[list[int]], list[int], list[int], int]: ...
    def perft(self, depth: int) -> int: ...
    def playout(self, length: int, seed: int) -> int: ...
    def copy(self) -> Engine: ...

def solve(
    engine: Engine,
    timeout: float | None = None,
    max_states: int | None = None,
    memory: int = ...,
    auto_finish: bool = False,
    hold: bool = False,
) -> tuple[str, list[int], int, float, str | None]: ...
def searches_running() -> int: ...

# For the tests: the native decoding and encoding of moves, and a panic on purpose.
def _decode_move(m: int, columns: int) -> tuple[int, int, int] | None: ...
def _encode_move(src: int, dst: int, count: int) -> int: ...
def _force_panic(engine: Engine, place: Literal["function", "engine", "solver"]) -> None: ...
