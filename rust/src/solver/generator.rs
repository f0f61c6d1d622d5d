//! The search's moves of a position: the legal moves with the pruning rules applied (a safe move
//! alone, swaps with their uses, stock turns folded in), best first.

use super::order::{self, Order};
use super::prune::reserve_order::{self, ReserveOrder};
use super::prune::room::{self, Room};
use super::prune::shortcut::{self, Pass};
use super::prune::swaps::{self, Twins};
use super::prune::turns::Folding;
use super::prune::{pool, safe, turns};
use super::relax;
use super::Pruning;
use crate::engine::Engine;
use crate::moves::{col_index, Move, DST_SHIFT, MAX_CARDS, MOVE_BITS, PLACE_MASK, WASTE};
use crate::rules::MAX_PASS_LIMIT;

/// A search move: a move, after some stock turns, after a swap (see `swaps`), in one u64: the
/// move in the low `MOVE_BITS` bits, the number of stock turns in the next `TURNS_BITS`, and the
/// swap (a move int; 0 for none) above them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(transparent)]
pub(super) struct SearchMove(u64);

// The most stock turns folded into one move (every pass of the pass limit turning each card
// once, then a recycle) fit the turns' bits, and the swap fits above them.
const _: () =
    assert!((MAX_PASS_LIMIT as u64) * (MAX_CARDS as u64 + 1) < 1 << SearchMove::TURNS_BITS);
const _: () = assert!(SearchMove::SWAP_SHIFT + MOVE_BITS <= 64);

impl SearchMove {
    const TURNS_SHIFT: u32 = MOVE_BITS;
    /// Bits of the number of stock turns.
    pub(super) const TURNS_BITS: u32 = 24;
    const MOVE_MASK: u64 = (1 << MOVE_BITS) - 1;
    const TURNS_MASK: u64 = (1 << Self::TURNS_BITS) - 1;
    const SWAP_SHIFT: u32 = Self::TURNS_SHIFT + Self::TURNS_BITS;

    /// A move given to another search (`search::depth_first`), which explores it; never a real
    /// search move (every bit set: more stock turns than the pass limit allows, see the assertion
    /// above).
    pub(super) const TAKEN: SearchMove = SearchMove(u64::MAX);

    /// Move `m` alone.
    #[inline]
    pub(super) fn plain(m: Move) -> SearchMove {
        SearchMove(u64::from(m.int()))
    }

    /// `k` stock turns, then move `m`.
    #[inline]
    pub(super) fn after_turns(k: u32, m: Move) -> SearchMove {
        debug_assert!(u64::from(k) <= Self::TURNS_MASK);
        SearchMove(u64::from(k) << Self::TURNS_SHIFT | u64::from(m.int()))
    }

    /// This search move after `swap`.
    #[inline]
    pub(super) fn after_swap(self, swap: Move) -> SearchMove {
        SearchMove(u64::from(swap.int()) << Self::SWAP_SHIFT | self.0)
    }

    /// This search move with its last move's target replaced by `dst`.
    #[inline]
    pub(super) fn with_dst(self, dst: u32) -> SearchMove {
        SearchMove(self.0 & !(u64::from(PLACE_MASK) << DST_SHIFT) | u64::from(dst << DST_SHIFT))
    }

    /// The move made last (after the swap and the stock turns).
    #[inline]
    pub(super) fn last(self) -> Move {
        Move::from_int((self.0 & Self::MOVE_MASK) as u32)
    }

    /// How many stock turns come before the last move.
    #[inline]
    pub(super) fn turns(self) -> u32 {
        (self.0 >> Self::TURNS_SHIFT & Self::TURNS_MASK) as u32
    }

    /// The swap made first, if any.
    #[inline]
    pub(super) fn swap(self) -> Option<Move> {
        let s = (self.0 >> Self::SWAP_SHIFT) as u32;
        (s != 0).then_some(Move::from_int(s))
    }
}

/// The card search move `m` takes from its source, from `e`'s position before it is played: the
/// waste's card after the move's stock turns, a reserve pile's top card, or the bottom card of the
/// run a column move takes. None after a swap (the swap changes the columns first) and for a
/// take-back or a foundation pile's card.
#[inline]
pub(super) fn card_moved(e: &Engine, m: SearchMove) -> Option<u8> {
    let last = m.last();
    if m.swap().is_some() {
        return None;
    }
    if last.src() == WASTE {
        let (waste, _) = turns::turned(e, m);
        return Some(e.turn_order(waste - 1));
    }
    if last.from_column() {
        let col = &e.cols[col_index(last.src())];
        return col.len().checked_sub(last.count()).map(|i| col[i]);
    }
    last.from_reserve().and_then(|k| e.pile(k).last().copied())
}

