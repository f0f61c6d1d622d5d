//! Far cards: cards that no foundation will want for a while are known by their class alone.
//!
//! Where the foundations are one pile per suit of one deck, call a card *far* when its place in
//! its foundation's order is at least a margin past that foundation's count at the root, and let
//! each foundation's *bound* be that count plus the margin. While no foundation reaches its
//! bound (the *region*), no far card is on a foundation or wanted by one, and the rules see a far
//! card only through its build-table rows and columns (which cards go on it, which it goes on,
//! whether it goes on an empty column) and its place. Two far cards with the same rows and
//! columns (in `rainbow`, the cards of one rank; under alternate colours, the two of one rank and
//! colour) are *alike*: swapping them maps the build table onto itself (a card goes on one of
//! them exactly when it goes on the other, even one of them on the other where a rule builds on a
//! card of the same rank), so swap them anywhere in a position of the region, and the legal
//! moves are the same, swapped; so are the search's moves, each of its rules deciding on what the
//! swap keeps (whether a card is up or wanted, its rows and columns, places), and the children are
//! the same positions, swapped. So the search knows each far card by its class
//! (`Engine::use_class_keys`): a position whose swapped twin has been seen counts as seen.
//!
//! The argument for "lost" then reads: when a complete search ends without a win and no position it
//! expanded is outside the region, every position reachable from the root is one it expanded, up to
//! such swaps (the first that were not would follow, by a move that the swap carries over, from one
//! that was, or its swap), and all of them are in the region, where no foundation is complete: no
//! win is reachable. So every complete search checks each position it expands (`Far::holds`); the
//! first outside the region ends the attempt at once (`Cut::Bounds`). Then another attempt is made
//! with a wider margin (`FAR_MARGINS`: a narrow region has more far cards and is left sooner), and
//! when the last has left its region, the searches that know every card as itself, paused while
//! they ran, go on from where they were (`search::attempts::search_far`), with what is left of the
//! budget. A win found meanwhile is a line of legal moves, a win whatever the region. An attempt is
//! for a proof: the search that starts again, which only looks for wins and finds them early, is
//! left to the paused searches (the beam stays: a won deal's attempt may stay in its region long,
//! and the beam wins some of them there). The attempts come after a first `FAR_AFTER` positions
//! with every card as itself, which settle most deals. Won deals leave the regions early (their
//! foundations grow), so the attempts cost them little; lost deals of one-pass games stay in one,
//! and their proofs shrink.
//!
//! Not where the swap would change a decision: the twin rule (`prune::swaps`) builds on one of two
//! twins by its card, the pool's keys name the card placed (`prune::pool`), and the reserve's
//! order (`prune::reserve_order`) looks at where each card would go up; nor with several decks,
//! a foundation layout of the rules' own, a base the player chooses, or a finish the game makes by
//! itself (cards go up between the positions checked); under rules blind to suits the solver's
//! keys merge more already.

use super::{pool, reserve_order, swaps};
use crate::engine::Engine;
use crate::rules::Rules;
use crate::solver::Pruning;

/// How far past a foundation's count at the root a card is far, in each attempt: the next
/// attempt is made when the last one leaves its region. A narrower region is left more often; a
/// wider one has fewer far cards. On 20 lost and 30 won `rainbow` deals of its survey (30 million
/// positions each), with far cards known by class from the start, one attempt of margin 6, 7, 8
/// or 10 proved the 20 lost in 137, 94, 91 and 117 million positions in all (168 million without),
/// and won the 28 won deals that all settle in 34.7, 35.3, 35.8 and 43.4 million (34.2 without).
/// After 150,000 positions, margin 5 then 8, against 8 alone: the 20 lost in 90.7 million against
/// 92.9, the 29 won in 58.3 million as many; 12 lost `chameleon` deals (20 million each) in 82.5
/// million against 114.2 (6 then 8: 85.7; 4, 6 then 8: 83.5), 16 won in 102.2 million as many; 11
/// lost `rainfall` deals (60 million each) in 197.4 million against 224.6 (6 then 8: 204.9), 16
/// won in 20.4 million as many. Without the search that starts again in the attempts, the 11 lost
/// `rainfall` deals in 180.6 million against 191.2 (both with it stopping at 20 million), the 12
/// lost `chameleon` deals in 73.2 million against 82.5; won deals in about as many: 49 of 10
/// variants whose attempts cost them most (1 to 30 million positions) in 255.2 million against
/// 259.1; 42 of 7 variants that their surveys won after 20 to 150 million, 150 million each, in
/// 1,594 million against 1,602 (40 won either way). Without the beam in them too, the lost deals
/// took 161.2 and 70.0 million, but wins that the beam finds in an attempt came much later or not
/// at all: `superior`'s `CF1-D3-AAAAGNL`, won in 54.9 million, stayed unknown after 150 million,
/// and the 42 took 1,792 million (39 won).
pub(in crate::solver) const FAR_MARGINS: [u8; 2] = [5, 8];

