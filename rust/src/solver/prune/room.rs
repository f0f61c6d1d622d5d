//! Room in the columns: the cards that must wait in the columns must fit there, at each waste
//! card's moment in the last pass and at each reserve card's moment.
//!
//! Where the stock will never be turned back over (no recycle is left), the waste only grows at
//! its top, and only its top card leaves it; so each waste card w leaves it on some move, at a
//! moment when it is the waste's top card and every card below it is still there. With one deck
//! and the usual foundations (one pile per suit, each taking its suit's cards in one order), call
//! a card *held back* by w when w, or a card below w in the waste, is of the same suit and comes
//! before it in the foundation's order: at that moment it cannot be on a foundation. A card that
//! is held back and is in a column now, or above w in the waste (it has left the waste by then),
//! is in a column at that moment: no card goes from a column to the waste, the stock or the
//! reserve, and the waste's cards leave only to the columns and the foundations.
//!
//! Where the columns build down one rank a card (each card that goes on another is one rank
//! below it, ranks taken round the cycle of 13), every column whose cards are each built on
//! the one below is a *run*: one card of each rank over a stretch of the cycle, one rank to the
//! next. Building, moving a run onto a card that takes its bottom card, and filling an empty
//! column with one card keep it so. So at that moment the held-back cards lie in at most as many
//! runs as there are columns, each place of a run taken by a card that is not on a foundation
//! (unless cards come back from the foundations) and not in the waste at or below w.
//!
//! A run's cards keep to a *lane*: where every card that goes on another is of the other colour,
//! a card's rank and colour (red counting one) add up to the same parity all along a run, but
//! where a king goes on an ace, which changes it; so the places of a run are the 26 pairs of a
//! rank and a parity, one cycle of them, down the ranks of one parity and on to the other's at
//! the ace. Where every card goes on a card of its own suit, the places are the 52 cards, a cycle
//! for each suit. Else a place is a rank, and the 13 ranks are the cycle.
//!
//! Call the number of cards of place p that must lie in a run `t(p)`, and of those that may,
//! `a(p)`: the runs cover place p between `t(p)` and `a(p)` times. Over a stretch of a cycle with
//! no break (a place whose cards never go on the place before it: no king on an ace, or no
//! base−1 card on a base card), a run that covers a place and not the next one down ends there,
//! and one that covers a place and not the one before it starts there; so the runs are at least
//! the sum of the coverage's rises down the stretch, and the fewest that any coverage between t
//! and a needs is found place by place from a break, keeping as many runs going as `a` allows and
//! starting new ones only where `t` asks (`fewest_runs`: keeping a run going costs nothing, and a
//! coverage that keeps fewer going never starts fewer later). Where a cycle has no break a run
//! may go round it, even more than once, and starts or ends anywhere; each of its runs then adds
//! at most one rise round the cycle, so the rises round it are still a bound; the coverage of one
//! place is tried at each count between its t and a, and the rest found as before.
//!
//! When, for some card w of the waste, the runs of all the cycles are more than the columns, no
//! line from the position empties the waste: it is lost, and the search treats it as a dead end
//! (`Generator::moves`). The check looks at the waste cards that come before every card of their
//! suit below them in the foundation's order (each holds back more cards than the waste below
//! it: the counts grow most there), from the third such card on (`FIRST_EVENT`), below the top
//! card, and only at wastes of `SHORT` cards or more; looking at fewer is never wrong, only
//! weaker. Cards in the stock and the reserve are not counted as held back (they may stay where
//! they are), only as cards that may fill a run.
//!
//! The reserve holds cards back too (`Pruning::room_reserve`). Nothing goes onto a reserve pile
//! and only its top card leaves it, so at w's moment the reserve is its j bottom cards of now,
//! for some j. Those are not up, so neither is a card of the same suit as one of them that comes
//! later in the foundation's order; such cards in the columns, above w in the waste, or above
//! the j cards in the reserve (gone from it by then) are in the columns at that moment with those
//! w holds back, and the j cards fill no run. Where, for some w, no j lets the cards fit, the
//! position is lost. Each j asks at least what the count without the reserve asks (as many
//! cards or more that must lie in runs, as many or fewer that may fill them), so the reserve is
//! looked at where that count passed, at the topmost w first; and where the j-th card from the
//! bottom is neither held back nor of a class of several, j asks more than j − 1 and is not
//! tried. One reserve pile only: with several, a part of each would have to be chosen. And
//! only in games of one pass: under Canfield Rush's three it saved about a tenth of the
//! positions of lost proofs, and cost more time than that saved.
//!
//! The reserve's own moments (`Pruning::reserve_room`): a reserve pile's card r under another
//! leaves the pile on some move, at a moment when it is the pile's top card and the cards under it
//! are still there. The cards that r or a card under it holds back are not up then; those in the
//! columns now are still there (the argument above), and those above r in the pile have left it,
//! for the columns (a reserve card goes only to a column or a foundation). So they lie in the
//! columns as runs, and the cards of the pile up to r fill none. Neither the waste nor the stock is
//! looked at (their cards may stay there), so this holds in any pass, with any pass limit. Where,
//! for some such r of some pile, they do not fit, the position is lost. The search counts these
//! moments where passes are unlimited, where the waste's count never looks (`moments_pay`). It
//! finds few positions lost on random walks (under alternate colours, in one walk of 400 moves in
//! 13 to 100; in none of 200 where columns build in any suit or cards come back from the
//! foundations), but a deal whose reserve buries a suit's first cards under cards that wait for
//! them is lost early.
//!
//! The search checks a position after each move but those that cannot change the answer
//! (`Room::unchanged`), and remembers the answers by what the check reads (`Key`): positions that
//! differ only in how the columns' cards lie need one count.
//!
//! Where far cards are known by their class (`prune::far`), the test must give the same answer
//! for positions that differ by a swap of two cards of one class. There, the cards of a class of
//! several never hold others back, and of a class's cards in the columns and above w, the test
//! counts as held back only as many as must be whichever card of the class lies where: those
//! beyond the class's suits whose card of that rank no other card holds back.

