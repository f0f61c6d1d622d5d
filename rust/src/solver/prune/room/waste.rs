//! The waste's moments in the last pass (docs/solver.md items 15 and 16).
//!
//! Where the stock will never be turned back over (no recycle is left), the waste only grows at
//! its top, and only its top card leaves it; so each waste card w leaves it on some move, at its
//! moment (see `room`). A card that is held back and is in a column now, or above w in the waste
//! (it has left the waste by then), is in a column at that moment: no card goes from a column to
//! the waste, the stock or the reserve, and the waste's cards leave only to the columns and the
//! foundations.
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

use super::{Room, NONE};
use crate::engine::Engine;

impl Room {
    /// `check`'s count, in the last pass with a waste of `SHORT` cards or more, `columns` the
    /// cards in the columns.
    pub(super) fn count(&self, e: &Engine, columns: u64) -> bool {
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
}

/// Whether the check looks at `e`'s position: in the last pass, with a waste of `SHORT` cards
/// or more.
pub(super) fn looks_at(e: &Engine) -> bool {
    e.waste.len() >= SHORT && !e.may_recycle(e.recycles)
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
