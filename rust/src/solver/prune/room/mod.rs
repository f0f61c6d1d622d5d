//! Room in the columns: the cards that must wait in the columns must fit there, at each waste
//! card's moment in the last pass (`waste`) and at each reserve card's moment (`reserve`).
//!
//! A pile that nothing goes onto and that only its top card leaves (the waste once no recycle is
//! left, a reserve pile) gives each of its cards a *moment*: the move it leaves the pile on, when
//! it is the pile's top card and every card under it is still there. With one deck and the usual
//! foundations (one pile per suit, each taking its suit's cards in one order), call a card *held
//! back* at the moment of a pile's card when that card, or one under it in the pile, is of the
//! same suit and comes before it in the foundation's order: it cannot be on a foundation then.
//! Which held-back cards must then be in the columns is each pile's own argument (`waste`,
//! `reserve`); the count of whether they fit is shared.
//!
//! Where the columns build down one rank a card (each card that goes on another is one rank
//! below it, ranks taken round the cycle of 13), every column whose cards are each built on
//! the one below is a *run*: one card of each rank over a stretch of the cycle, one rank to the
//! next. Building, moving a run onto a card that takes its bottom card, and filling an empty
//! column with one card keep it so. So at a moment the held-back cards in the columns lie in at
//! most as many runs as there are columns, each place of a run taken by a card that is not on a
//! foundation (unless cards come back from the foundations) and not in the pile at or below the
//! moment's card.
//!
//! A run's cards keep to a *lane*: where every card that goes on another is of the other colour,
//! a card's rank and colour (red counting one) add up to the same parity all along a run, but
//! where a king goes on an ace, which changes it; so the places of a run are the 26 pairs of a
//! rank and a parity, one cycle of them, down the ranks of one parity and on to the other's at
//! the ace. Where every card goes on a card of its own suit, the places are the 52 cards, a cycle
//! for each suit. Else a place is a rank, and the 13 ranks are the cycle.
//!
//! Call the number of cards of place p that must lie in a run `t(p)`, and of those that may,
//! `a(p)`: the runs cover place p between `t(p)` and `a(p)` times, and where the fewest runs of
//! any such coverage (`runs`) are more than the columns, the position is lost.
//!
//! The search checks a position after each move but those that cannot change the answer
//! (`Room::unchanged`), and remembers the answers by what the check reads (`Key`): positions that
//! differ only in how the columns' cards lie need one count.
//!
//! Where far cards are known by their class (`prune::far`), the test must give the same answer
//! for positions that differ by a swap of two cards of one class. There, the cards of a class of
//! several never hold others back, and of a class's cards in the columns and above the moment's
//! card, the test counts as held back only as many as must be whichever card of the class lies
//! where: those beyond the class's suits whose card of that rank no other card holds back.

mod memo;
mod reserve;
mod runs;
mod waste;

use crate::engine::Engine;
use crate::moves::{Record, WASTE};
use crate::rules::Rules;

use memo::{Key, Memo};
pub(in crate::solver) use reserve::moments_pay;
use waste::looks_at;

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
    /// the check looks at them (`waste`, `reserve`). False proves the position lost.
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

/// The cards in `e`'s columns.
fn column_cards(e: &Engine) -> u64 {
    e.cols.iter().flatten().fold(0u64, |m, &c| m | 1 << c)
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