use crate::engine::Engine;
use crate::moves::{Record, WASTE};
use crate::rules::Rules;
use crate::solver::Pruning;

/// Whether the argument holds: one deck, the usual foundations with a known base, no face-down
/// column cards, and every card that goes on another one rank below it (the waste's moments are
/// counted only in a last pass, `looks_at`).
pub(in crate::solver) fn applies(rules: &Rules) -> bool {
    rules.decks == 1
        && rules.piles.is_none()
        && !rules.choose_base
        && !rules.face_down
        && links(rules).all(|(t, s)| s % 13 == (t % 13 + 12) % 13)
}

/// Whether the search counts the reserve's own moments under `rules` (a choice of schedule, not
/// of argument, which holds with any pass limit): with unlimited passes, where the waste's count
/// never looks. With a pass limit, the waste's count makes most proofs: under Canfield Rush's
/// three passes, on four lost deals, the reserve's moments saved 1.5 % of the positions and cost
/// 17 % more time.
pub(in crate::solver) fn moments_pay(rules: &Rules, pruning: Pruning) -> bool {
    pruning.reserve_room && rules.pass_limit.is_none()
}

/// Each pair (t, s) of cards where s goes on t in a column.
fn links(rules: &Rules) -> impl Iterator<Item = (usize, usize)> + '_ {
    (0..52).flat_map(move |t| {
        let mut kids = rules.children[t];
        std::iter::from_fn(move || {
            let s = (kids != 0).then(|| kids.trailing_zeros() as usize)?;
            kids &= kids - 1;
            Some((t, s))
        })
    })
}

/// The lanes, masks and breaks of a search's rules, and the far cards' classes where they are
/// known.
#[derive(Clone, Debug)]
pub(in crate::solver) struct Room {
    /// Each card's place (its rank; its rank and lane; or itself, see the module docs).
    place: [u8; 52],
    /// Each card's place in its foundation's order (`Engine::place_up`).
    up_place: [u8; 52],
    /// Each cycle of places, in the order a run goes down it, from a break where it has one; and
    /// whether it has one.
    cycles: Vec<(Vec<u8>, bool)>,
    /// `links[p]`: some card of place p goes on some card of the place before it in its cycle.
    links: [bool; 52],
    /// Each place's cards.
    size: [u8; 52],
    /// `from[suit][n]`: the cards of that suit at place n or later in its foundation's order
    /// (n up to 13).
    from: [[u64; 14]; 4],
    /// The cards of far classes of several (`prune::far`), each card's such class (`NONE` for
    /// none), and each class's size and place.
    merged: u64,
    class_of: [u8; 52],
    classes: Vec<(u8, usize)>,
    /// Each class of several's cards.
    class_cards: Vec<u64>,
    /// `masks[p]`: the cards of place p.
    masks: [u64; 52],
    columns: usize,
    takeback: bool,
    /// The answers of positions checked, by what the check reads (`Memo`).
    memo: Memo,
    /// Whether the count also looks at the reserve (`Pruning::room_reserve`).
    reserve: bool,
    /// Whether the check counts the reserve's own moments outside the waste's count
    /// (`Pruning::reserve_room`).
    moments: bool,
}

