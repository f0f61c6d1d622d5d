//! Fingerprints: how the visited set knows a position.
//!
//! Positions are stored as 128-bit fingerprints (two independent Zobrist-style hashes, see
//! `Engine::key2`). Two different positions with the same fingerprint would make the search skip
//! the second and could turn a win into a false "lost": with n positions stored, the chance that
//! any two collide is below n² / 2¹²⁹ (under 10⁻²¹ for n = 10⁹).
//!
//! The fingerprint leaves out what cannot change the future: the order of the columns (they are a
//! multiset: the engine's hash ignores their order), and, with unlimited passes, recycles past the
//! steady pass (`Rules::steady`), from which every pass turns the same number of cards: past it,
//! two positions that differ only in their recycle count have the same moves, and children that
//! again differ only in it. Where stock turns are folded into the moves (`prune::turns`),
//! positions past the steady pass that reach each other by stock turns alone share a fingerprint
//! too (`turns::turns_back`): there they have the same search moves. And with the solver's keys
//! (`Pruning::solver_keys`, `Engine::use_solver_keys`), the engine's hash itself leaves out what
//! the rules cannot see: under rules blind to suits (`Rules::suit_blind`) which card of a rank
//! lies where (relabel the cards of each rank among themselves and the moves are the same,
//! relabelled, so the verdict is too), which of two interchangeable foundation piles holds what,
//! and the order of a set pile's sets. The visited-set argument (`search::depth_first`) holds over
//! such classes. On 300 random deals (`--seed 21`, 2 million positions each) the solver's keys
//! settle all 300 `beehive` deals against 290, and 282 `the-plot` deals against 273.

use super::generator::{play, take_back, Generator, SearchMove};
use super::prune::shortcut::Pass;
use super::prune::turns::{self, turned};
use super::Pruning;
use crate::engine::{recycles_key, Child, Engine, TurnKeys};
use crate::rules::Rules;

/// What a search's fingerprints leave out, worked out once from the rules (see the module docs).
#[derive(Clone, Copy, Debug)]
pub(super) struct Fingerprints {
    /// The recycle count kept: all of it (None) under a pass limit; with unlimited passes, only
    /// up to the steady pass.
    steady: Option<u32>,
    /// Whether positions past the steady pass that reach each other by stock turns alone share a
    /// fingerprint (where turns are folded), and the steady pass's draw count.
    back: Option<usize>,
}

impl Fingerprints {
    pub(super) fn new(rules: &Rules, fold_turns: bool) -> Fingerprints {
        let steady = rules.pass_limit.is_none().then_some(rules.steady);
        let folded = fold_turns && turns::applies(rules);
        Fingerprints {
            steady,
            back: (steady.is_some() && folded).then(|| rules.steady_draw()),
        }
    }

    /// The recycle count the fingerprint keeps of `recycles`.
    #[inline]
    pub(super) fn kept(&self, recycles: u32) -> u32 {
        self.steady.map_or(recycles, |s| recycles.min(s))
    }

    /// The fingerprint of `e`'s position.
    pub(super) fn of(&self, e: &Engine) -> u128 {
        let (waste, total) = (e.waste.len(), e.waste.len() + e.stock.len());
        let recycles = self.kept(e.recycles);
        if self.turns_back(waste, total, e.recycles) {
            e.key2_turned_back(recycles)
        } else {
            e.key2(recycles)
        }
    }

    /// `of` a move's child, from its hash (`Engine::child`): the same key, without playing the
    /// move. None where the child shares its fingerprint with its waste turned back over and its
    /// stock and waste are hashed by place (every card's place would change).
    #[inline]
    pub(super) fn of_child(&self, c: &Child) -> Option<u128> {
        let key = c.key ^ recycles_key(self.kept(c.recycles));
        if !self.turns_back(c.waste, c.total, c.recycles) {
            Some(key)
        } else {
            c.linked.then(|| key ^ c.turned_back())
        }
    }

    /// The fingerprint of search move `m`'s child, hashed without playing its last move (only its
    /// swap, if any), where the engine can (`Engine::child`; `turns` for the children of `e`'s
    /// position alone).
    pub(super) fn of_unplayed(
        &self,
        e: &mut Engine,
        m: SearchMove,
        turns: &mut TurnKeys,
    ) -> Option<u128> {
        let swap = m.swap();
        if let Some(s) = swap {
            e.make(s);
        }
        let (p, rec) = turned(e, m);
        let key = e
            .child(m.last(), p, rec, turns)
            .and_then(|c| self.of_child(&c));
        if swap.is_some() {
            e.unmake();
        }
        key
    }

    /// Whether a position with `waste` of `total` stock and waste cards on the waste, after
    /// `recycles`, shares its fingerprint with the same position turned back over
    /// (`turns::turns_back`).
    #[inline]
    fn turns_back(&self, waste: usize, total: usize, recycles: u32) -> bool {
        match (self.steady, self.back) {
            (Some(steady), Some(draw)) => turns::turns_back(waste, total, recycles, steady, draw),
            _ => false,
        }
    }
}

/// How many of the search moves of `e`'s position (all legal moves, stock turns folded in) are
/// hashed without playing them (`Engine::child`), None where one of those keys is not the key its
/// child has played; for the tests.
#[doc(hidden)]
pub fn children_hashed_unplayed(e: &mut Engine) -> Option<usize> {
    let fp = Fingerprints::new(&e.rules, true);
    let mut gen = Generator::new(e, Pass::COMPLETE, Pruning::ALL, false);
    let (mut ms, mut scratch) = (Vec::new(), Vec::new());
    gen.moves(e, None, &mut ms);
    let (mut unplayed, mut turns) = (0, TurnKeys::default());
    for &m in &ms {
        let Some(key) = fp.of_unplayed(e, m, &mut turns) else {
            continue;
        };
        let auto = play(e, m, false, &mut scratch);
        let played = fp.of(e);
        take_back(e, m, auto);
        if key != played {
            return None;
        }
        unplayed += 1;
    }
    Some(unplayed)
}
