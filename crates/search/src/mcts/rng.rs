//! A small, seedable random number generator for rollouts: SplitMix64 (Steele, Lea and Flood,
//! 2014). One 64-bit state, one add and three multiply-xorshift steps per number: fast enough
//! that a rollout's cost stays in the game's own move generation, and good enough for choosing
//! moves. Not for cryptography.

/// The SplitMix64 generator.
///
/// ```
/// use plyforge_search::mcts::Rng;
/// let mut a = Rng::new(42);
/// let mut b = Rng::new(42);
/// assert_eq!(a.next_u64(), b.next_u64());
/// assert!(a.below(6) < 6);
/// ```
#[derive(Debug, Clone)]
pub struct Rng {
    state: u64,
}

/// The golden-ratio increment of SplitMix64.
const GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;

impl Rng {
    /// A generator started from `seed`; equal seeds give equal sequences.
    pub fn new(seed: u64) -> Self {
        Rng { state: seed }
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(GAMMA);
        mix(self.state)
    }

    /// A number in `0..bound` (`bound` > 0), by Lemire's multiply-shift: the bias is at most
    /// `bound / 2^64`, far below anything a rollout could notice, and there is no division.
    #[inline]
    pub fn below(&mut self, bound: usize) -> usize {
        debug_assert!(bound > 0, "Rng::below needs a positive bound");
        ((u128::from(self.next_u64()) * bound as u128) >> 64) as usize
    }

    /// A number in `[0, 1)`, from the top 24 bits.
    #[inline]
    pub fn unit(&mut self) -> f32 {
        (self.next_u64() >> 40) as f32 / (1u64 << 24) as f32
    }
}

/// SplitMix64's output function: also how seeds are mixed with positions and thread numbers.
#[inline]
pub(crate) fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_covers_its_range_evenly() {
        let mut rng = Rng::new(7);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[rng.below(6)] += 1;
        }
        // Each face expects 10 000; 5 % either way is about 10 standard deviations.
        assert!(
            counts.iter().all(|&c| (9_500..10_500).contains(&c)),
            "{counts:?}"
        );
    }

    #[test]
    fn unit_stays_in_range() {
        let mut rng = Rng::new(1);
        assert!(
            (0..10_000)
                .map(|_| rng.unit())
                .all(|u| (0.0..1.0).contains(&u))
        );
    }
}