impl Room {
    /// The lanes and masks for `e`'s rules and base; None where a column of `e`'s position is
    /// not a run (then it never is, and not every column is counted). Every column of a
    /// position reached from it is then a run too: moves keep runs runs.
    pub(in crate::solver) fn new(e: &Engine, reserve: bool, moments: bool) -> Option<Room> {
        let rules = &e.rules;
        let run = |col: &Vec<u8>| {
            (col.windows(2)).all(|w| rules.children[usize::from(w[0])] >> w[1] & 1 == 1)
        };
        if !e.cols.iter().all(run) {
            return None;
        }
        let pairs: Vec<(usize, usize)> = links(rules).collect();
        let red = |c: usize| matches!(c / 13, 1 | 2);
        // Each place's card of rank 12 down to 0, in the order a run goes down them.
        let (place, cycles): ([u8; 52], Vec<Vec<u8>>) = if !pairs.is_empty()
            && pairs.iter().all(|&(t, s)| t / 13 == s / 13)
        {
            let place = std::array::from_fn(|c| c as u8);
            let cycles = (0..4)
                .map(|suit| (0..13).rev().map(|r| (suit * 13 + r) as u8).collect())
                .collect();
            (place, cycles)
        } else if !pairs.is_empty() && pairs.iter().all(|&(t, s)| red(t) != red(s)) {
            let place =
                std::array::from_fn(|c| ((c % 13 + usize::from(red(c))) % 2 * 13 + c % 13) as u8);
            let cycle = (0..2)
                .flat_map(|lane| (0..13).rev().map(move |r| (lane * 13 + r) as u8))
                .collect();
            (place, vec![cycle])
        } else {
            let place = std::array::from_fn(|c| (c % 13) as u8);
            (place, vec![(0..13).rev().collect()])
        };
        let mut links = [false; 52];
        for &(_, s) in &pairs {
            links[usize::from(place[s])] = true;
        }
        let mut size = [0u8; 52];
        let mut masks = [0u64; 52];
        for c in 0..52 {
            size[usize::from(place[c])] += 1;
            masks[usize::from(place[c])] |= 1 << c;
        }
        let cycles = cycles
            .into_iter()
            .map(
                |mut cycle| match cycle.iter().position(|&p| !links[usize::from(p)]) {
                    Some(k) => {
                        cycle.rotate_left(k);
                        (cycle, true)
                    }
                    None => (cycle, false),
                },
            )
            .collect();
        // (each suit's cards from place 12 down: `from[suit][n]` is `from[suit][n + 1]` and the
        // card at place n)
        let mut from = [[0u64; 14]; 4];
        for (suit, from) in from.iter_mut().enumerate() {
            for n in (0..13).rev() {
                let card = suit * 13 + (usize::from(e.start) + n) % 13;
                from[n] = from[n + 1] | 1 << card;
            }
        }
        Some(Room {
            place,
            up_place: std::array::from_fn(|c| e.place_up(c as u8)),
            cycles,
            links,
            size,
            from,
            merged: 0,
            class_of: [NONE; 52],
            classes: Vec::new(),
            class_cards: Vec::new(),
            masks,
            columns: rules.columns,
            takeback: rules.takeback,
            memo: Memo::default(),
            reserve: reserve && rules.pass_limit == Some(1),
            moments,
        })
    }

    /// Count the cards of each class of several in `class` (`prune::far`) as the module docs say;
    /// None where a class's cards are not all of one place (the test is then off). Classes of
    /// several are at most 26 (two cards each at least).
    pub(in crate::solver) fn with_classes(mut self, class: &[u8; 52]) -> Option<Room> {
        for c in 0..52 {
            if usize::from(class[c]) != c || !(c + 1..52).any(|d| usize::from(class[d]) == c) {
                continue;
            }
            let cards: Vec<usize> = (c..52).filter(|&d| usize::from(class[d]) == c).collect();
            if cards.iter().any(|&d| self.place[d] != self.place[c]) {
                return None;
            }
            for &d in &cards {
                self.merged |= 1 << d;
                self.class_of[d] = self.classes.len() as u8;
            }
            self.class_cards
                .push(cards.iter().fold(0u64, |m, &d| m | 1 << d));
            self.classes
                .push((cards.len() as u8, usize::from(self.place[c])));
        }
        self.memo = Memo::default();
        Some(self)
    }

    /// The check of the search's positions: `check`, but true where the last search move cannot
    /// have changed its answer (`unchanged`), and the remembered answer where a position that
    /// reads the same was checked (`Memo`).
    pub(in crate::solver) fn fits(&mut self, e: &Engine) -> bool {
        if self.unchanged(e) {
            return true;
        }
        let last = looks_at(e);
        if !last && !self.looks_at_reserve(e) {
            return true;
        }
        let columns = column_cards(e);
        let key = if last {
            Key::of(e, columns)
        } else {
            Key::of_reserve(e, columns)
        };
        if let Some(fits) = self.memo.get(&key) {
            return fits;
        }
        let fits = self.answer(e, columns, last);
        self.memo.put(key, fits);
        fits
    }

    /// Whether the held-back cards fit in the columns: in the last pass, for the waste cards
    /// that hold back more than the waste below them; elsewhere, for the reserve's cards, where
    /// the check looks at them (see the module docs). False proves the position lost.
    pub(in crate::solver) fn check(&self, e: &Engine) -> bool {
        let last = looks_at(e);
        !(last || self.looks_at_reserve(e)) || self.answer(e, column_cards(e), last)
    }

    /// `check`'s answer, `columns` the cards in the columns, `last` whether it counts the
    /// waste's moments (else the reserve's).
    fn answer(&self, e: &Engine, columns: u64, last: bool) -> bool {
        if last {
            self.count(e, columns)
        } else {
            self.reserve_moments(e, columns)
        }
    }

    /// Whether the check counts the reserve's own moments at `e`'s position: where it looks at
    /// them (`Pruning::reserve_room`), outside the waste's count, with a reserve card under
    /// another.
    fn looks_at_reserve(&self, e: &Engine) -> bool {
        self.moments
            && std::iter::once(&e.res)
                .chain(&e.more_res)
                .any(|pile| pile.len() >= 2)
    }

