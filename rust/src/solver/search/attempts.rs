//! Where the passes are limited, a short search without the limit after the first searches'
//! first positions (`Schedule::passes_after`, `more_passes`), whose "lost" is the answer. After
//! the first searches' budget (`Schedule::far_after`): a search under draw 1 where the stock
//! turns several cards (`draw_one`) and one without the pass limit (`more_passes`), whose "lost"
//! is the answer; attempts that know far cards by
//! their class, wider in turn (`prune::far`), whose verdict holds unless they leave their region;
//! and the relaxed search of the columns' shapes taking turns with them (`shapes`), whose "lost" is
//! the answer. Where none settles the position, the first searches go on from where they paused.

use super::race::{Race, Setting};
use super::Schedule;
use crate::engine::Engine;
use crate::rules::Rules;
use crate::solver::prune::far::{self, Far};
use crate::solver::shapes::{self, Relaxed, Relaxing, Shapes};
use crate::solver::visited::Visited;
use crate::solver::{draw_one, more_passes};
use crate::solver::{Cut, Limits, Outcome, Pruning, Verdict};
use std::sync::Arc;
use std::time::Instant;

/// The searches under the rules of `e` (the finish as `auto_finish` has it, each search's order
/// with `Order::waste_fills_first` as `waste_fills_first` gives), with far cards known by their
/// class where that applies (`prune::far`): first with every card known as itself for
/// `Schedule::far_after` positions (most deals are settled within them), then with far cards
/// known by class, whose verdict holds unless a complete search left the region, at each margin
/// of `far::FAR_MARGINS` in turn while the last attempt left its region, and then on from where
/// the first searches paused, with what is left of the budget. Where the stock turns several
/// cards at a time, a search under draw 1 (`draw_one`) comes before the far attempts, with a share
/// of the budget; where the passes are limited, a short search without the limit comes after the
/// first `Schedule::passes_after` positions, and another after `far_after`, with at most as many
/// positions as the first searches have had (`more_passes`): their "lost" is the answer.
pub(super) fn search_far(
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
    // Where the passes are limited, once the first searches have had `Schedule::passes_after`
    // positions (a quarter of them with several passes, `more_passes::after`), a short search
    // without the limit: its "lost" is the answer.
    let mut extra = 0;
    if pruning.more_passes && more_passes::applies(&e.rules) {
        let after = more_passes::after(&e.rules, schedule.passes_after);
        let start = exact.run(&capped(limits, after));
        if start.cut != Some(Cut::States) || limits.max_states.is_some_and(|n| start.states >= n) {
            return start; // settled, cut by something else, or the whole budget spent
        }
        let budget = limits.max_states.map_or(more_passes::BUDGET, |n| {
            (n - start.states).min(more_passes::BUDGET)
        });
        let rules = more_passes::rules(&e.rules);
        match relaxed_turn(
            e,
            rules,
            limits,
            Some(budget),
            start.states,
            &exact,
            setting,
        ) {
            Ok(n) => extra = n,
            Err(out) => return out,
        }
    }
    let rest = Limits {
        max_states: limits.max_states.map(|n| n.saturating_sub(extra)),
        ..*limits
    };
    let mut out = go_on(e, &mut exact, &rest, setting);
    out.states += extra;
    out
}

/// A search of `e`'s position under looser `rules` (`draw_one`, `more_passes`: every line of the
/// real rules is one of theirs), with at most `budget` positions, a `draw_one::SHARE` part of the
/// time left, and the memory `exact` leaves. `Err`: the solve's outcome, with the `spent`
/// positions before it counted (its "lost", which is the answer; a stop; or the budget spent).
/// `Ok`: the positions it searched, settling nothing (its win proves nothing).
fn relaxed_turn(
    e: &Engine,
    rules: Arc<Rules>,
    limits: &Limits<'_>,
    budget: Option<u64>,
    spent: u64,
    exact: &Race,
    setting: Setting,
) -> Result<u64, Outcome> {
    let Ok(mut looser) = Engine::new(rules, &e.position()) else {
        return Ok(0);
    };
    let now = Instant::now();
    let rest = Limits {
        max_states: budget,
        deadline: limits
            .deadline
            .map(|d| now + d.saturating_duration_since(now) / draw_one::SHARE),
        memory: limits.memory.saturating_sub(exact.bytes()),
        ..*limits
    };
    let Setting {
        auto_finish,
        pruning,
        schedule,
        ..
    } = setting;
    let relaxed = search_far(&mut looser, &rest, auto_finish, pruning, schedule, false);
    let states = spent + relaxed.states;
    if relaxed.verdict == Verdict::Lost {
        return Err(Outcome { states, ..relaxed });
    }
    if relaxed.cut == Some(Cut::Stopped) || limits.max_states.is_some_and(|n| states >= n) {
        return Err(Outcome {
            verdict: Verdict::Unknown,
            line: Vec::new(),
            states,
            cut: relaxed.cut.or(Some(Cut::States)),
        });
    }
    Ok(relaxed.states)
}

/// `limits` with at most `n` positions.
fn capped<'a>(limits: &Limits<'a>, n: u64) -> Limits<'a> {
    Limits {
        max_states: Some(limits.max_states.map_or(n, |m| m.min(n))),
        ..*limits
    }
}

/// `search_far` from where the first searches (`exact`) are, within `limits`.
fn go_on(e: &mut Engine, exact: &mut Race, limits: &Limits<'_>, setting: Setting) -> Outcome {
    let Setting {
        auto_finish,
        pruning,
        schedule,
        ..
    } = setting;
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
    let late_passes = pruning.more_passes && more_passes::applies(&e.rules);
    if attempts.is_empty() && !relax_draw && !late_passes && shapes.is_none() {
        return exact.run(limits);
    }
    // Every card known as itself, up to `far_after` positions.
    let first = exact.run(&capped(limits, schedule.far_after));
    let budget_left = limits.max_states.is_none_or(|n| first.states < n);
    if first.cut != Some(Cut::States) || !budget_left {
        return first;
    }
    let mut spent = first.states;
    // A search under draw 1 with a share of what is left (`draw_one`), and then one without the
    // pass limit with at most as many positions as the first searches have had
    // (`more_passes`): their "lost" is the answer, their win proves nothing.
    let share = |n: u64| n / u64::from(draw_one::SHARE);
    if relax_draw {
        let budget = limits.max_states.map(|n| share(n - spent));
        match relaxed_turn(
            e,
            draw_one::rules(&e.rules),
            limits,
            budget,
            spent,
            exact,
            setting,
        ) {
            Ok(n) => spent += n,
            Err(out) => return out,
        }
    }
    if late_passes {
        let budget = Some(
            limits
                .max_states
                .map_or(spent, |n| share(n - spent).min(spent)),
        );
        let rules = more_passes::rules(&e.rules);
        match relaxed_turn(e, rules, limits, budget, spent, exact, setting) {
            Ok(n) => spent += n,
            Err(out) => return out,
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
    turns.run(exact, first.states, 0)
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
