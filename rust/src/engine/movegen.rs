//! Move generation: every legal move of a position, each once, in the reference engine's order.

use super::Engine;
use crate::moves::{
    col, col_index, fpile, reserve, reserve_index, Move, FSUIT, MAX_COLUMNS, MAX_RESERVES, WASTE,
};
use crate::rules::{MODE_ANY, MODE_SINGLE, MODE_WHOLE};

impl Engine {
    /// Every legal move, each once, into `out`: to the foundations, onto columns, the stock last.
    pub fn moves(&self, out: &mut Vec<Move>) {
        self.moves_with(out, &mut Vec::new());
    }

    /// `moves`, with `sources` as room for the cards that may move to a column: a caller that
    /// generates moves millions of times keeps one, rather than a list allocated at each call.
    pub fn moves_with(&self, out: &mut Vec<Move>, sources: &mut Vec<(u8, Move)>) {
        out.clear();
        if self.base_open {
            self.base_moves(out);
            return;
        }
        let r = &*self.rules;
        let n = r.columns;
        let mut tops = [-1i16; MAX_COLUMNS as usize];
        for (i, col) in self.cols.iter().enumerate() {
            if let Some(&c) = col.last() {
                tops[i] = i16::from(c);
            }
        }
        let wtop = self.waste.last().map_or(-1, |&c| i16::from(c));
        if wtop >= 0 && self.wants[wtop as usize] >= 0 {
            self.up(WASTE, wtop as u8, out);
        }
        // Each reserve pile's top card that may go to a column (-1: none).
        let piles = self.reserve_piles();
        let mut rtops = [-1i16; MAX_RESERVES as usize];
        for (k, rtop) in rtops[..piles].iter_mut().enumerate() {
            let pile = self.pile(k);
            if let Some(&c) = pile.last() {
                if self.wants[c as usize] >= 0 && r.reserve_to_foundation(pile.len()) {
                    self.up(reserve(k), c, out);
                }
                if r.reserve_to_column(pile.len()) {
                    *rtop = i16::from(c);
                }
            }
        }
        let rtops = &rtops[..piles];
        for (i, &t) in tops[..n].iter().enumerate() {
            if t >= 0 && self.wants[t as usize] >= 0 {
                self.up(col(i), t as u8, out);
            }
            if self.layout && t >= 0 {
                self.set_ups(i, out);
            }
        }
        if self.layout && r.takeback {
            // A pile's top card to another pile that takes it.
            for f in 0..self.fp.len() {
                if self.gives_back(f) {
                    let c = self.fp[f][self.fp[f].len() - 1];
                    if self.wants[c as usize] >= 0 {
                        self.ups(fpile(f), c, out);
                    }
                }
            }
        }
        if self.one_deck {
            // Each card is unique: look up where the cards that build on a top are.
            for (j, &t) in tops[..n].iter().enumerate() {
                let room = r.column_limit.saturating_sub(self.cols[j].len());
                if t < 0 || room == 0 {
                    continue;
                }
                let dst = col(j);
                let mut kids = r.children[t as usize];
                while kids != 0 {
                    let c = kids.trailing_zeros() as i16;
                    kids &= kids - 1;
                    let i = self.loc[c as usize];
                    if i >= 0 {
                        let i = i as usize;
                        if i == j {
                            continue;
                        }
                        let column = &self.cols[i];
                        let size = column.len();
                        let p = column
                            .iter()
                            .position(|&x| i16::from(x) == c)
                            .expect("card in its column");
                        if r.mode == MODE_SINGLE {
                            if p != size - 1 {
                                continue;
                            }
                        } else if r.mode != MODE_ANY
                            && p != 0
                            && (r.mode == MODE_WHOLE || p != size - 1)
                        {
                            continue;
                        }
                        if p < self.face_up_from(i) || size - p > room {
                            continue; // a face-down card at or above c, or no room in column j
                        }
                        let mut q = p + 1;
                        while q < size && r.builds(column[q], column[q - 1]) {
                            q += 1;
                        }
                        if q == size {
                            out.push(Move::new(col(i), dst, (size - p) as u32));
                        }
                    } else if c == wtop {
                        out.push(Move::new(WASTE, dst, 1));
                    } else if let Some(k) = rtops.iter().position(|&rt| rt == c) {
                        out.push(Move::new(reserve(k), dst, 1));
                    } else if self.layout {
                        if let Some(f) = self.pile_with_top(c as u8).filter(|_| r.takeback) {
                            out.push(Move::new(fpile(f), dst, 1));
                        }
                    } else if r.takeback {
                        let s = (c / 13) as usize;
                        let nf = self.fcount[self.fof[s] as usize];
                        if nf > 0 && (self.start + nf - 1) % 13 == (c % 13) as u8 {
                            out.push(Move::new(FSUIT + s as u32, dst, 1));
                        }
                    }
                }
            }
        } else {
            self.sources(sources);
            for (j, &t) in tops[..n].iter().enumerate() {
                if t >= 0 {
                    let dst = col(j);
                    let room = r.column_limit.saturating_sub(self.cols[j].len());
                    for &(c, code) in sources.iter() {
                        if code.src() != dst && r.builds(c, t as u8) && code.count() <= room {
                            out.push(code.onto(dst));
                        }
                    }
                }
            }
        }
        if tops[..n].contains(&-1) && (!r.auto_fill || self.reserve_empty()) {
            if self.one_deck {
                self.sources(sources);
            }
            let base_only = self.base_only();
            for (j, &t) in tops[..n].iter().enumerate() {
                if t < 0 {
                    let dst = col(j);
                    for &(c, code) in sources.iter() {
                        if r.empty_ok(c)
                            && (!r.fill_by_choice || self.fills_by_choice(code))
                            && (!r.fill_waste_only || code.src() == WASTE)
                            && (!base_only || c % 13 == self.start)
                            && (!code.from_column()
                                || code.count() != self.cols[col_index(code.src())].len())
                            && code.count() <= r.column_limit
                        {
                            out.push(code.onto(dst));
                        }
                    }
                }
            }
        }
        if !self.stock.is_empty() || (!self.waste.is_empty() && self.may_recycle(self.recycles)) {
            out.push(Move::STOCK);
        }
    }