    /// `check`'s count, in the last pass with a waste of `SHORT` cards or more, `columns` the
    /// cards in the columns.
    fn count(&self, e: &Engine, columns: u64) -> bool {
        // The counts of the module docs, for each waste card w in turn, bottom first (`Tally`).
        let up = self.up_cards(e);
        let mut higher = e.waste.iter().fold(0u64, |m, &c| m | 1 << c);
        let mut tally = self.tally(up, columns | higher);
        let with_reserve = self.reserve && e.more_res.is_empty() && !e.res.is_empty();
        let mut below = 0u64;
        // The moments the count looks at again with the reserve: `held`, the cards in the columns
        // or above w, and the cards neither up nor in the waste at or below w.
        let mut moments = if with_reserve {
            Some([(0u64, 0u64, 0u64); 52])
        } else {
            None
        };
        let mut looked = 0;
        // The waste cards that hold back more than the waste below them, counted.
        let mut events = 0;
        let last = e.waste.len() - 1;
        for (i, &w) in e.waste.iter().enumerate() {
            higher &= !(1 << w);
            below |= 1 << w;
            let event = self.pass(&mut tally, w, columns | higher);
            events += usize::from(event);
            if event && events >= FIRST_EVENT && i < last {
                if self.too_many_runs(&tally.t, &tally.a) {
                    return false;
                }
                if let Some(moments) = &mut moments {
                    moments[looked] = (tally.held, columns | higher, !(up | below));
                    looked += 1;
                }
            }
        }
        let Some(moments) = moments.filter(|_| looked > 0) else {
            return true;
        };
        // (the topmost first: most positions it finds lost fail there)
        let segments = self.segments(e);
        (moments[..looked].iter().rev())
            .all(|&(held, waiting, avail)| self.fits_with_reserve(&segments, held, waiting, avail))
    }

    /// The reserve's own moments (see the module docs): for each card r of a reserve pile under
    /// another, at the moment r leaves it, the cards that r and the cards under it hold back,
    /// if in the columns or above r in the pile, fit as runs in the columns, with `columns` the
    /// cards in the columns. False proves the position lost.
    fn reserve_moments(&self, e: &Engine, columns: u64) -> bool {
        let up = self.up_cards(e);
        for pile in std::iter::once(&e.res).chain(&e.more_res) {
            let mut above = pile.iter().fold(0u64, |m, &c| m | 1 << c);
            let mut tally = self.tally(up, columns | above);
            for (&r, &next) in pile.iter().zip(&pile[1..]) {
                above &= !(1 << r);
                self.pass(&mut tally, r, columns | above);
                if self.plain(&tally, next) {
                    continue; // the next moment asks more (the top card's is now)
                }
                // (fewer cards to hold than columns always fit)
                let cards = tally.t.iter().map(|&n| usize::from(n)).sum::<usize>();
                if cards > self.columns && self.too_many_runs(&tally.t, &tally.a) {
                    return false;
                }
            }
        }
        true
    }

    /// Whether card `c`, the next of a pile after the moment `tally` counts, is neither held back
    /// nor of a class of several, and holds back no card more: then its moment asks more than
    /// this one (a card fewer may fill a run, and as many must lie in them), and where it passes,
    /// so does this one. The moment of a pile's top card is now, when the columns hold their cards.
    fn plain(&self, tally: &Tally, c: u8) -> bool {
        let c = usize::from(c);
        tally.held >> c & 1 == 0
            && self.class_of[c] == NONE
            && usize::from(self.up_place[c]) >= tally.first[c / 13]
    }

    /// The cards up, where none comes back from the foundations (each foundation's first n
    /// places): they fill no run.
    fn up_cards(&self, e: &Engine) -> u64 {
        if self.takeback {
            return 0;
        }
        (e.fsuit.iter().zip(&e.fcount)).fold(0u64, |m, (&suit, &n)| {
            let suit = usize::from(suit);
            m | self.from[suit][0] & !self.from[suit][usize::from(n)]
        })
    }

    /// The counts before the first moment, with `up` the cards up and `waiting` the cards that
    /// lie in the columns or leave a pile after that moment (`Tally`).
    fn tally(&self, up: u64, waiting: u64) -> Tally {
        let mut tally = Tally {
            t: [0u8; 52],
            a: self.size,
            there: [0u8; 26],
            free: [0u8; 26],
            held: 0,
            first: [13; 4],
        };
        let mut cards = up;
        while cards != 0 {
            tally.a[usize::from(self.place[cards.trailing_zeros() as usize])] -= 1;
            cards &= cards - 1;
        }
        if self.merged != 0 {
            for (k, &(size, _)) in self.classes.iter().enumerate() {
                tally.free[k] = size;
            }
            let mut cards = waiting & self.merged;
            while cards != 0 {
                tally.there[usize::from(self.class_of[cards.trailing_zeros() as usize])] += 1;
                cards &= cards - 1;
            }
        }
        tally
    }

