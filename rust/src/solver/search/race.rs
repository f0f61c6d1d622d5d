//! A race: the searches of one attempt taking turns (see `solve_with`): the complete search and its
//! helpers in one visited set, a second order and a shortcut in sets of their own, the search that
//! starts again in a small set, and the beam after each round. The sets share the memory, and the
//! set of searches that stop (a shortcut ending, a set out of memory while a complete search of
//! another set goes on) gives its memory to the others. A race cut for its budget pauses, and goes
//! on from where it was when run again with a larger one: the attempts (`attempts`) run races in
//! pieces, between other searches' turns.

use super::depth_first::{take_work, Role, Search, Step};
use super::Schedule;
use crate::engine::Engine;
use crate::solver::beam::{self, Beam, BeamStep};
use crate::solver::order::Order;
use crate::solver::prune::far::Far;
use crate::solver::prune::shortcut::{self, Pass};
use crate::solver::restarts;
use crate::solver::visited::Visited;
use crate::solver::{Cut, Limits, Outcome, Pruning, Verdict};

/// How the searches of a `Race` search: the same for every attempt of one solve.
#[derive(Clone, Copy)]
pub(super) struct Setting {
    pub(super) auto_finish: bool,
    pub(super) pruning: Pruning,
    pub(super) schedule: Schedule,
    pub(super) waste_fills_first: bool,
}

/// The searches of one attempt, taking turns (see `solve_with`), their visited sets and the
/// beam: a race that can pause at a budget of positions and go on later from where it was.
pub(super) struct Race {
    setting: Setting,
    searches: Vec<Search>,
    sets: Vec<Visited>,
    /// The positions the race has searched, the root included.
    states: u64,
    /// The searches that peek before the first round (`Schedule::peek`), and how many have.
    peeks: Vec<usize>,
    peeked: usize,
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
    pub(super) fn new(e: &Engine, memory: usize, setting: Setting, far: Option<&Far>) -> Race {
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
        // The first search and the shortcut peek, where there is a shortcut.
        let peeks = match searches.iter().position(|s| !s.complete()) {
            Some(k) if setting.schedule.peek > 0 => vec![0, k],
            _ => Vec::new(),
        };
        Race {
            setting,
            searches,
            sets,
            states,
            peeks,
            peeked: 0,
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
    pub(super) fn bytes(&self) -> usize {
        let sets: usize = self.sets.iter().map(Visited::bytes).sum();
        sets + self.beam.as_ref().map_or(0, |_| self.beamed)
    }

    /// The bound that a visited set beside the race may have within `memory` bytes, whatever the
    /// race does at its bounds: with the race's largest tables and the beam's share taken off,
    /// what is left holds the set's largest table with the half it grows from, and that table with
    /// the half the race's largest table grows from (one table grows at a time).
    pub(super) fn room_beside(&self, memory: usize) -> usize {
        let tables = self.sets.iter().map(Visited::most);
        let left = memory.saturating_sub(tables.clone().sum::<usize>() + self.beamed);
        let half = tables.max().unwrap_or(0) / 2;
        left.min(left.saturating_sub(half) / 2 * 3)
    }

    /// Search on until a verdict or a cut (`limits.max_states` counts the race's positions from
    /// its start): a race cut for its budget goes on from where it was when run again with a
    /// larger one (the only way it is run again), the turn that was cut short to its end, so that
    /// the pieces search what one run would.
    pub(super) fn run(&mut self, limits: &Limits<'_>) -> Outcome {
        let schedule = self.setting.schedule;
        let decks = self.root.rules.decks as u64;
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
            let peeking = self.peeked < self.peeks.len();
            let i = if peeking {
                self.peeks[self.peeked]
            } else {
                self.turn
            };
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
                    if peeking {
                        return *states + schedule.peek;
                    }
                    let slice = match (searches[i].turns, searches[i].lead) {
                        // The first search's probe grows with the decks (`Schedule::probe`).
                        (0, true) => schedule.probe * decks,
                        (0, false) => schedule.probe,
                        (1, true) => schedule.first,
                        _ if searches[i].restarts.is_some() => schedule.restarts,
                        _ if searches[i].complete() => schedule.slice,
                        _ if searches[i].pass().reserve_fill => schedule.shortcut_fill,
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
                Step::Paused if peeking => self.peeked += 1,
                Step::Paused => {
                    self.turn += 1;
                    if self.turn == searches.len() {
                        // A round of turns is over: the beam's turn, once the first search has
                        // had its long one (most deals are settled by then); a long one with
                        // several decks, or in a one-pass game once the beam has met half the
                        // cards up (`Schedule::beam_long`).
                        self.rounds += 1;
                        if self.rounds >= 2 && !self.beam_over {
                            let promising = self.beam.as_ref().is_some_and(Beam::promising);
                            let slice = if self.root.one_deck() && !promising {
                                schedule.beam
                            } else {
                                schedule.beam_long
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
                    if peeking {
                        self.peeked += 1;
                    } else {
                        self.turn += 1;
                    }
                }
                // A shortcut ended (it proves nothing; a complete search always runs beside it),
                // or the searches of a set ran out of its memory while a complete search of
                // another set goes on: they stop, and their memory goes to the others.
                Step::Lost | Step::Ended(Cut::Memory) if others => {
                    drop_set(searches, &mut self.sets, set, limits.memory);
                    self.turn = 0;
                    self.peeked = self.peeks.len(); // the searches' places moved
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
