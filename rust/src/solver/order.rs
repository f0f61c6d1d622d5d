//! Move ordering: which of a position's search moves the search tries first. It changes how soon
//! a win is found, never the verdict.

use super::generator::{uncovered, SearchMove};
use crate::engine::Engine;
use crate::moves::{Move, FOUNDATION, RESERVE, WASTE};

/// The order moves are tried in: lower first. Moves that make progress come first: cards to the
/// foundations, the reserve's card played, a column move that empties its column or uncovers a
/// card that goes up; then the waste's card onto a column; other column moves last.
fn rank(e: &Engine, m: Move) -> u8 {
    if m.is_stock() {
        return 9;
    }
    match (m.src(), m.dst()) {
        (RESERVE, FOUNDATION) => 0,
        (_, FOUNDATION) if m.from_column() => 1,
        (WASTE, FOUNDATION) => 2,
        (RESERVE, _) => 3,
        _ if m.from_column() => {
            if progresses(e, m) {
                4
            } else {
                6
            }
        }
        (WASTE, _) => 5,
        _ if m.from_foundation() => 7,
        _ => 8,
    }
}

/// Whether column move `m` empties its column or uncovers a card that goes up now.
#[inline]
pub(super) fn progresses(e: &Engine, m: Move) -> bool {
    uncovered(e, m).is_none_or(|c| e.wanted(c))
}

/// Sort `out` by rank, then by stock turns, then as listed (`order` and `sorted` are buffers).
pub(super) fn sort(
    e: &Engine,
    out: &mut Vec<SearchMove>,
    order: &mut Vec<u64>,
    sorted: &mut Vec<SearchMove>,
) {
    // Keys computed once, made unique by the index.
    order.clear();
    order.extend(
        out.iter().enumerate().map(|(i, &m)| {
            u64::from(rank(e, m.last())) << 56 | u64::from(m.turns()) << 32 | i as u64
        }),
    );
    order.sort_unstable();
    sorted.clear();
    sorted.extend(order.iter().map(|&k| out[(k & 0xFFFF_FFFF) as usize]));
    std::mem::swap(out, sorted);
}