    /// The moment card `c` of a pile (the waste, a reserve pile) leaves it, the cards under it
    /// still there: it fills no run, and no longer waits; `waiting` the cards that must then lie
    /// in the columns if held back. Whether `c` holds back cards that the pile under it does not.
    #[inline(always)]
    fn pass(&self, tally: &mut Tally, c: u8, waiting: u64) -> bool {
        let bit = 1u64 << c;
        let at = usize::from(self.place[usize::from(c)]);
        tally.a[at] -= 1;
        let k = usize::from(self.class_of[usize::from(c)]);
        if self.classes.get(k).is_some() {
            // One card fewer of its class where it may be held back.
            let before = tally.there[k].saturating_sub(tally.free[k]);
            tally.there[k] -= 1;
            tally.t[at] -= before - tally.there[k].saturating_sub(tally.free[k]);
            return false;
        }
        if tally.held & bit != 0 {
            tally.t[at] -= 1;
        }
        let (suit, place) = (
            usize::from(c / 13),
            usize::from(self.up_place[usize::from(c)]),
        );
        if place >= tally.first[suit] {
            return false;
        }
        tally.first[suit] = place;
        let new = self.from[suit][place + 1] & !tally.held;
        tally.held |= new;
        self.hold(new, waiting, &mut tally.t, &tally.there, &mut tally.free);
        true
    }

    /// Count the cards `new`, newly held back, in `t`: each of them in `waiting` (those that
    /// must then lie in the columns), and of each class of several, as many more as must be held
    /// back whichever of its cards lies where (`there` of them in `waiting`, `free` not held).
    fn hold(
        &self,
        mut new: u64,
        waiting: u64,
        t: &mut [u8; 52],
        there: &[u8; 26],
        free: &mut [u8; 26],
    ) {
        while new != 0 {
            let c = new.trailing_zeros() as usize;
            new &= new - 1;
            let k = usize::from(self.class_of[c]);
            if let Some(&(_, at)) = self.classes.get(k) {
                let before = there[k].saturating_sub(free[k]);
                free[k] -= 1;
                t[at] += there[k].saturating_sub(free[k]) - before;
            } else if waiting >> c & 1 == 1 {
                t[usize::from(self.place[c])] += 1;
            }
        }
    }

    /// Whether the fewest runs of all the cycles that cover each place p at least `t[p]` and at
    /// most `a[p]` times are more than the columns. Most often they are not: one coverage of
    /// each cycle's first place is tried first, whose runs are at least the fewest; else a
    /// bound below the fewest (the runs that must start at each place) before the count.
    #[inline(always)]
    fn too_many_runs(&self, t: &[u8; 52], a: &[u8; 52]) -> bool {
        let links = &self.links;
        let some: usize = (self.cycles.iter())
            .map(|(cycle, cut)| runs_with(cycle, *cut, links, t, a, 0, t[usize::from(cycle[0])]))
            .sum();
        if some <= self.columns {
            return false;
        }
        // (each place's cards that must lie in runs, less those the place before can go on with,
        // start runs there)
        let starts: usize = (self.cycles.iter())
            .map(|(cycle, _)| {
                let mut before = usize::from(cycle[cycle.len() - 1]);
                cycle.iter().fold(0usize, |n, &p| {
                    let p = usize::from(p);
                    let kept = if links[p] { a[before] } else { 0 };
                    before = p;
                    n + usize::from(t[p].saturating_sub(kept))
                })
            })
            .sum();
        starts > self.columns
            || (self.cycles.iter())
                .map(|(cycle, cut)| fewest_runs(cycle, *cut, links, t, a, None))
                .sum::<usize>()
                > self.columns
    }

    /// The reserve's bottom segments (of its one pile), for each j from none to the whole
    /// reserve.
    #[inline(never)]
    fn segments(&self, e: &Engine) -> Vec<Segment> {
        let mut first = [13usize; 4];
        let all = e.res.iter().fold(0u64, |m, &c| m | 1 << c);
        let mut segment = Segment {
            held: 0,
            stay: 0,
            gone: all,
            card: 0,
        };
        let mut out = Vec::with_capacity(e.res.len() + 1);
        out.push(segment);
        for &r in &e.res {
            let (suit, place) = (
                usize::from(r / 13),
                usize::from(self.up_place[usize::from(r)]),
            );
            if place < first[suit] && self.class_of[usize::from(r)] == NONE {
                first[suit] = place;
                segment.held |= self.from[suit][place + 1];
            }
            segment.stay |= 1 << r;
            segment.gone &= !(1 << r);
            segment.card = 1 << r;
            out.push(segment);
        }
        out
    }

