//! The search: complete depth-first searches (`depth_first`) that take turns in a race with a
//! shortcut, a search that starts again and a beam (`race`), and what follows once the first
//! searches have had their budget (`attempts`): a search under draw 1, searches that know far
//! cards by their class, and the relaxed search's turns. `solve_with` says how they fit together;
//! each module opens with its own argument.

mod attempts;
mod depth_first;
mod race;

use attempts::search_far;
use race::{Race, Setting};

use super::more_passes;
use super::prune::far;
use super::relax;
use super::restarts;
use super::shapes;
use super::{Cut, Limits, Outcome, Pruning, Verdict};
use crate::engine::Engine;

/// Search from `e`'s position for a win, with every pruning rule where it applies; `e` is left
/// as it was (see `solve_with`).
pub fn solve(e: &mut Engine, limits: &Limits<'_>, auto_finish: bool) -> Outcome {
    solve_with(e, limits, auto_finish, Pruning::ALL)
}

/// Search from `e`'s position for a win, with the pruning rules `pruning` allows; `e` is left as
/// it was.
///
/// Up to eight searches may run side by side, taking turns (`Schedule`): the complete search,
/// first; two or three helpers (`Pruning::helper`), complete searches that share the first's
/// visited set and take their work from the others' pending moves (see the module docs), in their
/// own orders (`Order::helpers`); where one move order is not best for every deal, a second
/// complete search in another order (`Order::second`), in a set of its own, whose ending without a
/// win proves "lost" as well; a shortcut (`prune::shortcut`), which searches a subset of the legal
/// moves in a set of its own, so a win it finds is a win, and when it ends without one it proves
/// nothing and simply stops; a complete search that starts again from the root in shuffled orders
/// (`restarts`, `Pruning::restarts`), in a set of its own; and a beam search (`beam`,
/// `Pruning::beam`), which keeps the best-scoring positions of each depth and, like a shortcut,
/// proves nothing when it ends. Each search but the beam has a short first turn, one after the
/// other, so that a deal one of them wins at once is won at once; then the first search a long
/// one (most deals are settled within it); then turns in rotation, a shortcut's three times a
/// complete search's, the restarts' half of one, and the beam's after each round (`Schedule`).
/// Each keeps its place between turns, so a search loses nothing but time to the others, and none
/// once they have ended. The budget is shared: `max_states` counts every search's positions, and
/// `memory` is shared evenly between the visited sets but the restarts' and the beam's, which have
/// one part each in `restarts::MEMORY_SHARE` and `beam::MEMORY_SHARE` (when the searches of a set
/// stop, a shortcut ending or a set running out of its share while a complete search of another
/// set goes on, its memory goes to the others).
///
/// With `auto_finish`, the game puts cards up by itself once stock, waste and reserve are empty
/// (as `canfield.Game` does under such rules), and the line found includes those moves. Under such
/// a finish, or a fill of an emptied column from the waste, all of this runs first under looser
/// rules without those automatic moves (`relax`, `Pruning::relax_first`). Where cards far from
/// wanted may be known by their class (`prune::far`, `Pruning::far`), it runs for the first
/// `Schedule::far_after` positions, then pauses while searches that know far cards by class make
/// attempts of their own, in wider regions in turn; when the last leaves its region, the first
/// searches go on from where they paused (`search_far`).
pub fn solve_with(
    e: &mut Engine,
    limits: &Limits<'_>,
    auto_finish: bool,
    pruning: Pruning,
) -> Outcome {
    solve_scheduled(e, limits, auto_finish, pruning, Schedule::DEFAULT)
}

