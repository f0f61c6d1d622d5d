//! Move ordering: which of a position's search moves the search tries first. It changes how soon
//! a win is found, never the verdict: the search tries every move it keeps, whatever the order.
//!
//! A search move may turn the stock first (`prune::turns`): "turn k times, then play the waste's
//! card". How much those turns cost depends on the pass limit, so the order does too (`Order`).

use super::generator::{uncovered, SearchMove};
use crate::engine::Engine;
use crate::moves::{Move, FOUNDATION, WASTE};
use crate::rules::Rules;

/// A sort key: the index in its low `INDEX_BITS`, the kind (below 1 << `KIND_BITS`) and the stock
/// turns (`SearchMove::TURNS_BITS`) above it, in the order's priority.
const INDEX_BITS: u32 = 32;
const INDEX_MASK: u64 = (1 << INDEX_BITS) - 1;
const KIND_BITS: u32 = 4;
const _: () = assert!(INDEX_BITS + KIND_BITS + SearchMove::TURNS_BITS <= 64);

/// How a position's search moves are sorted: by kind (`rank`) and by stock turns, in one of two
/// priorities.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Order {
    /// Kind first, then fewer stock turns: with unlimited passes, cards turned past come round
    /// again, so a card k turns away is as good as the next one.
    Kind,
    /// Fewer stock turns first, then kind: under a pass limit, each card turned past is buried
    /// under the waste until the cards above it are played (for the rest of the game in one
    /// pass), so a search that digs deep into the stock for a card that goes up commits to far
    /// worse positions than one that plays what is at hand. A depth-first search sorted by kind
    /// first tries every "turn k times, then play the card up" before any plain column move,
    /// and spends millions of positions under the first deep one.
    NearStock,
}

impl Order {
    /// The order for `rules`: `NearStock` under a pass limit, `Kind` with unlimited passes.
    pub(super) fn of(rules: &Rules) -> Order {
        if rules.pass_limit.is_some() {
            Order::NearStock
        } else {
            Order::Kind
        }
    }

    /// The sort key of search move `m` (the index `i` makes it unique, and keeps ties as listed).
    #[inline]
    fn key(self, e: &Engine, m: SearchMove, i: usize) -> u64 {
        let (kind, turns) = (u64::from(rank(e, m.last())), u64::from(m.turns()));
        let key = match self {
            Order::Kind => kind << (INDEX_BITS + SearchMove::TURNS_BITS) | turns << INDEX_BITS,
            Order::NearStock => turns << (INDEX_BITS + KIND_BITS) | kind << INDEX_BITS,
        };
        key | i as u64
    }
}

/// A move's kind, lower first (the first key of `Order::Kind`, the second of `Order::NearStock`).
/// Moves that make progress come first: cards to the foundations, the reserve's card played, a
/// column move that empties its column or uncovers a card that goes up; then the waste's card
/// onto a column; other column moves last.
fn rank(e: &Engine, m: Move) -> u8 {
    if m.is_stock() {
        return 9;
    }
    match (m.src(), m.dst()) {
        _ if m.from_reserve().is_some() && m.to_foundation() => 0,
        (_, FOUNDATION) if m.from_column() => 1,
        (WASTE, FOUNDATION) => 2,
        _ if m.from_reserve().is_some() => 3,
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

/// Sort `out` by `order`, then as listed (`keys` and `sorted` are buffers).
pub(super) fn sort(
    order: Order,
    e: &Engine,
    out: &mut Vec<SearchMove>,
    keys: &mut Vec<u64>,
    sorted: &mut Vec<SearchMove>,
) {
    // Keys computed once, made unique by the index.
    keys.clear();
    keys.extend(out.iter().enumerate().map(|(i, &m)| order.key(e, m, i)));
    keys.sort_unstable();
    sorted.clear();
    sorted.extend(keys.iter().map(|&k| out[(k & INDEX_MASK) as usize]));
    std::mem::swap(out, sorted);
}