    /// Whether, for some j, the cards held back by the waste (`held`) or by the reserve's j
    /// bottom cards that are in `waiting` (the columns and the waste above w) or above those j
    /// cards fit as runs in the columns, with `avail` the cards neither up nor in the waste at or
    /// below w, less those j cards. Where the j-th card is not one that must go to the columns
    /// (held back, and not of a class), j is harder than j − 1 (a card fewer that may fill a run,
    /// and no fewer that must lie in one) and is not tried.
    #[inline(never)]
    fn fits_with_reserve(&self, segments: &[Segment], held: u64, waiting: u64, avail: u64) -> bool {
        let places = (self.cycles.iter())
            .map(|(cycle, _)| cycle.len())
            .sum::<usize>();
        // The counts for j = 0 (no reserve card stays), then one reserve card more at a time.
        let mut forced = held & (waiting | segments[0].gone);
        let mut t = [0u8; 52];
        let mut a = [0u8; 52];
        for p in 0..places {
            t[p] = (forced & !self.merged & self.masks[p]).count_ones() as u8;
            a[p] = (avail & self.masks[p]).count_ones() as u8;
        }
        // (a class's cards: as many as must be held back whichever of them lies where)
        let mut there = [0u8; 26];
        let mut free = [0u8; 26];
        for (k, (&cards, &(_, at))) in self.class_cards.iter().zip(&self.classes).enumerate() {
            there[k] = (cards & (waiting | segments[0].gone)).count_ones() as u8;
            free[k] = (cards & !held).count_ones() as u8;
            t[at] += there[k].saturating_sub(free[k]);
        }
        for j in 0..segments.len() {
            if j > 0 {
                let (s, before) = (&segments[j], &segments[j - 1]);
                let r = s.card.trailing_zeros() as usize;
                let at = usize::from(self.place[r]);
                a[at] -= 1;
                let k = usize::from(self.class_of[r]);
                if let Some(&(_, at)) = self.classes.get(k) {
                    let was = there[k].saturating_sub(free[k]);
                    there[k] -= 1;
                    t[at] -= was - there[k].saturating_sub(free[k]);
                } else if forced & s.card != 0 {
                    t[at] -= 1;
                }
                forced = (held | s.held) & (waiting | s.gone);
                let new = s.held & !before.held & !held;
                self.hold(new, waiting | s.gone, &mut t, &there, &mut free);
                if s.card & (held | before.held | self.merged) == 0 {
                    continue;
                }
            }
            if !self.too_many_runs(&t, &a) {
                return true;
            }
        }
        false
    }

    /// Whether the last search move only moved cards between columns, or the waste's top card
    /// onto a column, with no fill: then the check would find no more than at its parent (a card
    /// moved from the waste onto a column was counted in the columns for every waste card below
    /// it), where it found nothing, or the search would not have gone on. Not checking is never
    /// wrong, only weaker. The stock turns folded into a search move come just before its move
    /// (`generator::play`), so a move after a turn is checked.
    fn unchanged(&self, e: &Engine) -> bool {
        let n = e.hist.len();
        let quiet = |r: Record| {
            let m = r.made();
            m.to_column()
                && (m.from_column() || m.src() == WASTE)
                && !r.filled()
                && !r.waste_filled()
        };
        n >= 2 && quiet(e.hist[n - 1]) && !e.hist[n - 2].made().is_stock()
    }
}

/// The fewest runs over `cycle` (its places in the order a run goes down them, from a break when
/// `cut`) that cover each place p at least `t[p]` and at most `a[p]` times: exact where it has a
/// break, else a bound (see the module docs), counted from the cycle's place `start` (0 where it
/// has a break; None: the place with the fewest coverages to try).
fn fewest_runs(
    cycle: &[u8],
    cut: bool,
    links: &[bool; 52],
    t: &[u8; 52],
    a: &[u8; 52],
    start: Option<usize>,
) -> usize {
    let start = start.unwrap_or_else(|| {
        if cut {
            return 0;
        }
        let (mut start, mut least) = (0, u8::MAX);
        for (k, &p) in cycle.iter().enumerate() {
            let p = usize::from(p);
            if a[p].saturating_sub(t[p]) < least {
                (start, least) = (k, a[p].saturating_sub(t[p]));
                if least == 0 {
                    break;
                }
            }
        }
        start
    });
    let first = usize::from(cycle[start]);
    let most = if cut { t[first] } else { a[first] };
    (t[first]..=most)
        .map(|going| runs_with(cycle, cut, links, t, a, start, going))
        .min()
        .unwrap_or(0)
}

/// The fewest runs over `cycle` as `fewest_runs` counts them, with `first` of them covering
/// the place `start` (at least as many as the fewest of any coverage there).
fn runs_with(
    cycle: &[u8],
    cut: bool,
    links: &[bool; 52],
    t: &[u8; 52],
    a: &[u8; 52],
    start: usize,
    first: u8,
) -> usize {
    let (after, before) = cycle.split_at(start + 1);
    let mut runs = 0usize;
    let mut going = first;
    for &p in before.iter().chain(&after[..start]) {
        let p = usize::from(p);
        let kept = if links[p] { going.min(a[p]) } else { 0 };
        going = t[p].max(kept);
        runs += usize::from(going - kept);
    }
    // The runs that start at the first place: all of them where it is a break, else those the
    // last place does not go on with.
    runs + usize::from(if cut {
        first
    } else {
        first.saturating_sub(going)
    })
}

/// Whether the check looks at `e`'s position: in the last pass, with a waste of `SHORT` cards
/// or more.
fn looks_at(e: &Engine) -> bool {
    e.waste.len() >= SHORT && !e.may_recycle(e.recycles)
}