/// The card column move `m` leaves on top of its column, None when it empties it. (A move
/// after a swap, ranked before the swap is played, may take more cards than the column holds.)
#[inline]
pub(super) fn uncovered(e: &Engine, m: Move) -> Option<u8> {
    let col = &e.cols[col_index(m.src())];
    let left = col.len().saturating_sub(m.count());
    left.checked_sub(1).map(|i| col[i])
}

/// Play search move `m`: its swap, its stock turns, then its move; then, under rules that finish
/// by themselves, the cards the game puts up on its own. Returns how many of those it made.
pub(super) fn play(
    e: &mut Engine,
    m: SearchMove,
    auto_finish: bool,
    scratch: &mut Vec<Move>,
) -> u32 {
    if let Some(swap) = m.swap() {
        e.make(swap);
    }
    e.make_turns(m.turns());
    e.make(m.last());
    if auto_finish {
        relax::finish(e, scratch)
    } else {
        0
    }
}

/// Take back search move `m` and the `auto` moves the game made after it.
pub(super) fn take_back(e: &mut Engine, m: SearchMove, auto: u32) {
    for _ in 0..=auto {
        e.unmake();
    }
    e.unmake_turns(m.turns());
    if m.swap().is_some() {
        e.unmake();
    }
}

/// The search's moves of a position: a safe move alone, or every move with stock turns folded in.
pub(super) struct Generator {
    pub(super) pass: Pass,
    /// Whether a safe move is played alone (`prune::safe`).
    pub(super) safe: bool,
    /// Whether a safe card of the stock or the waste is played up alone (`prune::safe`).
    pub(super) safe_stock: bool,
    /// Whether a safe card on top of the waste is played up alone in the last pass
    /// (`prune::safe::waste_applies`).
    pub(super) safe_waste: bool,
    /// The stock turns folded into the moves, None where they are moves of their own.
    pub(super) folding: Option<Folding>,
    /// The twins whose swaps are searched only with their uses (none where that is off).
    pub(super) twins: Twins,
    /// Whether a card put from the waste on a column is followed only by a move onto it
    /// (`prune::pool`).
    pub(super) pool: bool,
    /// Where the reserve plays only to the foundations, the check that it can still go up in its
    /// order (`prune::reserve_order`): a position that fails it has no moves.
    reserve_order: Option<ReserveOrder>,
    /// In the last pass, the check that the cards the waste holds back fit in the columns
    /// (`prune::room`): a position that fails it has no moves.
    room: Option<Room>,
    /// Whether the game puts cards up by itself at the end (then every position is checked).
    auto_finish: bool,
    /// The legal moves the pass allows, and the swaps among them.
    pub(super) moves: Vec<Move>,
    pub(super) swaps: Vec<Move>,
    /// Room for the move generator's cards that may move to a column (`Engine::moves_with`).
    sources: Vec<(u8, Move)>,
    /// How the moves are sorted (`order`): `Order::of` the rules unless the search says otherwise.
    pub(super) order: Order,
    /// With a shuffled order (`restarts`), the state its ties are broken from (0: as listed).
    pub(super) shuffle: u64,
    keys: Vec<u64>,
    plays: Vec<SearchMove>,
}

impl Generator {
    pub(super) fn new(e: &Engine, pass: Pass, pruning: Pruning, auto_finish: bool) -> Generator {
        let rules = &e.rules;
        let folds = pruning.fold_turns && turns::applies(rules);
        let safe = pruning.safe_moves && safe::applies(rules, pass.takebacks(rules), auto_finish);
        // Where both apply (runs of any length, draw 1, unlimited passes), the pool rule is kept
        // and swaps are plain moves: their arguments are not shown to combine, and the pool rule
        // prunes far more there (see `prune::pool`).
        let pool = pool::on(rules, auto_finish, pruning);
        let twins = if pruning.swaps && swaps::applies(rules, auto_finish) && !pool {
            Twins::of(rules)
        } else {
            Twins::NONE
        };
        Generator {
            pass,
            safe,
            safe_stock: safe && pruning.safe_stock && safe::stock_applies(rules),
            safe_waste: pruning.safe_waste,
            folding: folds.then(|| Folding::new(rules)),
            pool,
            reserve_order: (pruning.reserve_order && reserve_order::applies(rules))
                .then(|| ReserveOrder::new(e)),
            room: (pruning.room && room::applies(rules))
                .then(|| Room::new(e, pruning.room_reserve, room::moments_pay(rules, pruning)))
                .flatten(),
            auto_finish,
            twins,
            moves: Vec::with_capacity(64),
            swaps: Vec::with_capacity(8),
            sources: Vec::new(),
            order: Order::of(rules),
            shuffle: 0,
            keys: Vec::with_capacity(64),
            plays: Vec::with_capacity(64),
        }
    }

