//! The visited set: 128-bit fingerprints in one table, open addressing with linear probing,
//! grown by doubling up to a cap. A search looks up all of a position's children at once, their
//! slots fetched side by side (`prefetch`); the table asks for huge pages.
//!
//! The cap holds at the peak: a table doubles into a new one while the old one is still there
//! (half again as much), so the largest table is the largest power of two whose doubling from
//! half its size fits in the bound (`slots_in`).

use super::Cut;

/// The slots of a set's first table: small, since a solve makes a set for each of its searches
/// and most solves end within a few thousand positions (a table of 16,384 slots, a quarter of a
/// megabyte cleared for each, took most of such a solve's time), and a search that starts again
/// empties its set each time.
const FIRST: usize = 1 << 10;

/// A set of 128-bit fingerprints: open addressing, linear probing, grown by doubling up to a cap.
pub(super) struct Visited {
    slots: Vec<u128>,
    len: usize,
    max_slots: usize,
}

impl Visited {
    pub(super) fn new(memory: usize) -> Visited {
        let max_slots = Visited::slots_in(memory);
        Visited {
            slots: table(max_slots.min(FIRST)),
            len: 0,
            max_slots,
        }
    }

    /// The least memory a set is made in: its smallest largest table, 1024 slots, with the half
    /// it grows from (a bound below it is raised to it).
    pub(super) const LEAST: usize = 1024 * 24;

    /// The largest power of two of 16-byte slots whose table and its half, together while it
    /// grows, fit in `memory` (at least 1024).
    fn slots_in(memory: usize) -> usize {
        let n = (memory / 24).max(1024);
        if n.is_power_of_two() {
            n
        } else {
            n.next_power_of_two() / 2
        }
    }

    /// Empty the set (its cap kept), its table back to the first size.
    pub(super) fn clear(&mut self) {
        self.slots = table(self.max_slots.min(FIRST));
        self.len = 0;
    }

    /// The bytes its table takes now.
    pub(super) fn bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<u128>()
    }

    /// The bytes of its largest table (while it grows into it, the half it grows from is there
    /// too).
    pub(super) fn most(&self) -> usize {
        self.max_slots * std::mem::size_of::<u128>()
    }

    /// Let the set grow to `memory` bytes.
    pub(super) fn raise(&mut self, memory: usize) {
        self.max_slots = self.max_slots.max(Visited::slots_in(memory));
    }

    /// Insert `key`: Ok(true) if it was new, Ok(false) if present, Err when the cap is reached.
    pub(super) fn insert(&mut self, key: u128) -> Result<bool, Cut> {
        let key = stored(key);
        if (self.len + 1) * 4 > self.slots.len() * 3 {
            if self.slots.len() * 2 > self.max_slots {
                return Err(Cut::Memory);
            }
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = self.slot(key);
        loop {
            let s = self.slots[i];
            if s == 0 {
                self.slots[i] = key;
                self.len += 1;
                return Ok(true);
            }
            if s == key {
                return Ok(false);
            }
            i = (i + 1) & mask;
        }
    }

    /// Where `key` (as `stored`) is first looked for.
    #[inline]
    fn slot(&self, key: u128) -> usize {
        (key as usize ^ (key >> 64) as usize) & (self.slots.len() - 1)
    }

    /// Ask the processor to fetch `key`'s slot into the cache: a search looks up all of a
    /// position's children at once, and their slots (far apart in a large table) then load
    /// side by side instead of one after another.
    #[inline]
    pub(super) fn prefetch(&self, key: u128) {
        #[cfg(target_arch = "x86_64")]
        {
            let slot = &self.slots[self.slot(stored(key))];
            // SAFETY: a prefetch is only a hint; the address is the slot's, inside the table.
            unsafe {
                use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
                _mm_prefetch::<_MM_HINT_T0>((slot as *const u128).cast::<i8>());
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// Double the table (the old one is freed once its keys are moved).
    fn grow(&mut self) {
        let old = std::mem::replace(&mut self.slots, vec![0; 0]);
        self.slots = table(old.len() * 2);
        let mask = self.slots.len() - 1;
        for key in old.into_iter().filter(|&k| k != 0) {
            let mut i = self.slot(key);
            while self.slots[i] != 0 {
                i = (i + 1) & mask;
            }
            self.slots[i] = key;
        }
    }
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
    fn the_cap_holds_at_the_peak() {
        // The largest table and the half it grew from fit in the bound together, and the next
        // power of two would not.
        for memory in [1 << 20, 48 << 20, 64 << 20, 100 << 20, 1 << 30] {
            let slots = Visited::slots_in(memory);
            assert!(slots.is_power_of_two());
            assert!((slots + slots / 2) * 16 <= memory, "{memory}");
            assert!((2 * slots + slots) * 16 > memory, "{memory}");
        }
        // Filled until the cap: the table never passes it.
        let mut seen = Visited::new(1 << 20);
        let mut state = 7u64;
        let stored = loop {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let key =
                u128::from(crate::hash::mix(state)) << 64 | u128::from(crate::hash::mix(!state));
            match seen.insert(key) {
                Ok(new) => assert!(new),
                Err(Cut::Memory) => break seen.len,
                Err(cut) => panic!("{cut:?}"),
            }
            assert!(seen.slots.len() <= seen.max_slots);
        };
        assert_eq!(stored, seen.max_slots * 3 / 4);
    }
}
