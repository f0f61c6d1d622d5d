//! A beam search for wins: level by level, it keeps the positions that score best.
//!
//! A depth-first search commits to its first moves, and under a wrong one it searches everything
//! before it tries another; a search that starts again (`restarts`) still commits each time. A beam
//! commits to nothing: at each depth it keeps the `width` positions that score best among the
//! children of the last level's (ten points a card up, less two a card in the reserve and one a
//! card in the waste, twenty in the last pass, and three for each card that lies on a card a
//! foundation wants, in a column or the reserve), each position met once (in a set of its own), and
//! goes on from those alone. It is not complete: a win it finds is a line of legal moves, and its
//! ending without one proves nothing. Its runs (`RUNS`) widen from 100 positions a level to
//! 102,400, each from the start with an emptied set, until a run ends at a depth with no new
//! position or `MAX_DEPTH`; after the last, or once a run would be no wider than the last of its
//! kind (its memory holds no more), it stops. Its set is small beside a wide run's levels (a
//! thirty-second of the solver's memory): when it is full, it forgets everything and the run goes
//! on, since a beam seldom comes back to positions of levels long past (a run that ended there
//! instead never got past a few dozen levels at a width of 6,400). Each width is run twice: first
//! with each stock turn a move of its own (a level's positions are then as far into the game), then
//! with the turns folded into the moves that follow them (as the other searches have them: a level
//! then holds positions that may be a whole pass apart). Neither is best everywhere: on deals that
//! the solver without a beam left unknown after 150 million positions, each beam alone within 20 to
//! 30 million positions won, unfolded and folded: American Toad 8 and 0 of 10, Demon (two decks) 6
//! and 1 of 15, Canfield Rush 2 and 1 of 12, Dutchess 1 and 0 of 9, Rainbow 3 of 20 and 2 of 30,
//! Minerva 5 and 7 of 21, Superior 0 of 20 and 3 of 30, Chameleon 1 of 20 and 1 of 30, Little Gate
//! none. The wide runs are for the two-deck games: of the first 7 deals of Variegated Canfield that
//! its 1,000-deal survey left unknown after 2 million positions, the beam alone wins 5 within 100
//! million positions with runs to 102,400, 2 with runs to 6,400. A level's positions are copied
//! into the memory of the level before it (`Engine::copy_from`), not allocated anew (allocation was
//! about 40 % of its time): the beam alone on those 7 deals took 196 s of CPU against 573 s (one
//! run after the other).

use super::fingerprint::Fingerprints;
use super::generator::{play, take_back, Generator, SearchMove};
use super::prune::shortcut::Pass;
use super::visited::Visited;
use super::{Cut, Limits, Outcome, Pruning, Verdict};
use crate::engine::Engine;
use crate::moves::Move;
use std::cmp::Reverse;
use std::sync::atomic::Ordering;
use std::time::Instant;

/// The runs, in turn: each one's width (at most what its memory holds, see `Beam::width`) and
/// whether its stock turns are folded into the moves that follow them.
const RUNS: [(usize, bool); 12] = [
    (100, false),
    (100, true),
    (400, false),
    (400, true),
    (1600, false),
    (1600, true),
    (6400, false),
    (6400, true),
    (25600, false),
    (25600, true),
    (102400, false),
    (102400, true),
];

/// A run ends after this many levels.
const MAX_DEPTH: u32 = 3000;

/// The beam's share of the solver's memory: one part in `MEMORY_SHARE`, half for its set of
/// positions and half for the positions of its levels.
pub(super) const MEMORY_SHARE: usize = 16;

/// How a beam's turn ended.
pub(super) enum BeamStep {
    /// A win: the line from the root.
    Won(Vec<Move>),
    Paused,
    /// Its last run ended without a win.
    Over,
    Ended(Cut),
}

/// A beam search's state between turns.
pub(super) struct Beam {
    start: Engine,
    root: usize,
    auto_finish: bool,
    /// The moves and the keys of positions with the stock turns folded in, and without.
    gens: [Generator; 2],
    fingerprints: [Fingerprints; 2],
    seen: Visited,
    /// The bytes its levels may take (two at once: the one expanded and the next).
    room: usize,
    run: usize,
    depth: u32,
    level: Vec<Engine>,
    /// The last level's positions, whose memory the next level's take.
    spare: Vec<Engine>,
    scratch: Vec<SearchMove>,
    auto_scratch: Vec<Move>,
    /// The most cards up of any position it has met (`promising`).
    best: usize,
}

