//! Stock turns are folded into the moves that follow them.
//!
//! A stock turn touches only the stock and the waste, so it commutes with every move that does
//! not play the waste's top card; and turning the stock puts no card anywhere. Every winning line
//! can therefore be rewritten so that each run of stock turns comes right before a move of the
//! waste's card, and none comes last. The search's moves are: every move other than a stock
//! turn, plus "turn the stock k times, then play the waste's card" for each k up to where the
//! stock and waste come back to a state already seen in this cycle (or the pass limit ends the
//! turns). The positions between stock turns are never stored: the same wins are reachable with
//! far fewer positions.
//!
//! Past the steady pass (`Rules::steady`) every pass turns the same number of cards, so two stock
//! states with the same cards on the waste, after r and r' > r recycles (both past it), differ
//! only in the recycles used. Under a pass limit the one after r dominates: every line from the
//! other is legal from it (each turn takes the same cards, and a recycle allowed after more
//! recycles is allowed after fewer), so if the other's child wins, so does its own, which is as
//! near the win. So the fold stops at a stock state met in an earlier pass past the steady pass,
//! under a pass limit as with unlimited passes: it follows at most the passes up to the steady one
//! and one more, however many passes the limit allows.
//!
//! Folded this way, positions past the steady pass that reach each other by stock turns alone
//! have the same search moves, so they may share a fingerprint (`turns_back`).

use crate::engine::Engine;
use crate::moves::Move;
use crate::rules::Rules;
use crate::solver::generator::SearchMove;

/// Whether the argument holds: it needs only what every rule set gives, that a stock turn moves
/// cards between the stock and the waste alone, and that no automatic move follows one (the fill
/// follows a column emptied, the finish an empty stock and waste). A rule that made a stock turn
/// do more would switch the folding off here. A fill from the waste (`Rules::fill_waste`) is
/// such a rule: a column move that empties its column then plays the waste's top card, so it does
/// not commute with stock turns, and the fold (which folds turns into the waste card's own moves
/// only) would miss it: off. A base the player chooses (`Rules::choose_base`) keeps the argument:
/// the stock stays shut until the move that sets the base, so every stock turn of a line comes
/// after that move, and moving turns later never takes one before it. A foundation layout of the
/// rules' own changes none of this (its piles take cards only by moves, and `Engine::waste_moves`
/// lists the waste card's moves to each pile that takes it): on. Nor does a fill from the waste
/// alone (`Rules::fill_waste_only`: the waste card's moves onto empty columns are its own, and
/// `Engine::waste_moves` lists them) or an empty column that takes only the base rank until the
/// foundation dealt the base card is complete (`Rules::base_until_first`: a stock turn changes no
/// foundation): on.
pub(in crate::solver) fn applies(rules: &Rules) -> bool {
    !rules.fill_waste
}

/// Whether a position with `waste` of `total` stock and waste cards on the waste, after
/// `recycles`, shares its fingerprint with the same position turned back over, where the steady
/// pass is `steady` and turns `draw` cards. Past the steady pass, the stock turns `draw` cards
/// at a time every pass: a waste holding a multiple of `draw` cards, or all of them, turns back
/// over and turns to the same place again, so the position and the one with its waste turned
/// back over reach each other by stock turns alone.
#[inline]
pub(in crate::solver) fn turns_back(
    waste: usize,
    total: usize,
    recycles: u32,
    steady: u32,
    draw: usize,
) -> bool {
    waste > 0 && recycles >= steady && (waste == total || waste.is_multiple_of(draw))
}

/// The stock after one more stock turn (or recycle) from `p` cards on the waste after `rec`
/// recycles, `total` cards in stock and waste; None when the stock cannot turn.
fn turn_once(e: &Engine, p: usize, rec: u32, total: usize) -> Option<(usize, u32)> {
    if p < total {
        Some(((p + e.rules.draw(rec)).min(total), rec))
    } else if total > 0 && e.may_recycle(rec) {
        Some((0, rec + 1))
    } else {
        None
    }
}

/// The stock after search move `m`'s stock turns: cards on the waste, recycles.
pub(in crate::solver) fn turned(e: &Engine, m: SearchMove) -> (usize, u32) {
    let total = e.waste.len() + e.stock.len();
    let (mut p, mut rec) = (e.waste.len(), e.recycles);
    for _ in 0..m.turns() {
        (p, rec) = turn_once(e, p, rec, total).expect("a legal stock turn");
    }
    (p, rec)
}

/// The folding's state: the stock states met in the cycle being followed.
pub(in crate::solver) struct Folding {
    /// The steady pass: recycle counts past it are one stock state (see the module docs).
    steady: u32,
    /// The waste card's moves at one stock state.
    waste: Vec<Move>,
    /// The stock states met while folding turns: bit p of `seen[r]` for p cards on the waste
    /// after r (kept) recycles past the first.
    seen: Vec<[u64; 4]>,
}

impl Folding {
    pub(in crate::solver) fn new(rules: &Rules) -> Folding {
        Folding {
            steady: rules.steady,
            waste: Vec::with_capacity(16),
            seen: Vec::with_capacity(8),
        }
    }

    /// Push "turn the stock k times, then play the waste's card" onto `out` for each k and each
    /// move of that card, following the stock turns by index, without playing them, until the
    /// stock comes back to a state met (or cannot turn).
    pub(in crate::solver) fn fold(&mut self, e: &Engine, out: &mut Vec<SearchMove>) {
        // `p` cards of the stock and waste sequence are on the waste, after `rec` recycles.
        let total = e.waste.len() + e.stock.len();
        let (mut p, mut rec) = (e.waste.len(), e.recycles);
        self.seen.clear();
        let first = rec.min(self.steady);
        self.met(p, rec, first);
        let mut k = 0;
        while let Some(next) = turn_once(e, p, rec, total) {
            (p, rec) = next;
            k += 1;
            if self.met(p, rec, first) {
                break;
            }
            if p > 0 {
                e.waste_moves(e.turn_order(p - 1), &mut self.waste);
                out.extend(self.waste.iter().map(|&m| SearchMove::after_turns(k, m)));
            }
        }
    }

    /// Mark the stock state of `waste` cards on the waste after `recycles`; whether it was met
    /// before (since `seen` was cleared, at `first` kept recycles): recycle counts past the steady
    /// pass count as one.
    fn met(&mut self, waste: usize, recycles: u32, first: u32) -> bool {
        let r = (recycles.min(self.steady) - first) as usize;
        if r >= self.seen.len() {
            self.seen.resize(r + 1, [0; 4]);
        }
        let (word, bit) = (waste / 64, 1u64 << (waste % 64));
        let before = self.seen[r][word] & bit != 0;
        self.seen[r][word] |= bit;
        before
    }
}
