//! Unlimited passes for a proof of "lost": where the stock goes through a limited number of
//! times, a position lost when it may go through any number of times is lost.
//!
//! The pass limit decides one thing only: whether the waste may be turned back over into the
//! stock once the stock is empty (`Engine::may_recycle`; without a limit, up to `MAX_RECYCLES`
//! times, more than any limit allows). Every other rule is the same under both, the draw count of
//! each pass included (a pass past the rules' list of draw counts repeats the last, whatever the
//! limit), and the moves that come by themselves (the fill of an emptied column, the game's
//! finish) do not look at the limit. So every line of the rules is a line of the same rules
//! without a pass limit: when no line wins there, none wins under the real rules. (A line that
//! wins there need not be one of theirs: it may go through the stock once more.)
//!
//! The game without a limit is the larger one, but a lost deal's proof there is often far
//! shorter: the search knows a position with unlimited passes by the stock's and waste's cards,
//! not by how many passes are left (`prune::turns`), and plays safe cards up at once where every
//! pass turns one card (`prune::safe`, `prune::pool`). Of the first 40 deals that Minerva's
//! survey (two passes, one card at a time) proves lost, 36 are lost without the limit too, 30 of
//! them in under a quarter of the positions (proofs of 65,583 and 100,013 positions in 5,513 and
//! 3,596); of the first 20 of Eagle Wing's (three passes), 19, in 5,455 positions in all against
//! 19.4 million. Where a deal is lost only for its passes (Reno's, Little Gate's, most of Canfield
//! Rush's), the search without a limit finds a win at once and stops: a few thousand positions.
//!
//! So once the real rules' searches have had `AFTER` positions (a quarter of them where the
//! stock goes through several times, `after`; a deal lost at once, as many one-pass deals are,
//! is settled before), a search without the limit has `BUDGET`, and its
//! "lost" is the answer; otherwise the real rules' searches go on from where they paused. Once
//! they have had `Schedule::far_after` positions, another search without the limit has at most
//! as many as they have had (a quarter of what is left, where that is less): a proof that took
//! it more than `BUDGET` costs twice the positions at most when it fails. On 12 deals that
//! Minerva's survey proved lost in 0.36 to 27 million positions, 38.9 million in all against 47.0
//! million without it (`CF1-D1-AAAAADJ` in 279,276 against 7.8 million; the 8 it does not prove,
//! about 150,000 more each); on 10 it won in 0.3 to 30 million, 87.3 million against 86.9. A
//! quarter of what is left, as the draw-1 search has, took 10 million more on one of those lost
//! deals (27.3 against 37.2 million): where it does not prove the deal lost, it costs that
//! quarter, a quarter of a survey's cap.

use std::sync::Arc;

use crate::rules::Rules;

/// The positions the real rules' searches have before the search without a pass limit, where
/// the stock goes through once (`Schedule::passes_after`; `after`).
pub(super) const AFTER: u64 = 20_000;

/// Where the stock goes through several times, the search without the limit comes after a
/// `SEVERAL`th of `Schedule::passes_after`: there a deal lost with its passes is mostly lost
/// without the limit too, and its proof is short. On the first 100 deals of Minerva's survey (two
/// passes; 2 M positions each), the median went from 28,440 positions to 14,513 with 5,000 (and to
/// 11,859 with 2,000, the mean no lower), Eagle Wing's mean (three passes) from 32,670 to 29,284;
/// on the first 60 of Storehouse's and Acme's, the mean from 12,420 to 8,426 and from 8,473 to
/// 6,471; Rainfall, Canfield Rush, Duke and Dutchess the same within 3 %. With one pass, a deal
/// lost with its pass is mostly won without the limit (the search stops at its win), and an
/// earlier search costs more than it saves: Mystique's median went from 10,438 to 16,276, Munger's
/// from 23,267 to 27,101.
const SEVERAL: u64 = 4;

/// The positions the real rules' searches have before the search without a pass limit, of
/// `after` (`Schedule::passes_after`): all of them where the stock goes through once, a `SEVERAL`th
/// where it goes through several times.
pub(super) fn after(rules: &Rules, after: u64) -> u64 {
    if rules.pass_limit == Some(1) {
        after
    } else {
        after / SEVERAL
    }
}

/// The positions the search without a pass limit may take.
pub(super) const BUDGET: u64 = 20_000;

/// Whether the solver searches without the pass limit: where `rules` have one, with one deck.
/// The argument holds for any number of decks, but with several a lost deal is rare, and the
/// search's positions would go to won deals: on the first 100 deals of The Plot's survey (two
/// decks, one pass, all won), 116,669 positions each on mean against 99,835 without it.
pub(super) fn applies(rules: &Rules) -> bool {
    rules.decks == 1 && rules.pass_limit.is_some()
}

/// The same rules with no limit on the passes through the stock.
pub(super) fn rules(rules: &Rules) -> Arc<Rules> {
    let mut free = rules.clone();
    free.pass_limit = None;
    Arc::new(free)
}
