//! The search: a depth-first search with make/unmake and a set of visited positions, and the
//! interleaving of the complete searches with a shortcut.
//!
//! Positions are marked visited when first met. Meeting a position already in the set ends that
//! branch, which also cuts every cycle. Such a search visits every position reachable from the
//! root unless it finds a win first, so when it ends without a win, no win is reachable: the
//! position is lost. That argument needs nothing of the rules beyond the engine's own move list,
//! so it holds for every variant: foundation take-back, automatic fill, pass limits and several
//! decks included. The pruning rules (`prune`) each keep it true, where they apply.
//!
//! A position's children are looked up in the visited set when the position is expanded, all
//! at once, and those already there are dropped; the rest are marked visited then and explored
//! later from this position. That is still a complete search: every marked position is explored
//! from the position that marked it (unless the search ends), and every position reachable from
//! the root is marked (the first unmarked one on a path from the root would have been marked by
//! the position before it). Where the engine can, children are hashed without being played
//! (`Engine::child`), their slots fetched side by side: most children are positions already
//! seen, and this way they cost a hash and a lookup each, not a move and its undo.
//!
//! Several complete searches may share one visited set (`Pruning::helper`): the first, and
//! helpers that take their work from the others' pending moves when their own stack runs out. A
//! move taken (`SearchMove::TAKEN` in the giver's list) is explored by the taker alone, from the
//! position it leads to. The argument above still holds for them together: every marked position
//! is explored by the search that marked it or by the one that took it, so when every stack is
//! empty and none has a move left to give, every position reachable from the root has been
//! explored, and the position is lost. A lost proof costs them no more positions than it costs
//! one (each position is explored once, by one of them); a win may be found sooner, in a part of
//! the tree that the first search would reach late, or in another move order
//! (`Order::helpers`).

use super::beam::{self, Beam, BeamStep};
use super::draw_one;
use super::fingerprint::Fingerprints;
use super::generator::{play, take_back, Generator, SearchMove};
use super::order::Order;
use super::prune::far::{self, Far};
use super::prune::pool;
use super::prune::shortcut::{self, Pass};
use super::relax;
use super::restarts::{self, Restarts};
use super::shapes::{self, Relaxed, Relaxing, Shapes};
use super::visited::Visited;
use super::{Cut, Limits, Outcome, Pruning, Verdict};
use crate::engine::Engine;
use crate::moves::Move;
use std::sync::atomic::Ordering;
use std::time::Instant;

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
    /// Every search's first turn, one after the other, before the first search's long turn: a
    /// deal that one search's order wins at once is won at once.
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
    /// wins the beam finds (a lost deal is rare there, and its proof short): on 32 deals of
    /// Variegated Canfield's survey unknown after 20 million positions, three times `beam` wins
    /// 14 within 20 million against 10. With one deck it costs lost proofs more than it wins (20
    /// lost Rainbow deals at 30 million each: one left unknown, and 100.1 million positions for
    /// the 19 against 82.6 million for all 20; the same wins on 12 of Rainbow's and 12 of Canfield
    /// Rush's unknowns). On 30 random deals of each at 5 s (`bench/solver.py --seed 20261207`):
    /// Variegated Canfield 70.0 % resolved against 60.0 %, five other games of several decks the
    /// same.
    pub beam_decks: u64,
    /// The positions searched with every card known as itself before far cards are known by
    /// their class, where they may be (`far::FAR_AFTER`).
    pub far_after: u64,
    /// The positions after which the search that starts again stops (`restarts::UNTIL`).
    pub restarts_until: u64,
    /// The positions the first searches search before the columns are known by their shapes,
    /// where they may be (`shapes::SHAPES_AFTER`).
    pub shapes_after: u64,
}

