//! The solver: can this position be won? An exhaustive depth-first search on the engine.
//!
//! The complete search (`search::depth_first`) visits every position reachable from the root unless
//! it finds a win first, so when it ends without a win, no win is reachable: the position is lost.
//! That argument needs nothing of the rules beyond the engine's own move list, so it holds for
//! every variant. Positions are remembered by fingerprint (`fingerprint`) in a visited set
//! (`visited`).
//!
//! On top of it the search prunes, each rule in a module of its own that opens with its
//! argument, states in an `applies` function what the argument assumes of the rules, and is
//! switched on only where that holds (and where `Pruning` lets it):
//!
//! - `prune::turns`: stock turns are folded into the move that follows them;
//! - `prune::safe`: a card proved safe to play up is played at once, alone (in draw 1 with
//!   unlimited passes, a card of the stock or the waste as well; in the last pass, the waste's
//!   top card);
//! - `prune::swaps`: a swap (a run moved onto a twin card) is searched only with its uses;
//! - `prune::pool`: in draw 1 with unlimited passes, a card put from the waste on a column is
//!   followed at once by a move onto it;
//! - `prune::far`: cards that no foundation will want for a while are known by their class,
//!   while the search stays clear of them (else the searches that know every card as itself go
//!   on);
//! - `prune::shortcut`: shortcut searches over subsets of the legal moves take turns with the
//!   complete search; a win they find is a legal win, and only the complete search says "lost".
//!
//! Where one move order is not best for every deal (`order::Order::second`), two complete
//! searches in two orders take turns (`search::race`); either one ending without a win proves
//! "lost". Helpers take turns with the first and share its visited set: they explore moves the
//! others have marked and not yet tried (`search::depth_first`), in their own move orders
//! (`order::Order::helpers`); all of them ending without a win prove "lost".
//!
//! Under rules whose automatic moves switch pruning rules off (a finish, a fill from the waste), a
//! search under looser rules without them comes first (`relax`): its "lost" holds, and its win,
//! played again under the real rules, is one where it still wins.
//!
//! Where the stock turns several cards at a time, a search of the same position under draw 1
//! gets a share of the budget once the first searches have had theirs (`draw_one`): every line
//! of the rules is a line under draw 1, so its "lost" is a proof.
//!
//! Where the stock goes through a limited number of times, a short search of the same position
//! without the limit comes early (`more_passes`): every line of the rules is a line without it,
//! so its "lost" is a proof.
//!
//! Where each column can be known by its shape (the class of its bottom card and its length), a
//! search of the game that forgets where in the columns the cards no foundation wants next lie
//! takes turns with the others once they have searched a while (`shapes`): every line of the
//! rules is a line of it, so its "lost" is a proof.
//!
//! Positions that differ only where the rules cannot see (suits, under rules blind to them;
//! which of two interchangeable foundation piles holds what) share a fingerprint (`fingerprint`).
//!
//! A complete search that starts again from the root in shuffled orders, with budgets in Luby's
//! sequence, takes turns with the others (`restarts`): an early choice that dooms a depth-first
//! search's first line is undone.
//!
//! Nothing else is pruned. `generator` puts the rules together into the search's moves of a
//! position; their order (`order`) changes how soon a win is found, never the verdict.

mod beam;
mod draw_one;
mod fingerprint;
mod generator;
mod more_passes;
mod order;
mod prune;
mod relax;
mod restarts;
mod search;
mod shapes;
mod visited;

pub use beam::solve_by_beam;
pub use fingerprint::children_hashed_unplayed;
pub use prune::room::{reserve_room_fits, room_fits};
pub use prune::shortcut::shortcut_moves;
pub use prune::swaps::swaps_covered;
pub use search::{race_in_pieces, solve, solve_scheduled, solve_with, Schedule};
pub use shapes::{shapes_cover, solve_shapes};

use crate::moves::Move;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// What the search found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Won,
    Lost,
    Unknown,
}