impl Beam {
    /// A beam from `e`'s position within `memory` bytes.
    pub(super) fn new(e: &Engine, pruning: Pruning, auto_finish: bool, memory: usize) -> Beam {
        let mut start = e.clone();
        if pruning.solver_keys {
            start.use_solver_keys();
        }
        let kind = |fold_turns| {
            let pruning = Pruning {
                fold_turns,
                ..pruning
            };
            (
                Generator::new(&start, Pass::COMPLETE, pruning, auto_finish),
                Fingerprints::new(&start.rules, fold_turns),
            )
        };
        let ((folded, folded_keys), (turned, turned_keys)) = (kind(true), kind(false));
        let mut beam = Beam {
            root: start.hist.len(),
            auto_finish,
            gens: [turned, folded],
            fingerprints: [turned_keys, folded_keys],
            seen: Visited::new(memory / 2),
            room: memory / 2,
            run: 0,
            depth: 0,
            level: Vec::new(),
            spare: Vec::new(),
            scratch: Vec::with_capacity(64),
            auto_scratch: Vec::with_capacity(64),
            best: start.cards_up(),
            start,
        };
        beam.level.push(beam.start.clone());
        beam
    }

    /// Whether, where the stock goes through once, it has met a position with `PROMISING` of the
    /// cards up (half of them): then it gets the long turns (`Schedule::beam_long`).
    pub(super) fn promising(&self) -> bool {
        let (part, whole) = PROMISING;
        self.start.rules.pass_limit == Some(1)
            && self.best * whole >= 52 * self.start.rules.decks * part
    }

    /// The width of the next level: the run's, at most what the room holds of two levels of
    /// positions like `e`.
    fn width(&self, e: &Engine) -> usize {
        RUNS[self.run].0.min(self.most(e)).max(1)
    }

    /// The most positions like `e` a level may hold: two levels of them fill the room.
    fn most(&self, e: &Engine) -> usize {
        self.room / (2 * footprint(e))
    }

    /// Search on until `states` (where it counts its positions) reaches about `pause`, within
    /// `limits`.
    pub(super) fn turn(&mut self, limits: &Limits<'_>, states: &mut u64, pause: u64) -> BeamStep {
        if *states >= pause {
            return BeamStep::Paused; // a turn cut where it was to end anyway
        }
        loop {
            if self.level.is_empty() || self.depth >= MAX_DEPTH {
                self.run += 1;
                // A run as wide as the last of its kind (all its memory holds) would repeat it.
                let most = self.most(&self.start);
                if self.run == RUNS.len() || (self.run >= 2 && RUNS[self.run - 2].0 >= most) {
                    return BeamStep::Over;
                }
                self.seen.clear();
                self.depth = 0;
                self.level = vec![self.start.clone()];
            }
            if let Some(line) = self.step(states) {
                return BeamStep::Won(line);
            }
            if limits.stop.load(Ordering::Relaxed) {
                return BeamStep::Ended(Cut::Stopped);
            }
            if limits.deadline.is_some_and(|d| Instant::now() >= d) {
                return BeamStep::Ended(Cut::Timeout);
            }
            if limits.max_states.is_some_and(|n| *states >= n) {
                return BeamStep::Ended(Cut::States);
            }
            if *states >= pause {
                return BeamStep::Paused;
            }
        }
    }

    /// Go down one level: every new child of the level's positions, scored, the best of them
    /// the next level. A win's line, if a child is won.
    fn step(&mut self, states: &mut u64) -> Option<Vec<Move>> {
        let kind = usize::from(RUNS[self.run].1);
        let mut children: Vec<(i32, usize, SearchMove)> = Vec::new();
        for (i, e) in self.level.iter_mut().enumerate() {
            self.gens[kind].moves(e, None, &mut self.scratch);
            for &m in &self.scratch {
                let auto = play(e, m, self.auto_finish, &mut self.auto_scratch);
                *states += 1;
                if e.is_won() {
                    return Some(e.made_since(self.root));
                }
                let key = self.fingerprints[kind].of(e);
                // A full set forgets the positions of the levels before: a beam rarely comes
                // back to them, and the run goes on (a wide run would otherwise end early).
                let fresh = self.seen.insert(key).unwrap_or_else(|_| {
                    self.seen.clear();
                    self.seen.insert(key).is_ok()
                });
                if fresh {
                    self.best = self.best.max(e.cards_up());
                    children.push((score(e), i, m));
                }
                take_back(e, m, auto);
            }
        }
        // The best first; among equals, the generator's order (the sort is stable).
        children.sort_by_key(|&(s, _, _)| Reverse(s));
        let width = self.level.first().map_or(1, |e| self.width(e));
        children.truncate(width);
        // The next level's positions are copied into the last but one's (no allocation once
        // the levels are as wide as the run).
        let mut next = std::mem::take(&mut self.spare);
        next.truncate(children.len());
        for (k, &(_, i, m)) in children.iter().enumerate() {
            if k < next.len() {
                next[k].copy_from(&self.level[i]);
            } else {
                next.push(self.level[i].clone());
            }
            play(&mut next[k], m, self.auto_finish, &mut self.auto_scratch);
        }
        self.spare = std::mem::replace(&mut self.level, next);
        self.depth += 1;
        None
    }
}