    /// Know far cards by the classes `class` in the room check (`prune::room`, `prune::far`),
    /// or leave it off where it cannot.
    pub(super) fn know_classes(&mut self, class: &[u8; 52]) {
        self.room = self.room.take().and_then(|room| room.with_classes(class));
    }

    /// The card search move `m` puts from the waste on a column, played from `e`'s position,
    /// where the search follows such a placement only with the moves onto it (`prune::pool`).
    #[inline]
    pub(super) fn placement(&self, e: &Engine, m: SearchMove) -> Option<u8> {
        (self.pool && pool::places(m)).then(|| pool::card_placed(e, m))
    }

    /// The salt of a position's sort: 0 in a plain order, else the next of the shuffle's values.
    fn salt(&mut self) -> u64 {
        if self.shuffle == 0 {
            return 0;
        }
        self.shuffle = order::mix(self.shuffle);
        self.shuffle | 1
    }

    /// The legal moves the pass allows, into `self.moves`.
    pub(super) fn legal(&mut self, e: &Engine) {
        e.moves_with(&mut self.moves, &mut self.sources);
        shortcut::keep(&self.pass, e, &mut self.moves);
    }

    /// The search's moves of `e`'s position into `out`, best first (see `order`); after a
    /// placement of card `placed` (`prune::pool`), only the moves onto it.
    pub(super) fn moves(&mut self, e: &mut Engine, placed: Option<u8>, out: &mut Vec<SearchMove>) {
        out.clear();
        if let Some(check) = &self.reserve_order {
            // Only a card put up changes the reserve or a foundation (`prune::reserve_order`):
            // any other move keeps its parent's verdict, and the first position is checked.
            let changed = e.hist.last().is_none_or(|r| r.made().to_foundation());
            if (changed || self.auto_finish) && !check.feasible(e) {
                return; // lost: the reserve cannot go up in its order
            }
        }
        if self.room.as_mut().is_some_and(|room| !room.fits(e)) {
            return; // lost: the held-back cards do not fit in the columns
        }
        self.legal(e);
        if let Some(card) = placed {
            self.moves
                .retain(|&m| m.is_stock() || pool::obliged(e, card, m));
            self.plays(e, out);
            out.retain(|&m| pool::obliged(e, card, m.last()));
            let salt = self.salt();
            order::sort(self.order, e, out, &mut self.keys, &mut self.plays, salt);
            return;
        }
        if self.safe {
            let waste = self.safe_waste;
            let safe = |&&m: &&Move| (waste || m.src() != WASTE) && safe::is_safe(e, m);
            if let Some(&m) = self.moves.iter().find(safe) {
                out.push(SearchMove::plain(m));
                return;
            }
        }
        self.take_swaps(e);
        self.plays(e, out);
        if self.safe_stock {
            if let Some(&m) = out.iter().find(|&&m| safe::is_safe_after_turns(e, m)) {
                out.clear();
                out.push(m);
                return;
            }
        }
        self.lower_twins_only(e, out);
        self.swap_uses(e, out);
        let salt = self.salt();
        order::sort(self.order, e, out, &mut self.keys, &mut self.plays, salt);
    }

    /// Push the moves in `self.moves` onto `out`, stock turns folded in where they are.
    pub(super) fn plays(&mut self, e: &Engine, out: &mut Vec<SearchMove>) {
        out.extend(
            self.moves
                .iter()
                .filter(|m| !m.is_stock())
                .map(|&m| SearchMove::plain(m)),
        );
        if self.moves.last() == Some(&Move::STOCK) {
            match &mut self.folding {
                Some(folding) => folding.fold(e, out),
                None => out.push(SearchMove::plain(Move::STOCK)),
            }
        }
    }
}
