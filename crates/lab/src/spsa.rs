//! Simultaneous perturbation stochastic approximation (SPSA), the way OpenBench tunes engine
//! parameters: each iteration moves every parameter at once by `±c_k` (a random sign each), plays
//! the `+` engine against the `−` engine, and steps each parameter by `a_k / c_k · (W − L) · sign`
//! where `W − L` is the `+` engine's wins minus losses. The gains shrink on the standard
//! schedule `c_k = c / k^γ`, `a_k = a / (A + k)^α` (α = 0.602, γ = 0.101), with `c` and `a` set
//! from each parameter's step `c_end` and learning rate `r_end` at the last iteration:
//! `c = c_end · N^γ`, `a = r_end · c_end² · (A + N)^α`. So the last iteration perturbs by exactly
//! `c_end` and steps by `r_end · c_end · (W − L)`. Nothing here knows about games: the caller
//! plays the match, which makes the update testable on any noisy function.

/// The exponent of the step size's decay, `a_k = a / (A + k)^α`.
pub const ALPHA: f64 = 0.602;
/// The exponent of the perturbation's decay, `c_k = c / k^γ`.
pub const GAMMA: f64 = 0.101;
/// OpenBench's default learning rate at the last iteration.
pub const DEFAULT_R_END: f64 = 0.002;
/// The stability constant `A` as a share of the iterations (OpenBench's default).
pub const DEFAULT_STABILITY_SHARE: f64 = 0.1;

/// One parameter under tuning: its current value (a real number; an engine gets it rounded),
/// its bounds, its perturbation `c_end` and learning rate `r_end` at the last iteration.
#[derive(Debug, Clone, PartialEq)]
pub struct TunedParameter {
    /// The name the engine knows it by.
    pub name: String,
    /// The current estimate.
    pub value: f64,
    /// The least value tried.
    pub min: f64,
    /// The greatest value tried.
    pub max: f64,
    /// The perturbation at the last iteration.
    pub c_end: f64,
    /// The learning rate at the last iteration (`a_end / c_end²`).
    pub r_end: f64,
}

/// The gain schedule of a run of `iterations` iterations.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Schedule {
    /// The planned number of iterations `N`.
    pub iterations: u64,
    /// The stability constant `A`.
    pub stability: f64,
}

impl Schedule {
    /// `iterations` iterations with `A` a tenth of them.
    pub fn new(iterations: u64) -> Self {
        Schedule {
            iterations: iterations.max(1),
            stability: DEFAULT_STABILITY_SHARE * iterations as f64,
        }
    }

    /// The perturbation of `parameter` at iteration `k` (from 1).
    pub fn c_k(&self, parameter: &TunedParameter, k: u64) -> f64 {
        let n = self.iterations as f64;
        parameter.c_end * (n / k.max(1) as f64).powf(GAMMA)
    }

    /// The step gain of `parameter` at iteration `k` (from 1).
    pub fn a_k(&self, parameter: &TunedParameter, k: u64) -> f64 {
        let n = self.iterations as f64;
        let a_end = parameter.r_end * parameter.c_end * parameter.c_end;
        a_end * ((self.stability + n) / (self.stability + k.max(1) as f64)).powf(ALPHA)
    }
}

/// The two points of one iteration: `plus[i] = value[i] + c[i]·sign[i]` and `minus[i] = value[i]
/// − c[i]·sign[i]`, each within the parameter's bounds.
#[derive(Debug, Clone, PartialEq)]
pub struct Perturbation {
    /// The iteration `k`, from 1.
    pub iteration: u64,
    /// `+1.0` or `−1.0` per parameter.
    pub signs: Vec<f64>,
    /// The perturbation `c_k` per parameter.
    pub c: Vec<f64>,
    /// The `+` point.
    pub plus: Vec<f64>,
    /// The `−` point.
    pub minus: Vec<f64>,
}

/// A tuning run: the parameters, the schedule, the iteration reached and the random signs.
#[derive(Debug, Clone)]
pub struct Spsa {
    parameters: Vec<TunedParameter>,
    schedule: Schedule,
    iteration: u64,
    rng: SplitMix64,
}

impl Spsa {
    /// A run over `parameters` on `schedule`, its signs drawn from `seed`.
    pub fn new(parameters: Vec<TunedParameter>, schedule: Schedule, seed: u64) -> Self {
        Spsa {
            parameters,
            schedule,
            iteration: 0,
            rng: SplitMix64(seed),
        }
    }

    /// The parameters with their current values.
    pub fn parameters(&self) -> &[TunedParameter] {
        &self.parameters
    }

    /// The iterations completed.
    pub fn iteration(&self) -> u64 {
        self.iteration
    }

    /// The schedule.
    pub fn schedule(&self) -> Schedule {
        self.schedule
    }

    /// The next iteration's two points.
    pub fn perturb(&mut self) -> Perturbation {
        let k = self.iteration + 1;
        let mut perturbation = Perturbation {
            iteration: k,
            signs: Vec::new(),
            c: Vec::new(),
            plus: Vec::new(),
            minus: Vec::new(),
        };
        for parameter in &self.parameters {
            let sign = if self.rng.next_u64() & 1 == 0 {
                1.0
            } else {
                -1.0
            };
            let c = self.schedule.c_k(parameter, k);
            let clamp = |value: f64| value.clamp(parameter.min, parameter.max);
            perturbation.signs.push(sign);
            perturbation.c.push(c);
            perturbation.plus.push(clamp(parameter.value + c * sign));
            perturbation.minus.push(clamp(parameter.value - c * sign));
        }
        perturbation
    }

