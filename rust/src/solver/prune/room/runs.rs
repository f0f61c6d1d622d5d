//! The fewest runs that cover each place between its `t` and `a` (see `room`).
//!
//! Over a stretch of a cycle with no break (a place whose cards never go on the place before it: no
//! king on an ace, or no base−1 card on a base card), a run that covers a place and not the next
//! one down ends there, and one that covers a place and not the one before it starts there; so the
//! runs are at least the sum of the coverage's rises down the stretch, and the fewest that any
//! coverage between t and a needs is found place by place from a break, keeping as many runs going
//! as `a` allows and starting new ones only where `t` asks (`fewest_runs`: keeping a run going
//! costs nothing, and a coverage that keeps fewer going never starts fewer later). Where a cycle
//! has no break a run may go round it, even more than once, and starts or ends anywhere; each of
//! its runs then adds at most one rise round the cycle, so the rises round it are still a bound;
//! the coverage of one place is tried at each count between its t and a, and the rest found as
//! before.

use super::Room;

impl Room {
    /// Whether the fewest runs of all the cycles that cover each place p at least `t[p]` and at
    /// most `a[p]` times are more than the columns. Most often they are not: one coverage of
    /// each cycle's first place is tried first, whose runs are at least the fewest; else a
    /// bound below the fewest (the runs that must start at each place) before the count.
    #[inline(always)]
    pub(super) fn too_many_runs(&self, t: &[u8; 52], a: &[u8; 52]) -> bool {
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
