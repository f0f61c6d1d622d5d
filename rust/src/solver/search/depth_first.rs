//! A complete search: a depth-first search with make/unmake and a set of visited positions, and
//! its helpers, which share the set and take their work from the others' pending moves.
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

use super::race::Setting;
use crate::engine::{Engine, TurnKeys};
use crate::moves::Move;
use crate::solver::fingerprint::Fingerprints;
use crate::solver::generator::{play, take_back, Generator, SearchMove};
use crate::solver::order::Order;
use crate::solver::prune::far::Far;
use crate::solver::prune::pool;
use crate::solver::prune::shortcut::Pass;
use crate::solver::restarts::Restarts;
use crate::solver::visited::Visited;
use crate::solver::{Cut, Limits};
use std::sync::atomic::Ordering;
use std::time::Instant;

/// Give idle complete search `i` the shallowest pending move of another search of its visited
/// set (the first of them, in the plan's order, that has one), and start it there: `Lost` when
/// there is none to give (it stays idle), else how its start went (`Paused` once it has its
/// first moves, or `Won`, or a cut).
pub(super) fn take_work(
    searches: &mut [Search],
    i: usize,
    seen: &mut Visited,
    states: &mut u64,
) -> Step {
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

/// What a search searches: the moves its `Pass` allows, in its `Order`, in visited set `set`,
/// with far cards known by their class where `far` gives them (`prune::far`).
pub(super) struct Role {
    pub(super) pass: Pass,
    pub(super) order: Order,
    pub(super) set: usize,
    pub(super) far: Option<Far>,
}

/// How a search's turn ended.
pub(super) enum Step {
    Won,
    /// The search's stack is empty: it has explored all it marked (or was given).
    Lost,
    Paused,
    Ended(Cut),
}

/// One exhaustive search over the moves its `Pass` allows, on its own copy of the engine; it
/// runs in turns (`run`) and keeps its place between turns (see the module docs).
pub(super) struct Search {
    e: Engine,
    /// The visited set it uses (an index into the solver's sets).
    pub(super) set: usize,
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
    /// What stock turns change of the hash by place, for the children of the position expanded.
    turn_keys: TurnKeys,
    auto_scratch: Vec<Move>,
    /// Positions played since the last look at the clock.
    ticks: u32,
    /// The turns it has had (see `Schedule`), and whether it is the first complete search, whose
    /// second turn is the long one.
    pub(super) turns: u32,
    pub(super) lead: bool,
    /// Set when the search is over before it starts: the root is won, or there is no memory.
    over: Option<Step>,
    /// Where a search that starts again is in its runs (`restarts`); None for the others.
    pub(super) restarts: Option<Restarts>,
    /// The far cards' classes and region, where it knows them by class (`prune::far`): each
    /// position it expands is checked to be in the region.
    far: Option<Far>,
}

impl Search {
    /// A search from `e`'s position: started at the root in `seen`, or idle (None) until it is
    /// given work (`start_at`).
    pub(super) fn new(
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
        if let Some(far) = &role.far {
            gen.know_classes(far.class());
        }
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
            turn_keys: TurnKeys::default(),
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
    pub(super) fn complete(&self) -> bool {
        self.gen.pass == Pass::COMPLETE
    }

    /// The moves it searches.
    pub(super) fn pass(&self) -> &Pass {
        &self.gen.pass
    }

    /// Whether the search has nothing to explore (its stack is empty) and nothing to report.
    pub(super) fn idle(&self) -> bool {
        self.frames.is_empty() && self.over.is_none()
    }

    /// The winning line found: the moves from the root.
    pub(super) fn line(&self) -> Vec<Move> {
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
    pub(super) fn restart_with(&mut self, orders: Vec<Order>, states: u64) {
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
            if let Some(key) = self
                .fingerprints
                .of_unplayed(&mut self.e, m, &mut self.turn_keys)
            {
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
        self.turn_keys.clear();
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
    pub(super) fn run(
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