    /// Steps every parameter after `perturbation` scored `result` for its `+` point: wins minus
    /// losses of `+` against `−` (or, for a measured function, `f(plus) − f(minus)`).
    ///
    /// # Panics
    /// If `perturbation` is not this run's next iteration.
    pub fn update(&mut self, perturbation: &Perturbation, result: f64) {
        assert_eq!(
            perturbation.iteration,
            self.iteration + 1,
            "a perturbation updates the iteration it was drawn for"
        );
        let k = perturbation.iteration;
        for (index, parameter) in self.parameters.iter_mut().enumerate() {
            let a = self.schedule.a_k(parameter, k);
            let step = a / perturbation.c[index] * result * perturbation.signs[index];
            parameter.value = (parameter.value + step).clamp(parameter.min, parameter.max);
        }
        self.iteration = k;
    }
}

/// SplitMix64: the signs and openings of a run follow from its seed.
#[derive(Debug, Clone)]
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    /// The next number.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number below `bound` (at least 1).
    pub fn below(&mut self, bound: usize) -> usize {
        (self.next_u64() % bound.max(1) as u64) as usize
    }

    /// A real number in `0..1`.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parameter(name: &str, value: f64, c_end: f64, r_end: f64) -> TunedParameter {
        TunedParameter {
            name: name.to_string(),
            value,
            min: -1000.0,
            max: 1000.0,
            c_end,
            r_end,
        }
    }

    #[test]
    fn the_schedule_ends_at_c_end_and_r_end_and_decays_on_the_standard_exponents() {
        let schedule = Schedule::new(1000);
        let p = parameter("x", 0.0, 4.0, 0.002);
        assert!((schedule.c_k(&p, 1000) - 4.0).abs() < 1e-12);
        assert!((schedule.a_k(&p, 1000) - 0.002 * 16.0).abs() < 1e-12);
        assert!((schedule.c_k(&p, 1) - 4.0 * 1000f64.powf(0.101)).abs() < 1e-9);
        assert!(
            (schedule.a_k(&p, 1) / schedule.a_k(&p, 1000) - (1100f64 / 101.0).powf(0.602)).abs()
                < 1e-9
        );
        assert!(schedule.c_k(&p, 10) > schedule.c_k(&p, 11));
    }

    #[test]
    fn one_step_follows_the_sign_and_the_result_and_stays_in_bounds() {
        let schedule = Schedule::new(100);
        let mut spsa = Spsa::new(
            vec![
                parameter("x", 0.0, 2.0, 0.01),
                TunedParameter {
                    min: 0.0,
                    max: 0.5,
                    ..parameter("y", 0.4, 2.0, 10.0)
                },
            ],
            schedule,
            3,
        );
        let perturbation = spsa.perturb();
        assert_eq!(perturbation.iteration, 1);
        let c = perturbation.c[0];
        assert!((perturbation.plus[0] - perturbation.signs[0] * c).abs() < 1e-12);
        assert!((perturbation.minus[0] + perturbation.signs[0] * c).abs() < 1e-12);
        assert!(perturbation.plus[1] <= 0.5 && perturbation.minus[1] >= 0.0);
        spsa.update(&perturbation, 2.0);
        let a = schedule.a_k(&spsa.parameters()[0], 1);
        let x = spsa.parameters()[0].value;
        assert!((x - a / c * 2.0 * perturbation.signs[0]).abs() < 1e-12);
        // A huge step lands on the bound.
        let y = spsa.parameters()[1].value;
        assert!(y == 0.0 || y == 0.5, "{y}");
        assert_eq!(spsa.iteration(), 1);
    }

    /// A noisy game between two points of a quadratic: the `+` point wins with a probability
    /// that grows with its advantage, as an Elo curve does, and draws are common.
    fn noisy_match(plus: &[f64], minus: &[f64], target: &[f64], rng: &mut SplitMix64) -> f64 {
        let strength = |point: &[f64]| -> f64 {
            -point
                .iter()
                .zip(target)
                .map(|(x, t)| (x - t) * (x - t))
                .sum::<f64>()
        };
        let edge = (strength(plus) - strength(minus)) / 400.0;
        let expected = 1.0 / (1.0 + (-edge).exp());
        let mut result = 0.0;
        for _ in 0..2 {
            let draw = rng.unit() < 0.4;
            if !draw {
                result += if rng.unit() < expected { 1.0 } else { -1.0 };
            }
        }
        result
    }

    #[test]
    fn it_converges_on_a_noisy_quadratic_from_far_off() {
        let target = [30.0, -12.0, 55.0];
        let start = [0.0, 10.0, 20.0];
        let parameters = start
            .iter()
            .enumerate()
            .map(|(index, &value)| parameter(&format!("p{index}"), value, 4.0, 0.05))
            .collect();
        let mut spsa = Spsa::new(parameters, Schedule::new(20_000), 11);
        let mut games = SplitMix64(5);
        for _ in 0..20_000 {
            let perturbation = spsa.perturb();
            let result = noisy_match(&perturbation.plus, &perturbation.minus, &target, &mut games);
            spsa.update(&perturbation, result);
        }
        for (parameter, target) in spsa.parameters().iter().zip(target) {
            assert!(
                (parameter.value - target).abs() < 5.0,
                "{} ended at {:.1}, the optimum is {target}",
                parameter.name,
                parameter.value
            );
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_run() {
        let run = |seed| {
            let mut spsa = Spsa::new(
                vec![parameter("x", 0.0, 3.0, 0.01)],
                Schedule::new(50),
                seed,
            );
            let mut games = SplitMix64(seed);
            for _ in 0..50 {
                let perturbation = spsa.perturb();
                let result =
                    noisy_match(&perturbation.plus, &perturbation.minus, &[9.0], &mut games);
                spsa.update(&perturbation, result);
            }
            spsa.parameters()[0].value
        };
        assert_eq!(run(1), run(1));
        assert_ne!(run(1), run(2));
    }
}