/// The cards in `e`'s columns.
fn column_cards(e: &Engine) -> u64 {
    e.cols.iter().flatten().fold(0u64, |m, &c| m | 1 << c)
}

/// What the check reads of a position in the last pass: the cards in the waste and in the
/// columns, and how many cards each suit has up. The waste's order follows from its cards: cards
/// join it from the stock in the order they lie there, leave only from its top, and a recycle
/// turns it back into the stock in the same order, so the cards of the stock and the waste keep
/// one order for the whole game, and the waste's are the ones it holds, in that order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Key {
    waste: u64,
    columns: u64,
    /// Each suit's count up, four bits each, and bit 31 (a slot with no key has none).
    up: u32,
}

impl Key {
    fn of(e: &Engine, columns: u64) -> Key {
        let waste = e.waste.iter().fold(0u64, |m, &c| m | 1 << c);
        Key {
            waste,
            columns,
            up: Key::up(e, 1 << 31),
        }
    }

    /// Each suit's count up, four bits each, over the bits of `kind`.
    fn up(e: &Engine, kind: u32) -> u32 {
        (e.fsuit.iter().zip(&e.fcount)).fold(kind, |m, (&suit, &n)| m | u32::from(n) << (4 * suit))
    }

    /// What the count of the reserve's own moments reads (`Room::reserve_moments`): the cards in
    /// the columns, the count up of each suit, and how many cards each reserve pile holds (its
    /// bottom ones: nothing goes onto a pile), six bits each in place of the waste's cards; bit 30
    /// tells the two kinds of key apart.
    fn of_reserve(e: &Engine, columns: u64) -> Key {
        let piles = std::iter::once(&e.res).chain(&e.more_res);
        let waste = piles.fold(0u64, |m, pile| m << 6 | pile.len() as u64);
        Key {
            waste,
            columns,
            up: Key::up(e, 3 << 30),
        }
    }
}

/// The answers of the positions checked, by their `Key`: a table of `MEMO` slots, each holding
/// the last key that hashed to it, made at the first answer (most searches of small games never
/// count). A key fixes the cards of every pile but how the columns' cards lie among the columns
/// (those not in the waste, the columns or up lie in the stock and the reserve, which never trade
/// cards), and the count reads no more.
#[derive(Clone, Debug, Default)]
struct Memo {
    slots: Vec<(Key, bool)>,
}

/// The slots of a `Memo` (a power of two).
const MEMO: usize = 1 << 14;

impl Memo {
    fn slot(key: &Key) -> usize {
        let h = (key.waste ^ key.columns.rotate_left(29) ^ u64::from(key.up))
            .wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (h >> (64 - MEMO.trailing_zeros())) as usize
    }

    fn get(&self, key: &Key) -> Option<bool> {
        let &(held, fits) = self.slots.get(Memo::slot(key))?;
        (held == *key).then_some(fits)
    }

    fn put(&mut self, key: Key, fits: bool) {
        if self.slots.is_empty() {
            self.slots = vec![(Key::default(), false); MEMO];
        }
        self.slots[Memo::slot(&key)] = (key, fits);
    }
}

/// The fewest waste cards the check looks at: with fewer, the cards held back nearly always fit
/// (on six deals of Rainbow, Little Gate, Canfield Rush and Chameleon, 4 of the 1.6 million
/// positions the check found lost had fewer than 8 cards in the waste, none fewer than 4), and
/// most of a won deal's checks are saved.
const SHORT: usize = 8;

/// The first of the waste cards that hold back more than the waste below them that the check
/// looks at: on deals of Rainbow, Little Gate, Canfield Rush and Chameleon it found positions
/// lost only from the third on (with one or two suits held back, the columns held them). Nor does
/// it look at the waste's top card: the moment it is on top is now, and the columns hold their
/// cards.
const FIRST_EVENT: usize = 3;

/// A bottom segment of the reserve, its j bottom cards (`Room::segments`): the cards they hold
/// back (those of a suit after one of them in the foundation's order), those j cards, the cards
/// above them, and the j-th card (none for j = 0).
#[derive(Clone, Copy, Debug)]
struct Segment {
    held: u64,
    stay: u64,
    gone: u64,
    card: u64,
}

/// The counts of the module docs at a moment of a pile (the waste, a reserve pile), from its
/// bottom up (`Room::tally`, `Room::pass`): `t` and `a` for each place; of each class of
/// several, its cards in the columns or still to leave the pile (`there`) and its cards not held
/// back (`free`); the cards held back, and each suit's first place in the foundation's order
/// among the pile's cards so far.
struct Tally {
    t: [u8; 52],
    a: [u8; 52],
    there: [u8; 26],
    free: [u8; 26],
    held: u64,
    first: [usize; 4],
}

/// Not a class of several (`Room::class_of`).
const NONE: u8 = u8::MAX;

/// Whether the room check (`prune::room`) finds that the cards `e`'s waste holds back fit in the
/// columns (false proves the position lost), looking also at the reserve where `reserve` says;
/// None where it does not apply to `e`'s rules or position. For the tests, which compare it with
/// complete searches.
pub fn room_fits(e: &Engine, reserve: bool) -> Option<bool> {
    if !applies(&e.rules) {
        return None;
    }
    Room::new(e, reserve, false).map(|room| room.check(e))
}

