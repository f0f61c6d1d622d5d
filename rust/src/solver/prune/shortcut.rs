//! Shortcut searches: searches over a subset of the legal moves, taking turns with the complete
//! search (see `search::solve_with`).
//!
//! A shortcut plays legal moves only, so a win it finds is a legal win; when it ends without one
//! it proves nothing and simply stops. Only the complete search says "lost". So a shortcut cannot
//! bend a verdict under any rules; the rules choose only which shortcut is worth running:
//!
//! - with any-run column moves, a narrow search whose column-to-column moves must empty their
//!   column or uncover a card that goes up, and without take-backs: it finds many wins that the
//!   complete search reaches only after millions of positions, in a far smaller space;
//! - otherwise, where the rules allow foundation take-backs, a search without them;
//! - otherwise, where an empty column waits for the player and takes any card, a search that
//!   fills each empty column from the reserve at once while the reserve lasts, as the automatic
//!   fill would: the game with that fill has a subset of the moves and far fewer positions (a
//!   Superior deal is a Classic deal with the fill left to the player), and its wins are found
//!   long before the complete search reaches them;
//! - otherwise none.

use crate::engine::Engine;
use crate::moves::{col_index, Move};
use crate::rules::{Rules, MODE_ANY, RESERVE_ANY};
use crate::solver::order::progresses;

/// Which moves a search tries: all legal moves, or a shortcut's subset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::solver) struct Pass {
    /// No foundation take-back.
    pub(in crate::solver) no_takeback: bool,
    /// Column-to-column moves only where they empty their column or uncover a card that goes up.
    pub(in crate::solver) narrow: bool,
    /// While the reserve holds cards, an empty column takes the reserve's top card before any
    /// other move.
    pub(in crate::solver) reserve_fill: bool,
}

impl Pass {
    /// Every legal move: the complete search.
    pub(in crate::solver) const COMPLETE: Pass = Pass {
        no_takeback: false,
        narrow: false,
        reserve_fill: false,
    };

    /// Whether a search of this pass plays take-backs under `rules`.
    pub(in crate::solver) fn takebacks(&self, rules: &Rules) -> bool {
        rules.takeback && !self.no_takeback
    }
}

/// The shortcut worth running beside the complete search under `rules`, if any (see the module
/// docs). It assumes nothing of the rules: a win it finds is a legal line.
pub(in crate::solver) fn pass(rules: &Rules) -> Option<Pass> {
    if rules.mode == MODE_ANY {
        Some(Pass {
            no_takeback: true,
            narrow: true,
            reserve_fill: false,
        })
    } else if rules.takeback {
        Some(Pass {
            no_takeback: true,
            ..Pass::COMPLETE
        })
    } else if any_card_fills(rules) {
        Some(Pass {
            reserve_fill: true,
            ..Pass::COMPLETE
        })
    } else {
        None
    }
}

/// Whether under `rules` an empty column waits for the player, and may take any card, the
/// reserve's top card among them, at any time. Not where only the reserve's cards (then the
/// waste's) fill by choice (Dutchess): there when to fill is all the player chooses, and the
/// shortcut only cost time (on 100 random Dutchess deals at 5 s, 99 settled against 100).
fn any_card_fills(rules: &Rules) -> bool {
    !rules.auto_fill
        && !rules.fill_by_choice
        && !rules.fill_waste_only
        && !rules.base_until_first
        && rules.reserve_play == RESERVE_ANY
        && rules.empty.count_ones() == 52
}

/// Keep in `moves` (the legal moves of `e`'s position) those that `pass` allows.
pub(in crate::solver) fn keep(pass: &Pass, e: &Engine, moves: &mut Vec<Move>) {
    if pass.narrow {
        moves.retain(|&m| !m.from_column() || !m.to_column() || progresses(e, m));
    }
    if pass.no_takeback {
        moves.retain(|&m| !m.from_foundation());
    }
    if pass.reserve_fill && !e.reserve_empty() && e.cols.iter().any(Vec::is_empty) {
        moves.retain(|&m| {
            m.from_reserve().is_some() && m.to_column() && e.cols[col_index(m.dst())].is_empty()
        });
    }
}

/// The legal moves of `e`'s position that the shortcut worth running under its rules keeps; None
/// where there is none. The tests check each shortcut's subset with it.
#[doc(hidden)]
pub fn shortcut_moves(e: &Engine) -> Option<Vec<Move>> {
    let pass = pass(&e.rules)?;
    let mut moves = Vec::new();
    e.moves(&mut moves);
    keep(&pass, e, &mut moves);
    Some(moves)
}
