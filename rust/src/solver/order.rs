//! Move ordering: which of a position's search moves the search tries first. It changes how soon
//! a win is found, never the verdict: the search tries every move it keeps, whatever the order.
//!
//! A search move may turn the stock first (`prune::turns`): "turn k times, then play the waste's
//! card". How much those turns cost depends on the pass limit, so the order does too (`Order`);
//! a helper may sort the waste's cards by their place in the stock's dealing order instead
//! (`Priority::Sequence`), and try base cards up last (`Order::up_last`).
//! Where an emptied column may be filled by any card at any time, a fill is tried after every
//! other move (`Order::fills_last`), and a second complete search tries them by kind
//! (`Order::second`). A search that starts again (`restarts`) breaks ties at random, its own way
//! each run (`sort`).

use super::generator::{card_moved, uncovered, SearchMove};
use super::prune::turns;
use crate::engine::Engine;
use crate::moves::{col_index, Move, WASTE};
use crate::rules::Rules;

/// A sort key: the index in its low `INDEX_BITS` (with a random tie-break above the move's place
/// in the list in a shuffled order, `sort`), the kind (below 1 << `KIND_BITS`) and the stock turns
/// or the waste card's place in the dealing order (`SearchMove::TURNS_BITS`, which holds either)
/// above it, in the order's priority.
const INDEX_BITS: u32 = 32;
/// The bits of the index that hold the move's place in the list (a position has far fewer moves).
const PLACE_BITS: u32 = 16;
const PLACE_MASK: u64 = (1 << PLACE_BITS) - 1;
const KIND_BITS: u32 = 4;
const _: () = assert!(INDEX_BITS + KIND_BITS + SearchMove::TURNS_BITS <= 64);

/// How a position's search moves are sorted: by kind (`rank`) and by stock turns, in one of two
/// priorities (`Priority`), with fills of an empty column last or not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Order {
    pub(super) priority: Priority,
    /// Whether a move onto an empty column comes after every other move but the stock turn.
    /// Where no card fills an empty column by itself (Superior's free choice of fill), every
    /// waste card a few turns away, the reserve's card and each column's top card may fill it,
    /// and a depth-first search sorted by kind alone spends an empty column on the first of
    /// them and searches everything under that fill before trying to use the column better:
    /// `CF1-D3-ESGSUNE` under Superior's rules took 17.6 million positions to win that way, and
    /// takes about 310,000 with fills last. An empty column is a resource; the moves that do not
    /// spend it go first.
    pub(super) fills_last: bool,
    /// Whether every column move ranks before the waste's and the reserve's cards (`rank`),
    /// instead of the reserve's card and column moves that make progress first.
    pub(super) columns_first: bool,
    /// Which cards that can take a card in a column go up after every other move but the stock
    /// turn (`BASE`, `UpLast`). Where a base card takes a base−1 card in a column
    /// (`build_past_base=True`), the base cards are the only cards a base−1 card goes on, and a
    /// base card goes up first of its suit, so a search that tries cards up first plays each one
    /// up as soon as it can, and searches everything under that before it tries to keep one down
    /// to hold a base−1 card: `CF1-D3-NFYNIPO` under `classic`, which such a line wins,
    /// was unknown after 45 million positions, and a helper with base cards last wins it in
    /// 27,000. The first search keeps them first (most deals are won sooner that way); the
    /// helpers and a second order (`helpers`, `second`) try them last, with one deck and a base
    /// that comes with the deal (`base_up_last`); a third helper tries every such card up last.
    pub(super) up_last: UpLast,
    /// Whether the waste's card onto an empty column, once the reserve is empty, comes before
    /// every other move: under looser rules that leave such a column to the player where the real
    /// ones fill it from the waste at once (`relax`), the search then tries the real rules' move
    /// first, and a win it finds is more often one that plays again under them. Without it, a
    /// depth-first search keeps an emptied column as a free cell for a while (the moves onto it
    /// come first by kind) and 38 of 40 Gate wins did not play again; with it, 56 of 59 do. On 200
    /// random `gate` deals (`--seed 7`, 1 million positions each; 196 won either way), 12.8
    /// million positions in all against 22.3 million (10.4 million under the real rules alone);
    /// `CF1-D1-GATSASG` is won in 16,488 against 161,600. It only orders moves: lost proofs search
    /// the same positions (`little-gate`, 100 deals: the same positions to the one).
    pub(super) waste_fills_first: bool,
}