/// Whether the count of the reserve's own moments (`prune::room`, `Pruning::reserve_room`) finds
/// that the cards the reserve holds back fit in the columns (false proves the position lost);
/// None where it does not look at `e`'s position (in the last pass with a waste the count reads,
/// or with no reserve card under another) or its rules. For the tests.
pub fn reserve_room_fits(e: &Engine) -> Option<bool> {
    if !applies(&e.rules) || looks_at(e) {
        return None;
    }
    let room = Room::new(e, false, true)?;
    room.looks_at_reserve(e)
        .then(|| room.reserve_moments(e, column_cards(e)))
}

#[cfg(test)]
mod tests {
    use super::fewest_runs;

    /// A plain LCG's next value below `n`.
    fn next(x: &mut u64, n: u64) -> u64 {
        *x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (*x >> 33) % n
    }

    /// A cycle of `n` places (place k the k-th down it) with breaks at `breaks`, turned to start
    /// at the first break: its places, whether it has a break, and the links.
    fn cycle(n: usize, breaks: &[usize]) -> (Vec<u8>, bool, [bool; 52]) {
        let links = std::array::from_fn(|p| p < n && !breaks.contains(&p));
        let mut places: Vec<u8> = (0..n as u8).collect();
        let cut = breaks.first().is_some_and(|&b| {
            places.rotate_left(b);
            true
        });
        (places, cut, links)
    }

    #[test]
    fn the_bound_is_never_more_than_the_runs_that_hold_the_cards() {
        // Random runs on a cycle of 13 places (the ranks) or 26 (rank and lane), down it from a
        // random place, of random length, stopping at a break, going round more than once where
        // there is none: over each place, the cards that must lie there are at most the runs'
        // coverage, and those that may at least; the bound, counted from any place where the
        // cycle has no break, is at most the runs, and often equal.
        let mut x = 7u64;
        let mut tight = 0;
        for case in 0..20_000 {
            let n = if case % 2 == 0 { 13 } else { 26 };
            let breaks: Vec<usize> = (0..case % 3)
                .map(|_| next(&mut x, n as u64) as usize)
                .collect();
            let (places, cut, links) = cycle(n, &breaks);
            let runs = 1 + next(&mut x, 5) as usize;
            let mut cover = [0u8; 52];
            for _ in 0..runs {
                let mut p = next(&mut x, n as u64) as usize;
                let length = 1 + next(&mut x, if cut { n as u64 } else { 2 * n as u64 + 4 });
                for k in 0..length {
                    if k > 0 {
                        p = (p + 1) % n;
                        if !links[p] {
                            break;
                        }
                    }
                    cover[p] += 1;
                }
            }
            let t: [u8; 52] = std::array::from_fn(|p| {
                cover[p].saturating_sub(next(&mut x, 2) as u8 * next(&mut x, 3) as u8)
            });
            let a: [u8; 52] = std::array::from_fn(|p| cover[p] + next(&mut x, 2) as u8);
            let starts = if cut { 0..1 } else { 0..n };
            for start in starts {
                let bound = fewest_runs(&places, cut, &links, &t, &a, Some(start));
                assert!(
                    bound <= runs,
                    "case {case}: {bound} > {runs} runs, t {t:?} a {a:?}"
                );
                tight += usize::from(bound == runs);
            }
        }
        assert!(tight > 10_000, "the bound met the runs {tight} times");
    }

    #[test]
    fn the_bound_with_a_break_is_the_fewest_runs_of_any_coverage() {
        // With a break, the bound is exact: against every coverage between t and a, each costing
        // its rises down from the break (no run goes on across a break).
        let mut x = 11u64;
        for case in 0..3_000 {
            let breaks = [next(&mut x, 13) as usize, next(&mut x, 13) as usize];
            let (places, cut, links) = cycle(13, &breaks[..1 + case % 2]);
            let t: [u8; 52] = std::array::from_fn(|_| next(&mut x, 3) as u8);
            let a: [u8; 52] = std::array::from_fn(|p| t[p] + u8::from(next(&mut x, 3) == 0));
            let free: Vec<usize> = (0..13).filter(|&p| a[p] > t[p]).collect();
            let best = (0..1u32 << free.len())
                .map(|choice| {
                    let mut c = t;
                    for (i, &p) in free.iter().enumerate() {
                        c[p] += (choice >> i & 1) as u8;
                    }
                    let mut runs = 0usize;
                    let mut before = 0u8;
                    for (k, &p) in places.iter().enumerate() {
                        let p = usize::from(p);
                        let kept = if k > 0 && links[p] { before } else { 0 };
                        runs += usize::from(c[p].saturating_sub(kept));
                        before = c[p];
                    }
                    runs
                })
                .min()
                .unwrap();
            let bound = fewest_runs(&places, cut, &links, &t, &a, Some(0));
            assert_eq!(bound, best, "case {case}: t {t:?} a {a:?}");
        }
    }
}