    /// The legal moves while the base is still to be chosen (`Rules::choose_base`): only reserve
    /// top cards move, each pile's to its foundation (which sets the base), then onto each column
    /// in turn, a column that builds on it or an empty one that takes it. The stock stays shut
    /// and column cards stay put.
    fn base_moves(&self, out: &mut Vec<Move>) {
        let r = &*self.rules;
        let piles = self.reserve_piles();
        let mut tops = [(0usize, 0u8); MAX_RESERVES as usize];
        let mut n = 0;
        for k in 0..piles {
            let pile = self.pile(k);
            if let Some(&c) = pile.last() {
                if r.reserve_to_foundation(pile.len()) {
                    out.push(Move::up(reserve(k)));
                }
                if r.reserve_to_column(pile.len()) {
                    tops[n] = (k, c);
                    n += 1;
                }
            }
        }
        let may_fill = !r.auto_fill || self.reserve_empty();
        for (j, column) in self.cols.iter().enumerate() {
            if column.len() >= r.column_limit {
                continue;
            }
            for &(k, c) in &tops[..n] {
                let fits = match column.last() {
                    Some(&t) => r.builds(c, t),
                    None => may_fill && !r.fill_waste_only && r.empty_ok(c),
                };
                if fits {
                    out.push(Move::new(reserve(k), col(j), 1));
                }
            }
        }
    }

    /// With `Rules::base_until_first`: whether an empty column takes only a card of the base rank
    /// now, the foundation dealt the base card being incomplete.
    pub fn base_only(&self) -> bool {
        if !self.rules.base_until_first {
            return false;
        }
        if self.layout {
            let f = self.first_pile();
            !self.rules.pile_complete(f, &self.fp[f], self.start)
        } else {
            self.fcount[0] < 13
        }
    }

