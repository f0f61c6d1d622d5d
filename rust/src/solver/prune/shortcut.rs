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
//! - otherwise none.

use crate::engine::Engine;
use crate::moves::Move;
use crate::rules::{Rules, MODE_ANY};
use crate::solver::order::progresses;

/// Which moves a search tries: all legal moves, or a shortcut's subset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::solver) struct Pass {
    /// No foundation take-back.
    pub(in crate::solver) no_takeback: bool,
    /// Column-to-column moves only where they empty their column or uncover a card that goes up.
    pub(in crate::solver) narrow: bool,
}

impl Pass {
    /// Every legal move: the complete search.
    pub(in crate::solver) const COMPLETE: Pass = Pass {
        no_takeback: false,
        narrow: false,
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
        })
    } else if rules.takeback {
        Some(Pass {
            no_takeback: true,
            narrow: false,
        })
    } else {
        None
    }
}

/// Keep in `moves` (the legal moves of `e`'s position) those that `pass` allows.
pub(in crate::solver) fn keep(pass: &Pass, e: &Engine, moves: &mut Vec<Move>) {
    if pass.narrow {
        moves.retain(|&m| !m.from_column() || !m.to_column() || progresses(e, m));
    }
    if pass.no_takeback {
        moves.retain(|&m| !m.from_foundation());
    }
}
