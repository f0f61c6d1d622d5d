//! A reserve that plays only to the foundations must go up in an order the foundations can take.
//!
//! Where the reserve's top card goes nowhere but up (`reserve_play="foundations"`, The Plot: no
//! column takes it, no emptied column fills from the reserve) and no card comes back from a
//! foundation, each reserve pile goes up card by card, top card first, and a foundation pile only
//! grows, one rank a card in its own order. Call a card's *step* on a pile its place in the pile's
//! order of ranks (on The Plot's piles, which start at the base rank, a card of the base rank is
//! step 0, the next rank step 1, and so on). The cards of one reserve pile that go on one
//! foundation pile go up in the reserve's order, so their steps rise along the reserve, and each is
//! above the pile's top step now. So the reserve pile's cards must split into rising runs, one for
//! each foundation pile that takes them, each starting above that pile's top. When they cannot,
//! the reserve can never be emptied, nor the game won: the position is lost.
//!
//! Piles with the same rule (suit, first rank, direction, wrap) form a group; where each card of the
//! reserve goes to piles of one group only (one suit's foundations, or The Plot's eight piles of
//! any suit), the groups are checked apart. Within a group the split is decided by placing each
//! card, in the reserve's order, on the pile whose top step is the highest one below the card's.
//! That choice never loses a split that exists: placed on another pile p whose top is lower, the
//! tops are the card's step and p's old one, against the card's step and the chosen pile's old
//! one, each no lower; a lower top takes every card a higher one takes. Where a group's piles but
//! one open only once that one is complete (The Plot: seven piles after the first), the cards that
//! go on the first pile come before all the others in the reserve's order, since the others take
//! cards only once it takes no more: so some first part of the reserve's cards of that group
//! rises on it, and the rest splits over the others, each of them empty. Each such first part is
//! tried. Other orders of opening are not looked at (treating a closed pile as open only allows
//! more), and where a card goes to piles of two groups, nothing is proved.
//!
//! Cards of other piles, the stock, the waste and the columns go up between the reserve's, but
//! that only fills steps; it never lets a pile take a card below its top. So a position this
//! finds lost is lost, and the search treats it as a dead end (`Generator::moves` checks each
//! position whose last move put a card up: no other move changes the reserve or a foundation).
//! Of the 15 deals of The Plot's 1,000-deal survey that were unknown after 150 million positions,
//! it proves 11 lost at their first position, and the search wins the other 4 within 360,000
//! positions, the lines that put the reserve's cards on the wrong piles cut short; of the 985 won
//! deals, none is found lost.

use crate::engine::Engine;
use crate::rules::{PileRule, Rules, RESERVE_FOUNDATIONS};

/// What a pile's order of cards depends on: the suit it takes (None: any), its first rank,
/// whether it builds down, and whether it wraps.
type Kind = (Option<u8>, u8, bool, bool);

/// Not a step: the card does not go on the group's piles.
const NO: u8 = u8::MAX;

/// Whether the argument holds: the reserve's cards go only to the foundations (no column takes
/// them, by a move or a fill), no card comes back from a foundation, and the base rank is known.
pub(in crate::solver) fn applies(rules: &Rules) -> bool {
    rules.reserve_play == RESERVE_FOUNDATIONS
        && !rules.takeback
        && !rules.auto_fill
        && !rules.fill_by_choice
        && !rules.choose_base
}

/// The foundation piles' groups and each card's steps on them, worked out once for a search.
#[derive(Clone, Debug)]
pub(in crate::solver) struct ReserveOrder {
    /// Each foundation pile's group (the usual foundations' index, or the layout's), or `NO` for
    /// a pile no reserve card goes on (a set pile).
    group: Vec<u8>,
    /// Each group's steps: `steps[g][card]`, or `NO`.
    steps: Vec<[u8; 52]>,
    /// The one group each card goes to: `NO` for none, `MANY` for several.
    card_group: [u8; 52],
    /// The pile of each group that the group's other piles open after, if they all do.
    lead: Vec<Option<usize>>,
}

/// A card that goes to piles of several groups.
const MANY: u8 = u8::MAX - 1;