impl Schedule {
    /// The solver's schedule.
    pub const DEFAULT: Schedule = Schedule {
        probe: 20_000,
        first: 250_000,
        slice: 100_000,
        shortcut: 300_000,
        shortcut_fill: 10_000_000,
        restarts: 50_000,
        beam: 100_000,
        beam_decks: 300_000,
        far_after: far::FAR_AFTER,
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

/// The searches under the rules of `e` (the finish as `auto_finish` has it, each search's order
/// with `Order::waste_fills_first` as `waste_fills_first` gives), with far cards known by their
/// class where that applies (`prune::far`): first with every card known as itself for
/// `Schedule::far_after` positions (most deals are settled within them), then with far cards
/// known by class, whose verdict holds unless a complete search left the region, at each margin
/// of `far::FAR_MARGINS` in turn while the last attempt left its region, and then on from where
/// the first searches paused, with what is left of the budget. Where the stock turns several
/// cards at a time, a search under draw 1 (`draw_one`) comes before the far attempts, with a share
/// of the budget: its "lost" is the answer.
fn search_far(
    e: &mut Engine,
    limits: &Limits<'_>,
    auto_finish: bool,
    pruning: Pruning,
    schedule: Schedule,
    waste_fills_first: bool,
) -> Outcome {
    let setting = Setting {
        auto_finish,
        pruning,
        schedule,
        waste_fills_first,
    };
    let mut exact = Race::new(e, limits.memory, setting, None);
    // The far cards at each margin, where some two are alike (else there is nothing to merge).
    let attempts: Vec<Far> = if far::applies(&e.rules, auto_finish, pruning) {
        (far::FAR_MARGINS.iter())
            .filter_map(|&margin| Far::new(e, margin))
            .collect()
    } else {
        Vec::new()
    };
    // A search under draw 1 where the rules turn more cards (`draw_one`), and one of the columns
    // known by their shapes where they can be (`shapes`).
    let relax_draw = pruning.draw_one && draw_one::applies(&e.rules);
    let shapes = (pruning.shapes && shapes::pays(&e.rules))
        .then(|| Shapes::new(e, auto_finish))
        .flatten();
    if attempts.is_empty() && !relax_draw && shapes.is_none() {
        return exact.run(limits);
    }
    // Every card known as itself, up to `far_after` positions.
    let after = schedule.far_after;
    let capped = Limits {
        max_states: Some(limits.max_states.map_or(after, |n| n.min(after))),
        ..*limits
    };
    let first = exact.run(&capped);
    let budget_left = limits.max_states.is_none_or(|n| first.states < n);
    if first.cut != Some(Cut::States) || !budget_left {
        return first;
    }
    let mut spent = first.states;
    let one = relax_draw
        .then(|| Engine::new(draw_one::rules(&e.rules), &e.position()).ok())
        .flatten();
    if let Some(mut one) = one {
        // A share of what is left, in the memory the paused searches leave: its "lost" is the
        // answer (`draw_one`); its win proves nothing.
        let share = |n: u64| n / u64::from(draw_one::SHARE);
        let now = Instant::now();
        let rest = Limits {
            max_states: limits.max_states.map(|n| share(n - spent)),
            deadline: limits
                .deadline
                .map(|d| now + d.saturating_duration_since(now) / draw_one::SHARE),
            memory: limits.memory.saturating_sub(exact.bytes()),
            ..*limits
        };
        let relaxed = search_far(&mut one, &rest, auto_finish, pruning, schedule, false);
        spent += relaxed.states;
        if relaxed.verdict == Verdict::Lost {
            return Outcome {
                states: spent,
                ..relaxed
            };
        }
        if relaxed.cut == Some(Cut::Stopped) || limits.max_states.is_some_and(|n| spent >= n) {
            return Outcome {
                verdict: Verdict::Unknown,
                line: Vec::new(),
                states: spent,
                cut: relaxed.cut.or(Some(Cut::States)),
            };
        }
    }
    // The relaxed search of the columns known by their shapes (`shapes`), given turns beside the
    // others' once `Schedule::shapes_after` positions are spent, in the memory they cannot take.
    let memory = limits.memory.saturating_sub(exact.bytes());
    let mut turns = Turns {
        limits,
        schedule,
        spent,
        shapes,
        relaxed: None,
    };
    // Far cards known by class, each margin in turn while the last attempt left its region, in
    // the memory the paused searches leave, with the budget left. An attempt is for a proof: the
    // search that starts again, whose wins come early, is left to the paused searches; the beam
    // stays, since a won deal's attempt may stay in its region long (`far::FAR_MARGINS`).
    let proving = Setting {
        pruning: Pruning {
            restarts: false,
            ..pruning
        },
        ..setting
    };
    for classes in &attempts {
        let mut attempt = Race::new(e, memory, proving, Some(classes));
        let out = turns.run(&mut attempt, 0, exact.bytes());
        if out.cut != Some(Cut::Bounds) {
            return out;
        }
    }
    // No attempt settled it (the last far one left its region): the first searches go on, with
    // what is left of the budget (their count of positions goes on from theirs).
    turns.run(&mut exact, first.states, 0)
}

/// The budget of the searches after the first ones, shared with the relaxed search (`shapes`)
/// where there is one: once `Schedule::shapes_after` positions are spent, it has a turn of
/// `shapes::TURN` positions after each `shapes::TURN` positions of the others, and its "lost" is
/// the answer. Its positions take only the memory the others cannot take at their bounds
/// (`Race::room_beside`), so the others search just as they would without it: it is made at its
/// first turn, and stops once it no longer fits beside the race it runs with.
struct Turns<'a, 'b> {
    limits: &'a Limits<'b>,
    schedule: Schedule,
    /// The positions searched so far, by every search.
    spent: u64,
    /// The relaxed game, until its search is made.
    shapes: Option<Shapes>,
    /// The relaxed search, while it may still prove the position lost.
    relaxed: Option<Relaxing>,
}

impl Turns<'_, '_> {
    /// Run `race`, which has searched `done` positions, beside a paused race of `paused` bytes,
    /// until it settles, leaves its region or the budget ends, the relaxed search taking its
    /// turns: the outcome, with every search's positions counted.
    fn run(&mut self, race: &mut Race, mut done: u64, paused: usize) -> Outcome {
        let limits = self.limits;
        loop {
            let left = limits.max_states.map(|n| n.saturating_sub(self.spent));
            // The race's piece ends where the relaxed search (if any) has its next turn.
            let turn = if self.shapes.is_none() && self.relaxed.is_none() {
                None
            } else if self.spent < self.schedule.shapes_after {
                Some(self.schedule.shapes_after - self.spent)
            } else {
                Some(shapes::TURN)
            };
            let cap = match (left, turn) {
                (Some(l), Some(t)) => Some(l.min(t)),
                (l, t) => l.or(t),
            };
            let mut out = race.run(&Limits {
                max_states: cap.map(|c| done + c),
                ..*limits
            });
            self.spent += out.states - done;
            done = out.states;
            out.states = self.spent;
            let budget_over = limits.max_states.is_some_and(|n| self.spent >= n);
            if out.cut != Some(Cut::States) || budget_over {
                return out;
            }
            let room = race.room_beside(limits.memory.saturating_sub(paused));
            if let Some(end) = self.relaxed_turn(room) {
                return end;
            }
        }
    }

    /// The relaxed search's turn, once `Schedule::shapes_after` positions are spent, in `room`
    /// bytes: the outcome when it ends the solve (its "lost", or the budget gone); it stops
    /// taking turns when it wins, fills its memory, or no longer fits in `room`.
    fn relaxed_turn(&mut self, room: usize) -> Option<Outcome> {
        if self.spent < self.schedule.shapes_after {
            return None;
        }
        if let Some(shapes) = self.shapes.take() {
            self.relaxed = (room >= Visited::LEAST).then(|| Relaxing::new(shapes, room));
        }
        let relaxing = self.relaxed.as_mut()?;
        if relaxing.memory() > room {
            self.relaxed = None;
            return None;
        }
        let left = self.limits.max_states.map(|n| n.saturating_sub(self.spent));
        let turn = left.map_or(shapes::TURN, |l| l.min(shapes::TURN));
        let (end, states) = relaxing.run(self.limits, turn);
        self.spent += states;
        let unknown = |cut| Outcome {
            verdict: Verdict::Unknown,
            line: Vec::new(),
            states: self.spent,
            cut: Some(cut),
        };
        match end {
            Some(Relaxed::Lost) => Some(Outcome {
                verdict: Verdict::Lost,
                line: Vec::new(),
                states: self.spent,
                cut: None,
            }),
            Some(Relaxed::Cut(cut @ (Cut::Stopped | Cut::Timeout))) => Some(unknown(cut)),
            Some(_) => {
                self.relaxed = None;
                None
            }
            None if self.limits.max_states.is_some_and(|n| self.spent >= n) => {
                Some(unknown(Cut::States))
            }
            None => None,
        }
    }
}

/// How the searches of a `Race` search: the same for every attempt of one solve.
#[derive(Clone, Copy)]
struct Setting {
    auto_finish: bool,
    pruning: Pruning,
    schedule: Schedule,
    waste_fills_first: bool,
}

/// The searches of one attempt, taking turns (see `solve_with`), their visited sets and the
/// beam: a race that can pause at a budget of positions and go on later from where it was.
struct Race {
    setting: Setting,
    searches: Vec<Search>,
    sets: Vec<Visited>,
    /// The positions the race has searched, the root included.
    states: u64,
    /// Whose turn it is (the beam's past the last search), and the rounds of turns played.
    turn: usize,
    rounds: u32,
    /// Where the turn that a cut of the budget stopped ends: `run` goes on with it, so that a race
    /// run in pieces searches as one run at once does.
    pause: Option<u64>,
    /// The beam's memory, the beam (made at its first turn: most deals are settled before),
    /// and whether its last run is over (it is dropped then).
    beamed: usize,
    beam: Option<Beam>,
    beam_over: bool,
    /// The root, where the beam starts.
    root: Engine,
}

impl Race {
    /// The searches from `e`'s position, within `memory` bytes, the complete ones knowing far
    /// cards by their class where `far` gives them.
    fn new(e: &Engine, memory: usize, setting: Setting, far: Option<&Far>) -> Race {
        let Setting { pruning, .. } = setting;
        let first = Order::of(&e.rules);
        let second = pruning
            .second_order
            .then(|| Order::second(&e.rules))
            .flatten();
        let shortcut = pruning.shortcut.then(|| shortcut::pass(&e.rules)).flatten();
        // Each search, and whether it starts at the root: the first complete search and its
        // helpers share set 0; a second order and a shortcut have a set of their own. The
        // complete searches know far cards by their class where `far` gives them.
        let complete = |order, set| Role {
            pass: Pass::COMPLETE,
            order,
            set,
            far: far.cloned(),
        };
        let mut plan = vec![(complete(first, 0), true)];
        let helpers = Order::helpers(&e.rules);
        if pruning.helper {
            // The helpers share the first search's set (`Order::helpers`).
            for &order in &helpers {
                plan.push((complete(order, 0), false));
            }
        }
        if let Some(order) = second {
            plan.push((complete(order, 1), true));
        }
        if let Some(pass) = shortcut {
            let set = 1 + usize::from(second.is_some());
            plan.push((
                Role {
                    pass,
                    order: first,
                    set,
                    far: None,
                },
                true,
            ));
        }
        // A search that starts again in shuffled orders (`restarts`), in a set of its own, last.
        let restarts = pruning.restarts.then(|| {
            let mut orders = vec![first];
            orders.extend(helpers.iter().copied());
            orders.extend(second);
            plan.push((
                complete(
                    first,
                    1 + plan.iter().map(|(r, _)| r.set).max().unwrap_or(0),
                ),
                true,
            ));
            orders
        });
        let n_sets = plan.iter().map(|(role, _)| role.set).max().unwrap_or(0) + 1;
        // The search that starts again has a small share (its runs are short, and a run that
        // fills it starts again); the other sets share the rest evenly.
        let small = restarts
            .as_ref()
            .map_or(0, |_| memory / restarts::MEMORY_SHARE);
        // The beam's share (its set and its positions) comes off the top too.
        let beamed = if pruning.beam {
            memory / beam::MEMORY_SHARE
        } else {
            0
        };
        let even = (memory - small - beamed) / (n_sets - usize::from(restarts.is_some())).max(1);
        let mut sets: Vec<Visited> = (0..n_sets)
            .map(|k| {
                if restarts.is_some() && k == n_sets - 1 {
                    Visited::new(small)
                } else {
                    Visited::new(even)
                }
            })
            .collect();
        let mut states = 1u64; // the root
        let mut searches: Vec<Search> = plan
            .into_iter()
            .map(|(role, at_root)| {
                let seen = at_root.then_some(&mut sets[role.set]);
                Search::new(e, role, setting, seen, &mut states)
            })
            .collect();
        if let Some(orders) = restarts {
            let last = searches.len() - 1;
            searches[last].restart_with(orders, states);
        }
        searches[0].lead = true;
        Race {
            setting,
            searches,
            sets,
            states,
            turn: 0,
            rounds: 0,
            pause: None,
            beamed,
            beam: None,
            beam_over: !pruning.beam,
            root: e.clone(),
        }
    }

    /// The bytes the race holds now: its visited sets' tables, and the beam's share once made.
    fn bytes(&self) -> usize {
        let sets: usize = self.sets.iter().map(Visited::bytes).sum();
        sets + self.beam.as_ref().map_or(0, |_| self.beamed)
    }

    /// The bound that a visited set beside the race may have within `memory` bytes, whatever the
    /// race does at its bounds: with the race's largest tables and the beam's share taken off,
    /// what is left holds the set's largest table with the half it grows from, and that table with
    /// the half the race's largest table grows from (one table grows at a time).
    fn room_beside(&self, memory: usize) -> usize {
        let tables = self.sets.iter().map(Visited::most);
        let left = memory.saturating_sub(tables.clone().sum::<usize>() + self.beamed);
        let half = tables.max().unwrap_or(0) / 2;
        left.min(left.saturating_sub(half) / 2 * 3)
    }

    /// Search on until a verdict or a cut (`limits.max_states` counts the race's positions from
    /// its start): a race cut for its budget goes on from where it was when run again with a
    /// larger one (the only way it is run again), the turn that was cut short to its end, so that
    /// the pieces search what one run would.
    fn run(&mut self, limits: &Limits<'_>) -> Outcome {
        let schedule = self.setting.schedule;
        if self.turn == self.searches.len() {
            // Cut at the beam's turn: that turn goes on, then the next round.
            if let Some(pause) = self.pause.take() {
                if let Some(out) = self.beam_turn(limits, pause) {
                    return out;
                }
            }
            self.turn = 0;
        }
        loop {
            let i = self.turn;
            let searches = &mut self.searches;
            let states = &mut self.states;
            let resumed = self.pause.take();
            // The search that starts again stops once the race has searched
            // `schedule.restarts_until` positions (its wins come early), and its memory goes to
            // the others (at the end of a turn).
            if resumed.is_none()
                && searches[i].restarts.is_some()
                && *states >= schedule.restarts_until
            {
                let set = searches[i].set;
                drop_set(searches, &mut self.sets, set, limits.memory);
                self.turn %= searches.len();
                continue;
            }
            let set = searches[i].set;
            // An idle search is given work first (if there is any), and then searches on at once.
            let mut step = if searches[i].idle() {
                take_work(searches, i, &mut self.sets[set], states)
            } else {
                Step::Paused
            };
            // Where its turn ends: where a cut stopped it, or a slice from here.
            let mut pause = None;
            if matches!(step, Step::Paused) {
                let end = resumed.unwrap_or_else(|| {
                    let slice = match (searches[i].turns, searches[i].lead) {
                        (0, _) => schedule.probe,
                        (1, true) => schedule.first,
                        _ if searches[i].restarts.is_some() => schedule.restarts,
                        _ if searches[i].complete() => schedule.slice,
                        _ if searches[i].gen.pass.reserve_fill => schedule.shortcut_fill,
                        _ => schedule.shortcut,
                    };
                    searches[i].turns += 1;
                    *states + slice
                });
                pause = Some(end);
                step = searches[i].run(limits, states, end, &mut self.sets[set]);
            }
            // A complete search of another set, which goes on when this set's searches stop: not
            // the one that starts again, whose runs prove "lost" only when a deal is small.
            let others = searches
                .iter()
                .any(|s| s.set != set && s.complete() && s.restarts.is_none());
            match step {
                Step::Paused => {
                    self.turn += 1;
                    if self.turn == searches.len() {
                        // A round of turns is over: the beam's turn, once the first search has
                        // had its long one (most deals are settled by then).
                        self.rounds += 1;
                        if self.rounds >= 2 && !self.beam_over {
                            let slice = if self.root.one_deck() {
                                schedule.beam
                            } else {
                                schedule.beam_decks
                            };
                            let end = self.states + slice;
                            if let Some(out) = self.beam_turn(limits, end) {
                                return out;
                            }
                        }
                    }
                }
                Step::Won => {
                    return Outcome {
                        verdict: Verdict::Won,
                        line: searches[i].line(),
                        states: *states,
                        cut: None,
                    }
                }
                // A complete search's stack is empty, and no other search of its set had work to
                // give it (`take_work`): lost once every complete search of the set is so.
                Step::Lost if searches[i].complete() => {
                    if searches.iter().all(|s| s.set != set || s.idle()) {
                        return ended(None, *states);
                    }
                    self.turn += 1;
                }
                // A shortcut ended (it proves nothing; a complete search always runs beside it),
                // or the searches of a set ran out of its memory while a complete search of
                // another set goes on: they stop, and their memory goes to the others.
                Step::Lost | Step::Ended(Cut::Memory) if others => {
                    drop_set(searches, &mut self.sets, set, limits.memory);
                    self.turn = 0;
                }
                Step::Lost => unreachable!("a shortcut runs beside a complete search"),
                Step::Ended(cut) => {
                    // A search cut for its budget is where it was: the next run goes on with its
                    // turn.
                    if cut == Cut::States {
                        self.pause = pause;
                    }
                    return ended(Some(cut), *states);
                }
            }
            self.turn %= self.searches.len();
        }
    }

    /// The beam's turn, to `pause` positions (made at its first turn): the outcome when it ends
    /// the race (a win, or a cut, after which its turn goes on at the next run).
    fn beam_turn(&mut self, limits: &Limits<'_>, pause: u64) -> Option<Outcome> {
        let Setting {
            pruning,
            auto_finish,
            ..
        } = self.setting;
        let (root, beamed) = (&self.root, self.beamed);
        let b = self
            .beam
            .get_or_insert_with(|| Beam::new(root, pruning, auto_finish, beamed));
        match b.turn(limits, &mut self.states, pause) {
            BeamStep::Won(line) => Some(Outcome {
                verdict: Verdict::Won,
                line,
                states: self.states,
                cut: None,
            }),
            BeamStep::Paused => None,
            BeamStep::Over => {
                self.beam = None;
                self.beam_over = true;
                None
            }
            BeamStep::Ended(cut) => {
                if cut == Cut::States {
                    self.pause = Some(pause);
                }
                Some(ended(Some(cut), self.states))
            }
        }
    }
}

/// Give idle complete search `i` the shallowest pending move of another search of its visited
/// set (the first of them, in the plan's order, that has one), and start it there: `Lost` when
/// there is none to give (it stays idle), else how its start went (`Paused` once it has its
/// first moves, or `Won`, or a cut).
fn take_work(searches: &mut [Search], i: usize, seen: &mut Visited, states: &mut u64) -> Step {
    let set = searches[i].set;
    let Some((j, (depth, at))) = searches
        .iter()
        .enumerate()
        .filter(|&(j, s)| j != i && s.set == set)
        .find_map(|(j, s)| s.pending().map(|p| (j, p)))
    else {
        return Step::Lost;
    };
    let path = searches[j].path(depth);
    let m = searches[j].buf[at];
    searches[j].buf[at] = SearchMove::TAKEN;
    searches[i].start_at(&path, m, seen, states)
}

/// Stop the searches of visited set `set` and free its table: the sets left share `memory`.
fn drop_set(searches: &mut Vec<Search>, sets: &mut [Visited], set: usize, memory: usize) {
    searches.retain(|s| s.set != set);
    sets[set] = Visited::new(0); // its table freed before the others grow
    let mut left: Vec<usize> = searches.iter().map(|s| s.set).collect();
    left.sort_unstable();
    left.dedup();
    for &k in &left {
        sets[k].raise(memory / left.len());
    }
}

/// The outcome of a search that ended without a win: lost, or unknown for `cut`.
fn ended(cut: Option<Cut>, states: u64) -> Outcome {
    Outcome {
        verdict: if cut.is_some() {
            Verdict::Unknown
        } else {
            Verdict::Lost
        },
        line: vec![],
        states,
        cut,
    }
}

/// What a search searches: the moves its `Pass` allows, in its `Order`, in visited set `set`,
/// with far cards known by their class where `far` gives them (`prune::far`).
struct Role {
    pass: Pass,
    order: Order,
    set: usize,
    far: Option<Far>,
}

/// How a search's turn ended.
enum Step {
    Won,
    /// The search's stack is empty: it has explored all it marked (or was given).
    Lost,
    Paused,
    Ended(Cut),
}

/// One exhaustive search over the moves its `Pass` allows, on its own copy of the engine; it
/// runs in turns (`run`) and keeps its place between turns (see the module docs).
struct Search {
    e: Engine,
    /// The visited set it uses (an index into the solver's sets).
    set: usize,
    /// The root position, where a search starts again for each move it is given.
    start: Engine,
    /// The moves from the root to where the search was started (`start_at`): none at the root.
    given: Vec<SearchMove>,
    root: usize,
    auto_finish: bool,
    fingerprints: Fingerprints,
    gen: Generator,
    /// The moves of every position on the path, in one buffer.
    buf: Vec<SearchMove>,
    /// frames[i] = (start, next, auto): where the moves of depth i start, the next to try, and
    /// how many moves the game made by itself after the move that led here (their end is the
    /// next frame's start, or the buffer's).
    frames: Vec<(usize, usize, u32)>,
    scratch: Vec<SearchMove>,
    keys: Vec<u128>,
    auto_scratch: Vec<Move>,
    /// Positions played since the last look at the clock.
    ticks: u32,
    /// The turns it has had (see `Schedule`), and whether it is the first complete search, whose
    /// second turn is the long one.
    turns: u32,
    lead: bool,
    /// Set when the search is over before it starts: the root is won, or there is no memory.
    over: Option<Step>,
    /// Where a search that starts again is in its runs (`restarts`); None for the others.
    restarts: Option<Restarts>,
    /// The far cards' classes and region, where it knows them by class (`prune::far`): each
    /// position it expands is checked to be in the region.
    far: Option<Far>,
}

impl Search {
    /// A search from `e`'s position: started at the root in `seen`, or idle (None) until it is
    /// given work (`start_at`).
    fn new(
        e: &Engine,
        role: Role,
        setting: Setting,
        seen: Option<&mut Visited>,
        states: &mut u64,
    ) -> Search {
        let Setting {
            pruning,
            auto_finish,
            waste_fills_first,
            ..
        } = setting;
        let mut e = e.clone();
        if pruning.solver_keys {
            e.use_solver_keys(); // (`fingerprint`)
        }
        if let Some(far) = &role.far {
            far.know(&mut e);
        }
        let mut gen = Generator::new(&e, role.pass, pruning, auto_finish);
        gen.order = role.order;
        gen.order.waste_fills_first = waste_fills_first;
        let fingerprints = Fingerprints::new(&e.rules, pruning.fold_turns);
        let mut search = Search {
            root: e.hist.len(),
            auto_finish,
            fingerprints,
            gen,
            buf: Vec::with_capacity(4096),
            frames: Vec::with_capacity(512),
            scratch: Vec::with_capacity(64),
            keys: Vec::with_capacity(64),
            auto_scratch: Vec::with_capacity(64),
            ticks: 0,
            turns: 0,
            lead: false,
            over: None,
            restarts: None,
            far: role.far,
            set: role.set,
            start: e.clone(),
            given: Vec::new(),
            e,
        };
        let Some(seen) = seen else {
            return search;
        };
        if search.e.is_won() {
            search.over = Some(Step::Won);
        } else if let Err(cut) = seen
            .insert(search.fingerprints.of(&search.e))
            .and_then(|_| search.push_moves(0, None, states, seen))
        {
            search.over = Some(Step::Ended(cut));
        }
        search
    }

    /// Whether this search tries every legal move (its ending without a win proves "lost").
    fn complete(&self) -> bool {
        self.gen.pass == Pass::COMPLETE
    }

    /// Whether the search has nothing to explore (its stack is empty) and nothing to report.
    fn idle(&self) -> bool {
        self.frames.is_empty() && self.over.is_none()
    }

    /// The winning line found: the moves from the root.
    fn line(&self) -> Vec<Move> {
        self.e.made_since(self.root)
    }

    /// The shallowest pending move, not taken: its frame's depth and its place in `buf`.
    fn pending(&self) -> Option<(usize, usize)> {
        self.frames
            .iter()
            .enumerate()
            .find_map(|(depth, &(_, next, _))| {
                let end = self.frames.get(depth + 1).map_or(self.buf.len(), |f| f.0);
                (next..end)
                    .find(|&at| self.buf[at] != SearchMove::TAKEN)
                    .map(|at| (depth, at))
            })
    }

    /// The search moves played from the search's root to reach depth `depth` of its stack, after
    /// the moves it was started after (`start_at`).
    fn path(&self, depth: usize) -> Vec<SearchMove> {
        let mut path = self.given.clone();
        path.extend(
            self.frames[..depth]
                .iter()
                .map(|&(_, next, _)| self.buf[next - 1]),
        );
        path
    }

    /// Make this search, started at the root, one that starts again in `orders` (`restarts`),
    /// its first run in the first of them, shuffled, from `states`.
    fn restart_with(&mut self, orders: Vec<Order>, states: u64) {
        let restarts = Restarts::new(orders, states);
        let fills = self.gen.order.waste_fills_first;
        (self.gen.order, self.gen.shuffle) = restarts.first();
        self.gen.order.waste_fills_first = fills;
        self.restarts = Some(restarts);
    }

    /// Start the next run of a search that starts again (`restarts`): from the root, with `seen`
    /// emptied, in the next order and shuffle.
    fn start_again(&mut self, states: &mut u64, seen: &mut Visited) -> Result<(), Cut> {
        let restarts = self.restarts.as_mut().expect("a search that starts again");
        let fills = self.gen.order.waste_fills_first;
        (self.gen.order, self.gen.shuffle) = restarts.next(*states);
        self.gen.order.waste_fills_first = fills;
        seen.clear();
        self.e = self.start.clone();
        self.buf.clear();
        self.frames.clear();
        self.given.clear();
        seen.insert(self.fingerprints.of(&self.e))?;
        self.push_moves(0, None, states, seen)
    }

    /// Start this idle search at the position that `path` then `m` lead to from the root: `m` is
    /// a move given by another search, its position marked visited by it. Returns `Paused` once
    /// the position's moves are pushed, `Won` when it is a win, or a cut.
    fn start_at(
        &mut self,
        path: &[SearchMove],
        m: SearchMove,
        seen: &mut Visited,
        states: &mut u64,
    ) -> Step {
        self.e = self.start.clone();
        self.buf.clear();
        self.frames.clear();
        for &p in path {
            play(&mut self.e, p, self.auto_finish, &mut self.auto_scratch);
        }
        let placed = self.gen.placement(&self.e, m);
        let auto = play(&mut self.e, m, self.auto_finish, &mut self.auto_scratch);
        self.given = path.to_vec();
        self.given.push(m);
        if self.e.is_won() {
            return Step::Won;
        }
        match self.push_moves(auto, placed, states, seen) {
            Ok(()) => Step::Paused,
            Err(cut) => Step::Ended(cut),
        }
    }

    /// The fingerprint of search move `m`'s child: a placement's child carries the card placed
    /// (`prune::pool`).
    fn child_fingerprint(&mut self, m: SearchMove) -> u128 {
        let placed = self.gen.placement(&self.e, m).map_or(0, pool::placed_key);
        if !self.auto_finish {
            if let Some(key) = self.fingerprints.of_unplayed(&mut self.e, m) {
                return key ^ placed;
            }
        }
        let auto = play(&mut self.e, m, self.auto_finish, &mut self.auto_scratch);
        let key = self.fingerprints.of(&self.e);
        take_back(&mut self.e, m, auto);
        key ^ placed
    }

    /// Expand the position reached (after a placement of card `placed`, see `prune::pool`): mark
    /// its children visited in `seen`, and push a frame of the moves to those not seen before.
    /// Every child counts in `states`. A position outside the region of a search that knows far
    /// cards by their class ends it (`Cut::Bounds`).
    fn push_moves(
        &mut self,
        auto: u32,
        placed: Option<u8>,
        states: &mut u64,
        seen: &mut Visited,
    ) -> Result<(), Cut> {
        if self.far.as_ref().is_some_and(|far| !far.holds(&self.e)) {
            return Err(Cut::Bounds); // (`prune::far`)
        }
        self.gen.moves(&mut self.e, placed, &mut self.scratch);
        self.keys.clear();
        for i in 0..self.scratch.len() {
            let key = self.child_fingerprint(self.scratch[i]);
            seen.prefetch(key);
            self.keys.push(key);
        }
        *states += self.scratch.len() as u64;
        let start = self.buf.len();
        for (&m, &key) in self.scratch.iter().zip(&self.keys) {
            if seen.insert(key)? {
                self.buf.push(m);
            }
        }
        self.frames.push((start, start, auto));
        Ok(())
    }

    /// Search on until `states` (where it counts its positions) reaches `pause`, within `limits`,
    /// with the visited set `seen`.
    fn run(
        &mut self,
        limits: &Limits<'_>,
        states: &mut u64,
        pause: u64,
        seen: &mut Visited,
    ) -> Step {
        if let Some(step) = self.over.take() {
            return step;
        }
        if *states >= pause {
            return Step::Paused; // a turn cut where it was to end anyway
        }
        loop {
            let Some(depth) = self.frames.len().checked_sub(1) else {
                return Step::Lost;
            };
            let (start, next, auto) = self.frames[depth];
            if next == self.buf.len() {
                // Every move from here is tried: back up one move (not past where it started).
                self.frames.pop();
                self.buf.truncate(start);
                if self.frames.is_empty() {
                    return Step::Lost;
                }
                let (_, next, _) = self.frames[self.frames.len() - 1];
                take_back(&mut self.e, self.buf[next - 1], auto);
                continue;
            }
            let m = self.buf[next];
            self.frames[depth].1 = next + 1;
            if m == SearchMove::TAKEN {
                continue; // another search explores it
            }
            let placed = self.gen.placement(&self.e, m);
            let auto = play(&mut self.e, m, self.auto_finish, &mut self.auto_scratch);
            if self.e.is_won() {
                return Step::Won;
            }
            self.ticks += 1;
            if self.ticks & 255 == 0 {
                if limits.stop.load(Ordering::Relaxed) {
                    return Step::Ended(Cut::Stopped);
                }
                if limits.deadline.is_some_and(|d| Instant::now() >= d) {
                    return Step::Ended(Cut::Timeout);
                }
            }
            // The child's moves go after the parent's: the top frame's moves always end the buffer.
            let mut pushed = self.push_moves(auto, placed, states, seen);
            if let Some(restarts) = &self.restarts {
                // A run that has used its budget, or filled its memory, gives way to the next.
                if pushed == Err(Cut::Memory) || pushed.is_ok() && restarts.due(*states) {
                    pushed = self.start_again(states, seen);
                }
            }
            if let Err(cut) = pushed {
                return Step::Ended(cut);
            }
            if limits.max_states.is_some_and(|n| *states >= n) {
                return Step::Ended(Cut::States);
            }
            if *states >= pause {
                return Step::Paused;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Position;
    use crate::rules::{Rules, MODE_ANY};
    use std::sync::Arc;

    /// A deal under draw 3 with any run moving and alternate colours building (a second order
    /// and a shortcut where the pruning has them).
    fn deal() -> Engine {
        let mut builds = [false; 52 * 52];
        for c in 0..52usize {
            for d in 0..52usize {
                let colours = (c / 13 == 1 || c / 13 == 2) != (d / 13 == 1 || d / 13 == 2);
                builds[c * 52 + d] = colours && d % 13 + 1 == c % 13;
            }
        }
        let rules = Rules::new(
            4,
            1,
            &builds,
            &[true; 52],
            true,
            MODE_ANY,
            false,
            vec![3],
            None,
            true,
        );
        let mut cards = 0..52u8;
        let position = Position {
            reserve: cards.by_ref().take(13).collect(),
            start: 0,
            foundations: vec![(0, 0), (1, 0), (2, 0), (3, 0)],
            columns: (0..4).map(|_| vec![cards.next().unwrap()]).collect(),
            stock: cards.collect(),
            ..Position::default()
        };
        Engine::new(Arc::new(rules.unwrap()), &position).unwrap()
    }

    #[test]
    fn a_set_beside_a_race_keeps_the_memory_bound() {
        let mut made = 0;
        // A visited set bounded by `Race::room_beside` beside a race at its bounds: the race's
        // tables, the beam's share, the set's table and the half that any one of them grows from
        // stay within the memory, and a set twice as large would not.
        let e = deal();
        let proving = Pruning {
            restarts: false,
            ..Pruning::ALL
        };
        let plain = Pruning {
            beam: false,
            ..Pruning::NONE
        };
        for pruning in [Pruning::ALL, proving, plain] {
            for memory in [
                64 << 20,
                100 << 20,
                1 << 30,
                3 << 30,
                4 << 30,
                6 << 30,
                64 << 30,
            ] {
                let setting = Setting {
                    auto_finish: false,
                    pruning,
                    schedule: Schedule::DEFAULT,
                    waste_fills_first: false,
                };
                let race = Race::new(&e, memory, setting, None);
                let tables: Vec<usize> = race.sets.iter().map(Visited::most).collect();
                let peak = |set: usize| {
                    let largest = tables.iter().copied().chain([set]).max().unwrap();
                    tables.iter().sum::<usize>() + race.beamed + set + largest / 2
                };
                let room = race.room_beside(memory);
                if room < Visited::LEAST {
                    continue; // no set is made there
                }
                let set = Visited::new(room).most();
                assert!(peak(set) <= memory, "{memory} {tables:?} {set}");
                assert!(peak(2 * set) > memory, "{memory} {tables:?} {set}");
                made += 1;
            }
        }
        assert!(made >= 15, "{made}");
    }
}