/// The beam alone, every run, from `e`'s position within `limits` (its memory the beam's whole):
/// won with its line, or unknown. For the tests: its wins replay, and it finds some.
#[doc(hidden)]
pub fn solve_by_beam(
    e: &mut Engine,
    limits: &Limits<'_>,
    auto_finish: bool,
    pruning: Pruning,
) -> Outcome {
    let mut beam = Beam::new(e, pruning, auto_finish, limits.memory);
    let mut states = 0;
    let (verdict, line, cut) = match beam.turn(limits, &mut states, u64::MAX) {
        BeamStep::Won(line) => (Verdict::Won, line, None),
        BeamStep::Ended(cut) => (Verdict::Unknown, Vec::new(), Some(cut)),
        BeamStep::Over | BeamStep::Paused => (Verdict::Unknown, Vec::new(), None),
    };
    Outcome {
        verdict,
        line,
        states,
        cut,
    }
}

/// A position's score: ten a card up, less two a card in the reserve and one a card in the
/// waste, or twenty in the last pass through the stock (`LAST_PASS_WASTE`), and less `BURIED`
/// for each card that lies on a card a foundation wants, in a column or a reserve pile.
fn score(e: &Engine) -> i32 {
    let up = e.cards_up();
    let reserve: usize = (0..e.reserve_piles()).map(|k| e.pile(k).len()).sum();
    let waste = if e.may_recycle(e.recycles) {
        1
    } else {
        LAST_PASS_WASTE
    };
    let reserves = (0..e.reserve_piles()).map(|k| e.pile(k));
    let mut above = 0;
    for pile in e.cols.iter().map(Vec::as_slice).chain(reserves) {
        for (i, &c) in pile.iter().enumerate() {
            if e.wanted(c) {
                above += pile.len() - 1 - i;
            }
        }
    }
    10 * up as i32 - waste * e.waste.len() as i32 - 2 * reserve as i32 - BURIED * above as i32
}

/// What a card lying on a card that a foundation wants, in a column or a reserve pile, costs a
/// position's score: it has to move before that card can go up. (In the waste, where such a
/// card comes out with the stock's turns, it won fewer deals.) On deals that surveys left unknown
/// after 20 million positions, the solver with it wins within 20 million: Variegated Canfield 10
/// of 32 (none without it), Rainbow 4 of 12 (3), Canfield Rush 5 of 12 (4); Superior none of 12
/// and Chameleon none of 12 either way. With one, six and ten, 7, 8 and 4 of Variegated
/// Canfield's first 16 (7 with three).
const BURIED: i32 = 3;

/// What a card in the waste costs a position's score once the stock will never be turned back
/// over: it comes out only after every card turned after it, so a level whose positions bury
/// cards there leaves fewer ways out than one that keeps the waste short. Against one, on 40
/// random deals at 5 s (`bench/solver.py --seed 20261210`): Variegated Canfield 75.0 % resolved
/// against 45.0 % (12 deals won only now, none only before), Rainbow 75.0 % against 67.5 %,
/// Minerva and Canfield Rush the same; on Rainbow's first 44 of 100 random deals unknown after 2
/// million positions, within 20 million, one, 3, 5, 10, 20, 40 and 100 won 14, 15, 16, 18, 19, 18
/// and 19. Games with no last pass are as before.
const LAST_PASS_WASTE: i32 = 20;

/// The share of the cards up (part, whole) that a position the beam has met must have for the
/// beam to get the long turns (`Beam::promising`). Where a deal is won late, the beam has often
/// come near the end already, and where it is lost, seldom: the beam alone, within its first
/// million positions, met half the cards up or more on 28 of 48 deals that the surveys of Rainbow
/// and Chameleon won after 1 to 60 million positions, and at most 21 of 52 on 48 deals that the
/// surveys of Rainbow, Chameleon and Little Gate proved lost. At two fifths, 3 of 64 lost deals
/// took more positions (a Little Gate deal lost in 12.3 million was unknown at 20 million), and a
/// Superior deal was won in 6.6 million positions against 3.5; at one half, none. Only where the
/// stock goes through once, where it was measured: with more passes a lost deal gets far too (of
/// 12 deals that Canfield Rush's survey proved lost in 5 to 40 million positions, 6 took 1.2 to
/// 2.1 times the positions with the long turns once promising, the other 6 as many).
const PROMISING: (usize, usize) = (1, 2);