/// How many positions each search's turn lasts (see `solve_with`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Schedule {
    /// A first turn of the first search and then of the shortcut, where there is one, before
    /// the first round of turns (0: none): a shortcut's smaller game often holds a win near its
    /// start (Gate's narrow one, Superior's reserve fill), which the other searches' short turns
    /// put off. On the first 150 deals of Gate's and Superior's surveys, the median went from
    /// 81,534 positions to 3,522 and from 23,027 to 2,440; a deal costs at most two peeks more.
    pub peek: u64,
    /// Every search's first turn, one after the other, before the first search's long turn: a
    /// deal that one search's order wins at once is won at once. The first search's is this
    /// many positions for each deck: a line to the end is longer with more cards, and the first
    /// search's order wins most deals. On the first 100 deals of The Plot's survey (two decks),
    /// the median went from 105,783 positions to 27,047, the first search having won most of
    /// them after the others' probes, with 21,000 to 40,000 positions of its own.
    pub probe: u64,
    /// The first complete search's second turn: most deals are settled within it.
    pub first: u64,
    /// Each later turn of a complete search.
    pub slice: u64,
    /// Each turn of a shortcut: they find most of their wins fast, so they get more.
    pub shortcut: u64,
    /// Each turn of the shortcut that fills empty columns from the reserve at once
    /// (`prune::shortcut`): its game is small (where it holds no win it is searched through, and
    /// the shortcut stops, before it costs much), and wins lie in it that the complete searches
    /// reach late. On 24 deals that Superior's survey left unknown after 64 million positions
    /// and Classic's wins, turns of 1, 3 and 10 million won 20, 22 and 22 of them, 9.2, 6.1
    /// and 5.5 million positions each on median; on 24 deals that the complete searches settle
    /// late, 3 and 10 million cost the same.
    pub shortcut_fill: u64,
    /// Each later turn of the search that starts again (`restarts`): half a complete search's,
    /// since its turns slow down every lost proof. On 100 random Chameleon deals (2 million
    /// positions each; 14 lost), 19 settled against 18 with whole turns (20 without restarts),
    /// and of Dutchess's 9 deals unknown at 150 million without restarts, 8 won within 20 million
    /// against 9.
    pub restarts: u64,
    /// Each turn of the beam search (`beam`), given once per round of the others' turns: a
    /// tenth to a fifth of the positions, by how many searches take turns. On 40 random deals
    /// of each at 5 s, against a quarter of it (25,000, with narrower runs): Variegated Canfield
    /// 42.5 % resolved against 32.5 %, Rainbow 70.0 % against 67.5 %; the published rules
    /// (draw 3) and Superior as many, lost proofs as fast.
    pub beam: u64,
    /// The beam's turn with several decks, whose deals are nearly all won and whose unknowns are
    /// wins the beam finds (a lost deal is rare there, and its proof short), and with one deck once
    /// the beam is promising (where the stock goes through once, it has met a position with half
    /// the cards up, `Beam::promising`): a hundred times `beam`, so that once the first search has
    /// had its long turn the beam has most of the budget. On 32 deals that Variegated Canfield's
    /// survey left unknown after 20 million positions, within 30 million: turns of 300,000, 3
    /// million and 10 million positions won 15, 20 and (on the 16 of them it ran) 11 against 8 and
    /// 10; the wins that both a turn of 300,000 and of 10 million found came in about half the
    /// positions. With one deck and every turn long, lost proofs cost far more (16 lost Rainbow
    /// deals at 30 million each: 2 left unknown, the others' proofs in up to 7.6 times the
    /// positions); with the long turns only once the beam is promising, 64 lost deals of the
    /// surveys of Rainbow, Chameleon and Little Gate are proved in the same positions, and of 32
    /// deals that Rainbow's survey won after 3 to 60 million positions, 22 are won within 10
    /// million against 17 (none only before). On 40 random deals of each at 5 s (`bench/solver.py
    /// --seed 20261208`): Variegated Canfield 65.0 % resolved against 57.5 % with turns of 300,000;
    /// the other six games of several decks settle all 40 in as many positions either way.
    pub beam_long: u64,
    /// The positions searched with every card known as itself before far cards are known by
    /// their class, where they may be (`far::FAR_AFTER`).
    pub far_after: u64,
    /// The positions after which the search that starts again stops (`restarts::UNTIL`).
    pub restarts_until: u64,
    /// The positions the first searches search before a search without the pass limit has its
    /// turn, where the passes are limited (`more_passes::AFTER`; a quarter of them where the
    /// stock goes through several times, `more_passes::after`).
    pub passes_after: u64,
    /// The positions the first searches search before the columns are known by their shapes,
    /// where they may be (`shapes::SHAPES_AFTER`).
    pub shapes_after: u64,
}

impl Schedule {
    /// The solver's schedule.
    pub const DEFAULT: Schedule = Schedule {
        peek: 2_000,
        probe: 20_000,
        first: 250_000,
        slice: 100_000,
        shortcut: 300_000,
        shortcut_fill: 10_000_000,
        restarts: 50_000,
        beam: 100_000,
        beam_long: 10_000_000,
        far_after: far::FAR_AFTER,
        passes_after: more_passes::AFTER,
        restarts_until: restarts::UNTIL,
        shapes_after: shapes::SHAPES_AFTER,
    };
}

/// The searches of one attempt from `e`'s position (every card known as itself) under
/// `schedule`, run at once, or in pieces of `piece` positions each (a new budget each time, as
/// the solver runs them between other searches' turns): the tests check that the pieces search
/// what one run does.
#[doc(hidden)]
pub fn race_in_pieces(
    e: &Engine,
    limits: &Limits<'_>,
    pruning: Pruning,
    schedule: Schedule,
    piece: Option<u64>,
) -> Outcome {
    let setting = Setting {
        auto_finish: false,
        pruning,
        schedule,
        waste_fills_first: false,
    };
    let mut race = Race::new(e, limits.memory, setting, None);
    let Some(piece) = piece else {
        return race.run(limits);
    };
    let mut done = 0;
    loop {
        let end = done + piece.max(1);
        let out = race.run(&Limits {
            max_states: Some(limits.max_states.map_or(end, |n| n.min(end))),
            ..*limits
        });
        let budget_over = limits.max_states.is_some_and(|n| out.states >= n);
        if out.cut != Some(Cut::States) || budget_over {
            return out;
        }
        done = out.states;
    }
}

/// `solve_with` on another schedule: the tests take turns every few positions, so that the
/// searches' turns, and the work a helper is given, come in every state a search can be in.
#[doc(hidden)]
pub fn solve_scheduled(
    e: &mut Engine,
    limits: &Limits<'_>,
    auto_finish: bool,
    pruning: Pruning,
    schedule: Schedule,
) -> Outcome {
    let loose = pruning
        .relax_first
        .then(|| relax::looser(&e.rules, auto_finish))
        .flatten()
        .and_then(|rules| Engine::new(rules, &e.position()).ok());
    if let Some(mut loose) = loose {
        // Under looser rules first (`relax`), trying the real rules' fill from the waste first
        // where they have one (`Order::waste_fills_first`); under the real ones only where a win
        // found there does not play again to a win under them, with what is left of the budget.
        let fills = e.rules.fill_waste;
        let first = search_far(&mut loose, limits, false, pruning, schedule, fills);
        if first.verdict != Verdict::Won {
            return first;
        }
        if let Some(line) = relax::replay(e, &loose, &first.line, auto_finish) {
            return Outcome { line, ..first };
        }
        let rest = Limits {
            max_states: limits.max_states.map(|n| n.saturating_sub(first.states)),
            ..*limits
        };
        let mut real = search_far(e, &rest, auto_finish, pruning, schedule, false);
        real.states += first.states;
        return real;
    }
    search_far(e, limits, auto_finish, pruning, schedule, false)
}
