//! Position input and output: a position as plain data, its check against the rules, the engine
//! built from it and the position read back.

use super::Engine;
use crate::rules::{Rules, MAX_RECYCLES};
use std::sync::Arc;

/// A position as plain data: piles bottom to top, except `stock`, which is in turning order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Position {
    pub reserve: Vec<u8>,
    pub start: u8,
    pub foundations: Vec<(u8, u8)>,
    pub columns: Vec<Vec<u8>>,
    pub stock: Vec<u8>,
    pub waste: Vec<u8>,
    pub recycles: u32,
    /// For each column, the places (0 = its bottom card) of its face-down cards; empty when no
    /// column has any. A face-down card is never a column's top card.
    pub face_down: Vec<Vec<u8>>,
    /// Reserve piles 2 to N, each bottom to top, where the rules have several (`reserve` is
    /// pile 1); empty with one pile.
    pub more_reserves: Vec<Vec<u8>>,
    /// The foundations' base is still to be chosen (`Rules::choose_base`): every foundation and
    /// the waste are empty, and `start` is 0 until the first foundation card sets it.
    pub base_open: bool,
    /// With a foundation layout of the rules' own (`Rules::piles`): each pile's cards, bottom to
    /// top, and `foundations` empty; empty with the usual layout.
    pub piles: Vec<Vec<u8>>,
}

/// The most places from a column's bottom that can hold a face-down card (one bit each).
pub const MAX_FACE_DOWN: usize = 64;

impl Position {
    /// Check that the position fits `rules`: its shape, and every card once per deck.
    pub fn check(&self, rules: &Rules) -> Result<(), String> {
        if self.columns.len() != rules.columns {
            return Err(format!(
                "{} columns, the rules have {}",
                self.columns.len(),
                rules.columns
            ));
        }
        if let Some(layout) = &rules.piles {
            self.check_piles(rules, layout.len())?;
        } else if !self.piles.is_empty() {
            return Err(
                "foundation piles given, but these rules have the usual foundations".into(),
            );
        } else if self.foundations.len() != 4 * rules.decks {
            return Err(format!(
                "{} foundations, the rules have {}",
                self.foundations.len(),
                4 * rules.decks
            ));
        }
        if self.start > 12 {
            return Err(format!("foundation start rank {} is not 0..12", self.start));
        }
        let mut suits = [0usize; 4];
        for &(s, n) in &self.foundations {
            if s > 3 || n > 13 {
                return Err(format!(
                    "foundation ({s}, {n}): suit must be 0..3 and count 0..13"
                ));
            }
            suits[s as usize] += 1;
        }
        if rules.piles.is_none() && suits.iter().any(|&k| k != rules.decks) {
            return Err("foundations must hold each suit once per deck".into());
        }
        if self.base_open {
            if !rules.choose_base {
                return Err(
                    "the base is still to be chosen, but these rules deal it (choose_base is off)"
                        .into(),
                );
            }
            if self.start != 0
                || self.foundations.iter().any(|&(_, n)| n > 0)
                || !self.waste.is_empty()
            {
                return Err("the base is still to be chosen, so every foundation and the waste are empty (and the start rank is A)".into());
            }
        }
        if !self.face_down.is_empty() {
            if !rules.face_down {
                return Err(
                    "a column card is face down, but these rules deal every column card face up"
                        .into(),
                );
            }
            if self.face_down.len() != self.columns.len() {
                return Err(format!(
                    "face-down places for {} columns, the rules have {}",
                    self.face_down.len(),
                    rules.columns
                ));
            }
            for (i, (col, down)) in self.columns.iter().zip(&self.face_down).enumerate() {
                if let Some(&p) = down
                    .iter()
                    .find(|&&p| usize::from(p) + 1 >= col.len() || usize::from(p) >= MAX_FACE_DOWN)
                {
                    return Err(format!(
                        "column {}: face-down place {p} is not below its top card (a top card is always face up)",
                        i + 1
                    ));
                }
            }
        }
        if let Some(i) = self
            .columns
            .iter()
            .position(|c| c.len() > rules.column_limit)
        {
            return Err(format!(
                "column {} holds {} cards, these rules at most {}",
                i + 1,
                self.columns[i].len(),
                rules.column_limit
            ));
        }
        if self.more_reserves.len() + 1 != rules.reserve_piles {
            return Err(format!(
                "{} reserve piles, the rules have {}",
                self.more_reserves.len() + 1,
                rules.reserve_piles
            ));
        }
        let mut counts = [0usize; 52];
        let piles = [&self.reserve, &self.stock, &self.waste];
        for &c in piles
            .into_iter()
            .flatten()
            .chain(self.columns.iter().flatten())
            .chain(self.more_reserves.iter().flatten())
            .chain(self.piles.iter().flatten())
        {
            if c >= 52 {
                return Err(format!("{c} is not a card (0..51)"));
            }
            counts[c as usize] += 1;
        }
        for &(s, n) in &self.foundations {
            for k in 0..n {
                counts[s as usize * 13 + (self.start + k) as usize % 13] += 1;
            }
        }
        if let Some(c) = counts.iter().position(|&k| k != rules.decks) {
            return Err(format!(
                "card {c} ({}) appears {} times; every card must appear once per deck ({})",
                card_name(c as u8),
                counts[c],
                rules.decks
            ));
        }
        if self.recycles > MAX_RECYCLES {
            return Err(format!(
                "{} recycles: a position has at most {MAX_RECYCLES}",
                self.recycles
            ));
        }
        if let Some(limit) = rules.pass_limit {
            if self.recycles >= limit {
                return Err(format!(
                    "{} recycles, but the rules allow {} passes",
                    self.recycles, limit
                ));
            }
        }
        Ok(())
    }