/// About how many bytes a copy of `e` takes: the engine, its cards, its history, and a heap
/// block for each of its lists.
fn footprint(e: &Engine) -> usize {
    let cards = e.cols.iter().map(Vec::len).sum::<usize>()
        + e.stock.len()
        + e.waste.len()
        + (0..e.reserve_piles())
            .map(|k| e.pile(k).len())
            .sum::<usize>()
        + e.fp.iter().map(Vec::len).sum::<usize>();
    let vecs = e.cols.len() + e.fp.len() + 16;
    std::mem::size_of::<Engine>() + cards + 48 * vecs + 8 * e.hist.len() + 64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Position;
    use crate::rules::Rules;
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;

    /// The position with the ace of spades up, the 2♠ in the first column under `over` (or
    /// over it, with `on_top`), and the other cards in the reserve, the other columns and the
    /// stock.
    fn with_two_of_spades(on_top: bool) -> Engine {
        let over = 50; // the queen of clubs
        let first = if on_top { vec![over, 1] } else { vec![1, over] };
        dealt([1, 0, 0, 0], first, None)
    }

    /// The position with the first `up[s]` cards of each suit `s` up (aces first), `first` in
    /// the first column, and the other cards in the reserve, the other columns and the stock,
    /// which goes through `passes` times (None: no limit).
    fn dealt(up: [u8; 4], first: Vec<u8>, passes: Option<u32>) -> Engine {
        let is_up = |c: u8| c % 13 < up[usize::from(c / 13)];
        let held = first.clone();
        let mut rest = (0..52u8).filter(|&c| !is_up(c) && !held.contains(&c));
        let reserve: Vec<u8> = rest.by_ref().take(13).collect();
        let columns = vec![
            first,
            vec![rest.next().unwrap()],
            vec![rest.next().unwrap()],
            vec![rest.next().unwrap()],
        ];
        let position = Position {
            reserve,
            start: 0,
            foundations: (0..4).map(|s| (s, up[usize::from(s)])).collect(),
            columns,
            stock: rest.collect(),
            waste: vec![],
            recycles: 0,
            face_down: Vec::new(),
            more_reserves: Vec::new(),
            base_open: false,
            piles: Vec::new(),
        };
        let rules = Rules::new(
            4,
            1,
            &[false; 52 * 52],
            &[true; 52],
            true,
            0,
            false,
            vec![3],
            passes,
            true,
        );
        Engine::new(Arc::new(rules.unwrap()), &position).unwrap()
    }

    #[test]
    fn a_beam_that_has_met_half_the_cards_up_is_promising() {
        let memory = 1 << 24;
        let at = |up, first| Beam::new(&dealt(up, first, Some(1)), Pruning::ALL, false, memory);
        assert!(!at([7, 6, 6, 6], vec![50]).promising(), "25 of 52 up");
        assert!(at([7, 7, 6, 6], vec![50]).promising(), "26 of 52 up");
        // Where the stock goes through more than once, a beam is never promising.
        for passes in [None, Some(2), Some(3)] {
            let more = dealt([7, 7, 6, 6], vec![50], passes);
            assert!(!Beam::new(&more, Pruning::ALL, false, memory).promising());
        }
        // 25 up and the 7 of hearts on top of the first column: one level down, the beam has
        // met a position with 26 up.
        let mut beam = at([7, 6, 6, 6], vec![50, 19]);
        let stop = AtomicBool::new(false);
        let limits = Limits {
            max_states: None,
            deadline: None,
            memory,
            stop: &stop,
        };
        let mut states = 0;
        assert!(!beam.promising());
        assert!(matches!(
            beam.turn(&limits, &mut states, 1),
            BeamStep::Paused
        ));
        assert!(beam.promising());
    }

    #[test]
    fn a_card_on_a_wanted_card_costs_the_score() {
        let (buried, free) = (with_two_of_spades(false), with_two_of_spades(true));
        assert!(buried.wanted(1) && free.wanted(1));
        assert_eq!(score(&free) - score(&buried), BURIED);
    }
}
