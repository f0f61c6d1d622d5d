//! Draw 1 for a proof of "lost": where the stock turns several cards at a time, a position lost
//! when it turns one card at a time is lost.
//!
//! The stock and the waste are one row of cards in dealing order, split where the stock ends: a
//! turn of `k` cards moves the split `k` cards on (the `k`-th card turned lands on top of the
//! waste, as after `k` turns of one card each), and turning the waste back over moves it back to
//! the start, whatever the draw count. So a turn of `k` cards is `k` turns of one card, and a pass
//! ends, and the next begins, at the same point under both rules. Nothing else in the rules looks
//! at the draw count, and no automatic move comes between those `k` turns (the fill of an emptied
//! column follows a move of the column's cards; the game's finish waits for an empty stock). So
//! every line of the rules, with each turn made one card at a time, is a line of the same rules
//! with draw 1 in every pass, and the same number of passes: when no line wins under draw 1, none
//! wins under the real rules. (A line that wins under draw 1 need not be one of theirs: it may play
//! a card that their turns never put on top of the waste.)
//!
//! Draw 1 is the looser game by far, and its proofs are short where the real rules' are long: the
//! search knows a draw-1 position with unlimited passes by its pool of stock and waste cards
//! (`prune::turns`, `prune::pool`), not by where the stock stands, and plays the pool's safe cards
//! up at once (`prune::safe`). So once the real rules' searches have had a first `Schedule::far_after`
//! positions, their own proof or win not found, a search under draw 1 gets a share of what is left
//! (`SHARE`), and its "lost" is the answer; otherwise the real rules' searches go on from where
//! they paused. On the published rules (draw 3) the draw-1 search proves lost 20 of the 36 deals after
//! the first 10,000 of their survey that 100 million positions of the real rules left unknown, in
//! 7,500 to 17 million positions each.

use std::sync::Arc;

use crate::rules::Rules;

/// The share of the budget left (positions, and time to the deadline) that the draw-1 search may
/// take: one part in `SHARE`.
pub(super) const SHARE: u32 = 4;

/// Whether the solver searches under draw 1 first: where some pass of `rules` turns more than
/// one card, with one deck. The argument holds for any number of decks, but with several a lost
/// deal is rare (2 of Variegated Canfield's first 1,000 deals, 1 of Double Canfield's 10,000) and
/// the share would go to won deals: on 100 random Variegated Canfield deals at 5 s, 62 settled
/// with it against 63 without.
pub(super) fn applies(rules: &Rules) -> bool {
    rules.decks == 1 && rules.draws.iter().any(|&d| d > 1)
}

/// The same rules with one card turned at a time in every pass.
pub(super) fn rules(rules: &Rules) -> Arc<Rules> {
    let mut one = rules.clone();
    one.draws = vec![1];
    one.steady = 0;
    Arc::new(one)
}