    /// Check the piles of a foundation layout of `n` piles: no usual foundations, and each pile a
    /// sequence its rule builds (a set pile: sets of four of a kind), opened when it has cards
    /// (without take-back).
    fn check_piles(&self, rules: &Rules, n: usize) -> Result<(), String> {
        if !self.foundations.is_empty() {
            return Err("these rules have a foundation layout: the piles hold the cards, not (suit, count) foundations".into());
        }
        if self.piles.len() != n {
            return Err(format!(
                "{} foundation piles, the rules have {n}",
                self.piles.len()
            ));
        }
        let layout = rules.piles.as_ref().expect("a layout");
        for (f, (p, cards)) in layout.iter().zip(&self.piles).enumerate() {
            if cards.iter().any(|&c| c >= 52) {
                return Err(format!("foundation pile {}: a card is not 0..51", f + 1));
            }
            if p.set {
                let sets = cards
                    .chunks(4)
                    .all(|s| s.len() == 4 && s.iter().all(|&c| c % 13 == s[0] % 13));
                if !sets || cards.len() > 52 {
                    return Err(format!(
                        "foundation pile {}: a set pile holds sets of four cards of one rank",
                        f + 1
                    ));
                }
            } else {
                for k in 0..cards.len() {
                    let ok = p.suit.is_none_or(|s| cards[k] / 13 == s)
                        && rules.pile_next(p, &cards[..k], self.start) == Some(cards[k] % 13);
                    if !ok {
                        return Err(format!(
                            "foundation pile {}: card {} ({}) does not build on it",
                            f + 1,
                            k + 1,
                            card_name(cards[k])
                        ));
                    }
                }
            }
            // Without take-back a pile that opened stays complete (with it, its top card may
            // come back after the pile opened after it took cards).
            if let Some(a) = p.after.filter(|_| !rules.takeback) {
                let a = usize::from(a);
                if !cards.is_empty() && !rules.pile_complete(a, &self.piles[a], self.start) {
                    return Err(format!(
                        "foundation pile {} has cards, but it opens only once pile {} is complete",
                        f + 1,
                        a + 1
                    ));
                }
            }
        }
        Ok(())
    }
}

/// The two-letter text of card `c` (0..51), as `canfield.cards.card_name` writes it: `7H`.
fn card_name(c: u8) -> String {
    let (rank, suit) = (usize::from(c % 13), usize::from(c / 13));
    format!("{}{}", &"A23456789TJQK"[rank..=rank], &"SHDC"[suit..=suit])
}

impl Engine {
    /// An engine at `pos`, which must pass `Position::check`.
    pub fn new(rules: Arc<Rules>, pos: &Position) -> Result<Engine, String> {
        pos.check(&rules)?;
        let rules = rules.for_base(pos.start);
        let nf = pos.foundations.len();
        let mut e = Engine {
            res: pos.reserve.clone(),
            more_res: pos.more_reserves.clone(),
            cols: pos.columns.clone(),
            down: (0..pos.columns.len())
                .map(|i| {
                    pos.face_down
                        .get(i)
                        .map_or(0, |d| d.iter().fold(0u64, |m, &p| m | 1 << p))
                })
                .collect(),
            stock: pos.stock.iter().rev().copied().collect(),
            waste: pos.waste.clone(),
            fsuit: pos.foundations.iter().map(|&(s, _)| s).collect(),
            fp: pos.piles.clone(),
            layout: rules.piles.is_some(),
            takers: [0; 52],
            set_open: 0,
            fcount: pos.foundations.iter().map(|&(_, n)| n).collect(),
            start: pos.start,
            recycles: pos.recycles,
            fnext: vec![0; nf],
            wants: [-1; 52],
            one_deck: rules.decks == 1,
            fof: [0; 4],
            loc: [-1; 52],
            hist: Vec::with_capacity(256),
            redeals: rules.pass_limit.map_or(-1, |p| i64::from(p) - 1),
            total: 52 * rules.decks,
            colh: vec![0; rules.columns],
            colm: vec![0; rules.columns],
            colsum: 0,
            pile_h: 0,
            hcard: std::array::from_fn(|c| c as u8),
            linked: rules.decks == 1,
            pclass: Vec::new(),
            ph: Vec::new(),
            psum: 0,
            base_open: pos.base_open,
            rules,
        };
        for f in 0..nf {
            e.set_next(f);
        }
        for suit in 0..4 {
            e.rewant(suit);
        }
        if e.layout {
            e.retake();
        }
        if e.one_deck {
            for (f, &s) in e.fsuit.iter().enumerate() {
                e.fof[s as usize] = f as u8;
            }
            for (i, col) in e.cols.iter().enumerate() {
                for &c in col {
                    e.loc[c as usize] = i as i8;
                }
            }
        }
        if e.base_open {
            e.wants = [-1; 52];
        }
        e.rehash();
        Ok(e)
    }

    /// The position as plain data.
    pub fn position(&self) -> Position {
        Position {
            reserve: self.res.clone(),
            more_reserves: self.more_res.clone(),
            piles: self.fp.clone(),
            start: self.start,
            foundations: self
                .fsuit
                .iter()
                .copied()
                .zip(self.fcount.iter().copied())
                .collect(),
            columns: self.cols.clone(),
            stock: self.stock.iter().rev().copied().collect(),
            waste: self.waste.clone(),
            recycles: self.recycles,
            base_open: self.base_open,
            face_down: if self.down.iter().all(|&d| d == 0) {
                Vec::new()
            } else {
                self.down
                    .iter()
                    .map(|&d| (0..64u8).filter(|&p| d >> p & 1 != 0).collect())
                    .collect()
            },
        }
    }
}