impl ReserveOrder {
    /// The groups of `e`'s foundations under its rules.
    pub(in crate::solver) fn new(e: &Engine) -> ReserveOrder {
        let rules = &e.rules;
        // Each pile's kind; None for a set pile.
        let piles: Vec<Option<Kind>> = match &rules.piles {
            Some(layout) => layout
                .iter()
                .map(|p| (!p.set).then(|| (p.suit, p.start.unwrap_or(e.start), p.down, p.wraps)))
                .collect(),
            None => e
                .fsuit
                .iter()
                .map(|&s| Some((Some(s), e.start, false, true)))
                .collect(),
        };
        let mut kinds: Vec<Kind> = Vec::new();
        let group: Vec<u8> = piles
            .iter()
            .map(|p| match p {
                None => NO,
                Some(kind) => {
                    let g = kinds.iter().position(|k| k == kind).unwrap_or_else(|| {
                        kinds.push(*kind);
                        kinds.len() - 1
                    });
                    g as u8
                }
            })
            .collect();
        let steps: Vec<[u8; 52]> = kinds.iter().map(|&k| steps_of(k)).collect();
        let mut card_group = [NO; 52];
        for (c, slot) in card_group.iter_mut().enumerate() {
            for (g, s) in steps.iter().enumerate() {
                if s[c] != NO {
                    *slot = if *slot == NO { g as u8 } else { MANY };
                }
            }
        }
        let lead = (0..kinds.len())
            .map(|g| lead_of(rules.piles.as_deref(), &group, g as u8))
            .collect();
        ReserveOrder {
            group,
            steps,
            card_group,
            lead,
        }
    }

    /// Whether each reserve pile of `e` can still go up in its order (see the module docs): false
    /// proves the position lost.
    pub(in crate::solver) fn feasible(&self, e: &Engine) -> bool {
        (0..e.reserve_piles()).all(|k| self.pile_feasible(e, e.pile(k)))
    }

    /// Whether the reserve pile `pile` (bottom to top) can go up in its order.
    fn pile_feasible(&self, e: &Engine, pile: &[u8]) -> bool {
        if pile.is_empty() {
            return true;
        }
        let mut seq = [0u8; 64];
        for g in 0..self.steps.len() {
            // The steps of the pile's cards that go to group g, top card first.
            let mut n = 0;
            for &c in pile.iter().rev() {
                let c = usize::from(c % 52);
                match self.card_group[c] {
                    NO => return false,  // a card that never goes up
                    MANY => return true, // not proved where a card has a choice of groups
                    h if usize::from(h) == g && n < seq.len() => {
                        seq[n] = self.steps[g][c];
                        n += 1;
                    }
                    _ => {}
                }
            }
            if n > 0 && !self.group_feasible(e, g, &seq[..n]) {
                return false;
            }
        }
        true
    }

    /// Whether the steps `seq` (in the reserve's order) split over group `g`'s piles.
    fn group_feasible(&self, e: &Engine, g: usize, seq: &[u8]) -> bool {
        // Each pile's top step, -1 when empty (as i16: a step is at most 12).
        let mut tops = [0i16; 16];
        let mut lead = None;
        let mut n = 0;
        for (f, &h) in self.group.iter().enumerate() {
            if usize::from(h) == g && n < tops.len() {
                tops[n] = top_step(e, f);
                if self.lead[g] == Some(f) && !pile_full(&self.steps[g], tops[n]) {
                    lead = Some(n);
                }
                n += 1;
            }
        }
        split(&tops[..n], lead, seq)
    }
}

/// Whether `seq` splits into rising runs over piles whose top steps are `tops`, each run above its
/// pile's top; with `lead`, that pile's run comes before every other pile's in `seq` (the others
/// open once it is complete). See the module docs.
fn split(tops: &[i16], lead: Option<usize>, seq: &[u8]) -> bool {
    let Some(i) = lead else {
        let mut tops = tops.to_vec();
        return splits(&mut tops, seq);
    };
    let others: Vec<i16> = (0..tops.len())
        .filter(|&j| j != i)
        .map(|j| tops[j])
        .collect();
    let mut top = tops[i];
    for first in 0..=seq.len() {
        if first > 0 {
            let s = i16::from(seq[first - 1]);
            if s <= top {
                return false; // a longer first part does not rise on the lead pile either
            }
            top = s;
        }
        if splits(&mut others.clone(), &seq[first..]) {
            return true;
        }
    }
    false
}

/// Whether `seq` splits into rising runs over piles whose top steps are `tops`: each step, in
/// order, on the pile with the highest top below it (see the module docs).
fn splits(tops: &mut [i16], seq: &[u8]) -> bool {
    for &s in seq {
        let s = i16::from(s);
        let best = (0..tops.len())
            .filter(|&j| tops[j] < s)
            .max_by_key(|&j| tops[j]);
        match best {
            Some(j) => tops[j] = s,
            None => return false,
        }
    }
    true
}