/// Why a search ended without a verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cut {
    Timeout,
    States,
    Memory,
    Stopped,
    /// A search that knows far cards by their class left its region (`prune::far`): the
    /// searches that know every card as itself go on, so `solve` never returns it.
    Bounds,
}

impl Cut {
    pub fn name(self) -> &'static str {
        match self {
            Cut::Timeout => "timeout",
            Cut::States => "max_states",
            Cut::Memory => "memory",
            Cut::Stopped => "interrupted",
            Cut::Bounds => "bounds",
        }
    }
}

/// A search's result: the verdict, a winning line when won, positions searched.
#[derive(Clone, Debug)]
pub struct Outcome {
    pub verdict: Verdict,
    pub line: Vec<Move>,
    pub states: u64,
    pub cut: Option<Cut>,
}

/// The search's budget.
pub struct Limits<'a> {
    pub max_states: Option<u64>,
    pub deadline: Option<Instant>,
    /// The most bytes the visited set may take.
    pub memory: usize,
    pub stop: &'a AtomicBool,
}

/// Which pruning rules the search may use, each only where its module's `applies` says its
/// argument holds under the rules. All on by default (`solve`); the tests switch them off to
/// check that the verdicts stay the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pruning {
    /// Play a card proved safe to go up at once, alone (`prune::safe`).
    pub safe_moves: bool,
    /// With `safe_moves`, in draw 1 with unlimited passes, a safe card of the stock or the waste
    /// too (`prune::safe::stock_applies`).
    pub safe_stock: bool,
    /// With `safe_moves`, a safe card on top of the waste where the stock will never be turned
    /// back over (`prune::safe::waste_applies`).
    pub safe_waste: bool,
    /// Search a swap only with its uses (`prune::swaps`).
    pub swaps: bool,
    /// Follow a stock or waste card put on a column only with a move onto it (`prune::pool`).
    pub pool: bool,
    /// Fold stock turns into the move that follows them (`prune::turns`).
    pub fold_turns: bool,
    /// Let a shortcut search take turns with the complete one (`prune::shortcut`).
    pub shortcut: bool,
    /// Let a second complete search, in another move order, take turns with the first where the
    /// rules have one (`order::Order::second`): a schedule, not a pruning; either one's "lost" is
    /// a proof.
    pub second_order: bool,
    /// Let helpers share the first complete search's visited set and take their work from the
    /// others' pending moves (`search::depth_first`): a schedule, not a pruning; "lost" when all
    /// have run out of work.
    pub helper: bool,
    /// Under rules with an automatic finish or a fill from the waste, search under looser rules
    /// first (`relax`): "lost" there is "lost", and a win there that plays again is a win.
    pub relax_first: bool,
    /// Know positions by the solver's keys (`fingerprint`, `Engine::use_solver_keys`): under
    /// rules blind to suits, each card by its rank; interchangeable foundation piles as a
    /// multiset; a set pile's sets in any order.
    pub solver_keys: bool,
    /// Let a complete search that starts again from the root in shuffled orders, with budgets in
    /// Luby's sequence, take turns with the others (`restarts`): a schedule, not a pruning; a win
    /// it finds is a win, and its stack emptying within one run proves "lost".
    pub restarts: bool,
    /// Under rules whose reserve plays only to the foundations, a position whose reserve cannot
    /// go up in its order is a dead end (`prune::reserve_order`).
    pub reserve_order: bool,
    /// In the last pass, a position whose held-back cards do not fit in the columns is a dead end
    /// (`prune::room`).
    pub room: bool,
    /// In that check, also the cards the reserve holds back, for each part of it that may still
    /// be there (`prune::room::waste`).
    pub room_reserve: bool,
    /// With `room`, outside the last pass's count too: a position where, at some reserve card's
    /// moment, the cards the reserve holds back do not fit in the columns is a dead end
    /// (`prune::room::reserve`).
    pub reserve_room: bool,
    /// Let a beam search take turns with the others once the first search has had its long turn
    /// (`beam`): a schedule, not a pruning; a win it finds is a win, and it proves nothing.
    pub beam: bool,
    /// Know cards that no foundation will want for a while by their class, where the search
    /// stays clear of them (`prune::far`); searched again with every card known as itself when it
    /// does not.
    pub far: bool,
    /// Where the stock turns several cards at a time, let a search under draw 1 have a share of
    /// the budget once the first searches have had theirs (`draw_one`): a relaxation, whose
    /// "lost" is a proof and whose win proves nothing.
    pub draw_one: bool,
    /// Where the stock goes through a limited number of times, let a short search without the
    /// limit come early (`more_passes`): a relaxation, whose "lost" is a proof and whose win
    /// proves nothing.
    pub more_passes: bool,
    /// Where the columns can be known by their shapes, let a search of that relaxed game take
    /// turns with the others once they have searched a while (`shapes`): its "lost" is a proof
    /// and its win proves nothing.
    pub shapes: bool,
}

