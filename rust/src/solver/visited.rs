//! The visited set: 128-bit fingerprints in `SEGMENTS` tables, each open addressing with linear
//! probing, each grown on its own up to a bound that holds at the peak. A search looks up all of a
//! position's children at once, their slots fetched side by side (`prefetch`); the tables ask for
//! huge pages.
//!
//! The bound is on the memory the set takes at any moment, growth included: a table grows into a
//! new one while the old one is still there, so it may grow only while every table plus the new
//! one fit. Split in many tables, a growth needs room for one table's new copy, not the whole
//! set's: each table grows up to an equal share of the bound, which leaves room for the last copy,
//! so the set fills nearly all of its bound. Fingerprints are uniform, so the low bits pick the
//! table and the high word the slot (by multiplying, as a share need not be a power of two).

use super::Cut;

/// The number of tables (a power of two): a growth's spare copy is one of them.
const SEGMENTS: usize = 64;
/// Slots of each table when the set is made (the set starts at 16,384 slots).
const FIRST_SLOTS: usize = 256;
/// The fewest slots a table grows by: smaller growths are not worth a copy.
const MIN_GROWTH: usize = 64;

/// A set of 128-bit fingerprints (see the module docs).
pub(super) struct Visited {
    tables: Vec<Vec<u128>>,
    lens: [usize; SEGMENTS],
    /// Slots of all tables together.
    slots: usize,
    /// The most slots the tables may take at once, growth included.
    max_slots: usize,
}

impl Visited {
    pub(super) fn new(memory: usize) -> Visited {
        let max_slots = Visited::slots_in(memory);
        let first = (max_slots / 2 / SEGMENTS).clamp(1, FIRST_SLOTS);
        Visited {
            tables: (0..SEGMENTS).map(|_| table(first)).collect(),
            lens: [0; SEGMENTS],
            slots: first * SEGMENTS,
            max_slots,
        }
    }

    /// The 16-byte slots that fit in `memory` (at least a table's first slots each).
    fn slots_in(memory: usize) -> usize {
        (memory / 16).max(2 * SEGMENTS)
    }

    /// Let the set grow to `memory` bytes.
    pub(super) fn raise(&mut self, memory: usize) {
        self.max_slots = self.max_slots.max(Visited::slots_in(memory));
    }

    /// The bytes the tables take now.
    #[cfg(test)]
    pub(super) fn bytes(&self) -> usize {
        self.slots * std::mem::size_of::<u128>()
    }

    /// Insert `key`: Ok(true) if it was new, Ok(false) if present, Err when the bound is reached.
    pub(super) fn insert(&mut self, key: u128) -> Result<bool, Cut> {
        let key = stored(key);
        let t = segment(key);
        loop {
            let slots = &mut self.tables[t];
            let n = slots.len();
            let mut i = slot(key, n);
            let full = (self.lens[t] + 1) * 4 > n * 3;
            loop {
                let s = slots[i];
                if s == 0 {
                    break;
                }
                if s == key {
                    return Ok(false);
                }
                i += 1;
                if i == n {
                    i = 0;
                }
            }
            if full {
                // A new key, and no room for it: grow, then look again.
                self.grow(t)?;
                continue;
            }
            slots[i] = key;
            self.lens[t] += 1;
            return Ok(true);
        }
    }