/// Each card's step on a pile of rule `(suit, first rank, down, wraps)`, or `NO`.
fn steps_of((suit, first, down, wraps): Kind) -> [u8; 52] {
    let mut steps = [NO; 52];
    for (c, step) in steps.iter_mut().enumerate() {
        let (s, r) = ((c / 13) as u8, (c % 13) as u8);
        if suit.is_some_and(|x| x != s) {
            continue;
        }
        let d = if down {
            (first + 13 - r) % 13
        } else {
            (r + 13 - first) % 13
        };
        let past = if down { r > first } else { r < first };
        if wraps || !past {
            *step = d;
        }
    }
    steps
}

/// The top step of foundation pile `f` of `e`: its cards less one (-1 when empty); a pile's
/// cards are its steps from 0.
fn top_step(e: &Engine, f: usize) -> i16 {
    let n = if e.fp.is_empty() {
        e.fcount[f] as usize
    } else {
        e.fp[f].len()
    };
    n as i16 - 1
}

/// Whether a pile whose cards have `steps`, at top step `top`, takes no more: no card has a
/// higher step on it.
fn pile_full(steps: &[u8; 52], top: i16) -> bool {
    steps.iter().all(|&s| s == NO || i16::from(s) <= top)
}

/// The pile of group `g` that every other pile of the group opens after, where the layout says
/// so and that pile opens after none; None otherwise (then no order of opening is assumed).
fn lead_of(layout: Option<&[PileRule]>, group: &[u8], g: u8) -> Option<usize> {
    let layout = layout?;
    let members: Vec<usize> = (0..group.len()).filter(|&f| group[f] == g).collect();
    let lead = members
        .iter()
        .copied()
        .find(|&f| layout[f].after.is_none())?;
    let others_after_lead = members
        .iter()
        .all(|&f| f == lead || layout[f].after == Some(lead as u8));
    (members.len() > 1 && others_after_lead).then_some(lead)
}

#[cfg(test)]
mod tests {
    use super::{split, steps_of, NO};

    /// Whether `seq` splits as `split` says, by trying every pile for every card.
    fn split_by_brute_force(tops: &[i16], lead: Option<usize>, seq: &[u8]) -> bool {
        let n = tops.len();
        let ways = n.pow(seq.len() as u32);
        (0..ways).any(|mut w| {
            let mut at = tops.to_vec();
            let mut others_begun = false;
            seq.iter().all(|&s| {
                let p = w % n;
                w /= n;
                let ok = i16::from(s) > at[p] && !(lead == Some(p) && others_begun);
                others_begun |= lead.is_some_and(|i| i != p);
                at[p] = i16::from(s);
                ok
            })
        })
    }

    #[test]
    fn the_split_is_found_whenever_one_exists() {
        // Every sequence of up to 6 steps below 5, over 1 to 3 piles with tops from -1 to 2,
        // with and without a lead pile: the greedy split and the first parts agree with trying
        // every assignment.
        let mut checked = [0usize; 2];
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let n = 1 + (x % 3) as usize;
            let len = (x >> 8) as usize % 7;
            let tops: Vec<i16> = (0..n)
                .map(|k| ((x >> (16 + 2 * k)) % 4) as i16 - 1)
                .collect();
            let seq: Vec<u8> = (0..len).map(|k| ((x >> (24 + 3 * k)) % 5) as u8).collect();
            let lead = ((x >> 50) % 2 == 1 && n > 1).then_some(0);
            let fast = split(&tops, lead, &seq);
            assert_eq!(
                fast,
                split_by_brute_force(&tops, lead, &seq),
                "tops {tops:?} lead {lead:?} seq {seq:?}"
            );
            checked[usize::from(fast)] += 1;
        }
        assert!(checked.iter().all(|&k| k > 1000), "{checked:?}");
    }

    #[test]
    fn steps_follow_the_piles_order_of_ranks() {
        // Hearts (suit 1) from the 10 up, wrapping: the 10 is step 0, the king 3, the ace 4, the
        // 9 twelve; no spade goes on it.
        let hearts = steps_of((Some(1), 9, false, true));
        assert_eq!(
            (hearts[13 + 9], hearts[13 + 12], hearts[13], hearts[13 + 8]),
            (0, 3, 4, 12)
        );
        assert_eq!(hearts[9], NO);
        // Any suit from the king down, without wrapping: every king is step 0, every ace 12.
        let down = steps_of((None, 12, true, false));
        assert!((0..4).all(|s| down[s * 13 + 12] == 0 && down[s * 13] == 12));
        // Any suit from the 5 up without wrapping: the ranks below the 5 never go on it.
        let up = steps_of((None, 4, false, false));
        assert_eq!((up[4], up[12], up[3]), (0, 8, NO));
    }
}