/// Which cards' moves up an order tries after every other move but the stock turn
/// (`Order::up_last`): only cards that can take a card in a column, which going up can no longer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum UpLast {
    /// None: cards up first, by kind.
    Never,
    /// The cards of the foundations' base rank.
    Base,
    /// Every card that can take a card in a column: an order that keeps such cards down wins
    /// other deals first (the third helper, `Order::helpers`).
    Holders,
}

/// Which of a search move's kind and its stock turns sorts first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Priority {
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
    /// Kind first, then the waste's card by its place in the stock's dealing order, earliest
    /// first, wherever the stock stands now: with unlimited passes every card of the sequence is
    /// within reach, and a preference that does not move with the stock lets positions that
    /// differ only in where the stock stands try the same card first, so that their subtrees
    /// meet in the visited set. (This is the order of the published Solvitaire solver.) Under a
    /// pass limit a card turned past is not reached again, so it is for unlimited passes only
    /// (`Order::helpers`).
    Sequence,
}

impl Order {
    /// The order for `rules`: `NearStock` under a pass limit, `Kind` with unlimited passes;
    /// fills last where an empty column is not filled by itself.
    pub(super) fn of(rules: &Rules) -> Order {
        Order {
            priority: if rules.pass_limit.is_some() {
                Priority::NearStock
            } else {
                Priority::Kind
            },
            fills_last: !rules.auto_fill,
            columns_first: false,
            up_last: UpLast::Never,
            waste_fills_first: false,
        }
    }

    /// The order of a second complete search worth running beside one in `of(rules)`, if any
    /// (see `search::solve_with`). Where an empty column is filled by choice, neither fills last
    /// nor fills by kind is best for every deal, and each one's bad deals are the other's easy
    /// ones: on 100 random Superior deals (`build_past_base=False`, 5 million positions each),
    /// fills last won 66, fills by kind 75 (`CF1-D3-LOOCECE` in 3,271 positions, against over 5
    /// million), while fills by kind takes 17.6 million on `CF1-D3-ESGSUNE`, which fills last wins
    /// in 310,000. Two searches taking turns win each deal within about twice the better one's
    /// positions (after the first search's first turn): here 74 of the 100, and `CF1-D3-ESGSUNE`
    /// in 410,000. It tries base cards up last (`UpLast::Base`): on 300 random `superior` deals
    /// (`--seed 13`, 2 million positions each, helpers with base cards last), 278 settled against
    /// 271.
    pub(super) fn second(rules: &Rules) -> Option<Order> {
        let first = Order::of(rules);
        first.fills_last.then_some(Order {
            fills_last: false,
            up_last: base_up_last(rules),
            ..first
        })
    }