    /// With `Rules::fill_by_choice`: whether `code`'s card may go on an empty column, being a reserve
    /// pile's top card, or the waste's once every pile is empty.
    fn fills_by_choice(&self, code: Move) -> bool {
        reserve_index(code.src()).is_some() || (code.src() == WASTE && self.reserve_empty())
    }

    /// The moves of `c`, which a foundation takes, from `src` up: the one move to `FOUNDATION`,
    /// or with a foundation layout, the moves to the piles that take it (see `layout`).
    #[inline]
    fn up(&self, src: u32, c: u8, out: &mut Vec<Move>) {
        if self.layout {
            self.ups(src, c, out);
        } else {
            out.push(Move::up(src));
        }
    }

    /// Every card that may move to a column, with its move's source and count (no target yet).
    fn sources(&self, out: &mut Vec<(u8, Move)>) {
        out.clear();
        let r = &*self.rules;
        if let Some(&c) = self.waste.last() {
            out.push((c, Move::from_place(WASTE, 1)));
        }
        for k in 0..self.reserve_piles() {
            let pile = self.pile(k);
            if let Some(&c) = pile.last() {
                if r.reserve_to_column(pile.len()) {
                    out.push((c, Move::from_place(reserve(k), 1)));
                }
            }
        }
        for (i, column) in self.cols.iter().enumerate() {
            let size = column.len();
            if size == 0 {
                continue;
            }
            let src = col(i);
            if r.mode == MODE_SINGLE {
                out.push((column[size - 1], Move::from_place(src, 1)));
                continue;
            }
            let low = self.face_up_from(i); // the cards from here up are face up
            let mut k = 1;
            while k < size - low && r.builds(column[size - k], column[size - k - 1]) {
                k += 1;
            }
            if r.mode == MODE_ANY {
                for m in 1..=k {
                    out.push((column[size - m], Move::from_place(src, m)));
                }
            } else {
                if r.mode != MODE_WHOLE {
                    out.push((column[size - 1], Move::from_place(src, 1)));
                }
                if k == size && (size > 1 || r.mode == MODE_WHOLE) {
                    out.push((column[0], Move::from_place(src, size)));
                }
            }
        }
        if r.takeback && self.layout {
            for f in 0..self.fp.len() {
                if self.gives_back(f) {
                    out.push((
                        self.fp[f][self.fp[f].len() - 1],
                        Move::from_place(fpile(f), 1),
                    ));
                }
            }
        } else if r.takeback {
            let mut seen = 0u8;
            for (&s, &n) in self.fsuit.iter().zip(&self.fcount) {
                if n > 0 && seen & (1 << s) == 0 {
                    seen |= 1 << s;
                    out.push((
                        s * 13 + (self.start + n - 1) % 13,
                        Move::from_place(FSUIT + u32::from(s), 1),
                    ));
                }
            }
        }
    }

    /// The moves the waste's top card would have if it were `w` (the rest of the position as it
    /// is), into `out` (cleared): what `moves` lists with the waste as source.
    pub fn waste_moves(&self, w: u8, out: &mut Vec<Move>) {
        out.clear();
        let r = &*self.rules;
        if self.wants[w as usize] >= 0 {
            self.up(WASTE, w, out);
        }
        let fill_blocked = (r.auto_fill || r.fill_by_choice) && !self.reserve_empty();
        let base_only = self.base_only();
        for (j, column) in self.cols.iter().enumerate() {
            match column.last() {
                Some(&t) if r.builds(w, t) && column.len() < r.column_limit => {
                    out.push(Move::new(WASTE, col(j), 1))
                }
                None if !fill_blocked && r.empty_ok(w) && (!base_only || w % 13 == self.start) => {
                    out.push(Move::new(WASTE, col(j), 1))
                }
                _ => {}
            }
        }
    }
}
