//! The reserve's own moments (`Pruning::reserve_room`, docs/solver.md item 17): a reserve pile's
//! card r under another leaves the pile on some move, at a moment when it is the pile's top card
//! and the cards under it are still there. The cards that r or a card under it holds back are not
//! up then; those in the columns now are still there (the waste's argument, `waste`), and those
//! above r in the pile have left it, for the columns (a reserve card goes only to a column or a
//! foundation). So they lie in the columns as runs, and the cards of the pile up to r fill none.
//! Neither the waste nor the stock is looked at (their cards may stay there), so this holds in any
//! pass, with any pass limit. Where, for some such r of some pile, they do not fit, the position is
//! lost. The search counts these moments where passes are unlimited, where the waste's count never
//! looks (`moments_pay`). It finds few positions lost on random walks (under alternate colours, in
//! one walk of 400 moves in 13 to 100; in none of 200 where columns build in any suit or cards come
//! back from the foundations), but a deal whose reserve buries a suit's first cards under cards
//! that wait for them is lost early.

use super::{Room, Tally, NONE};
use crate::engine::Engine;
use crate::rules::Rules;
use crate::solver::Pruning;

/// Whether the search counts the reserve's own moments under `rules` (a choice of schedule, not
/// of argument, which holds with any pass limit): with unlimited passes, where the waste's count
/// never looks. With a pass limit, the waste's count makes most proofs: under Canfield Rush's
/// three passes, on four lost deals, the reserve's moments saved 1.5 % of the positions and cost
/// 17 % more time.
pub(in crate::solver) fn moments_pay(rules: &Rules, pruning: Pruning) -> bool {
    pruning.reserve_room && rules.pass_limit.is_none()
}

impl Room {
    /// Whether the check counts the reserve's own moments at `e`'s position: where it looks at
    /// them (`Pruning::reserve_room`), outside the waste's count, with a reserve card under
    /// another.
    pub(super) fn looks_at_reserve(&self, e: &Engine) -> bool {
        self.moments
            && std::iter::once(&e.res)
                .chain(&e.more_res)
                .any(|pile| pile.len() >= 2)
    }

    /// The reserve's own moments (see the module docs): for each card r of a reserve pile under
    /// another, at the moment r leaves it, the cards that r and the cards under it hold back,
    /// if in the columns or above r in the pile, fit as runs in the columns, with `columns` the
    /// cards in the columns. False proves the position lost.
    pub(super) fn reserve_moments(&self, e: &Engine, columns: u64) -> bool {
        let up = self.up_cards(e);
        for pile in std::iter::once(&e.res).chain(&e.more_res) {
            let mut above = pile.iter().fold(0u64, |m, &c| m | 1 << c);
            let mut tally = self.tally(up, columns | above);
            for pair in pile.windows(2) {
                let (r, next) = (pair[0], pair[1]);
                above &= !(1 << r);
                self.pass(&mut tally, r, columns | above);
                if self.plain(&tally, next) {
                    continue; // the next moment asks more (the top card's is now)
                }
                // (fewer cards to hold than columns always fit)
                let cards = tally.t.iter().map(|&n| usize::from(n)).sum::<usize>();
                if cards > self.columns && self.too_many_runs(&tally.t, &tally.a) {
                    return false;
                }
            }
        }
        true
    }

    /// Whether card `c`, the next of a pile after the moment `tally` counts, is neither held back
    /// nor of a class of several, and holds back no card more: then its moment asks more than
    /// this one (a card fewer may fill a run, and as many must lie in them), and where it passes,
    /// so does this one. The moment of a pile's top card is now, when the columns hold their cards.
    fn plain(&self, tally: &Tally, c: u8) -> bool {
        let c = usize::from(c);
        tally.held >> c & 1 == 0
            && self.class_of[c] == NONE
            && usize::from(self.up_place[c]) >= tally.first[c / 13]
    }
}