/// How many positions the solver searches with every card known as itself before it knows far
/// cards by class: every search's short first turn (`Schedule::probe`) fits, and the easy deals,
/// most of them, are settled within them, with no attempt that a position outside the region
/// ends. On the 28 won `rainbow` deals above, when the solver searched again from the start
/// after an attempt that left the region: 38.1 million positions in all, against 35.8 million
/// with far cards known by class from the start (36.7 million after 50,000, 41.6 million after
/// 400,000); the 20 lost in 93.6 million. With the first searches going on from where they
/// paused, as now: 36.7 million after 150,000.
pub(in crate::solver) const FAR_AFTER: u64 = 150_000;

/// Whether the argument holds under `rules` with `pruning` (see the module docs).
pub(in crate::solver) fn applies(rules: &Rules, auto_finish: bool, pruning: Pruning) -> bool {
    pruning.far
        && rules.decks == 1
        && rules.piles.is_none()
        && !rules.choose_base
        && !auto_finish
        && !(pruning.solver_keys && rules.suit_blind())
        && !(pruning.swaps && swaps::applies(rules, auto_finish))
        && !pool::on(rules, auto_finish, pruning)
        && !(pruning.reserve_order && reserve_order::applies(rules))
}

/// Each card's rows in the rules' tables: the cards that go on it in a column, the cards it goes
/// on, and whether it goes on an empty column. Cards with the same rows are alike: swapping them
/// maps the tables onto themselves.
pub(in crate::solver) fn build_rows(rules: &Rules) -> [(u64, u64, u64); 52] {
    let mut parents = [0u64; 52];
    for (t, &kids) in rules.children.iter().enumerate() {
        for (c, p) in parents.iter_mut().enumerate() {
            *p |= (kids >> c & 1) << t;
        }
    }
    std::array::from_fn(|c| (rules.children[c], parents[c], rules.empty >> c & 1))
}

/// The region's bounds and each card's class, worked out once from the root.
#[derive(Clone, Debug)]
pub(in crate::solver) struct Far {
    /// Each foundation's bound: the count it may not reach (`u8::MAX`: none, a foundation's 13
    /// cards included).
    bounds: Vec<u8>,
    /// What each card is known as: itself, or the first far card alike with it.
    class: [u8; 52],
}

impl Far {
    /// The far cards of `e`'s position, `margin` past its foundations' counts, and their
    /// classes; None when no two far cards are alike (nothing to merge).
    pub(in crate::solver) fn new(e: &Engine, margin: u8) -> Option<Far> {
        let bounds: Vec<u8> = (e.fcount.iter())
            .map(|&n| if n + margin < 13 { n + margin } else { u8::MAX })
            .collect();
        let far = |c: u8| {
            let f = e.fsuit.iter().position(|&s| s == c / 13);
            f.is_some_and(|f| e.place_up(c) >= bounds[f])
        };
        let rows = build_rows(&e.rules);
        let row = |c: usize| rows[c];
        let mut class: [u8; 52] = std::array::from_fn(|c| c as u8);
        let mut merged = false;
        for c in 0..52 {
            if !far(c as u8) {
                continue;
            }
            if let Some(d) = (0..c).find(|&d| far(d as u8) && row(d) == row(c)) {
                class[c] = class[d];
                merged = true;
            }
        }
        merged.then_some(Far { bounds, class })
    }

    /// What each card is known as.
    pub(in crate::solver) fn class(&self) -> &[u8; 52] {
        &self.class
    }

    /// Know `e`'s cards by their classes.
    pub(in crate::solver) fn know(&self, e: &mut Engine) {
        e.use_class_keys(&self.class);
    }

    /// Whether `e`'s position is in the region: no foundation at its bound.
    #[inline]
    pub(in crate::solver) fn holds(&self, e: &Engine) -> bool {
        e.fcount.iter().zip(&self.bounds).all(|(&n, &b)| n < b)
    }
}