    /// Ask the processor to fetch `key`'s slot into the cache: a search looks up all of a
    /// position's children at once, and their slots (far apart in a large table) then load
    /// side by side instead of one after another.
    #[inline]
    pub(super) fn prefetch(&self, key: u128) {
        #[cfg(target_arch = "x86_64")]
        {
            let key = stored(key);
            let slots = &self.tables[segment(key)];
            let at = &slots[slot(key, slots.len())];
            // SAFETY: a prefetch is only a hint; the address is the slot's, inside the table.
            unsafe {
                use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
                _mm_prefetch::<_MM_HINT_T0>((at as *const u128).cast::<i8>());
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// Grow table `t` to twice its slots, at most to its share of the bound, and within the room
    /// left under it (the old table counts until its keys are moved); `Cut::Memory` when no
    /// worthwhile growth fits. The share is the bound over `SEGMENTS + 1/2` tables: when the last
    /// table doubles into it, the others at theirs, its old half and its new copy just fit.
    fn grow(&mut self, t: usize) -> Result<(), Cut> {
        let old_len = self.tables[t].len();
        let room = self.max_slots.saturating_sub(self.slots);
        let share = self.max_slots / (2 * SEGMENTS + 1) * 2;
        let new_len = (2 * old_len).min(share).min(room);
        if new_len < old_len + MIN_GROWTH.min(old_len) {
            return Err(Cut::Memory);
        }
        debug_assert!(self.slots + new_len <= self.max_slots);
        let mut slots = table(new_len);
        for &key in self.tables[t].iter().filter(|&&k| k != 0) {
            let mut i = slot(key, new_len);
            while slots[i] != 0 {
                i += 1;
                if i == new_len {
                    i = 0;
                }
            }
            slots[i] = key;
        }
        self.tables[t] = slots;
        self.slots += new_len - old_len;
        Ok(())
    }
}

/// The table of `key` (as `stored`): its low bits.
#[inline]
fn segment(key: u128) -> usize {
    key as usize & (SEGMENTS - 1)
}

/// Where `key` is first looked for in a table of `n` slots: its high word scaled to `n`.
#[inline]
fn slot(key: u128, n: usize) -> usize {
    (((key >> 64) * n as u128) >> 64) as usize
}

/// `key` as the visited set stores it: 0 marks an empty slot, so the key 0 is stored as 1.
#[inline]
fn stored(key: u128) -> u128 {
    if key == 0 {
        1
    } else {
        key
    }
}

/// A zeroed table of `n` slots. On Linux, a large table asks for huge pages: its slots are read
/// at random, and with 4 KiB pages nearly every read would also miss the address cache (TLB).
fn table(n: usize) -> Vec<u128> {
    let slots = vec![0u128; n];
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 << 20;
        let bytes = n * std::mem::size_of::<u128>();
        if bytes >= 2 * HUGE {
            let start = slots.as_ptr() as usize;
            let aligned = (start + HUGE - 1) & !(HUGE - 1);
            let len = (start + bytes - aligned) & !(HUGE - 1);
            // SAFETY: the range lies inside the table's allocation; the advice changes only how
            // the kernel backs its pages, never their contents. A refusal is harmless.
            unsafe {
                libc::madvise(aligned as *mut libc::c_void, len, libc::MADV_HUGEPAGE);
            }
        }
    }
    slots
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bound_holds_at_the_peak_and_is_nearly_filled() {
        // Keys spread as fingerprints are: the tables never pass the bound (a growth checks
        // that the old table and the new one fit together), and the set holds over 70% of the
        // keys that fit before it stops; every key stays found.
        let memory = 1 << 24;
        let mut seen = Visited::new(memory);
        let mut state = 7u64;
        let mut kept = Vec::new();
        let stored = loop {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let key =
                u128::from(crate::hash::mix(state)) << 64 | u128::from(crate::hash::mix(!state));
            match seen.insert(key) {
                Ok(new) => assert!(new),
                Err(Cut::Memory) => break seen.lens.iter().sum::<usize>(),
                Err(cut) => panic!("{cut:?}"),
            }
            assert!(seen.bytes() <= memory);
            if state.is_multiple_of(97) {
                kept.push(key);
            }
        };
        assert!(
            stored * 16 > memory / 10 * 7,
            "{stored} keys in {memory} bytes"
        );
        assert!(!kept.is_empty());
        for &k in &kept {
            assert_eq!(seen.insert(k), Ok(false));
        }
    }
}