    /// The orders of the helpers (`search::depth_first`), which share the first complete search's
    /// visited set and take their work from the others' pending moves, so a lost proof costs what
    /// it costs one search. The first two try base cards up last (`UpLast::Base`). One keeps the
    /// first's order otherwise, which wins other deals first; the other tries column moves before
    /// the waste's and the reserve's cards (`columns_first`), and with unlimited passes the stock's
    /// cards by their place in the dealing order (`Priority::Sequence`); under a pass limit nearest
    /// first (`Priority::NearStock`, the first search's own there): a card turned past is buried
    /// for the rest of the pass. On 150 random deals of each rule set (`--seed 11`, 2 million
    /// positions each), against the helper before it (`Priority::NearStock`, no `columns_first`):
    /// 1,310 deals settled against 1,303 over ten rule sets with unlimited passes (one fewer under
    /// `classic`, the same or more under the others; docs/solver.md has them). The deals that the
    /// published Solvitaire solver won at once and this one late are won at once: `CF1-D3-ACZLCHZ`
    /// (`superior`, `build_past_base=False`) in 20,637 positions against 1.36 million,
    /// `CF1-D3-LSDLAQH` with whole-column moves in 20,886 against 1.4 million, and `CF1-D3-TCDYFZR`
    /// (`superior`; Solvitaire 2.2 million) in 1.55 million, unknown after 37 million before.
    ///
    /// With base cards last in both, against both without, on 150 random deals of each rule set
    /// (`--seed 12`, 2 million positions each): `classic` 146 settled against 138, `superior`
    /// 133 against 126, `rainbow` 58 against 57 (and on `--seed 11`, with base cards last in
    /// this helper alone: `classic` 142 against 135, `literature` 145 against 144, `canfield` 149
    /// against 150, `cardgames-io` the same). Where a base card takes no card in a column
    /// (`build_past_base=False`) nothing changes.
    ///
    /// Where base cards go up last, a third helper, in the columns-first helper's order, tries
    /// every card that can take a card in a column up last (`UpLast::Holders`). On 300 random deals
    /// of each rule set (`--seed 21`, 2 million positions each), against two helpers: `classic`
    /// 296 settled against 290, `rainbow` 133 against 128, `superior` 274 against 270, with
    /// `build_past_base=False` 235 against 231, `minerva` 233 against 229; the published rules
    /// 279 both, `munger` and `chameleon` the same, `cardgames-io` 283 against 284 and `classic`
    /// with `build_past_base=False` 274 against 276.
    pub(super) fn helpers(rules: &Rules) -> Vec<Order> {
        let (first, up_last) = (Order::of(rules), base_up_last(rules));
        let priority = if rules.pass_limit.is_some() {
            Priority::NearStock
        } else {
            Priority::Sequence
        };
        let mut orders = vec![
            Order {
                priority,
                columns_first: true,
                up_last,
                ..first
            },
            Order { up_last, ..first },
        ];
        if up_last == UpLast::Base {
            orders.push(Order {
                priority,
                columns_first: true,
                up_last: UpLast::Holders,
                ..first
            });
        }
        orders
    }

    /// The sort key of search move `m` (the index `i` makes it unique, and keeps ties as listed).
    #[inline]
    fn key(self, e: &Engine, m: SearchMove, i: u64) -> u64 {
        let last = m.last();
        let kind = if self.waste_fills_first
            && m.turns() == 0
            && last.src() == WASTE
            && fills(e, last)
            && e.reserve_empty()
        {
            0
        } else if self.fills_last && fills(e, last) {
            FILL
        } else if self.up_last != UpLast::Never && holds_cards_up(e, m, self.up_last) {
            BASE
        } else {
            rank(e, last, self.columns_first)
        };
        let (kind, turns) = (u64::from(kind), u64::from(m.turns()));
        let key = match self.priority {
            Priority::Kind => kind << (INDEX_BITS + SearchMove::TURNS_BITS) | turns << INDEX_BITS,
            Priority::NearStock => turns << (INDEX_BITS + KIND_BITS) | kind << INDEX_BITS,
            Priority::Sequence => {
                // The waste's card's place in the dealing order: how many cards are on the waste
                // once the move's turns are made.
                let place = if last.src() == WASTE {
                    turns::turned(e, m).0 as u64
                } else {
                    0
                };
                kind << (INDEX_BITS + SearchMove::TURNS_BITS) | place << INDEX_BITS
            }
        };
        key | i
    }
}

/// The kind of a fill of an empty column under `Order::fills_last`: after every other move but
/// a card's move up under `Order::up_last` and the stock turn.
const FILL: u8 = 8;

/// The kind of a card's move up under `Order::up_last`: after every other move but the stock
/// turn.
const BASE: u8 = 9;

