"""Type stubs for the native core (the Rust crate in ``rust/``, built by maturin)."""

from collections.abc import Sequence
from typing import TypeVar

_T = TypeVar("_T")

class Tables:
    """Compiled rules as the native engine reads them."""

    def __init__(
        self,
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
    ) -> None: ...

class Engine:
    """A mutable position under native rules, with make/unmake."""

    def __init__(
        self,
        tables: Tables,
        reserve: Sequence[int],
        start: int,
        foundations: Sequence[tuple[int, int]],
        columns: Sequence[Sequence[int]],
        stock: Sequence[int],
        waste: Sequence[int],
        recycles: int,
    ) -> None: ...
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