impl Pruning {
    /// Every pruning rule, where it applies.
    pub const ALL: Pruning = Pruning {
        safe_moves: true,
        safe_stock: true,
        safe_waste: true,
        swaps: true,
        pool: true,
        fold_turns: true,
        shortcut: true,
        second_order: true,
        helper: true,
        relax_first: true,
        solver_keys: true,
        restarts: true,
        reserve_order: true,
        room: true,
        room_reserve: true,
        reserve_room: true,
        beam: true,
        far: true,
        draw_one: true,
        more_passes: true,
        shapes: true,
    };
    /// None: the plain complete search.
    pub const NONE: Pruning = Pruning {
        safe_moves: false,
        safe_stock: false,
        safe_waste: false,
        swaps: false,
        pool: false,
        fold_turns: false,
        shortcut: false,
        second_order: false,
        helper: false,
        relax_first: false,
        solver_keys: false,
        restarts: false,
        reserve_order: false,
        room: false,
        room_reserve: false,
        reserve_room: false,
        beam: false,
        far: false,
        draw_one: false,
        more_passes: false,
        shapes: false,
    };
    /// Each rule switched off alone, then all of them: the settings a differential check compares
    /// with `ALL` (a new rule belongs here, so that every such check covers it).
    pub const EACH_OFF: [Pruning; 22] = [
        Pruning {
            safe_moves: false,
            ..Pruning::ALL
        },
        Pruning {
            swaps: false,
            ..Pruning::ALL
        },
        Pruning {
            fold_turns: false,
            ..Pruning::ALL
        },
        Pruning {
            shortcut: false,
            ..Pruning::ALL
        },
        Pruning {
            second_order: false,
            ..Pruning::ALL
        },
        Pruning {
            helper: false,
            ..Pruning::ALL
        },
        Pruning {
            safe_stock: false,
            ..Pruning::ALL
        },
        Pruning {
            safe_waste: false,
            ..Pruning::ALL
        },
        Pruning {
            pool: false,
            ..Pruning::ALL
        },
        Pruning {
            relax_first: false,
            ..Pruning::ALL
        },
        Pruning {
            solver_keys: false,
            ..Pruning::ALL
        },
        Pruning {
            restarts: false,
            ..Pruning::ALL
        },
        Pruning {
            reserve_order: false,
            ..Pruning::ALL
        },
        Pruning {
            room: false,
            ..Pruning::ALL
        },
        Pruning {
            room_reserve: false,
            ..Pruning::ALL
        },
        Pruning {
            reserve_room: false,
            ..Pruning::ALL
        },
        Pruning {
            beam: false,
            ..Pruning::ALL
        },
        Pruning {
            far: false,
            ..Pruning::ALL
        },
        Pruning {
            draw_one: false,
            ..Pruning::ALL
        },
        Pruning {
            more_passes: false,
            ..Pruning::ALL
        },
        Pruning {
            shapes: false,
            ..Pruning::ALL
        },
        Pruning::NONE,
    ];
}

impl Default for Pruning {
    fn default() -> Pruning {
        Pruning::ALL
    }
}