/// The stock turn's kind, when it is a move of its own (turns not folded): last.
const STOCK_TURN: u8 = 10;
const _: () = assert!(FILL < BASE && BASE < STOCK_TURN && STOCK_TURN < 1 << KIND_BITS);

/// Whether the helpers and a second order try base cards up last (`UpLast::Base`): with one
/// deck and a base dealt, not chosen. With two decks a base−1 card has twice the base cards to go
/// on, and a base card up last cost more than it gained: on 100 random deals (`--seed 20261204`,
/// 5 s each), `two-deck-demon` settled 95 against 99, and Dutchess (whose player chooses the base)
/// 97 against 99.
fn base_up_last(rules: &Rules) -> UpLast {
    if rules.decks == 1 && !rules.choose_base {
        UpLast::Base
    } else {
        UpLast::Never
    }
}

/// Whether search move `m` plays up a card that can take a card in a column, of the foundations'
/// base rank under `UpLast::Base`.
#[inline]
fn holds_cards_up(e: &Engine, m: SearchMove, up_last: UpLast) -> bool {
    m.last().to_foundation()
        && card_moved(e, m).is_some_and(|c| {
            (up_last == UpLast::Holders || c % 13 == e.start) && e.rules.children[c as usize] != 0
        })
}

/// Whether `m` puts a card (or a run) on an empty column. (A move after a swap is ranked before
/// the swap is played; a swap leaves a card under the run it moves, and lands it on a card, so it
/// neither empties nor fills a column, and this still holds.)
#[inline]
fn fills(e: &Engine, m: Move) -> bool {
    m.to_column() && e.cols[col_index(m.dst())].is_empty()
}

/// A move's kind, lower first (the first key of `Priority::Kind` and `Priority::Sequence`, the
/// second of `Priority::NearStock`).
/// Moves that make progress come first: cards to the foundations, the reserve's card played, a
/// column move that empties its column or uncovers a card that goes up; then the waste's card
/// onto a column; other column moves last. With `columns_first` (`Order::columns_first`): cards
/// to the foundations, then every column move, the waste's card onto a column, the reserve's
/// card onto a column.
fn rank(e: &Engine, m: Move, columns_first: bool) -> u8 {
    if m.is_stock() {
        return STOCK_TURN;
    }
    match (m.src(), m.dst()) {
        _ if m.from_reserve().is_some() && m.to_foundation() => 0,
        _ if m.from_column() && m.to_foundation() => 1,
        (WASTE, _) if m.to_foundation() => 2,
        _ if m.from_reserve().is_some() => {
            if columns_first {
                6
            } else {
                3
            }
        }
        _ if m.from_column() => {
            if columns_first || progresses(e, m) {
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

/// Sort `out` by `order`, then as listed, or with `salt` (not 0) in an order of its own among
/// moves that `order` ranks alike (`keys` and `sorted` are buffers).
pub(super) fn sort(
    order: Order,
    e: &Engine,
    out: &mut Vec<SearchMove>,
    keys: &mut Vec<u64>,
    sorted: &mut Vec<SearchMove>,
    salt: u64,
) {
    debug_assert!(out.len() <= PLACE_MASK as usize);
    // Keys computed once, made unique by the place in the list.
    keys.clear();
    keys.extend(out.iter().enumerate().map(|(i, &m)| {
        let i = i as u64;
        let tie = if salt == 0 {
            0
        } else {
            mix(salt ^ i) >> (64 - (INDEX_BITS - PLACE_BITS))
        };
        order.key(e, m, tie << PLACE_BITS | i)
    }));
    keys.sort_unstable();
    sorted.clear();
    sorted.extend(keys.iter().map(|&k| out[(k & PLACE_MASK) as usize]));
    std::mem::swap(out, sorted);
}

/// A 64-bit mix (SplitMix64's finalizer): the shuffled orders' random bits.
pub(super) fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}
